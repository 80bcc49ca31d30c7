// SPDX-License-Identifier: MIT
// Tests of the match runner: Elo statistics against the textbook formulas written out here,
// the openings, seat rotation and the accounting of results.
#include "engine/match.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/notation.h"

namespace reversi::engine {
namespace {

// Elo from the logistic model written the other way round: s = 1 / (1 + 10^(-d/400)).
double reference_elo(double s) {
    return 400.0 * std::log10(s / (1.0 - s));
}

TEST(MatchStats, EloMatchesTheLogisticModel) {
    const MatchScore score{60, 20, 20};
    const EloEstimate e = elo_estimate(score);
    EXPECT_NEAR(e.elo, reference_elo(0.7), 1e-9);
    // Invert: the model must give back the score fraction.
    EXPECT_NEAR(1.0 / (1.0 + std::pow(10.0, -e.elo / 400.0)), 0.7, 1e-12);
    EXPECT_NEAR(elo_estimate({30, 40, 30}).elo, 0.0, 1e-12);
    EXPECT_LT(elo_estimate({10, 0, 30}).elo, 0);
    EXPECT_TRUE(std::isinf(elo_estimate({5, 0, 0}).elo));
}

TEST(MatchStats, ErrorBarFromPerGameScores) {
    const MatchScore score{45, 10, 25};
    // Per-game scores listed one by one; their standard error gives the 95% interval.
    std::vector<double> games;
    games.insert(games.end(), 45, 1.0);
    games.insert(games.end(), 10, 0.5);
    games.insert(games.end(), 25, 0.0);
    double mean = 0;
    for (double g : games) mean += g;
    mean /= games.size();
    double sq = 0;
    for (double g : games) sq += (g - mean) * (g - mean);
    const double stderr_mean = std::sqrt(sq / games.size()) / std::sqrt(games.size());
    const double want =
        (reference_elo(mean + 1.96 * stderr_mean) - reference_elo(mean - 1.96 * stderr_mean)) / 2;
    const EloEstimate e = elo_estimate(score);
    EXPECT_NEAR(e.elo, reference_elo(mean), 1e-9);
    EXPECT_NEAR(e.error, want, 0.05);
    // More games of the same proportions: a narrower bar.
    EXPECT_LT(elo_estimate({450, 100, 250}).error, e.error / 3);
}

core::Setup setup_of(core::Shape shape, int players) {
    core::Setup s;
    s.shape = shape;
    s.players = players;
    return s;
}

TEST(MatchOpenings, DistinctReproducibleAndLegal) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Eight, 2);
    config.openings = 12;
    config.opening_plies = 4;
    config.seed = 9;
    const auto first = match_openings(config);
    ASSERT_EQ(first.size(), 12u);
    EXPECT_EQ(match_openings(config), first);
    std::set<uint64_t> keys;
    for (const auto& moves : first) {
        core::Game g(config.setup);
        for (const core::Square sq : moves) ASSERT_EQ(g.play(sq), "");
        EXPECT_EQ(g.ply(), 4);
        EXPECT_FALSE(g.is_over());
        keys.insert(g.position().key());
    }
    EXPECT_EQ(keys.size(), 12u);
    config.seed = 10;
    EXPECT_NE(match_openings(config), first);
}

TEST(MatchOpenings, TooFewDistinctOpeningsIsAnError) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Eight, 2);
    config.openings = 10;
    config.opening_plies = 1;  // only four first moves exist
    EXPECT_THROW(match_openings(config), std::invalid_argument);
}

TEST(Match, TwoPlayersSwapColours) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Six, 2);
    config.openings = 3;
    GreedyPlayer a, b;
    std::vector<std::vector<int>> seats;
    const MatchScore score =
        run_match(config, a, b, [&](const GameRecord& r, const MatchScore&, int total) {
            EXPECT_EQ(total, 6);
            seats.push_back(r.a_seats);
            core::Game replay(config.setup);
            for (const core::Square sq : r.moves) ASSERT_EQ(replay.play(sq), "");
            EXPECT_TRUE(replay.is_over());
            // The score follows the result rule.
            const int winner = replay.outcome().winner;
            EXPECT_EQ(r.score_a, winner < 0 ? 0.5 : (winner == r.a_seats[0] ? 1.0 : 0.0));
        });
    EXPECT_EQ(score.games(), 6);
    ASSERT_EQ(seats.size(), 6u);
    for (size_t i = 0; i < seats.size(); ++i) EXPECT_EQ(seats[i], std::vector<int>{int(i % 2)});
}

TEST(Match, SeatsRotateWithFourPlayers) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Eight, 4);
    config.openings = 1;
    GreedyPlayer a, b;
    std::vector<std::vector<int>> seats;
    run_match(config, a, b,
              [&](const GameRecord& r, const MatchScore&, int) { seats.push_back(r.a_seats); });
    ASSERT_EQ(seats.size(), 8u);
    // A alone in seat 0, then B alone in seat 0 (A in 1, 2, 3), and so on round the table.
    EXPECT_EQ(seats[0], std::vector<int>({0}));
    EXPECT_EQ(seats[1], std::vector<int>({1, 2, 3}));
    EXPECT_EQ(seats[6], std::vector<int>({3}));
    EXPECT_EQ(seats[7], std::vector<int>({0, 1, 2}));
}

