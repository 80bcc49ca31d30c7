// SPDX-License-Identifier: MIT
// The level table. Weak levels search shallowly with noisy evaluations, so they play
// plausible moves and miss tactics rather than play at random; strength grows with depth,
// with exact endgames, and by removing noise. Levels 8-10 all play perfectly from 22 empties
// (perfect_play_empties): a wider range costs a fixed-depth level minutes a move (level 9 at
// 28 empties spent 363 s), so above level 7 strength comes from midgame depth. With 3-4
// players a ply is one seat's move, so depths are shallower for the same thinking time.
#include "engine/levels.h"

#include <algorithm>
#include <array>

namespace reversi::engine {

namespace {

constexpr std::array<LevelSettings, 10> TwoPlayer = {{
    {1, 0, 0, 700},     // 1: one ply, large noise: grabs discs, misses corners now and then
    {2, 0, 0, 450},     // 2
    {2, 8, 0, 200},     // 3
    {3, 8, 0, 150},     // 4
    {4, 10, 0, 80},     // 5
    {5, 12, 0, 40},     // 6
    {6, 14, 0, 0, 2},   // 7: from here on the opening book, a move within 2 discs of its best
    {8, 14, 0, 0, 1},   // 8
    {11, 11, 0, 0, 1},  // 9
    {60, 22, 2, 0, 0},  // 10: full strength, 2 seconds a move, the book's best
}};

constexpr std::array<LevelSettings, 10> MultiPlayer = {{
    {1, 0, 0, 700},
    {1, 0, 0, 350},
    {2, 0, 0, 250},
    {2, 0, 0, 100},
    {3, 0, 0, 50},
    {3, 0, 0, 0},
    {4, 0, 0, 0},
    {5, 0, 0, 0},
    {6, 0, 0, 0},
    {60, 0, 2, 0},
}};

// The 3-4 player variants (no blocked squares) whose timed levels play MCTS: each beat
// Best-Reply Search at equal time with the interval above zero (docs/LEVELS.md).
struct MctsVariant {
    core::Shape shape;
    int players;
    bool anti;
};
// Level 10 is the only timed level; a variant is listed once MCTS beat BRS at level 10's own
// 2 s a move: so far 8x8 with 4 players (8x8 with 3 held zero; the others were measured only
// at 0.05 s and 0.3 s a move).
constexpr std::array<MctsVariant, 1> MctsVariants = {{{core::Shape::Eight, 4, false}}};

}  // namespace

bool level_plays_mcts(int level, const core::Variant& variant) {
    const core::Setup& setup = variant.setup();
    if (setup.players < 3 || !setup.blocked.empty() || setup.free_opening || setup.handicap > 0)
        return false;
    if (level_settings(level, setup.players).seconds <= 0) return false;
    return std::any_of(MctsVariants.begin(), MctsVariants.end(), [&](const MctsVariant& v) {
        return v.shape == setup.shape && v.players == setup.players && v.anti == setup.anti;
    });
}

LevelSettings level_settings(int level, int players) {
    const int index = std::clamp(level, MinLevel, MaxLevel) - 1;
    return players > 2 ? MultiPlayer[index] : TwoPlayer[index];
}

}  // namespace reversi::engine
