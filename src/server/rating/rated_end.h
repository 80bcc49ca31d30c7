// SPDX-License-Identifier: MIT
// The rating part of a rated game's end, written inside the commit of the end itself. The
// game was rated from this node's cached ratings; on a store several nodes share, another
// node may have changed one since (a game it settled), so the stored ratings are read again,
// locked, in the same transaction, and where one differs the game is rated again from the
// stored values, which are then what is saved, with the table row's result to match.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "server/rating/ratings.h"
#include "server/storage/storage.h"

namespace reversi::server {

struct RatedEnd {
    std::vector<RatingChange> changes;  // computed from the cache, by seat
    TableResult result;
    bool anti = false;
    std::optional<StoredTable> row;  // the table, its result holding `changes`
    // Called (on the storage thread) with the ratings saved when they were computed again.
    std::function<void(const std::vector<StoredRating>&)> rerated;
};

// Saves the new ratings and the row. With `recheck` (a shared store) the changes are computed
// again when a stored rating differs from the one they started from. Returns what was saved.
std::vector<RatingChange> save_rated_end(Storage& storage, const RatedEnd& end, bool recheck);

}  // namespace reversi::server
