// SPDX-License-Identifier: MIT
// Solved openings: the file refuses damage; a position's eight symmetric images share one
// entry and each gets its best move in its own orientation; the shipped 6x6 table gives the
// start the independent value (-4 for Black: White wins 20-16 with perfect play, Feinstein
// 1993), agrees with itself along the best line and with the solver at its last ply.
#include "engine/solved_openings.h"

#include <gtest/gtest.h>

#include <random>

#include "core/bitboard.h"
#include "core/game.h"
#include "random_game.h"

using namespace reversi;

namespace {

core::Setup six() {
    core::Setup s;
    s.shape = core::Shape::Six;
    return s;
}

std::pair<uint64_t, uint64_t> words(const core::Position& p) {
    return {core::low64(p.discs(p.side())), core::low64(p.discs(1 - p.side()))};
}

// The image of `word` (6x6, stride 8) under one of the eight symmetries of the square.
uint64_t image(uint64_t word, int symmetry) {
    uint64_t out = 0;
    while (word) {
        const int sq = core::pop_lsb(word);
        int col = sq % 8, row = sq / 8;
        if (symmetry & 1) std::swap(col, row);
        if (symmetry & 2) col = 5 - col;
        if (symmetry & 4) row = 5 - row;
        out |= uint64_t{1} << (row * 8 + col);
    }
    return out;
}

TEST(SolvedOpenings, TextRoundTripsAndDamageIsRefused) {
    const core::Game game(six());
    engine::SolvedOpenings table("6x6", 6, 3);
    const auto [own, opp] = words(game.position());
    table.add(own, opp, {-4, core::lsb(game.legal_moves())});
    const std::string text = table.format();
    const engine::SolvedOpenings back = engine::SolvedOpenings::parse(text);
    EXPECT_EQ(back.size(), 1u);
    EXPECT_EQ(back.plies(), 3);
    ASSERT_TRUE(back.find(own, opp));
    EXPECT_EQ(back.find(own, opp)->score, -4);
    EXPECT_EQ(back.find(own, opp)->best, core::lsb(game.legal_moves()));

    std::string damaged = text;
    damaged[damaged.find(" -4 ") + 2] = '6';  // -6: the checksum no longer matches
    EXPECT_THROW(engine::SolvedOpenings::parse(damaged), engine::SolvedOpeningsError);
    EXPECT_THROW(engine::SolvedOpenings::parse(text.substr(0, text.size() / 2)),
                 engine::SolvedOpeningsError);
    EXPECT_THROW(engine::SolvedOpenings::parse(""), engine::SolvedOpeningsError);
}

TEST(SolvedOpenings, SymmetricImagesShareAnEntryAndTurnTheBestMove) {
    std::mt19937_64 rng(7);
    core::Game game(six());
    ASSERT_TRUE(test::random_position(game, 25, rng));
    const core::Position& pos = game.position();
    ASSERT_FALSE(pos.must_pass());
    const core::Square best = core::lsb(pos.legal_moves());
    engine::SolvedOpenings table("6x6", 6, 8);
    const auto [own, opp] = words(pos);
    table.add(own, opp, {12, best});
    const auto [own_after, opp_after] = words(pos.after(best));
    for (int s = 0; s < 8; ++s) {
        const auto m = table.find(image(own, s), image(opp, s));
        ASSERT_TRUE(m) << "symmetry " << s;
        EXPECT_EQ(m->score, 12);
        EXPECT_EQ(uint64_t{1} << m->best, image(uint64_t{1} << best, s)) << "symmetry " << s;
    }
    EXPECT_EQ(table.size(), 1u);
    EXPECT_FALSE(table.find(own_after, opp_after));
}

TEST(SolvedOpenings, ShippedSixBySixTableHoldsTheIndependentValueAndAgreesWithTheSolver) {
    const auto table = engine::solved_openings("6x6");
    ASSERT_TRUE(table);
    const core::Game start(six());
    const auto root = engine::solved_opening_result(*table, start.position(), false);
    ASSERT_TRUE(root);
    EXPECT_EQ(root->score, -4);
    EXPECT_TRUE(start.position().is_legal(root->best));
    EXPECT_GE(static_cast<int>(root->pv.size()), table->plies());

    // Along the best line each stored value is minus the next one's (the table agrees with
    // itself), down to the table's last ply.
    core::Position line = start.position();
    for (int ply = 0; ply < table->plies(); ++ply) {
        const auto here = engine::solved_opening_result(*table, line, false);
        ASSERT_TRUE(here) << "ply " << ply;
        line.play(root->pv[ply]);
        const auto next = engine::solved_opening_result(*table, line, false);
        ASSERT_TRUE(next) << "ply " << ply + 1;
        EXPECT_EQ(here->score, -next->score) << "ply " << ply;
    }

    // A position at the last ply that the side that is not perfect reaches with another move
    // than the best line's, solved again without the table.
    core::Position off = start.position();
    for (int ply = 0; ply + 1 < table->plies(); ++ply) off.play(root->pv[ply]);
    const core::u128 others =
        off.legal_moves() & ~core::square_bit<core::u128>(root->pv[table->plies() - 1]);
    ASSERT_TRUE(others) << "the best line's last move was the only one";
    off.play(core::lsb(others));
    const auto stored = engine::solved_opening_result(*table, off, false);
    ASSERT_TRUE(stored) << "a position a perfect player meets is missing";
    engine::Engine eng(engine::EngineOptions{32});
    engine::SearchLimits exact;
    exact.exact = true;
    exact.solved_openings = false;
    EXPECT_EQ(eng.search(off, exact).score, stored->score);
}

TEST(SolvedOpenings, BlockedAndOtherBoardsAreNotCovered) {
    const auto table = engine::solved_openings("6x6");
    ASSERT_TRUE(table);
    core::Setup blocked = six();
    blocked.blocked = {{0, 0}};
    EXPECT_FALSE(table->covers(core::Game(blocked).position()));
    EXPECT_FALSE(table->covers(core::Game(core::Setup{}).position()));
    EXPECT_TRUE(table->covers(core::Game(six()).position()));
}

}  // namespace
