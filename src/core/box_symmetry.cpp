// SPDX-License-Identifier: MIT
#include "core/box_symmetry.h"

#include <utility>

namespace reversi::core {

int box_symmetry_square(int sq, int width, int stride, int symmetry) {
    const int last = width - 1;
    int col = sq % stride;
    int row = sq / stride;
    if (col > last || row > last) return sq;
    if (symmetry & 1) std::swap(col, row);
    if (symmetry & 2) col = last - col;
    if (symmetry & 4) row = last - row;
    return row * stride + col;
}

int inverse_box_symmetry(int symmetry) {
    // Three squares not on one line fix a symmetry; the group does not depend on the box's
    // size, so a 3x3 box decides.
    constexpr int W = 3;
    for (int s = 0; s < BoxSymmetries; ++s)
        if (box_symmetry_square(box_symmetry_square(0, W, W, symmetry), W, W, s) == 0 &&
            box_symmetry_square(box_symmetry_square(1, W, W, symmetry), W, W, s) == 1 &&
            box_symmetry_square(box_symmetry_square(W, W, W, symmetry), W, W, s) == W)
            return s;
    return 0;  // unreachable: the eight form a group
}

}  // namespace reversi::core
