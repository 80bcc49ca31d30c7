// SPDX-License-Identifier: MIT
// Small helpers shared by the core tests: hand-made positions from position texts, square
// lists as names, and games that start from a hand-made position.
#pragma once

#include <string>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/position_text.h"

namespace reversi::test {

// The squares of a board word as names in layout order ("a1 c1 b2").
inline std::string names(const core::Geometry& g, core::u128 bits) {
    std::string out;
    while (bits) {
        if (!out.empty()) out += ' ';
        out += core::square_name(g, core::pop_lsb(bits));
    }
    return out;
}

// The square named `name` on the position's board (the name must exist).
inline core::Square sq(const core::Position& p, const std::string& name) {
    return *core::parse_square(p.geometry(), name);
}

// A game whose start is a hand-made position.
inline core::Game game_from(const core::PositionText& text) {
    std::array<core::u128, core::MaxPlayers> discs{};
    for (int seat = 0; seat < text.position.players(); ++seat)
        discs[seat] = text.position.discs(seat);
    return core::Game(text.variant->setup(), discs, text.position.neutral(), text.position.side());
}

}  // namespace reversi::test
