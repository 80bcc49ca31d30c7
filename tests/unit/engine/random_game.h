// SPDX-License-Identifier: MIT
// Test helper: a game played at random from the start down to a number of empty squares.
#pragma once

#include <random>

#include "core/bitboard.h"
#include "core/game.h"

namespace reversi::test {

// A legal move of `pos` drawn uniformly (the side to move has one).
inline core::Square random_move(const core::Position& pos, std::mt19937_64& rng) {
    core::u128 moves = pos.legal_moves();
    int pick = static_cast<int>(rng() % static_cast<uint64_t>(core::popcount(moves)));
    while (pick--) moves &= moves - 1;
    return core::lsb(moves);
}

// Plays random moves (and forced passes) until `empties` squares are left; false if the
// game ended first.
inline bool random_position(core::Game& game, int empties, std::mt19937_64& rng) {
    while (core::popcount(game.position().empty()) > empties) {
        if (game.is_over()) return false;
        if (game.must_pass()) {
            game.play(core::PassMove);
            continue;
        }
        game.play(random_move(game.position(), rng));
    }
    return !game.is_over();
}

}  // namespace reversi::test
