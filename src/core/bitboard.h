// SPDX-License-Identifier: MIT
// Bit tricks shared by the 64-bit (6x6, 8x8) and 128-bit (10x10, octagon) board words.
// Everything here is constexpr or a single instruction; nothing loops over squares.
#pragma once

#include <bit>
#include <cstdint>

#include "core/types.h"

namespace reversi::core {

// Number of set bits.
inline int popcount(uint64_t b) { return std::popcount(b); }
inline int popcount(u128 b) {
    return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}

// Index of the lowest set bit; b must not be zero.
inline int lsb(uint64_t b) { return std::countr_zero(b); }
inline int lsb(u128 b) {
    const auto low = static_cast<uint64_t>(b);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}

// Removes and returns the lowest set bit's index; b must not be zero.
template <class B>
inline int pop_lsb(B& b) {
    const int sq = lsb(b);
    b &= b - 1;
    return sq;
}

// The word with only bit sq set.
template <class B>
constexpr B square_bit(int sq) {
    return B(1) << sq;
}

// Shifts towards higher indices for positive amounts, lower for negative ones.
template <int Amount, class B>
constexpr B shift(B b) {
    if constexpr (Amount > 0)
        return b << Amount;
    else
        return b >> -Amount;
}

// Narrows a 128-bit board word to the 64-bit layout (the high half must be empty).
constexpr uint64_t low64(u128 b) { return static_cast<uint64_t>(b); }

}  // namespace reversi::core
