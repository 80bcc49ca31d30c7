// SPDX-License-Identifier: MIT
// A deliberately simple, square-by-square implementation of RULES.md, used only by the tests
// to check the bitboard rules library. It shares nothing with src/core but the square names:
// a board is a grid of cells, lines are walked one step at a time, starts are built from the
// square names RULES.md gives.
#pragma once

#include <array>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"

namespace reversi::test {

// What a cell of the reference grid holds.
enum class Cell : signed char { Off = -3, Blocked = -2, Empty = -1, Neutral = 4 };
// Seats are stored as the cell values 0..3.
constexpr signed char seat_cell(int seat) {
    return static_cast<signed char>(seat);
}

// A square by row and column (row first, so that sorting is row-major like the layouts).
struct RefSquare {
    int col = 0;
    int row = 0;
    friend bool operator==(const RefSquare&, const RefSquare&) = default;
    friend bool operator<(const RefSquare& a, const RefSquare& b) {
        return a.row != b.row ? a.row < b.row : a.col < b.col;
    }
    // Test failures print square names.
    friend std::ostream& operator<<(std::ostream& out, const RefSquare& s) {
        return out << static_cast<char>('a' + s.col) << s.row + 1;
    }
};

// A reference position: grid[row][col], the seats, the seat to move and the options.
struct RefBoard {
    int size = 8;
    std::vector<std::vector<signed char>> grid;
    int players = 2;
    int side = 0;
    bool anti = false;
    bool free_opening = false;

    signed char at(RefSquare s) const { return grid[s.row][s.col]; }
    bool inside(int col, int row) const { return col >= 0 && row >= 0 && col < size && row < size; }
};

// The start of a setup, built from the square names of RULES.md sections 1, 3, 4 and 5.
RefBoard ref_start(const core::Setup& setup);
// The same position as a bitboard Position (any variant).
RefBoard ref_from_position(const core::Position& position);

// True while a free opening is still filling the centre.
bool ref_in_opening(const RefBoard& board);
// Discs that a disc of the side to move at `s` would flip, walking each of the 8 directions.
std::vector<RefSquare> ref_flips(const RefBoard& board, RefSquare s);
// Legal moves of the side to move, in row-major order.
std::vector<RefSquare> ref_legal_moves(const RefBoard& board);
// Two players: the side to move has no move but the other player has one.
bool ref_must_pass(const RefBoard& board);
bool ref_is_over(const RefBoard& board);
// Plays a legal move, or passes when `pass` is set.
void ref_play(RefBoard& board, RefSquare s);
void ref_pass(RefBoard& board);
// Disc counts per seat, the winner (-1 for a table draw) and Black's tournament score.
core::Outcome ref_outcome(const RefBoard& board);

// Test helpers shared by the random-game tests.
// A deterministic draw in [0, n): the engine's output is fixed by the standard, unlike the
// distributions of each standard library.
int draw(std::mt19937_64& rng, int n);
// Point-symmetric blocked squares (RULES.md 1 Decision), off the centre and handicap corners.
std::vector<core::Coord> random_blocked(std::mt19937_64& rng, const core::Setup& setup, int pairs);
// One setup of each variant: every shape and player count, anti, free opening, handicaps.
std::vector<core::Setup> every_setup();

}  // namespace reversi::test
