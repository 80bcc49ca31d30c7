// SPDX-License-Identifier: MIT
// A GGF or WTHOR file read for a player's own database (docs/EXPLORER.md "Imported games"): the
// file is hostile input, so it is split into games with a bound (core/ggf.h, core/wthor.h),
// each game read on its own (a bad one is skipped with its reason, never stops the rest), and
// only games of a rating pool's standard start are kept, with their result. Pure: no I/O.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "server/explorer/explorer.h"

namespace reversi::server {

struct ImportLimits {
    size_t max_games = 200;  // games read from one upload; the rest is reported unread
    size_t max_errors = 5;   // reasons kept for the answer
    size_t max_name_bytes = 40;
};

struct ImportedGame {
    ExplorerGame game;  // pool, moves, winner (players and ratings unset)
    std::string black;  // the names in the file
    std::string white;
};

struct GameImport {
    std::vector<ImportedGame> games;
    size_t skipped = 0;               // games that did not read or are not of a pool
    std::vector<std::string> errors;  // the first reasons, "game N: ..."
    bool more = false;                // games past max_games left unread
    std::string error;                // why the whole file was refused (WTHOR), else empty
};

GameImport read_ggf_import(std::string_view text, const ImportLimits& limits = {});

// The games of a WTHOR file (8x8 only). A file that is not one (core/wthor.h) is refused whole:
// `error` says why and nothing is read. Players are the file's numbers ("WTHOR #12": the
// names live in a separate .JOU file); the result is the final position's when the game is
// over, else Black's disc count against 32.
GameImport read_wthor_import(std::string_view bytes, const ImportLimits& limits = {});

}  // namespace reversi::server
