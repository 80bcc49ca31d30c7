// SPDX-License-Identifier: MIT
// The search's board layout and helpers: corner-like squares derived from the geometry,
// flips and moves against the rules library, stable discs, the final score convention,
// the evaluation's symmetry and the transposition table's bounds.
#include "engine/board.h"

#include <gtest/gtest.h>

#include <random>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "engine/eval.h"
#include "engine/tt.h"

using namespace reversi;

namespace {

template <class B>
std::vector<std::string> names(const core::Geometry& g, B bits) {
    std::vector<std::string> out;
    while (bits) out.push_back(core::square_name(g, core::pop_lsb(bits)));
    return out;
}

core::Variant variant_of(core::Shape shape, std::vector<core::Coord> blocked = {}) {
    core::Setup s;
    s.shape = shape;
    s.blocked = std::move(blocked);
    return core::Variant(s);
}

}  // namespace

TEST(Layout, CornerLikeSquaresFollowTheShape) {
    const auto eight = variant_of(core::Shape::Eight);
    EXPECT_EQ(names(eight.geometry(), engine::Layout<uint64_t>(eight.geometry()).corner_like),
              (std::vector<std::string>{"a1", "h1", "a8", "h8"}));
    // RULES.md 1: the octagon loses a1 b1 a2 (and the mirror images); the squares left at
    // each cut, c1 and a3, have a wall on every line through them.
    const auto oct = variant_of(core::Shape::Octagon);
    EXPECT_EQ(names(oct.geometry(), engine::Layout<core::u128>(oct.geometry()).corner_like),
              (std::vector<std::string>{"c1", "h1", "a3", "j3", "a8", "j8", "c10", "h10"}));
    // A blocked b1 on 8x8 makes c1 a corner too (the line along row 1 breaks there).
    const auto blocked = variant_of(core::Shape::Eight, {{1, 0}});
    EXPECT_EQ(names(blocked.geometry(), engine::Layout<uint64_t>(blocked.geometry()).corner_like),
              (std::vector<std::string>{"a1", "c1", "h1", "a8", "h8"}));
}

namespace {

// Plays a random game and compares the search's moves and flips with the rules library.
template <class B>
void check_random_game(const core::Setup& s, std::mt19937_64& rng) {
    core::Game game(s);
    const engine::Layout<B> layout(game.position().geometry());
    while (!game.is_over()) {
        const core::Position& p = game.position();
        const B own = engine::narrow_word<B>(p.discs(p.side()));
        const B opp = engine::narrow_word<B>(p.discs(1 - p.side()));
        ASSERT_EQ(engine::legal_moves(layout, own, opp), engine::narrow_word<B>(p.legal_moves()));
        for (core::u128 m = p.legal_moves(); m;) {
            const int sq = core::pop_lsb(m);
            ASSERT_EQ(engine::flips(layout, sq, own, opp), engine::narrow_word<B>(p.flips(sq)));
        }
        if (game.must_pass()) {
            game.play(core::PassMove);
            continue;
        }
        core::u128 m = p.legal_moves();
        int k = static_cast<int>(rng() % static_cast<uint64_t>(core::popcount(m)));
        while (k--) m &= m - 1;
        game.play(core::lsb(m));
    }
}

}  // namespace

TEST(Layout, FlipsAndMovesAgreeWithTheRules) {
    std::mt19937_64 rng(5);
    for (int round = 0; round < 5; ++round) {
        core::Setup six;
        six.shape = core::Shape::Six;
        check_random_game<uint64_t>(six, rng);
        core::Setup eight;
        eight.blocked = {{2, 5}};
        check_random_game<uint64_t>(eight, rng);
        core::Setup ten;
        ten.shape = core::Shape::Ten;
        ten.blocked = {{2, 3}, {7, 6}};
        check_random_game<core::u128>(ten, rng);
        core::Setup oct;
        oct.shape = core::Shape::Octagon;
        check_random_game<core::u128>(oct, rng);
    }
}

