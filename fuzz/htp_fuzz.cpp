// Feeds arbitrary lines to the complete OhmHex command table and checks the framing contract of
// docs/protocol.md (fuzz/reply_contract.h) on every reply. A violation aborts, so libFuzzer
// reports it.
#include "engine/logging.h"
#include "fuzz/reply_contract.h"
#include "protocol/commands.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace {

constexpr std::size_t kMaxLines = 64;

// The line as the reader will see it: GTP drops control characters ("benc\0h" is "bench"), and
// command names are case-insensitive.
std::string asSeen(std::string_view line) {
    std::string seen;
    for (char ch : line) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte >= 32 && byte != 127)
            seen.push_back(static_cast<char>(std::tolower(byte)));
    }
    return seen;
}

bool mentions(const std::string& seen, std::initializer_list<std::string_view> words) {
    for (std::string_view word : words)
        if (seen.find(word) != std::string::npos)
            return true;
    return false;
}

// Commands that touch files or run long work (bench, the solver commands with their seconds),
// and the options that bound the search, stay out of reach: the target checks the protocol, not
// the file system or the clock.
bool allowed(const std::string& seen) {
    return !mentions(seen, {"savesgf", "loadsgf", "bench", "solve", "max_", "tt_mb", "player",
                            "swap_decision", "log_", "tcp_"});
}

// The commands that analyse the position (the one-ply player, the evaluators, H-search, and
// search_scores and search_pv, which search the position when no search has yet) cost
// milliseconds under the sanitizers even on small boards (genmove: 0.5 ms on 4x4, 90 ms on
// 11x11), where everything else costs microseconds: before this bound they took 70% of the
// time and the target ran 700 inputs a second. They run at most once per input and only on boards
// of at most kMaxAnalysedCells cells; their replies are framed by the same code on every size.
constexpr std::size_t kMaxAnalyses = 1;
constexpr int kMaxAnalysedCells = 16;

bool analyses(const std::string& seen) {
    return mentions(seen, {"genmove", "eval", "mustplay", "vc-", "inferior", "search_"});
}

// The one-ply player keeps genmove instantaneous: with the search, evaluation dominated and
// the target managed under 100 inputs a second. The search has its own tests. So do the
// default "vc" links, two H-searches per evaluation: with them the target ran 28% fewer inputs
// (an input may still choose them with param_ohmhex). Set through Options::set, without
// Engine::setOption's side effects: log_level is applied once, at start.
void configure(hex::Options& options) {
    for (auto [name, value] : {std::pair{"player", "onestep"},
                               {"resistance_links", "bridges"},
                               {"swap_decision", "heuristic"},
                               {"max_nodes", "50"},
                               {"max_time", "0.01"},
                               {"tt_mb", "1"},
                               {"log_level", "off"}})
        if (const auto why = options.set(name, value)) {
            std::fprintf(stderr, "htp_fuzz: cannot set %s: %s\n", name, why->c_str());
            std::abort();
        }
}

// The engine's state and the command table that drives it. Building the table (a hundred
// handlers) and declaring the options cost most of an input's time, so the table is built once,
// and every input gets a new hex::Engine constructed in the same place, where the handlers'
// references point: no game, option, clock, table or cache survives from one input to the next,
// so every finding replays alone. The table itself keeps only its interrupt tickets (nothing
// here interrupts) and the quit flag, which cannot be unset: after a quit everything is rebuilt.
// The new engine's options are then assigned from a prototype configured once (a copy of the
// values: the specs are shared), which costs less than configuring each input's engine anew;
// checkRenewalForgetsEverything, at start, checks that a renewed session shows the state of a
// new one.
const hex::Options& configuredOptions() {
    static const hex::Options configured = [] {
        hex::Options options = hex::Engine().options();
        configure(options);
        return options;
    }();
    return configured;
}

struct Session {
    hex::Engine engine;
    hex::htp::Engine htp;
    Session() {
        hex::addAllCommands(htp, engine);
        engine.options() = configuredOptions();
    }

    // Back to the state of a new Session.
    void renew() {
        std::destroy_at(&engine);
        std::construct_at(&engine);
        engine.options() = configuredOptions();
    }
};

// The session is renewed at the end of an input, not at the start of the next one, so that an
// input frees within its own run whatever it allocated. libFuzzer counts mallocs and frees per
// run; a run with more mallocs than frees is run again and followed by a scan of the whole heap
// for leaks. Renewed at the start, an input's moves and caches were freed by the next run, so
// every other input paid for that scan (more than half the time) until libFuzzer gave up leak
// detection after 1000 scans, in the second minute.
std::optional<Session> session;

void renewSession() {
    if (session->htp.quitRequested()) {
        session.reset();
        session.emplace();
    } else {
        session->renew();
    }
}

// Feeds the input's lines, at most kMaxLines, to the session's command table.
void feed(Session& session, std::string_view input) {
    std::size_t start = 0;
    std::size_t analysesLeft = kMaxAnalyses;
    for (std::size_t n = 0; n < kMaxLines && start < input.size(); ++n) {
        const std::size_t end = std::min(input.find('\n', start), input.size());
        const std::string_view line = input.substr(start, end - start);
        start = end + 1;
        const std::string seen = asSeen(line);
        if (!allowed(seen))
            continue;
        if (analyses(seen)) {
            const hex::Geometry& board = session.engine.game().geometry();
            if (analysesLeft == 0 || board.width() * board.height() > kMaxAnalysedCells)
                continue;
            --analysesLeft;
        }
        if (const auto reply = session.htp.execute(line))
            hex::fuzz::checkReply(line, *reply);
        if (session.htp.quitRequested())
            return;
    }
}

// What the protocol shows of a session's state: the board, the moves left, every option, the
// last search.
std::string observe(Session& session) {
    std::string seen;
    for (const char* command :
         {"showboard", "all_legal_moves", "param_ohmhex", "search_pv", "search_scores"})
        seen += session.htp.execute(command).value_or("");
    return seen;
}

// Every input must start where the first one did: a session that played, searched and changed
// options, once renewed, shows the same state as a new one. Checked at start, so a member that
// renew leaves behind stops the target before it fuzzes anything.
void checkRenewalForgetsEverything() {
    const std::string fresh = observe(*session);
    feed(*session, "boardsize 4\nplay b a1\nparam_ohmhex evaluator resistance\n"
                   "time_settings 10 5 1\ngenmove w\nparam_ohmhex allow_swap 1\n");
    if (observe(*session) == fresh) {
        std::fprintf(stderr, "htp_fuzz: the renewal check's input changed nothing\n");
        std::abort();
    }
    renewSession();
    if (observe(*session) != fresh) {
        std::fprintf(stderr, "htp_fuzz: a renewed session differs from a new one\n");
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    hex::Options options;
    hex::declareEngineOptions(options);
    configure(options);
    if (const auto why = hex::configureLogging(options)) {
        std::fprintf(stderr, "htp_fuzz: %s\n", why->c_str());
        std::abort();
    }
    session.emplace();
    checkRenewalForgetsEverything();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    feed(*session, std::string_view(reinterpret_cast<const char*>(data), size));
    renewSession();
    return 0;
}
