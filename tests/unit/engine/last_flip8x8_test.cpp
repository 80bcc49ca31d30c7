// SPDX-License-Identifier: MIT
// The last-empty flip count against the flips of the move itself, on random full boards
// with every square in turn as the one empty square, for both sides.
#include "engine/last_flip8x8.h"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <utility>

#include "core/variant.h"
#include "engine/board.h"

using namespace reversi;

TEST(LastFlip8x8, MatchesTheFlipsOfTheMove) {
    const core::Variant eight{core::Setup{}};
    const engine::Layout<uint64_t> layout(eight.geometry());
    std::mt19937_64 rng(17);
    int moves = 0;
    for (int i = 0; i < 400; ++i) {
        // Sparse, even and dense sides, so that long runs of either colour occur.
        const uint64_t r = rng();
        const uint64_t discs = i % 3 == 0 ? r & rng() : i % 3 == 1 ? r : r | rng();
        for (int sq = 0; sq < 64; ++sq) {
            const uint64_t bit = uint64_t{1} << sq;
            const uint64_t mover = discs & ~bit;
            const uint64_t other = ~discs & ~bit;
            for (const auto& [a, b] : {std::pair{mover, other}, std::pair{other, mover}}) {
                const int expected = std::popcount(engine::flips(layout, sq, a, b));
                ASSERT_EQ(engine::last_flip_count_8x8(sq, a), expected) << sq << " " << a;
                moves += expected > 0;
            }
        }
    }
    // Both legal and illegal moves were met.
    EXPECT_GT(moves, 1000);
    EXPECT_LT(moves, 400 * 64 * 2);
}

TEST(LastFlip8x8, CountsEveryLine) {
    // d4 empty, every other square the opponent's but the mover's eight at the far ends of
    // its row, column and diagonals (a4 h4, d1 d8, a1 h8, a7 g1): the runs between flip 2 + 3
    // on the row, 2 + 3 on the column, 2 + 3 on the a1-h8 diagonal and 2 + 2 on the other.
    const auto sq = [](int col, int row) { return uint64_t{1} << (row * 8 + col); };
    uint64_t mover =
        sq(0, 3) | sq(7, 3) | sq(3, 0) | sq(3, 7) | sq(0, 0) | sq(7, 7) | sq(0, 6) | sq(6, 0);
    EXPECT_EQ(engine::last_flip_count_8x8(3 * 8 + 3, mover), 2 + 3 + 2 + 3 + 2 + 3 + 2 + 2);
    // Without the closing disc a1 the a1-h8 diagonal's lower run flips nothing.
    mover &= ~sq(0, 0);
    EXPECT_EQ(engine::last_flip_count_8x8(3 * 8 + 3, mover), 2 + 3 + 2 + 3 + 0 + 3 + 2 + 2);
}
