// SPDX-License-Identifier: MIT
// What players may make of tournaments (docs/SITE.md "Tournaments", docs/PROTOCOL.md "Limits";
// each an option of `reversi serve`). Issue 48: 66 fresh accounts made 195 tournaments in 5 s
// and every creation was refused after. The site's scheduled tournaments are never refused and
// count in none of these.
#pragma once

namespace reversi::server {

struct TournamentLimits {
    // Tournaments made a day per player and per address (a burst of N, then one every 24 h / N).
    int per_player_per_day = 5;
    int per_address_per_day = 10;
    // Unfinished players' tournaments with two entrants or more, and the emptier ones apart:
    // empty tournaments take no place from real ones.
    int max_tournaments = 200;
    int max_empty = 1000;
};

}  // namespace reversi::server
