// SPDX-License-Identifier: MIT
// The match runner: two players (A and B) play many games of one setup from varied random
// openings. With two players each opening is played twice, colours swapped; with three or
// four, each opening is played once per seat with A alone in that seat against B everywhere
// else, and once with B alone, so that neither side is favoured. A game counts for the side
// whose seat wins; a draw of the table is a draw. The runner never prints: progress leaves
// through a callback, and statistics (Elo with a 95% error bar) are plain functions.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/multiplayer.h"

namespace reversi::engine {

// Someone who picks moves: a search setting, or (in the CLI) an external program.
class MatchPlayer {
  public:
    virtual ~MatchPlayer() = default;
    // Short description for reports ("level:5", "gtp:gtp-rhino").
    virtual std::string name() const = 0;
    // Called before each game; `game_index` lets players vary their seed.
    virtual void new_game(const core::Game& game, int game_index) = 0;
    // A legal move for the side to move of `game` (which has a move: not over, not a forced
    // pass). Everything played so far is in `game`. Throws std::runtime_error on failure.
    virtual core::Square choose(const core::Game& game) = 0;
    // Told about every move made on the board, passes included, after it is played.
    virtual void observe(const core::Game& game) { (void)game; }
};

// A player backed by our own search: limits (depth, time, level...) and, for 3-4 players,
// optionally a fixed method. Each player owns its engine, so tables are not shared.
class SearchPlayer : public MatchPlayer {
  public:
    SearchPlayer(std::string name, SearchLimits limits,
                 std::optional<MultiAlgorithm> algorithm = std::nullopt);
    std::string name() const override { return name_; }
    void new_game(const core::Game& game, int game_index) override;
    core::Square choose(const core::Game& game) override;

  private:
    std::string name_;
    SearchLimits limits_;
    std::optional<MultiAlgorithm> algorithm_;
    uint64_t seed_ = 0;
    int moves_made_ = 0;
    std::unique_ptr<Engine> engine_;
};

// The one-ply greedy player (engine/greedy.h) as a match player.
class GreedyPlayer : public MatchPlayer {
  public:
    std::string name() const override { return "greedy"; }
    void new_game(const core::Game&, int game_index) override { seed_ = game_index; }
    core::Square choose(const core::Game& game) override;

  private:
    uint64_t seed_ = 0;
};

struct MatchConfig {
    core::Setup setup;
    std::vector<core::Square> start_moves;  // played before each random opening
    int openings = 10;      // each is played 2 times (two players) or 2 * players times
    int opening_plies = 6;  // random moves after start_moves
    uint64_t seed = 1;
    // Games before this index (from 0) are skipped: a match split between runs adds up
    // to the whole one.
    int first_game = 0;
};

// One finished game, from A's side.
struct GameRecord {
    int index = 0;
    std::vector<int> a_seats;         // seats A played
    std::vector<core::Square> moves;  // from the start, opening included
    core::Outcome outcome;
    double score_a = 0;  // 1 win, 0.5 draw, 0 loss
};

struct MatchScore {
    int wins = 0;  // games won by A
    int draws = 0;
    int losses = 0;
    int games() const { return wins + draws + losses; }
};

// Elo difference of A over B and the half-width of its 95% confidence interval.
struct EloEstimate {
    double elo = 0;    // +-infinity when one side scored everything
    double error = 0;  // +-error; infinity when undefined
};

// The Elo difference implied by a score fraction in [0, 1].
double elo_from_score(double score);
// Elo and error bar from win/draw/loss counts (normal approximation of the mean score).
EloEstimate elo_estimate(const MatchScore& score);

// Called after each game with the running score and the number of games this run plays.
using GameCallback = std::function<void(const GameRecord&, const MatchScore&, int total)>;

// The random openings of a match: distinct, none finished, reproducible from the seed.
std::vector<std::vector<core::Square>> match_openings(const MatchConfig& config);

// Plays the whole match; rethrows a player's failure (with the game number in the message).
MatchScore run_match(const MatchConfig& config, MatchPlayer& a, MatchPlayer& b,
                     const GameCallback& on_game = {});

// Makes a fresh player; called once per worker thread, so no player is shared.
using PlayerFactory = std::function<std::unique_ptr<MatchPlayer>()>;

// The same match played by `jobs` threads side by side, each with its own pair of players.
// Every game depends only on its index, so the result equals the one-thread run's for
// players without a time limit; `on_game` is called under a lock, in finishing order.
MatchScore run_match(const MatchConfig& config, const PlayerFactory& make_a,
                     const PlayerFactory& make_b, int jobs, const GameCallback& on_game = {});

}  // namespace reversi::engine
