// SPDX-License-Identifier: MIT
// The self-play generators' randomness: SplitMix64 over a state the caller seeds, so that a
// game depends only on its seed and index, and a uniform pick among a set of moves.
#pragma once

#include <cstdint>

#include "core/bitboard.h"

namespace reversi::engine {

// The next SplitMix64 number of `state` (which it advances).
inline uint64_t next_random(uint64_t& state) {
    state += 0x9e3779b97f4a7c15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// One of `moves` (not empty), each as likely.
inline core::Square random_move(core::u128 moves, uint64_t& state) {
    int pick = static_cast<int>(next_random(state) % static_cast<uint64_t>(core::popcount(moves)));
    while (pick--) moves &= moves - 1;
    return core::lsb(moves);
}

}  // namespace reversi::engine
