// SPDX-License-Identifier: MIT
// Exports of a finished (or running) table: a plain transcript for every variant, and GGF,
// the Othello servers' record format, for two-player games.
#pragma once

#include <string>

#include "server/table/table.h"

namespace reversi::server {

// Setup line, seats, moves and result, one item per line.
std::string export_text(const Table& table);
// A GGF record "(;GM[Othello]...;)"; throws ApiError(not_allowed) for setups GGF cannot
// express (3-4 players, 6x6, blocked squares) and for games without a result (aborted,
// cancelled, expired).
std::string export_ggf(const Table& table);

}  // namespace reversi::server
