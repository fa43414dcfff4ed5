#include "selfplay/self_play_game.h"

#include "engine/clock.h"
#include "engine/player_settings.h"

#include <stdexcept>

namespace hex::selfplay {

namespace {

// +1 / -1 when the score proves a win / loss for the side to move, 0 otherwise.
int verdictOf(Score score) {
    if (!isProvenScore(score))
        return 0;
    return score > 0 ? 1 : -1;
}

// One item of a non-empty list, uniformly.
template <typename T>
const T& pick(SplitMix& random, const std::vector<T>& items) {
    return items[static_cast<std::size_t>(random.below(static_cast<int>(items.size())))];
}

} // namespace

SplitMix gameRandom(std::uint64_t seed, int game) {
    SplitMix runStream(seed);
    return SplitMix(runStream.next() ^ static_cast<std::uint64_t>(game));
}

int gameSize(const SelfPlayConfig& config, int game) {
    SplitMix random = gameRandom(config.seed, game);
    return pick(random, config.sizes);
}

SelfPlayer::SelfPlayer(const SelfPlayConfig& config) : config_(config) {}

int SelfPlayer::solverVerdict(const Board& board, Color toMove, const StopFn& shouldStop) {
    if (board.emptyCount() > config_.solverEmpty)
        return 0;
    SolveLimits limits;
    limits.maxNodes = config_.solverNodes;
    limits.stop = shouldStop;
    const SolveResult solved = solver_.solve(board, toMove, limits);
    if (!solved.winner)
        return 0;
    return *solved.winner == toMove ? 1 : -1;
}

std::optional<SelfPlayer::Analysis> SelfPlayer::analyse(const Board& board, Color toMove,
                                                        const StopFn& shouldStop) {
    const PlayerSettings settings =
        playerSettings(config_.options, config_.network, GameClock{}, toMove);
    Analysis analysis;
    analysis.best = player_.chooseStone(board, toMove, settings, shouldStop);
    if (shouldStop && shouldStop())
        return std::nullopt;
    if (analysis.best == kNoCell)
        throw std::runtime_error("no evaluator '" + settings.evaluator + "'");
    analysis.score = player_.last()->result.score;
    analysis.proven = verdictOf(analysis.score);
    if (analysis.proven == 0)
        analysis.proven = solverVerdict(board, toMove, shouldStop);
    if (shouldStop && shouldStop())
        return std::nullopt;
    return analysis;
}

std::optional<GameRecord> SelfPlayer::play(int game, const StopFn& shouldStop) {
    SplitMix random = gameRandom(config_.seed, game);
    GameRecord record;
    record.size = pick(random, config_.sizes); // gameSize's draw
    record.seed = config_.seed;
    record.game = game;
    player_.clear();
    solver_.clear();

    Board board(record.size, record.size);
    Color toMove = Color::Black;
    for (int ply = 0;; ++ply) {
        const std::optional<Analysis> analysis = analyse(board, toMove, shouldStop);
        if (!analysis)
            return std::nullopt;
        const int proven = analysis->proven;
        // The random opening is played whatever is proven (the proven first-move tables know
        // every empty board up to 7x7); after it a proven position ends the game.
        const bool randomPly = ply < config_.randomPlies;
        const Cell move = randomPly ? pick(random, board.emptyCells()) : analysis->best;
        record.moves.push_back(move);
        record.searched.push_back(analysis->best);
        record.scores.push_back(analysis->score);
        record.proven.push_back(proven);
        if (proven != 0 && !randomPly) {
            record.winner = proven > 0 ? toMove : opponent(toMove);
            return record;
        }
        board.play(move, toMove);
        if (const auto winner = board.winner()) {
            record.winner = *winner;
            return record;
        }
        toMove = opponent(toMove);
    }
}

} // namespace hex::selfplay
