// SPDX-License-Identifier: MIT
// Endgame puzzles mined with the exact solver (docs/PUZZLES.md): a two-player position where
// one move (or very few) keeps the best exact result and every other move loses at least a
// threshold of discs, with its solution tree (every move of each of the solver's turns scored
// exactly, the opponent's best replies between them) and its themes. Every score is the final
// disc difference for the solver, the side to move at the puzzle's start.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/position.h"
#include "engine/engine.h"

namespace reversi::engine {

// What makes a position a puzzle.
struct PuzzleCriteria {
    int min_empties = 10;
    int max_empties = 16;
    int min_loss = 6;       // every move that is not a solution loses at least this many discs
    int max_solutions = 1;  // moves that may keep the best result at a critical turn
    int max_turns = 3;      // the solver's turns in the solution line, at most
    // The exact result the solution keeps, at least: 0 asks for a win or a draw, so that a
    // puzzle teaches how to win or save a game rather than how to lose by less.
    int min_best = 0;
};

// One legal move of a solver's turn and its exact score for the solver.
struct PuzzleChoice {
    core::Square move = core::NoSquare;
    int score = 0;
};

// What follows a solution move: the forced moves up to the solver's next turn (the
// opponent's best reply, and any passes), and that turn's node, or -1 where the line ends
// (the game is over, or the next turn is not critical and the puzzle is solved there).
struct PuzzleBranch {
    core::Square move = core::NoSquare;
    std::vector<core::Square> replies;
    int next = -1;
};

// A solver's turn: every legal move scored, best first, and a branch per solution move.
struct PuzzleNode {
    std::vector<PuzzleChoice> choices;
    std::vector<PuzzleBranch> branches;
};

// Themes (docs/PUZZLES.md defines each): bit flags.
enum PuzzleTheme : uint32_t {
    ThemeCorner = 1,
    ThemeParity = 2,
    ThemeWipeOut = 4,
    ThemeSacrifice = 8,
    ThemeTempo = 16,
};

// "corner", "parity", "wipe-out", "sacrifice", "tempo" for each flag set in `themes`.
std::vector<std::string> theme_names(uint32_t themes);
// The flag of a theme name, or 0.
uint32_t theme_flag(const std::string& name);

// A puzzle: the root is nodes[0]; `best` is the exact result the solution keeps.
struct PuzzleTree {
    std::vector<PuzzleNode> nodes;
    int best = 0;
    uint32_t themes = 0;
    int solutions = 0;  // solution moves at the root
};

// The exact scores of every legal move of `pos` (the side to move's view), best first. A
// position with a forced pass or at the end has none.
std::vector<PuzzleChoice> score_all_moves(Engine& engine, const core::Position& pos);

// True when the scored turn is critical: two legal moves or more, at most
// `criteria.max_solutions` keep the best score, every other loses at least `min_loss`.
bool is_critical(const std::vector<PuzzleChoice>& choices, const PuzzleCriteria& criteria);

// True when a puzzle whose solution keeps `best` asks for a result the criteria want
// (`min_best` or better). The one owner of that rule: mining and `reversi puzzles filter`.
bool asks_for(int best, const PuzzleCriteria& criteria);

// The puzzle at `pos` when it is one (two players, empties within the criteria, a critical
// turn whose best result the criteria ask for), with its tree and themes; nothing otherwise.
std::optional<PuzzleTree> find_puzzle(Engine& engine, const core::Position& pos,
                                      const PuzzleCriteria& criteria);

// The starting rating of a new puzzle: more moves to choose from and a longer line are harder;
// Glicko-2 corrects it from the first attempts (docs/PUZZLES.md).
double puzzle_starting_rating(const PuzzleTree& tree);

// A puzzle found along a game: the plies before its position, its tree.
struct MinedPuzzle {
    size_t ply = 0;
    PuzzleTree tree;
};

// The puzzles along one game of `variant` made of `moves`: at most `per_game`, never two
// within 2 * max_turns plies, never a position whose key `seen` holds (found ones are added).
// The one owner of how a game is mined: `reversi puzzles generate` and the server's job.
std::vector<MinedPuzzle> mine_game(Engine& engine, const core::Variant& variant,
                                   const std::vector<core::Square>& moves,
                                   const PuzzleCriteria& criteria, int per_game,
                                   std::unordered_set<uint64_t>& seen);

// The positions of game `index` of a self-play run for puzzles (its randomness from `seed` and
// `index` only): random opening moves, then shallow searches with some random moves, up to
// `min_empties`. Returns the moves played (passes included); the mining looks at the
// positions they pass through.
std::vector<core::Square> puzzle_selfplay_game(const core::Variant& variant, uint64_t seed,
                                               uint64_t index, int min_empties, Engine& engine);

}  // namespace reversi::engine
