// SPDX-License-Identifier: MIT
// Helpers of the core harnesses: a fixed menu of setups that an input picks by its first
// character, and readable descriptions of positions and games for failure messages.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/position_text.h"

namespace reversi::fuzz {

// One setup of each kind the rules distinguish (shapes, player counts, anti, free opening,
// handicaps, blocked squares).
inline const std::vector<core::Setup>& setup_menu() {
    using core::Color;
    using core::Shape;
    static const std::vector<core::Setup> menu = {
        {Shape::Eight, 2, false, false, {}, 0, Color::Black},                 // 0
        {Shape::Six, 2, false, false, {}, 0, Color::Black},                   // 1
        {Shape::Ten, 2, false, false, {}, 0, Color::Black},                   // 2
        {Shape::Octagon, 2, false, false, {}, 0, Color::Black},               // 3
        {Shape::Eight, 2, true, false, {}, 0, Color::Black},                  // 4 anti
        {Shape::Eight, 2, false, true, {}, 0, Color::Black},                  // 5 free opening
        {Shape::Eight, 2, false, false, {}, 2, Color::Black},                 // 6 handicap
        {Shape::Ten, 2, true, true, {}, 3, Color::White},                     // 7
        {Shape::Eight, 2, false, false, {{2, 2}, {5, 5}}, 0, Color::Black},   // 8 blocked c3 f6
        {Shape::Eight, 3, false, false, {}, 0, Color::Black},                 // 9 three players
        {Shape::Octagon, 3, true, false, {{2, 2}, {7, 7}}, 0, Color::Black},  // a
        {Shape::Ten, 4, false, false, {}, 0, Color::Black},                   // b four players
        {Shape::Eight, 4, true, false, {{0, 3}, {7, 4}}, 0, Color::Black},    // c
        {Shape::Six, 2, true, true, {}, 0, Color::Black},                     // d
        {Shape::Octagon, 2, false, true, {{4, 0}, {5, 9}}, 0, Color::Black},  // e
    };
    return menu;
}

// '0'-'9' and 'a'-'z' pick menu entries 0.. in order (wrapping); any other byte its value.
inline const core::Setup& pick_setup(unsigned char ch) {
    const auto& menu = setup_menu();
    int index = ch;
    if (ch >= '0' && ch <= '9') index = ch - '0';
    if (ch >= 'a' && ch <= 'z') index = 10 + (ch - 'a');
    return menu[static_cast<size_t>(index) % menu.size()];
}

inline std::string describe(const core::Position& p) {
    return core::format_position_text(p);
}

inline std::string describe_moves(const core::Game& g) {
    return core::format_moves(g.variant().geometry(), g.moves(), false);
}

// Everything a caller can observe of a game, for "an error changes nothing".
struct GameSnapshot {
    core::Position position;
    int ply = 0;
    std::vector<core::Square> moves;
    bool can_redo = false;
    explicit GameSnapshot(const core::Game& g)
        : position(g.position()), ply(g.ply()), moves(g.moves()), can_redo(g.can_redo()) {}
    bool same(const core::Game& g) const {
        return position == g.position() && ply == g.ply() && moves == g.moves() &&
               can_redo == g.can_redo();
    }
};

}  // namespace reversi::fuzz
