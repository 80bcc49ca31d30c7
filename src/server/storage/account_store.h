// SPDX-License-Identifier: MIT
// What a store keeps of accounts (docs/SITE.md "Identity", "Ratings"): players, sessions,
// ratings and the seats players held. Methods throw std::runtime_error on failure and run on
// the storage thread, inside the transaction of the Storage they belong to (storage.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/storage/stored_accounts.h"
#include "server/storage/stored_tables.h"

namespace reversi::server {

// Players, sessions, ratings and seats held.
class AccountStore {
  public:
    virtual ~AccountStore() = default;

    // Players, sessions and ratings (docs/SITE.md "Identity", "Ratings"). save_* insert or
    // replace by key (player id, token hash, player and pool).
    virtual void save_player(const StoredPlayer& player) = 0;
    virtual std::vector<StoredPlayer> players() = 0;
    virtual void save_session(const StoredSession& session) = 0;
    virtual void delete_session(const std::string& token_hash) = 0;
    // Deletes every session of `player` except the one whose hash is `keep` (may be empty).
    virtual void delete_sessions_of(int64_t player, const std::string& keep) = 0;
    virtual std::vector<StoredSession> sessions() = 0;
    virtual void save_rating(const StoredRating& rating) = 0;
    virtual std::vector<StoredRating> ratings() = 0;
    // Records that `player` holds `seat` of `table`; its outcome ("won", "drawn", "lost") is
    // set when the game ends (set_outcome), and only such seats count in stats and lists.
    virtual void save_table_player(const std::string& table, int seat, int64_t player) = 0;
    virtual void set_outcome(const std::string& table, int seat, const std::string& outcome) = 0;
    virtual PlayerStats player_stats(int64_t player) = 0;
    // The player's finished games with an outcome, with their moves, newest first.
    virtual std::vector<StoredTable> player_games(int64_t player, int limit) = 0;

    // Single rows of accounts, for several nodes on one store (docs/MULTINODE.md "Accounts
    // across nodes"). account_store.cpp has defaults that scan the full lists (correct on any
    // store; a one-node store never needs them); PostgreSQL reads by key.
    virtual std::optional<StoredSession> load_session(const std::string& token_hash);
    // Every session of `player` (a bot's API tokens among them).
    virtual std::vector<StoredSession> sessions_of(int64_t player);
    virtual std::optional<StoredPlayer> load_player(int64_t id);
    virtual std::optional<StoredPlayer> load_player_named(const std::string& name_key);
    // The player whose name_skeleton is `skeleton`; none for an empty one.
    virtual std::optional<StoredPlayer> load_player_with_skeleton(const std::string& skeleton);
    virtual std::vector<StoredRating> ratings_of(int64_t player);
    // The stored rating, locked until the transaction ends where the store can (PostgreSQL:
    // a starting row with no games made first if missing, then SELECT ... FOR UPDATE);
    // nothing when none is stored.
    virtual std::optional<StoredRating> rating_for_update(int64_t player, const std::string& pool);
    // Sets a session's last_seen only if the session still exists (never brings back one
    // that another node deleted).
    virtual void touch_session(const std::string& token_hash, int64_t last_seen);
    // The rated players of `pool` (games > 0), established ones first, each group by rating.
    virtual std::vector<RankedRating> top_ratings(const std::string& pool, int limit);
    // Reserves a block of player ids no other node gets: [first, end). The default throws
    // (a one-node store numbers players itself).
    virtual std::pair<int64_t, int64_t> reserve_player_ids();
};

}  // namespace reversi::server
