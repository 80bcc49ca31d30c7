// SPDX-License-Identifier: MIT
// Settling a finished game (docs/SITE.md "Ratings"): each player's outcome for the profiles
// and, for a rated game, every seat's new rating, computed from the cached ratings
// (RatingCache, which the accounts implement) and applied to that cache at once, so a game
// ending before the store has this one builds on it. The settlement is one write, run in the
// transaction that stores the end itself, so the store never holds a finished rated game
// without its rating changes; when that transaction fails, `undo` puts the cache back.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/storage/storage.h"
#include "server/storage/stored_accounts.h"
#include "server/table/table.h"

namespace reversi::server {

// The ratings a settlement reads and changes (accounts/accounts.h implements it).
class RatingCache {
  public:
    virtual ~RatingCache() = default;
    // The player's rating in `pool` (the starting rating when none is stored).
    virtual StoredRating rating(int64_t player, const std::string& pool) const = 0;
    // Replaces the cached rating (the settlement writes it to the store).
    virtual void set_rating(const StoredRating& rating) = 0;
    // Whether several nodes share the store: then the end is rated again from the stored
    // ratings when another node changed one (rated_end.h).
    virtual bool shared_store() const = 0;
    // A function that any thread may call with ratings just saved: they replace the cached
    // ones on the network thread.
    virtual std::function<void(const std::vector<StoredRating>&)> rating_sink() = 0;
};

// What settling a game writes, and how to take its effect on the cache back.
struct Settlement {
    // The outcomes, the ratings and the table row holding their changes, for the end's
    // transaction; empty when there is nothing to write.
    std::function<void(Storage&)> write;
    // Puts back the cached ratings the settlement changed, unless a later game built on them
    // meanwhile; empty when it changed none.
    std::function<void()> undo;
};

// Settles `table`, which is finished and has a result. Without `cache` (a server without
// accounts) only the outcomes are written. A rated game whose every seat is a player and
// whose end counts is rated: the changes go into the table's result, and `row` makes the
// table's stored row from it.
Settlement settle_finished_game(Table& table, RatingCache* cache,
                                const std::function<StoredTable(const Table&)>& row);

}  // namespace reversi::server
