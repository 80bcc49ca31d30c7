// SPDX-License-Identifier: MIT
// The text form of a position of any variant (docs/NOTATION.md): a header naming the board,
// the number of players and the seat to move, then one row of characters per board row.
// Writing then reading gives back the same shape, players, blocked squares and position.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/position.h"

namespace reversi::core {

// A position read from text, with the validated variant it refers to.
struct PositionText {
    std::shared_ptr<const Variant> variant;
    Position position;
};

// How format_position_text lays out the rows.
enum class TextLayout : uint8_t {
    Lines,    // header and each row on a line of its own
    OneLine,  // header, a space, then the rows joined by '/'
};

// The text of a position; it parses back to an equal position and setup.
std::string format_position_text(const Position& position, TextLayout layout = TextLayout::Lines);

// Reads a position text. Shape, players and blocked squares come from the text; the other
// options (anti, free opening, handicap) from `options`. Throws NotationError naming the
// row and column at fault, or the setup problem.
PositionText parse_position_text(std::string_view text, const Setup& options = {});

// The character of a square in position texts: 'X' black, 'O' white, 'R' red, 'G' green,
// 'N' neutral, '-' empty, '#' blocked, '.' a cut octagon corner.
char square_char(const Position& position, Square sq);

}  // namespace reversi::core
