// SPDX-License-Identifier: MIT
// Geometry masks against their definitions, square by square: the board, the playable
// squares, the column masks that stop lines from wrapping, the centre and the layout stride.
#include "core/geometry.h"

#include <gtest/gtest.h>

#include "core/bitboard.h"

namespace reversi::core {
namespace {

TEST(Geometry, MasksMatchTheirDefinitions) {
    for (Shape shape : {Shape::Six, Shape::Eight, Shape::Ten, Shape::Octagon}) {
        const std::vector<Coord> blocked = {{1, 2}, {4, 0}};
        const Geometry g(shape, blocked);
        const int size = shape_size(shape);
        EXPECT_EQ(g.stride(), size <= 8 ? 8 : 11);
        EXPECT_EQ(g.narrow(), size <= 8);
        u128 board = 0, first = 0, last = 0, centre = 0, blocks = 0;
        for (int row = 0; row < size; ++row) {
            for (int col = 0; col < size; ++col) {
                // The octagon drops the three squares nearest each corner (RULES.md 1).
                const int dc = std::min(col, size - 1 - col), dr = std::min(row, size - 1 - row);
                if (shape == Shape::Octagon && dc + dr <= 1) continue;
                const u128 bit = square_bit<u128>(row * g.stride() + col);
                EXPECT_EQ(g.square({col, row}), row * g.stride() + col);
                EXPECT_EQ(g.coord(g.square({col, row})), (Coord{col, row}));
                board |= bit;
                if (col == 0) first |= bit;
                if (col == size - 1) last |= bit;
                if ((col == size / 2 - 1 || col == size / 2) &&
                    (row == size / 2 - 1 || row == size / 2))
                    centre |= bit;
                for (const Coord& b : blocked)
                    if (b == Coord{col, row}) blocks |= bit;
            }
        }
        EXPECT_EQ(g.on_board(), board) << "size " << size;
        EXPECT_EQ(g.blocked(), blocks);
        EXPECT_EQ(g.playable(), board & ~blocks);
        EXPECT_EQ(g.not_first_column(), board & ~first);
        EXPECT_EQ(g.not_last_column(), board & ~last);
        EXPECT_EQ(g.inner(), board & ~first & ~last);
        EXPECT_EQ(g.centre(), centre);
        EXPECT_EQ(g.playable_count(), popcount(board) - 2);
        if (g.narrow()) {
            EXPECT_EQ(board >> 64, 0);
        }
    }
}

TEST(Geometry, HandicapCornersInRulesOrder) {
    const Geometry g(Shape::Ten, {});
    const std::vector<Coord> want = {{0, 0}, {9, 9}, {9, 0}, {0, 9}};
    EXPECT_EQ(g.handicap_corners(), want);
}

}  // namespace
}  // namespace reversi::core
