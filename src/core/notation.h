// SPDX-License-Identifier: MIT
// Square names and move lists (RULES.md 1 and 6). Names are case-insensitive in and
// lowercase out; "pass" (also "pa", "ps") is the pass. Move lists may be space-separated or
// run together ("f5d6c3", "a10b9"); with two players a forced pass may be left out.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace reversi::core {

// Thrown by the readers of position texts, board strings and GGF records; what() says
// where the text is wrong and why.
class NotationError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// "a1".."j10" for a square, "pass" for PassMove.
std::string square_name(const Geometry& geometry, Square sq);
// The square named by `text` on this board (PassMove for a pass), or nothing when the text
// is not a square of the board.
std::optional<Square> parse_square(const Geometry& geometry, std::string_view text);
// A coordinate from a name such as "c3" (any board up to 26 columns), or nothing.
std::optional<Coord> parse_coord(std::string_view text);
std::string coord_name(Coord c);

// Why a move list could not be played: which move (0-based), its text, and the reason.
struct MoveListError {
    size_t index = 0;
    std::string token;
    std::string reason;
    // "move 3 (c9): illegal move"
    std::string message() const;
};

// Splits a move list into square tokens, or reports the first unreadable piece.
// `max_row` is the board's height, so that "a10" reads as one square only where it exists.
std::vector<std::string> split_moves(std::string_view text, int max_row,
                                     std::optional<MoveListError>& error);

// Plays a move list on the game; implied passes are inserted for two players. On error the
// game is left exactly as it was and the error says which move failed and why.
std::optional<MoveListError> play_moves(Game& game, std::string_view text);

// Writes moves space-separated; passes are written as "pass" unless `omit_passes`.
std::string format_moves(const Geometry& geometry, const std::vector<Square>& moves,
                         bool omit_passes);

}  // namespace reversi::core
