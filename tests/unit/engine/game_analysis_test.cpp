// SPDX-License-Identifier: MIT
// Post-game analysis: the loss classes, verdicts checked against a plain minimax near the
// end (every shape, anti, blocked, handicap), the best move never scoring below the played
// one, forced passes, free openings, whole games with progress and stop, refused input.
#include "engine/game_analysis.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/bitboard.h"
#include "core/game.h"
#include "random_game.h"
#include "minimax.h"

using namespace reversi;
using reversi::test::minimax;
using engine::MoveClass;

namespace {

core::Setup setup_of(core::Shape shape) {
    core::Setup s;
    s.shape = shape;
    return s;
}

// Plays random moves (seeded) and returns every move of the game to the end.
std::vector<core::Square> random_game(core::Game& game, uint64_t seed, int max_plies = 1000) {
    std::mt19937_64 rng(seed);
    while (!game.is_over() && game.ply() < max_plies) {
        if (game.must_pass()) {
            game.play(core::PassMove);
            continue;
        }
        core::u128 moves = game.legal_moves();
        int pick = static_cast<int>(rng() % static_cast<uint64_t>(core::popcount(moves)));
        while (pick--) moves &= moves - 1;
        game.play(core::lsb(moves));
    }
    return game.moves();
}

}  // namespace

TEST(GameAnalysis, ClassesFollowTheDocumentedThresholds) {
    EXPECT_EQ(engine::classify_loss(-3), MoveClass::Best);
    EXPECT_EQ(engine::classify_loss(0), MoveClass::Best);
    EXPECT_EQ(engine::classify_loss(1), MoveClass::Good);
    EXPECT_EQ(engine::classify_loss(2), MoveClass::Inaccuracy);
    EXPECT_EQ(engine::classify_loss(3), MoveClass::Inaccuracy);
    EXPECT_EQ(engine::classify_loss(4), MoveClass::Mistake);
    EXPECT_EQ(engine::classify_loss(7), MoveClass::Mistake);
    EXPECT_EQ(engine::classify_loss(8), MoveClass::Blunder);
    EXPECT_EQ(engine::classify_loss(64), MoveClass::Blunder);
    EXPECT_STREQ(engine::move_class_name(MoveClass::Best), "best");
    EXPECT_STREQ(engine::move_class_name(MoveClass::Inaccuracy), "inaccuracy");
    EXPECT_STREQ(engine::move_class_name(MoveClass::Blunder), "blunder");
}

// Near the end every move's verdict is exact: the worst move and the best move of each
// position agree with a plain minimax, and the worst is classed by its true loss.
TEST(GameAnalysis, WorstAndBestMovesMatchMinimaxOnEveryShape) {
    std::vector<core::Setup> setups = {setup_of(core::Shape::Eight), setup_of(core::Shape::Six),
                                       setup_of(core::Shape::Ten), setup_of(core::Shape::Octagon)};
    core::Setup anti = setup_of(core::Shape::Eight);
    anti.anti = true;
    core::Setup blocked = setup_of(core::Shape::Eight);
    blocked.blocked = {{2, 2}, {5, 5}};
    core::Setup handicap = setup_of(core::Shape::Eight);
    handicap.handicap = 2;
    setups.insert(setups.end(), {anti, blocked, handicap});
    engine::Engine eng;
    std::mt19937_64 rng(7);
    int bad_moves_seen = 0;
    for (const core::Setup& s : setups) {
        core::Game game(s);
        // A random game may end before 8 empties: try again.
        for (int tries = 0; tries < 50 && !test::random_position(game, 8, rng); ++tries)
            game = core::Game(s);
        ASSERT_FALSE(game.is_over()) << core::shape_name(s.shape);
        const core::Position& pos = game.position();
        if (pos.must_pass()) continue;
        // The move minimax finds worst is "the deliberately bad move".
        core::Square worst = core::NoSquare, best = core::NoSquare;
        int worst_score = 1000, best_score = -1000;
        for (core::u128 m = pos.legal_moves(); m;) {
            const core::Square sq = core::pop_lsb(m);
            const int v = -minimax(pos.after(sq));
            if (v < worst_score) worst_score = v, worst = sq;
            if (v > best_score) best_score = v, best = sq;
        }
        const engine::SearchResult r = eng.search(pos, engine::analysis_limits(pos));
        const engine::PlyVerdict bad = engine::judge_ply(pos, game.ply(), worst, r);
        const engine::PlyVerdict good = engine::judge_ply(pos, game.ply(), best, r);
        EXPECT_TRUE(bad.exact && good.exact);
        EXPECT_EQ(bad.played_score, worst_score);
        EXPECT_EQ(bad.best_score, best_score);
        EXPECT_EQ(bad.loss, best_score - worst_score);
        EXPECT_EQ(bad.move_class, engine::classify_loss(best_score - worst_score));
        EXPECT_EQ(good.played_score, best_score);
        EXPECT_EQ(good.loss, 0);
        EXPECT_EQ(good.move_class, MoveClass::Best);
        EXPECT_EQ(good.best, best);
        EXPECT_EQ(bad.side, pos.side());
        if (worst_score < best_score) {
            ++bad_moves_seen;
            EXPECT_GT(static_cast<int>(bad.move_class), static_cast<int>(good.move_class));
            EXPECT_NE(bad.best, worst);
        }
    }
    // The random positions must include real mistakes, or the test proves little.
    EXPECT_GE(bad_moves_seen, 3);
}