TEST(Layout, StableDiscs) {
    const auto eight = variant_of(core::Shape::Eight);
    const engine::Layout<uint64_t> l(eight.geometry());
    // A lone corner disc is stable; its neighbour along an open edge is not.
    EXPECT_EQ(engine::stable_discs<uint64_t>(l, 0x1, 0x1), 0x1u);
    EXPECT_EQ(engine::stable_discs<uint64_t>(l, 0x3, 0x3), 0x3u);  // a1 b1: b1 leans on a1
    EXPECT_EQ(engine::stable_discs<uint64_t>(l, 0x2, 0x2), 0x0u);  // b1 alone
    // A full board: everything is stable.
    EXPECT_EQ(engine::stable_discs<uint64_t>(l, 0x00ff00ff00ff00ffULL, ~0ULL),
              0x00ff00ff00ff00ffULL);
    // d4 with the centre only: not stable.
    EXPECT_EQ(engine::stable_discs<uint64_t>(l, 1ULL << 27, 0x0000001818000000ULL), 0u);
}

TEST(Layout, FinalScoreGivesEmptiesToTheWinner) {
    EXPECT_EQ(engine::final_score(30, 20, 14, false), 24);
    EXPECT_EQ(engine::final_score(20, 30, 14, false), -24);
    EXPECT_EQ(engine::final_score(25, 25, 14, false), 0);
    // Anti: fewer discs wins.
    EXPECT_EQ(engine::final_score(20, 30, 14, true), 24);
    EXPECT_EQ(engine::final_score(30, 20, 14, true), -24);
}

TEST(Eval, StartPositionIsBalancedAndAntiDiffers) {
    const auto eight = variant_of(core::Shape::Eight);
    const engine::Layout<uint64_t> l(eight.geometry());
    const engine::HeuristicEval<uint64_t> normal(l, false);
    const engine::HeuristicEval<uint64_t> anti(l, true);
    const uint64_t black = (1ULL << 28) | (1ULL << 35);
    const uint64_t white = (1ULL << 27) | (1ULL << 36);
    // The start is symmetric between the sides, so only the parity term can separate them.
    EXPECT_EQ(normal.evaluate(black, white), normal.evaluate(white, black));
    // A corner is good in Reversi and bad in anti.
    const uint64_t with_corner = black | 1ULL;
    EXPECT_GT(normal.evaluate(with_corner, white), normal.evaluate(black, white));
    EXPECT_LT(anti.evaluate(with_corner, white), anti.evaluate(black, white));
}

TEST(TranspositionTable, KeepsAndIntersectsBounds) {
    engine::TranspositionTable tt(1);
    engine::TtEntry e;
    EXPECT_FALSE(tt.probe(42, e));
    tt.store(42, 5, -10, 30, 7);
    ASSERT_TRUE(tt.probe(42, e));
    EXPECT_EQ(e.lower, -10);
    EXPECT_EQ(e.upper, 30);
    EXPECT_EQ(e.depth, 5);
    EXPECT_EQ(e.move, 7);
    tt.store(42, 5, 0, 50, engine::TtEntry::NoTtMove);
    ASSERT_TRUE(tt.probe(42, e));
    EXPECT_EQ(e.lower, 0);
    EXPECT_EQ(e.upper, 30);
    EXPECT_EQ(e.move, 7);  // no new move: the old one stays
    EXPECT_FALSE(tt.probe(43, e));
    // Key 0 is a key like any other, not an empty slot.
    tt.store(0, 3, -5, -5, 1);
    ASSERT_TRUE(tt.probe(0, e));
    EXPECT_EQ(e.lower, -5);
    tt.clear();
    EXPECT_FALSE(tt.probe(42, e));
    EXPECT_FALSE(tt.probe(0, e));
}

TEST(TranspositionTable, SurerLevelsReplaceSelectiveBoundsAndAreNotReplacedByThem) {
    engine::TranspositionTable tt(1);
    engine::TtEntry e;
    tt.store(42, 20, 4, 4, 9, 0);  // a selective pass's value
    ASSERT_TRUE(tt.probe(42, e));
    EXPECT_EQ(e.level, 0);
    EXPECT_EQ(e.lower, 4);
    // An exact search's bound replaces it rather than meeting it.
    tt.store(42, 20, -64, 2, engine::TtEntry::NoTtMove);
    ASSERT_TRUE(tt.probe(42, e));
    EXPECT_EQ(e.level, engine::TtEntry::FullLevel);
    EXPECT_EQ(e.lower, -64);
    EXPECT_EQ(e.upper, 2);
    EXPECT_EQ(e.move, 9);  // the selective pass's move still orders
    // A later selective result does not overwrite the exact bound.
    tt.store(42, 20, 10, 10, 3, 1);
    ASSERT_TRUE(tt.probe(42, e));
    EXPECT_EQ(e.level, engine::TtEntry::FullLevel);
    EXPECT_EQ(e.upper, 2);
    EXPECT_EQ(e.move, 9);
}
