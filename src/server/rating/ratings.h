// SPDX-License-Identifier: MIT
// Which games are rated and how (docs/SITE.md "Ratings"): the pool of a setup, the checks of
// a rated table, and the new ratings of the players of a finished rated game. A game of
// three or four counts as pairwise results by final rank against every other seat, all in
// one Glicko-2 rating period. Pure functions: the hub stores what they return.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/common/identity.h"
#include "server/storage/stored_accounts.h"
#include "server/table/table.h"

namespace reversi::server {

// The live pools, in the order the site shows them: "8x8", "8x8-anti", "6x6", "10x10",
// "octagon", "3p", "4p".
const std::vector<std::string>& live_pools();
// True for a pool whose games may be on any board (three and four players); the others are
// played on pool_setup's board only.
bool pool_any_board(std::string_view pool);
// A correspondence pool is a live pool's name with this added ("8x8-corr").
constexpr std::string_view CorrespondenceSuffix = "-corr";
// Every pool: the live ones, then each of them for correspondence games.
const std::vector<std::string>& rating_pools();
// The pool of a setup, or nothing for setups that are casual only (blocked squares,
// handicap, free opening; anti except on 8x8 with two players).
std::optional<std::string> pool_of(const core::Setup& setup);
// The pool a game of `setup` under `clock` is rated in: pool_of(setup), with "-corr"
// added for a correspondence clock (days per move: a pool of its own), or nothing.
std::optional<std::string> rating_pool(const core::Setup& setup, const ClockSpec& clock);
// The setup of `pool` (the inverse of pool_of: "8x8", "8x8-anti", "6x6", "10x10", "octagon",
// "3p", "4p" on the 8x8 board), or nothing for an unknown pool.
std::optional<core::Setup> pool_setup(std::string_view pool);
// Why a table made by `creator` with `spec` cannot be rated; empty when it can.
std::string rated_problem(const TableSpec& spec, const Identity& creator);

// Why `who` cannot take a seat at `table` (a rated table needs a registered player who
// holds no other seat there); empty when it can.
std::string rated_join_problem(const Table& table, const Identity& who);

// "won", "drawn" or "lost" for `seat` of a finished game; empty for a game that does not
// count (cancelled, expired, aborted).
std::string outcome_of(const TableResult& result, int seat);
// True when a finished game with this result changes ratings.
bool counts_for_rating(const TableResult& result);

// The score of `seat` against `other` by final rank: the winner is ahead of everyone, the
// others are ranked by disc count (fewest ahead in anti); 1 ahead, 0.5 level, 0 behind.
double pairwise_score(const TableResult& result, bool anti, int seat, int other);

// One seat's rating before and after a rated game.
struct RatingChange {
    int seat = 0;
    StoredRating before;
    StoredRating after;
};

// The new ratings of the seats of a finished game; `before[i]` is seat i's rating now.
std::vector<RatingChange> rate_game(const TableResult& result, bool anti,
                                    const std::vector<StoredRating>& before);
// [{"seat", "before", "after", "rd_after", "delta"}], as stored in the result (delta exact).
json rating_changes_json(const std::vector<RatingChange>& changes);

}  // namespace reversi::server
