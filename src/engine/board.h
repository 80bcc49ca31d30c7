// SPDX-License-Identifier: MIT
// The two-player search's view of a board: a "mine vs. theirs" pair of board words and the
// shape masks (as `Layout<B>`) that every search routine needs, for the 64-bit layout (6x6,
// 8x8) and the 128-bit one (10x10, octagon). A Layout is built once per search from the core
// Geometry and never changes; blocked squares and cut corners are simply not playable.
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.h"
#include "core/geometry.h"
#include "core/movegen.h"

namespace reversi::engine {

// Row stride of a board word type: 8 for uint64_t, 11 for the 128-bit word.
template <class B>
constexpr int StrideOf = sizeof(B) == 8 ? 8 : 11;

// The move generator of a board word type.
template <class B>
using KernelOf = core::Kernel<B, StrideOf<B>>;

// Converts a core 128-bit word into the layout's word type.
template <class B>
constexpr B narrow_word(core::u128 w) {
    if constexpr (sizeof(B) == 8)
        return core::low64(w);
    else
        return w;
}

// Shape masks of one board in word type B, plus derived squares the evaluation uses.
template <class B>
struct Layout {
    static constexpr int Stride = StrideOf<B>;
    // The four line axes (steps along a row, a column and the two diagonals).
    static constexpr std::array<int, 4> Axes = {1, Stride, Stride + 1, Stride - 1};

    B playable = 0;
    B inner = 0;
    B not_first = 0;  // board squares outside the first column
    B not_last = 0;   // board squares outside the last column
    int playable_count = 0;
    // wall_before[a]: squares whose neighbour one step back along axis a is no square;
    // wall_after[a]: the same one step forward. They end lines for the stability test.
    std::array<B, 4> wall_before{};
    std::array<B, 4> wall_after{};
    // Squares that a disc can never leave once placed: on every axis a wall on one side.
    B corner_like = 0;
    // Playable squares touching a corner-like square (the X and C squares of 8x8).
    B corner_neighbours = 0;
    // For each playable square, the corner-like squares it touches (0 for most squares).
    std::array<B, 128> touching_corners{};
    // Parity regions (the quadrants of the bounding box).
    std::array<B, 4> quadrants{};
    // Static square weights for cheap move ordering (corner-like high, next to them low).
    std::array<int8_t, 128> square_value{};
    // rays[sq][d]: the squares after `sq` in direction d up to the first wall; directions
    // 0-3 step forward along Axes (rising indices), 4-7 backward.
    std::array<std::array<B, 8>, 128> rays{};

    explicit Layout(const core::Geometry& g);
};

// A two-player position as the search sees it: the mover's discs and the opponent's.
template <class B>
struct Pair {
    B own = 0;
    B opp = 0;
};

// Legal moves of the side to move.
template <class B>
inline B legal_moves(const Layout<B>& l, B own, B opp) {
    return KernelOf<B>::moves(own, opp, l.playable & ~(own | opp), l.inner);
}

// Index of the highest set bit; b must not be zero.
inline int msb(uint64_t b) {
    return 63 - std::countl_zero(b);
}
inline int msb(core::u128 b) {
    const auto high = static_cast<uint64_t>(b >> 64);
    return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<uint64_t>(b));
}

// Discs that the mover flips by playing `sq` (empty when the move is illegal). One ray per
// direction: the first square that is not an opponent disc must be the mover's.
template <class B>
inline B flips(const Layout<B>& l, int sq, B own, B opp) {
    // The 64-bit layout has a faster flipper in core (SIMD where the target allows).
    if constexpr (sizeof(B) == 8) return core::Kernel64::flips(sq, own, opp, l.inner);
    const auto& r = l.rays[sq];
    B f = 0;
    for (int d = 0; d < 4; ++d) {
        const B stop = r[d] & ~opp;
        if (stop) {
            const int first = core::lsb(stop);
            if ((own >> first) & 1) f |= r[d] & (core::square_bit<B>(first) - 1);
        }
    }
    for (int d = 4; d < 8; ++d) {
        const B stop = r[d] & ~opp;
        if (stop) {
            const int first = msb(stop);
            if ((own >> first) & 1) f |= r[d] & ~((core::square_bit<B>(first) << 1) - 1);
        }
    }
    return f;
}

