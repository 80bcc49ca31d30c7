// SPDX-License-Identifier: MIT
// The 64-character board string of two-player 8x8 positions, as in .obf problem files:
// squares a1..h8 row by row ('X' or '*' black, 'O' white, '-' empty), a space, then the side
// to move. An .obf line adds ';' and comments, usually the best moves with their scores.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace reversi::core {

// "X" + 63 more squares, a space and 'X' or 'O': the board string of a two-player 8x8
// position. Throws NotationError for any other variant.
std::string format_board_string(const Position& position);

// The position a board string describes, on `variant` (two-player 8x8; blocked squares must
// be empty). Throws NotationError saying which character is wrong.
Position parse_board_string(const Variant& variant, std::string_view text);

// A move and its score from an .obf comment ("G8:+18").
struct ObfScore {
    Square square = NoSquare;
    int score = 0;
};

// One line of an .obf file: the position, the text after ';', and the scores read from it.
struct ObfLine {
    Position position;
    std::string comment;
    std::vector<ObfScore> scores;  // in the order given; items that are not scores are skipped
};

// Reads "<board string> [; comments]". Throws NotationError as parse_board_string.
ObfLine parse_obf_line(const Variant& variant, std::string_view line);

}  // namespace reversi::core
