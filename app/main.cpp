#include "engine/engine.h"
#include "engine/logging.h"
#include "protocol/command_line.h"
#include "protocol/commands.h"
#include "protocol/stdio_session.h"
#include "search/bench.h"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

int main(int argc, char** argv) {
    // `ohmhex bench [depth] [evaluator]`: the search's functional signature, then exit.
    if (argc >= 2 && std::string_view(argv[1]) == "bench") {
        const std::vector<std::string> args(argv + 2, argv + argc);
        return hex::benchCommandLine(args, std::cout, std::cerr);
    }
    // Heap-allocated and never destroyed: the stdin reader thread may still refer to them while
    // the process exits.
    auto* engine = new hex::Engine();
    auto* htp = new hex::htp::Engine();
    hex::addAllCommands(*htp, *engine);

    const hex::CommandLine commandLine = hex::parseCommandLine(argc, argv, engine->options());
    if (!commandLine.error.empty()) {
        std::cerr << "ohmhex: " << commandLine.error << "\nTry 'ohmhex --help'.\n";
        return 2;
    }
    if (commandLine.help) {
        std::cout << hex::usageText(engine->options());
        return 0;
    }
    hex::configureLogging(engine->options());
    htp->onTranscript = [engine](std::string_view command, std::string_view reply) {
        if (engine->options().getBool("log_htp"))
            spdlog::info("htp: {} -> {}", command.substr(0, 200), reply.substr(0, 2000));
    };
    spdlog::debug("OhmHex ready on stdin/stdout");
    const int status = hex::runStdioSession(*htp, stdin, stdout);
    spdlog::shutdown();
    std::exit(status);
}
