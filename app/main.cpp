#include "engine/engine.h"
#include "engine/logging.h"
#include "protocol/command_line.h"
#include "protocol/commands.h"
#include "protocol/stdio_session.h"
#include "protocol/tcp_session.h"
#include "search/bench.h"
#include "selfplay/self_play.h"

#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

// ohmhex --listen: every connection gets a remoteClientEngine.
int serveTcp(const std::string& address, const hex::Options& options) {
    hex::TcpSessionConfig config;
    if (auto why = hex::parseListenAddress(address, config.host, config.port)) {
        std::cerr << "ohmhex: --listen " << *why << "\n";
        return 2;
    }
    config.maxConnections = static_cast<std::size_t>(options.getInt("tcp_max_connections"));
    config.maxLine = static_cast<std::size_t>(options.getInt("tcp_max_line"));
    config.idleTimeoutSeconds = options.getReal("tcp_idle_timeout");
    config.authTimeoutSeconds = options.getReal("tcp_auth_timeout");
    config.maxUnauthenticatedPerAddress =
        static_cast<std::size_t>(options.getInt("tcp_max_unauthenticated"));
    config.maxQueuedInput = static_cast<std::size_t>(options.getInt("tcp_max_queued_input"));
    config.maxUnreadOutput = static_cast<std::size_t>(options.getInt("tcp_max_unread_output"));
    config.handleSignals = true;
    try {
        if (const std::string& file = options.getString("tcp_secret_file"); !file.empty())
            config.secret = hex::readSecretFile(file);
        const hex::FileAccess files = hex::remoteFileAccess(options);
        hex::remoteClientEngine(options, files); // the options' caps are checked once, here
        hex::TcpServer server(
            config, [&options, &files] { return hex::remoteClientEngine(options, files); });
        server.run();
    } catch (const std::exception& error) {
        spdlog::error("{}", error.what());
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
#if defined(OHMHEX_NEEDS_POPCNT) && (defined(__GNUC__) || defined(__clang__))
    // A build with -mpopcnt (OHMHEX_POPCNT) would die of an illegal instruction on a processor
    // without it; say so instead.
    if (!__builtin_cpu_supports("popcnt")) {
        std::cerr << "ohmhex: this processor lacks the popcnt instruction; rebuild with "
                     "-DOHMHEX_POPCNT=OFF\n";
        return 1;
    }
#endif
    // `ohmhex bench [depth] [evaluator]`: the search's functional signature, then exit.
    if (argc >= 2 && std::string_view(argv[1]) == "bench") {
        const std::vector<std::string> args(argv + 2, argv + argc);
        return hex::benchCommandLine(args, std::cout, std::cerr);
    }
    // `ohmhex selfplay --out FILE ...`: games of the engine against itself, as training records.
    if (argc >= 2 && std::string_view(argv[1]) == "selfplay") {
        const std::vector<std::string> args(argv + 2, argv + argc);
        return hex::selfplay::selfPlayCommandLine(args, std::cout, std::cerr);
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
    if (auto why = engine->loadOptionFiles())
        spdlog::error("{}", *why);
    htp->onTranscript = [engine](std::string_view command, std::string_view reply) {
        if (engine->options().getBool("log_htp"))
            spdlog::info("htp: {} -> {}", command.substr(0, 200), reply.substr(0, 2000));
    };
    if (!commandLine.listen.empty()) {
        // No stdin reader thread refers to these here, so they are destroyed normally.
        const std::unique_ptr<hex::Engine> ownedEngine(engine);
        const std::unique_ptr<hex::htp::Engine> ownedHtp(htp);
        const int status = serveTcp(commandLine.listen, engine->options());
        spdlog::shutdown();
        return status;
    }
    spdlog::debug("OhmHex ready on stdin/stdout");
    const int status = hex::runStdioSession(*htp, stdin, stdout);
    spdlog::shutdown();
    std::exit(status);
}
