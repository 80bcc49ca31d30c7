// SPDX-License-Identifier: MIT
// Stable discs of the plain 8x8 board (no blocked square), cheaper and stronger than the
// generic fixpoint of board.h: full lines come from a few shifts per axis, the four edges from
// an exact table of the one-dimensional game on an edge, and only the inner 6x6 squares need
// the fixpoint. Every disc it returns can never be flipped again, and it returns at least the
// discs that `stable_discs` (board.h) finds on the same board.
#pragma once

#include <cstdint>

namespace reversi::engine {

// Occupied squares whose line along each axis is full: horizontal, vertical, and the two
// diagonals (the a1-h8 direction, step 9, and the h1-a8 direction, step 7).
struct FullLines8x8 {
    uint64_t horizontal;
    uint64_t vertical;
    uint64_t diagonal9;
    uint64_t diagonal7;
};

// The full lines of an 8x8 board whose occupied squares are `occ`.
FullLines8x8 full_lines_8x8(uint64_t occ);

// The discs of `mine` that stay `mine` whatever is played on the edge they lie on (the 1-D
// game where either side may fill any empty edge square): exact for edge discs, which can be
// flipped only along their edge. Squares off the four edges are never in the result.
uint64_t stable_edges_8x8(uint64_t mine, uint64_t occ);

// The inner 6x6 squares, off the four edges.
inline constexpr uint64_t Inner8x8 = 0x007e7e7e7e7e7e00ULL;

// A lower bound on the discs of `mine` that can never be flipped on the full 8x8 board.
uint64_t stable_discs_8x8(uint64_t mine, uint64_t occ);
// The same, or 0 when the edges' stable discs and every inner disc of `mine` are fewer than
// `needed`: for callers that use the discs only when there are at least that many (one call
// for the edges, the check and the rest).
uint64_t stable_discs_8x8_if_at_least(uint64_t mine, uint64_t occ, int needed);

}  // namespace reversi::engine
