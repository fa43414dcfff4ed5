#pragma once

#include "core/game.h"
#include "core/options.h"
#include "core/stop.h"
#include "engine/analysis.h"
#include "engine/clock.h"
#include "engine/evaluation.h"
#include "search/search_player.h"
#include "solver/solver.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hex {

// The facade the protocol layer talks to. It owns all of one client's state: the game, the
// options, the clock, the search player, the solver and the evaluators of the analyze commands;
// handlers only parse arguments, call it and format the answer. Everything here runs on the
// command thread; only a StopFn is polled with state that other threads write.
class Engine {
public:
    Engine();

    Game& game() noexcept { return game_; }
    const Game& game() const noexcept { return game_; }
    const Options& options() const noexcept { return options_; }
    // For the command line and --config, before any command runs; commands use setOption.
    Options& options() noexcept { return options_; }
    // Options::set and whatever the option configures at once (logging); the reason when
    // either refuses (a bad value, a log file that cannot be opened), and then nothing changes.
    // network_file loads and checks the net at once (through the file reader); "" is the
    // built-in net (eval/network/built_in.h), so `evaluator network` always has one.
    std::optional<std::string> setOption(std::string_view name, std::string_view value);

    // Reads a whole file an option names (network_file), refusing one larger than maxBytes;
    // throws std::exception with the reason. The protocol layer installs its file access, so a
    // TCP client reads only what it may; the default reads the local file system.
    using FileReader = std::function<std::string(const std::string& path, std::uint64_t maxBytes)>;
    void setFileReader(FileReader reader) { fileReader_ = std::move(reader); }
    // For options set directly (the command line, --config, a TCP client's copy of the start
    // options): loads the net network_file names unless it is loaded already. When it cannot,
    // the engine falls back (network_file "", the built-in net; evaluator network becomes the
    // default evaluator) and the reason, with what it fell back to, is returned for the log.
    std::optional<std::string> loadOptionFiles();
    // The net of network_file (the built-in one for ""); never nullptr.
    const std::shared_ptr<const eval::network::Network>& network() const noexcept {
        return network_;
    }

    // Makes this a TCP client's engine: setOption then refuses the process-wide options too
    // (logging), and tt_mb is capped by tcp_max_tt_mb. Returns the reason, and changes nothing,
    // if tt_mb is already above the cap.
    std::optional<std::string> confineToRemoteClient();

    // time_settings: the controller's clock for both colours; forgets every time_left.
    void setTimeSettings(double mainTime, double byoYomiTime, int byoYomiStones);
    // time_left: what `color` has left, in seconds and stones of the current byo-yomi period.
    void setTimeLeft(Color color, double seconds, int stones);

    // The move `color` should play now, or nullopt to resign (only when the game is already
    // decided against it or no cell is left). Does not change the game.
    std::optional<Move> chooseMove(Color color, const StopFn& shouldStop);
    // chooseMove, then plays the move in the game.
    std::optional<Move> generateMove(Color color, const StopFn& shouldStop);

    // Analysis of the current position (engine_analysis.cpp); none of it changes the game.
    // The named evaluator ("": the evaluator option) from the side to move's view; nullopt
    // when no evaluator has that name.
    std::optional<CellValues> evaluate(std::string_view evaluator);
    // Why evaluate(evaluator) gives nullopt: an unknown name, or a net missing.
    std::string whyNoEvaluator(std::string_view evaluator) const;
    // The solver with `toMove` to move, stopped after `seconds` or by `shouldStop`.
    SolveResult solve(Color toMove, double seconds, const StopFn& shouldStop);
    WinningMoves winningMoves(Color toMove, double seconds, const StopFn& shouldStop);
    // The connection displays (engine/analysis.h).
    std::vector<Cell> mustPlay(Color toMove) const;
    std::vector<InferiorCell> inferiorCells(Color toMove) const;
    // With the solver's limits, or (evaluation) with those of the vc links' options.
    ConnectionsBetween connectionsBetween(Color color, Cell from, Cell to, bool evaluation) const;
    // The search displays of the current position with `toMove` to move
    // (engine/search_display.h), both from one search: genmove's (or reg_genmove's) last one
    // when it was of this position, else an analysis search of at most kAnalysisNodes nodes,
    // kept until the position changes. Empty when the game is over.
    std::vector<Cell> principalVariation(Color toMove, const StopFn& shouldStop);
    std::vector<RootMoveScore> rootScores(Color toMove, const StopFn& shouldStop);
    // The last analysis search, if any (for tests and logs).
    const std::optional<LastSearch>& analysisSearch() const noexcept {
        static const std::optional<LastSearch> none;
        return analysisPlayer_ ? analysisPlayer_->last() : none;
    }

    // The analysis search's budget: at most kAnalysisNodes nodes (fewer when max_nodes says so)
    // within max_time, genmove's time per move; with max_time 0 its result depends only on the
    // position and the options (golden transcripts stay stable). Its own table, at most
    // kAnalysisTableMb, so genmove's is never touched.
    static constexpr std::uint64_t kAnalysisNodes = 20'000;
    static constexpr std::size_t kAnalysisTableMb = 16;

private:
    const LastSearch* searchOfPosition(Color toMove, const StopFn& shouldStop);
    bool wantsSwap(Color color, const StopFn& shouldStop);
    static Cell centre(const Geometry& geometry);
    static Cell fairOpening(const Geometry& geometry);
    static Cell openingMove(const Geometry& geometry, Color color, bool allowSwap);
    // Why this controller may not change the option at all (its scope), or nullopt.
    std::optional<std::string> whyOutOfScope(std::string_view name) const;
    // network_file: the net at `path` ("": the built-in one), checked, then set with the option.
    std::optional<std::string> setNetworkFile(const std::string& path);
    void configureSolver();

    Options options_;
    Game game_;
    GameClock clock_;
    SearchPlayer searchPlayer_;
    // The search displays' own (searchOfPosition), made when first needed: most sessions never
    // ask, and a player (its solver and connection buffers) is most of a new Engine's cost.
    std::optional<SearchPlayer> analysisPlayer_;
    // The solve commands' own solver, apart from the player's: it keeps the default parameters
    // (a larger table, no lookahead from 7x7 on), and what it proves never changes what genmove
    // plays. Its tables are sized by solver_mb before each solve (solverBytes_: the size set).
    Solver solver_;
    std::size_t solverBytes_ = 0;
    EvaluatorCache evaluators_;
    FileReader fileReader_;
    // The net of network_file, shared read-only by the evaluators made with it.
    std::shared_ptr<const eval::network::Network> network_;
    std::string networkPath_; // the value of network_file it was loaded for
    bool remoteClient_ = false;
};

// Declares every engine option (the single table; see engine_options.cpp).
void declareEngineOptions(Options& options);

} // namespace hex