// In the midgame the scores are estimates, but the best move's score is never below the
// played move's, and the class always follows the loss.
TEST(GameAnalysis, BestScoreIsNeverBelowThePlayedScore) {
    core::Game game(setup_of(core::Shape::Eight));
    const std::vector<core::Square> moves = random_game(game, 11, 24);
    engine::Engine eng;
    const engine::AnalysisDepth depth{4, 0};
    const auto verdicts = engine::analyse_game(eng, game.start(), moves, depth);
    ASSERT_EQ(verdicts.size(), moves.size());
    int worse_than_best = 0;
    for (size_t i = 0; i < verdicts.size(); ++i) {
        const auto& v = verdicts[i];
        EXPECT_EQ(v.ply, static_cast<int>(i));
        EXPECT_EQ(v.played, moves[i]);
        EXPECT_GE(v.best_score, v.played_score) << "ply " << i;
        EXPECT_EQ(v.loss, v.best_score - v.played_score);
        EXPECT_EQ(v.move_class, engine::classify_loss(v.loss));
        EXPECT_EQ(v.loss == 0, v.best == v.played) << "ply " << i;
        EXPECT_FALSE(v.exact);
        worse_than_best += v.loss > 0;
    }
    // Random moves are mostly not the engine's choice.
    EXPECT_GT(worse_than_best, 5);
}

// A position whose side to move must pass: the pass is the only move, loses nothing, and
// its score is the opponent's best score negated (exact near the end).
TEST(GameAnalysis, ForcedPassesAreJudgedAsTheOnlyMove) {
    engine::Engine eng;
    bool found = false;
    for (uint64_t seed = 1; seed < 400 && !found; ++seed) {
        core::Game game(setup_of(core::Shape::Six));
        const std::vector<core::Square> moves = random_game(game, seed);
        // A pass late enough to be solved exactly, not the game's last move.
        core::Game replay(setup_of(core::Shape::Six));
        for (size_t i = 0; i + 1 < moves.size(); ++i) {
            if (moves[i] == core::PassMove && core::popcount(replay.position().empty()) <= 12) {
                const core::Position before = replay.position();
                const core::Position after = before.after(core::PassMove);
                const auto pass =
                    engine::judge_ply(before, static_cast<int>(i), core::PassMove,
                                      eng.search(before, engine::analysis_limits(before)));
                const auto next =
                    engine::judge_ply(after, static_cast<int>(i + 1), moves[i + 1],
                                      eng.search(after, engine::analysis_limits(after)));
                EXPECT_EQ(pass.played, core::PassMove);
                EXPECT_EQ(pass.best, core::PassMove);
                EXPECT_EQ(pass.loss, 0);
                EXPECT_TRUE(pass.exact);
                EXPECT_EQ(pass.played_score, -next.best_score);
                EXPECT_EQ(pass.played_score, minimax(before));
                found = true;
                break;
            }
            replay.play(moves[i]);
        }
    }
    EXPECT_TRUE(found) << "no random 6x6 game had a late pass";
}

TEST(GameAnalysis, WholeGamesReportProgressAndStop) {
    core::Setup s = setup_of(core::Shape::Six);
    core::Game game(s);
    const std::vector<core::Square> moves = random_game(game, 3);
    engine::Engine eng;
    std::vector<int> seen;
    const auto verdicts =
        engine::analyse_game(eng, game.start(), moves, {4, 10}, {}, [&](int done, int total) {
            EXPECT_EQ(total, static_cast<int>(moves.size()));
            seen.push_back(done);
        });
    ASSERT_EQ(verdicts.size(), moves.size());
    ASSERT_EQ(seen.size(), moves.size());
    EXPECT_EQ(seen.back(), static_cast<int>(moves.size()));
    // Sides alternate except across a pass, and the last plies are exact.
    EXPECT_TRUE(verdicts.back().exact);
    for (size_t i = 1; i < verdicts.size(); ++i) EXPECT_NE(verdicts[i].side, verdicts[i - 1].side);

    // A stop request after three plies ends the analysis there.
    std::stop_source stop;
    const auto partial = engine::analyse_game(eng, game.start(), moves, {4, 10}, stop.get_token(),
                                              [&](int done, int) {
                                                  if (done == 3) stop.request_stop();
                                              });
    EXPECT_EQ(partial.size(), 3u);
}

TEST(GameAnalysis, FreeOpeningPlacementsAreScored) {
    core::Setup s = setup_of(core::Shape::Eight);
    s.free_opening = true;
    core::Game game(s);
    const std::vector<core::Square> moves = random_game(game, 5, 8);
    engine::Engine eng;
    const auto verdicts = engine::analyse_game(eng, game.start(), moves, {3, 0});
    ASSERT_EQ(verdicts.size(), moves.size());
    for (const auto& v : verdicts) {
        EXPECT_GE(v.best_score, v.played_score);
        EXPECT_NE(v.best, core::NoSquare);
    }
}

TEST(GameAnalysis, RefusesIllegalMovesAndMultiPlayerGames) {
    engine::Engine eng;
    core::Game game(setup_of(core::Shape::Eight));
    // a1 is not legal at the start.
    EXPECT_THROW(engine::analyse_game(eng, game.start(), {core::Square{0}}), std::invalid_argument);
    EXPECT_THROW(engine::judge_ply(game.start(), 0, core::PassMove, {}), std::invalid_argument);
    core::Setup three = setup_of(core::Shape::Eight);
    three.players = 3;
    core::Game multi(three);
    EXPECT_THROW(engine::analyse_game(eng, multi.start(), {}), std::invalid_argument);
}
