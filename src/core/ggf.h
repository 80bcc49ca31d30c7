// SPDX-License-Identifier: MIT
// GGF, the Generic Game Format of the GGS server, for two-player games on 8x8, 10x10 and the
// octagon (TY[8], TY[10], TY[88], 'a' suffix for Anti-Reversi). The start board goes in BO;
// a free opening or corner handicap start is recognised from it when reading. A free opening
// is written from the position after its four centre placements (other readers refuse moves
// that flip nothing), so the order of those placements is not kept. Setups GGF cannot express
// (blocked squares, 3-4 players, 6x6) are refused, never written lossily.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace reversi::core {

// The header properties kept as written (PC, DT, PB, PW, RE, TI).
struct GgfInfo {
    std::string place;
    std::string date;
    std::string black;
    std::string white;
    std::string result;  // RE; the writer fills it from a finished game when empty
    std::string time;
    friend bool operator==(const GgfInfo&, const GgfInfo&) = default;
};

// The evaluation and time a move may carry ("f5/0.5/1.2"); empty when absent.
struct GgfMoveNote {
    std::string eval;
    std::string time;
    friend bool operator==(const GgfMoveNote&, const GgfMoveNote&) = default;
};

// A game read from GGF: the game with its moves replayed, the header, one note per move.
struct GgfRecord {
    Game game;
    GgfInfo info;
    std::vector<GgfMoveNote> notes;
};

// The GGF text of a game: "(;GM[Othello]...TY[8]BO[8 ... *]B[f5]W[d6]...;)". `notes`, when
// not empty, gives one note per move. Throws NotationError for a setup GGF cannot express.
std::string format_ggf(const Game& game, const GgfInfo& info = {},
                       const std::vector<GgfMoveNote>& notes = {});

// The games of a GGF file (GGS archives hold one per line), in order: each from "(;" to the
// ";)" that closes it outside any [value] (a backslash escapes the next character there); text
// between games is skipped, and an unclosed last game runs to the end. At most `max_games` are
// taken; `more` says that text with another game start was left unread. Never throws.
struct GgfFileGames {
    std::vector<std::string_view> games;
    bool more = false;
};
GgfFileGames split_ggf_file(std::string_view text, size_t max_games);

// Reads one GGF game and replays its moves. Throws NotationError saying which property or
// which move (1-based, with the reason) is wrong.
GgfRecord parse_ggf(std::string_view text);

}  // namespace reversi::core
