// SPDX-License-Identifier: MIT
// Faster flipping for the 128-bit layout (10x10 and the octagon, stride 11): per direction,
// the first square on the ray that is not the opponent's, found as the lowest or highest set
// bit, replaces the generic kernel's eight Kogge-Stone fills. Rays stay inside the 10x10 box;
// cut corners, blocked squares and the gap column never hold a disc, so runs stop there.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/types.h"

namespace reversi::core::board128 {

// Index bound of the layout: squares are row * 11 + col with row and col below 10.
constexpr int Squares = 110;

// The ray from (col, row), excluded, stepping by (dc, dr) until the 10x10 box ends.
constexpr u128 ray(int col, int row, int dc, int dr) {
    u128 r = 0;
    for (col += dc, row += dr; col >= 0 && col < 10 && row >= 0 && row < 10; col += dc, row += dr)
        r |= u128{1} << (row * 11 + col);
    return r;
}

// Each square's rays: the first four go towards higher indices (+1, +10, +11, +12), the
// last four towards lower ones.
constexpr std::array<std::array<u128, 8>, Squares> make_rays() {
    std::array<std::array<u128, 8>, Squares> t{};
    for (int sq = 0; sq < Squares; ++sq) {
        const int c = sq % 11, r = sq / 11;
        if (c == 10) continue;  // the gap column
        t[sq] = {ray(c, r, 1, 0),  ray(c, r, -1, 1), ray(c, r, 0, 1),  ray(c, r, 1, 1),
                 ray(c, r, -1, 0), ray(c, r, 1, -1), ray(c, r, 0, -1), ray(c, r, -1, -1)};
    }
    return t;
}

// Immutable table of every square's rays (14 KiB).
inline constexpr std::array<std::array<u128, 8>, Squares> RayTable = make_rays();

// The highest set bit of b alone, or 0.
inline u128 highest_bit(u128 b) {
    const auto hi = static_cast<uint64_t>(b >> 64);
    if (hi) return u128{std::bit_floor(hi)} << 64;
    return std::bit_floor(static_cast<uint64_t>(b));
}

// Discs that a disc placed on `sq` flips.
inline u128 flips(int sq, u128 own, u128 opp) {
    const std::array<u128, 8>& rays = RayTable[sq];
    u128 f = 0;
    for (int d = 0; d < 4; ++d) {
        // Upwards the nearest non-opponent square is the lowest set bit; the ray below it
        // flips when it holds an own disc.
        const u128 up = rays[d] & ~opp;
        const u128 up_end = up & (0 - up) & own;
        if (up_end) f |= (up_end - 1) & rays[d];
        // Downwards it is the highest set bit; the ray above it flips (0 - 0 keeps nothing).
        const u128 down_end = highest_bit(rays[d + 4] & ~opp) & own;
        f |= rays[d + 4] & (0 - (down_end << 1));
    }
    return f;
}

}  // namespace reversi::core::board128
