// SPDX-License-Identifier: MIT
// Taking a rated game's changes back (docs/SITE.md "Moderation": games found farmed): each
// seat's rating moves back by the exact change the game stored, pure.
#pragma once

#include <utility>
#include <vector>

#include "server/common/protocol.h"
#include "server/storage/stored_accounts.h"

namespace reversi::server {

// Each seat's change in a stored result's "ratings" ([{"seat", "before", "after", "delta"}]):
// "delta" (exact) where stored, else after - before (rounded to a tenth, for games rated
// before deltas were stored). Entries that do not read are left out.
std::vector<std::pair<int, double>> stored_deltas(const json& ratings);

// `now` with one game's change `delta` taken back: the rating moves by -delta and counts one
// game fewer (never below none). Deviation and volatility stay: later games built on them.
StoredRating without_change(StoredRating now, double delta);

}  // namespace reversi::server
