// SPDX-License-Identifier: MIT
// A GGF file read for a player's own database (docs/EXPLORER.md "Imported games"): the file is
// hostile input, so it is split into games with a bound (core/ggf.h), each game read on its
// own (a bad one is skipped with its reason, never stops the rest), and only games of a rating
// pool's standard start are kept, with their result. Pure: no I/O.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "server/explorer/explorer.h"

namespace reversi::server {

struct GgfImportLimits {
    size_t max_games = 200;  // games read from one upload; the rest is reported unread
    size_t max_errors = 5;   // reasons kept for the answer
    size_t max_name_bytes = 40;
};

struct ImportedGame {
    ExplorerGame game;  // pool, moves, winner (players and ratings unset)
    std::string black;  // the names in the file
    std::string white;
};

struct GgfImport {
    std::vector<ImportedGame> games;
    size_t skipped = 0;               // games that did not read or are not of a pool
    std::vector<std::string> errors;  // the first reasons, "game N: ..."
    bool more = false;                // games past max_games left unread
};

GgfImport read_ggf_import(std::string_view text, const GgfImportLimits& limits = {});

}  // namespace reversi::server