TEST(Match, SearchBeatsGreedyAtThreePlayers) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Eight, 3);
    config.openings = 2;
    config.seed = 3;
    SearchLimits limits;
    limits.depth = 3;
    SearchPlayer a("depth:3", limits);
    GreedyPlayer b;
    const MatchScore score = run_match(config, a, b);
    EXPECT_EQ(score.games(), 12);
    EXPECT_GT(score.wins, score.losses);
}

// The perfect player (`solve:on` in `reversi match`): against any opponent it ends each game
// at least at the opening's exact value, solved here on a fresh engine.
TEST(Match, PerfectPlayerKeepsTheExactValueOfEachOpening) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Six, 2);
    config.openings = 3;
    config.opening_plies = 14;  // 18 empties left: quick to solve
    config.seed = 5;
    SearchLimits perfect;
    perfect.exact = true;
    SearchPlayer a("solve:on", perfect);
    GreedyPlayer b;
    const auto openings = match_openings(config);
    Engine solver;
    int checked = 0;
    run_match(config, a, b, [&](const GameRecord& r, const MatchScore&, int) {
        core::Game start(config.setup);
        for (size_t i = 0; i < openings[static_cast<size_t>(r.index) / 2].size(); ++i)
            ASSERT_EQ(start.play(r.moves[i]), "");
        SearchLimits exact;
        exact.exact = true;
        solver.clear();
        const SearchResult value = solver.search(start.position(), exact);
        ASSERT_TRUE(value.exact);
        // The exact value for A's colour, and A's final disc difference.
        const int a_seat = r.a_seats[0];
        const int for_a = start.position().side() == a_seat ? value.score : -value.score;
        const int a_result = a_seat == 0 ? r.outcome.black_score : -r.outcome.black_score;
        EXPECT_GE(a_result, for_a) << "game " << r.index;
        ++checked;
    });
    EXPECT_EQ(checked, 6);
}

class IllegalPlayer : public MatchPlayer {
  public:
    std::string name() const override { return "broken"; }
    void new_game(const core::Game&, int) override {}
    core::Square choose(const core::Game&) override { return 0; }  // a1: never legal early
};

TEST(Match, IllegalMoveStopsTheMatchWithAClearError) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Eight, 2);
    config.openings = 1;
    IllegalPlayer a;
    GreedyPlayer b;
    try {
        run_match(config, a, b);
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("broken chose an illegal move: a1"), std::string::npos)
            << e.what();
    }
}

TEST(Match, ParallelGamesScoreLikeOneThread) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Six, 2);
    config.openings = 4;
    config.seed = 5;
    SearchLimits limits;
    limits.depth = 2;
    limits.level = 2;  // noisy, seeded by the game index: differs game to game
    auto make = [&] { return std::make_unique<SearchPlayer>("level:2", limits); };
    auto greedy = [] { return std::make_unique<GreedyPlayer>(); };
    std::map<int, std::vector<core::Square>> serial_games;
    std::map<int, std::vector<core::Square>> parallel_games;
    const MatchScore serial = run_match(
        config, make, greedy, 1,
        [&](const GameRecord& r, const MatchScore&, int) { serial_games[r.index] = r.moves; });
    std::set<std::thread::id> threads;
    const MatchScore parallel = run_match(config, make, greedy, 3,
                                          [&](const GameRecord& r, const MatchScore& s, int total) {
                                              parallel_games[r.index] = r.moves;
                                              threads.insert(std::this_thread::get_id());
                                              EXPECT_EQ(total, 8);
                                              EXPECT_LE(s.games(), 8);
                                          });
    EXPECT_EQ(serial_games.size(), 8u);
    EXPECT_EQ(serial_games, parallel_games);  // the same games, whatever thread played them
    EXPECT_EQ(parallel.wins, serial.wins);
    EXPECT_EQ(parallel.draws, serial.draws);
    EXPECT_EQ(parallel.losses, serial.losses);
    EXPECT_FALSE(threads.contains(std::this_thread::get_id()));
}

TEST(Match, ParallelFailureIsRethrownAfterTheWorkersStop) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Eight, 2);
    config.openings = 3;
    EXPECT_THROW(run_match(
                     config, [] { return std::make_unique<IllegalPlayer>(); },
                     [] { return std::make_unique<GreedyPlayer>(); }, 2),
                 std::runtime_error);
}

TEST(Match, ASplitMatchPlaysTheSameGamesAsTheWhole) {
    MatchConfig config;
    config.setup = setup_of(core::Shape::Six, 2);
    config.openings = 3;
    config.seed = 9;
    SearchLimits limits;
    limits.level = 2;  // noisy, seeded by the game index
    SearchPlayer a("level:2", limits);
    GreedyPlayer b;
    std::map<int, std::vector<core::Square>> whole;
    run_match(config, a, b,
              [&](const GameRecord& r, const MatchScore&, int) { whole[r.index] = r.moves; });
    config.first_game = 4;
    std::map<int, std::vector<core::Square>> tail;
    const MatchScore score =
        run_match(config, a, b, [&](const GameRecord& r, const MatchScore&, int total) {
            EXPECT_EQ(total, 2);  // games 5 and 6 of 6
            tail[r.index] = r.moves;
        });
    EXPECT_EQ(score.games(), 2);
    ASSERT_EQ(tail.size(), 2u);
    EXPECT_EQ(tail.at(4), whole.at(4));
    EXPECT_EQ(tail.at(5), whole.at(5));
    config.first_game = 6;  // past the last game
    EXPECT_THROW(run_match(config, a, b), std::invalid_argument);
}

}  // namespace
}  // namespace reversi::engine
