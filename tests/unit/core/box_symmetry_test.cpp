// SPDX-License-Identifier: MIT
#include "core/box_symmetry.h"

#include <gtest/gtest.h>

#include <set>

namespace reversi {
namespace {

// Where (col, row) of a box `width` wide goes, written out symmetry by symmetry: the four
// rotations and four reflections, named as a person would draw them.
std::pair<int, int> expected_image(int col, int row, int width, int symmetry) {
    const int l = width - 1;
    switch (symmetry) {
        case 0:
            return {col, row};  // identity
        case 1:
            return {row, col};  // reflection in the a1-h8 diagonal
        case 2:
            return {l - col, row};  // columns mirrored
        case 3:
            return {l - row, col};  // transpose, then columns mirrored: a quarter turn
        case 4:
            return {col, l - row};  // rows mirrored
        case 5:
            return {row, l - col};  // transpose, then rows mirrored: a quarter turn back
        case 6:
            return {l - col, l - row};  // a half turn
        default:
            return {l - row, l - col};  // reflection in the other diagonal
    }
}

TEST(BoxSymmetry, EachSymmetryMovesSquaresAsDrawn) {
    for (const auto [width, stride] : {std::pair{8, 8}, std::pair{6, 8}, std::pair{10, 11}}) {
        for (int s = 0; s < core::BoxSymmetries; ++s) {
            for (int row = 0; row < width; ++row) {
                for (int col = 0; col < width; ++col) {
                    const auto [c, r] = expected_image(col, row, width, s);
                    EXPECT_EQ(core::box_symmetry_square(row * stride + col, width, stride, s),
                              r * stride + c)
                        << "width " << width << " symmetry " << s << " square " << col << ","
                        << row;
                }
            }
        }
    }
}

TEST(BoxSymmetry, SquaresOutsideTheBoxStayPut) {
    // The gap column of a 10-wide box in rows of 11.
    for (int s = 0; s < core::BoxSymmetries; ++s)
        for (int row = 0; row < 10; ++row)
            EXPECT_EQ(core::box_symmetry_square(row * 11 + 10, 10, 11, s), row * 11 + 10);
}

TEST(BoxSymmetry, TheInverseUndoesEverySymmetryOnEveryBox) {
    std::set<int> inverses;
    for (int s = 0; s < core::BoxSymmetries; ++s) {
        const int back = core::inverse_box_symmetry(s);
        inverses.insert(back);
        for (const int width : {4, 8, 10})
            for (int sq = 0; sq < width * width; ++sq)
                EXPECT_EQ(core::box_symmetry_square(core::box_symmetry_square(sq, width, width, s),
                                                    width, width, back),
                          sq)
                    << "symmetry " << s;
    }
    EXPECT_EQ(inverses.size(), 8u);  // a bijection of the group
    // The two quarter turns undo each other; the reflections undo themselves.
    EXPECT_EQ(core::inverse_box_symmetry(3), 5);
    EXPECT_EQ(core::inverse_box_symmetry(5), 3);
    for (const int s : {1, 2, 4, 6, 7}) EXPECT_EQ(core::inverse_box_symmetry(s), s);
}

}  // namespace
}  // namespace reversi
