// SPDX-License-Identifier: MIT
// Playing levels 1-10 (docs/LEVELS.md): what each level may search and how much noise it
// adds to its evaluation. The same table drives the two-player search and the 3-4 player
// search; the noise is a pure function of the position and the seed, so a seeded game is
// repeatable.
#pragma once

#include <cstdint>

#include "core/variant.h"

namespace reversi::engine {

struct LevelSettings {
    int depth = 1;          // midgame search depth in plies
    int exact_empties = 0;  // two players: solve exactly from this many empty squares (0: never)
    double seconds = 0;     // time limit per move; 0 = none
    int noise = 0;          // amplitude of the evaluation noise, in hundredths of a disc
    // Two players on 8x8: plays from the opening book (book.h) where it has the position, one
    // of the moves within this many discs of its best; NoBook: never.
    int book_margin = NoBook;
    static constexpr int NoBook = -1;
};

// Lowest and highest level.
constexpr int MinLevel = 1;
constexpr int MaxLevel = 10;

// The seed of a computer's move at `ply` of a game seeded `game_seed`: the server's tables
// (their id's hash) and the browser's engine (a seed it draws per game) mix the ply in alike, so
// a level's noise and book picks vary from move to move and a seeded game is repeatable.
constexpr uint64_t move_seed(uint64_t game_seed, int ply) {
    return game_seed ^ (static_cast<uint64_t>(ply) * 0x9E3779B97F4A7C15ull);
}

// The settings of `level` (clamped to 1..10) for a game of `players` (2-4) players.
LevelSettings level_settings(int level, int players);

// True when `level` plays the 3-4 player Monte Carlo tree search (multiplayer_mcts.h) in
// `variant` rather than Best-Reply Search: the timed levels of the variants where it won at
// equal time (docs/LEVELS.md).
bool level_plays_mcts(int level, const core::Variant& variant);

// From how many empty squares a two-player level plays perfectly. Without a time limit every
// node within the exact range is solved, so a depth-d search sees the exact result from
// d + exact empties; under a time limit only the root is solved. 0: never.
constexpr int perfect_play_empties(const LevelSettings& level) {
    if (level.exact_empties == 0) return 0;
    return level.seconds > 0 ? level.exact_empties : level.depth + level.exact_empties;
}

}  // namespace reversi::engine
