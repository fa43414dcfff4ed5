#!/usr/bin/env bash
# One command from a fresh Debian machine to a running engine: installs what is missing,
# builds Release and starts OhmHex on stdin/stdout. Arguments go to the engine
# (for example: scripts/start.sh -o evaluator=resistance).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh release
exec build/release/app/ohmhex "$@"
