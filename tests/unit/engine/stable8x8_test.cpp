// SPDX-License-Identifier: MIT
// The 8x8 stable-disc test: full lines against a square-by-square scan, never fewer discs
// than the generic fixpoint, and sound: along random games no disc it calls stable ever
// changes colour.
#include "engine/stable8x8.h"

#include <gtest/gtest.h>

#include <random>

#include "core/variant.h"
#include "engine/board.h"

using namespace reversi;

namespace {

const engine::Layout<uint64_t>& layout8() {
    static const core::Variant eight{core::Setup{}};
    static const engine::Layout<uint64_t> layout(eight.geometry());
    return layout;
}

bool occupied(uint64_t occ, int col, int row) {
    return col >= 0 && col < 8 && row >= 0 && row < 8 && ((occ >> (row * 8 + col)) & 1);
}

bool on_board(int col, int row) {
    return col >= 0 && col < 8 && row >= 0 && row < 8;
}

// Whether every square of the line through (col, row) with step (dc, dr) is occupied.
bool line_full(uint64_t occ, int col, int row, int dc, int dr) {
    for (int c = col, r = row; on_board(c, r); c += dc, r += dr)
        if (!occupied(occ, c, r)) return false;
    for (int c = col, r = row; on_board(c, r); c -= dc, r -= dr)
        if (!occupied(occ, c, r)) return false;
    return true;
}

// Plays random legal moves from the start until the game ends, calling `visit(black,
// white)` at every position.
template <class Visit>
void random_game(std::mt19937_64& rng, Visit visit) {
    const auto& l = layout8();
    uint64_t own = (1ULL << 28) | (1ULL << 35);  // black d5 e4 moves first
    uint64_t opp = (1ULL << 27) | (1ULL << 36);
    bool black_to_move = true;
    for (int passes = 0; passes < 2;) {
        visit(black_to_move ? own : opp, black_to_move ? opp : own);
        uint64_t moves = engine::legal_moves(l, own, opp);
        if (moves) {
            passes = 0;
            for (int pick = static_cast<int>(rng() % std::popcount(moves)); pick > 0; --pick)
                moves &= moves - 1;
            const int sq = std::countr_zero(moves);
            const uint64_t f = engine::flips(l, sq, own, opp);
            own |= f | (1ULL << sq);
            opp &= ~f;
        } else {
            ++passes;
        }
        std::swap(own, opp);
        black_to_move = !black_to_move;
    }
}

}  // namespace

TEST(Stable8x8, FullLinesMatchAScan) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 2000; ++i) {
        // Dense boards, so that full lines of every axis occur.
        const uint64_t occ = rng() | rng() | (i % 2 ? rng() : 0);
        const engine::FullLines8x8 full = engine::full_lines_8x8(occ);
        for (int sq = 0; sq < 64; ++sq) {
            const int col = sq % 8, row = sq / 8;
            ASSERT_EQ((full.horizontal >> sq) & 1, line_full(occ, col, row, 1, 0)) << sq;
            ASSERT_EQ((full.vertical >> sq) & 1, line_full(occ, col, row, 0, 1)) << sq;
            ASSERT_EQ((full.diagonal9 >> sq) & 1, line_full(occ, col, row, 1, 1)) << sq;
            ASSERT_EQ((full.diagonal7 >> sq) & 1, line_full(occ, col, row, -1, 1)) << sq;
        }
    }
}

TEST(Stable8x8, EdgesAreExactOnSmallCases) {
    // A lone corner is stable, a lone edge disc is not, and a run from a corner is.
    EXPECT_EQ(engine::stable_edges_8x8(0x1, 0x1), 0x1u);
    EXPECT_EQ(engine::stable_edges_8x8(0x2, 0x2), 0x0u);
    EXPECT_EQ(engine::stable_edges_8x8(0x7, 0x7), 0x7u);
    // a1 ours, b1 theirs, c1 ours: theirs at d1 would flip c1 back (b1 brackets it).
    EXPECT_EQ(engine::stable_edges_8x8(0x5, 0x7), 0x1u);
    // The same on the h-file and the eighth row, read through the other edge tables.
    EXPECT_EQ(engine::stable_edges_8x8(0x8080000000000000ULL, 0x8080000000000000ULL),
              0x8080000000000000ULL);
    EXPECT_EQ(engine::stable_edges_8x8(0x0200000000000000ULL, 0x0200000000000000ULL), 0u);
    // An inner disc is never an edge disc.
    EXPECT_EQ(engine::stable_edges_8x8(1ULL << 27, ~0ULL), 0u);
}

TEST(Stable8x8, FindsAtLeastTheGenericFixpoint) {
    std::mt19937_64 rng(11);
    int stronger = 0;
    for (int game = 0; game < 200; ++game) {
        random_game(rng, [&](uint64_t black, uint64_t white) {
            for (const uint64_t mine : {black, white}) {
                const uint64_t generic = engine::stable_discs(layout8(), mine, black | white);
                const uint64_t fast = engine::stable_discs_8x8(mine, black | white);
                ASSERT_EQ(generic & ~fast, 0u);
                ASSERT_EQ(fast & ~mine, 0u);
                stronger += fast != generic;
            }
        });
    }
    // The exact edge table must find discs the neighbour rule misses.
    EXPECT_GT(stronger, 0);
}

TEST(Stable8x8, StableDiscsNeverChangeColour) {
    std::mt19937_64 rng(13);
    for (int game = 0; game < 300; ++game) {
        uint64_t stable_black = 0;
        uint64_t stable_white = 0;
        random_game(rng, [&](uint64_t black, uint64_t white) {
            ASSERT_EQ(stable_black & ~black, 0u) << "game " << game;
            ASSERT_EQ(stable_white & ~white, 0u) << "game " << game;
            stable_black |= engine::stable_discs_8x8(black, black | white);
            stable_white |= engine::stable_discs_8x8(white, black | white);
        });
    }
}

TEST(Stable8x8, SkipsOnlyWhenTooFewCouldBeStable) {
    std::mt19937_64 rng(17);
    int skipped = 0;
    for (int game = 0; game < 100; ++game) {
        random_game(rng, [&](uint64_t black, uint64_t white) {
            const uint64_t occ = black | white;
            const uint64_t full = engine::stable_discs_8x8(black, occ);
            const int found = std::popcount(full);
            for (int needed = 0; needed <= 64; needed += 1 + static_cast<int>(rng() % 4)) {
                const uint64_t quick = engine::stable_discs_8x8_if_at_least(black, occ, needed);
                // Either the same discs, or none when there are fewer than needed.
                if (quick != full) {
                    ASSERT_EQ(quick, 0u);
                    ASSERT_LT(found, needed);
                    ++skipped;
                }
                if (found >= needed) {
                    ASSERT_EQ(quick, full);
                }
            }
        });
    }
    // The check must skip some tests, or it saves nothing.
    EXPECT_GT(skipped, 0);
}