// Empty squares next to a disc of `discs` (potential mobility).
template <class B>
inline B frontier(const Layout<B>& l, B discs, B empty) {
    return KernelOf<B>::neighbours(discs, l.not_first, l.not_last) & empty;
}

// A 64-bit key of the pair (the side to move is implied by the order).
template <class B>
inline uint64_t pair_key(B own, B opp) {
    auto mix = [](uint64_t x) {
        x ^= x >> 32;
        x *= 0xd6e8feb86659fd93ULL;
        x ^= x >> 32;
        x *= 0xd6e8feb86659fd93ULL;
        x ^= x >> 32;
        return x;
    };
    if constexpr (sizeof(B) == 8) {
        return mix(own * 0x9e3779b97f4a7c15ULL + mix(opp ^ 0x3c6ef372fe94f82bULL));
    } else {
        const uint64_t a = static_cast<uint64_t>(own) ^ (static_cast<uint64_t>(own >> 64) << 11);
        const uint64_t b = static_cast<uint64_t>(opp) ^ (static_cast<uint64_t>(opp >> 64) << 11);
        const uint64_t c =
            static_cast<uint64_t>(own >> 64) | (static_cast<uint64_t>(opp >> 64) << 48);
        return mix(a * 0x9e3779b97f4a7c15ULL + mix(b ^ 0x3c6ef372fe94f82bULL) + mix(c));
    }
}

// Squares of `occ` from which every square up to the wall, in both directions along
// axis step S, is occupied: a disc there can never be flipped along that axis.
template <class B, int S>
inline B full_along(const Layout<B>& l, int axis, B occ) {
    using K = core::GenericKernel<B, StrideOf<B>>;
    const B fwd = K::template fill<-S>(occ & l.wall_after[axis], occ);
    const B back = K::template fill<S>(occ & l.wall_before[axis], occ);
    return fwd & back;
}

// A lower bound on the discs of `mine` that can never be flipped again: on each axis the
// line is full, or a neighbour along it is a wall or itself stable (a least fixpoint, so
// every disc counted is justified).
template <class B>
inline B stable_discs(const Layout<B>& l, B mine, B occ) {
    constexpr int S = Layout<B>::Stride;
    std::array<B, 4> ok;
    ok[0] = full_along<B, 1>(l, 0, occ) | l.wall_before[0] | l.wall_after[0];
    ok[1] = full_along<B, S>(l, 1, occ) | l.wall_before[1] | l.wall_after[1];
    ok[2] = full_along<B, S + 1>(l, 2, occ) | l.wall_before[2] | l.wall_after[2];
    ok[3] = full_along<B, S - 1>(l, 3, occ) | l.wall_before[3] | l.wall_after[3];
    B stable = mine & ok[0] & ok[1] & ok[2] & ok[3];
    if (!stable) return 0;
    for (;;) {
        using core::shift;
        B next = mine;
        next &= ok[0] | shift<1>(stable) | shift<-1>(stable);
        next &= ok[1] | shift<S>(stable) | shift<-S>(stable);
        next &= ok[2] | shift<S + 1>(stable) | shift<-(S + 1)>(stable);
        next &= ok[3] | shift<S - 1>(stable) | shift<-(S - 1)>(stable);
        if (next == stable) return stable;
        stable = next;
    }
}

// The final disc difference for the mover with empties to the winner (RULES.md 3); with
// Anti-Reversi the mover wins with fewer discs and the sign follows the winner.
inline int final_score(int own, int opp, int empties, bool anti) {
    const int diff = anti ? opp - own : own - opp;
    if (diff > 0) return diff + empties;
    if (diff < 0) return diff - empties;
    return 0;
}

extern template struct Layout<uint64_t>;
extern template struct Layout<core::u128>;

}  // namespace reversi::engine
