// SPDX-License-Identifier: MIT
// The tournaments as lists show them (docs/PROTOCOL.md "Tournaments"): one tournament's
// summary, and the paged list of all of them.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "server/tournament/tournament.h"

namespace reversi::server::tournament {

// Tournaments in one page of the list, at most.
constexpr int MaxListPage = 100;

// A tournament as the list shows it: its view without games and standings, with the number
// of players.
json summary_of(const Tournament& t, int64_t now);

// The page of `limit` (1 to MaxListPage) tournaments from `offset` on: running first, then
// those to come by their start, then the finished, newest first; with the total, the offset
// and the limit used.
json list_page(const std::map<std::string, Tournament>& all, int offset, int limit, int64_t now);

}  // namespace reversi::server::tournament
