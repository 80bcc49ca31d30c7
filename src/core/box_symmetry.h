// SPDX-License-Identifier: MIT
// The eight symmetries of a square box of squares (four rotations, four reflections). The
// opening book and the table of solved openings store one entry for the eight images of a
// position, and the explorer names an opening in any orientation; this is the one place
// that says where a square goes. A symmetry is three bits,
// applied in this order: 1 swaps column and row, 2 mirrors the columns, 4 mirrors the rows.
#pragma once

namespace reversi::core {

inline constexpr int BoxSymmetries = 8;

// Where square `sq` of a box `width` squares wide, numbered in rows of `stride` squares
// (stride >= width), goes under `symmetry`. Squares outside the box (the gap columns of a
// wide layout) stay where they are: they never hold a disc.
int box_symmetry_square(int sq, int width, int stride, int symmetry);

// The symmetry that undoes `symmetry` (the same on every box).
int inverse_box_symmetry(int symmetry);

}  // namespace reversi::core
