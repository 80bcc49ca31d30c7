// SPDX-License-Identifier: MIT
// The discs a move on the last empty square of the full 8x8 board flips, counted without
// making the move: with every other square occupied, the flips along each of the four lines
// through the square depend only on which of the line's squares are the mover's, so a small
// table per position on the line answers each line.
#pragma once

#include <cstdint>

namespace reversi::engine {

// How many discs `mover` flips by playing `sq` when `sq` is the only empty square of the
// plain 8x8 board (every square off `mover` holds the other side's disc). 0: not a move.
int last_flip_count_8x8(int sq, uint64_t mover);

}  // namespace reversi::engine
