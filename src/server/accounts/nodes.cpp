// SPDX-License-Identifier: MIT
// The accounts across several nodes on one store (docs/MULTINODE.md "Accounts across nodes").
// On a shared store each node's cache is only a cache: player ids come in blocks reserved in
// the store, a session or name this node does not know is read from the store, and a cached
// session is read again once older than the recheck interval, so one ended on another node
// stops working here within that bound. Every read runs on the storage thread; the network
// thread only queues it and carries on. On a one-node store none of this runs.
#include <algorithm>

#include "server/accounts/accounts.h"
#include "server/accounts/player_names.h"
#include "server/common/secrets.h"

namespace reversi::server {

namespace {

// A refill is asked for while this many ids are left, so a burst of new guests does not
// find the block empty; at most this many look-ups wait on the store at once, so forged
// cookies cannot queue unbounded reads (beyond it a token counts as unknown this time).
constexpr int64_t RefillBelow = 32;
constexpr std::size_t MaxLookups = 256;
// Remembered misses are forgotten in one sweep when there are this many.
constexpr std::size_t MaxMisses = 100'000;

}  // namespace

std::optional<int64_t> Accounts::take_player_id() {
    if (!options_.shared_store) return next_id_++;
    while (!id_blocks_.empty() && id_blocks_.front().first >= id_blocks_.front().second)
        id_blocks_.pop_front();
    std::optional<int64_t> id;
    if (!id_blocks_.empty()) id = id_blocks_.front().first++;
    int64_t left = 0;
    for (const auto& [first, end] : id_blocks_) left += end - first;
    if (left < RefillBelow) refill_ids();
    return id;
}

void Accounts::refill_ids() {
    if (refilling_) return;
    refilling_ = true;
    auto block = std::make_shared<std::optional<std::pair<int64_t, int64_t>>>();
    std::weak_ptr<const int> life = life_;
    storage_.read([block](Storage& s) { *block = s.reserve_player_ids(); },
                  [this, life, block] {
                      if (life.expired()) return;
                      refilling_ = false;
                      // A failed read (logged by the queue) is tried again at the next guest.
                      if (*block) id_blocks_.push_back(**block);
                  });
}

void Accounts::save_seen(const StoredSession& row) {
    if (!options_.shared_store) return write([row](Storage& st) { st.save_session(row); });
    // An update, not an insert: another node may have deleted the session meanwhile.
    write([hash = row.token_hash, seen = row.last_seen](Storage& st) {
        st.touch_session(hash, seen);
    });
}

void Accounts::remember(const StoredPlayer& player, const std::vector<StoredRating>& ratings) {
    // The name may have changed (a guest registered elsewhere), and another player may have
    // taken over a name this cache still gives to someone else.
    if (const auto it = players_.find(player.id); it != players_.end())
        forget_names(it->second.row);
    index_names(player);
    players_[player.id] = Player{player};
    for (auto it = ratings_.lower_bound({player.id, std::string()});
         it != ratings_.end() && it->first.first == player.id;)
        it = ratings_.erase(it);
    for (const StoredRating& r : ratings) ratings_[{r.player, r.pool}] = r;
}

void Accounts::resolve(std::string_view cookie_header, std::function<void()> then) {
    if (!options_.shared_store) return then();
    const std::string token = session_token(cookie_header);
    if (token.empty()) return then();
    const std::string hash = token_hash(token);
    const int64_t now = steady_now();
    if (const auto it = sessions_.find(hash); it != sessions_.end()) {
        if (now - it->second.checked < options_.session_recheck_ms) return then();
    } else if (const auto miss = misses_.find(hash); miss != misses_.end()) {
        if (now < miss->second) return then();
        misses_.erase(miss);
    }
    if (const auto waiting = lookups_.find(hash); waiting != lookups_.end()) {
        waiting->second.push_back(std::move(then));
        return;
    }
    if (lookups_.size() >= MaxLookups) return then();
    lookups_[hash].push_back(std::move(then));
    auto found = std::make_shared<Found>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [found, hash](Storage& s) {
            std::optional<StoredSession> session = s.load_session(hash);
            if (session) {
                found->player = s.load_player(session->player);
                if (found->player) found->ratings = s.ratings_of(found->player->id);
            }
            found->session = std::move(session);
            found->read = true;
        },
        [this, life, found, hash] {
            if (life.expired()) return;
            apply_lookup(hash, *found);
            const auto it = lookups_.find(hash);
            if (it == lookups_.end()) return;
            std::vector<std::function<void()>> waiting = std::move(it->second);
            lookups_.erase(it);
            for (auto& then : waiting) then();
        });
}

void Accounts::apply_lookup(const std::string& hash, const Found& found) {
    const int64_t now = steady_now();
    if (!found.read) {
        // The store is unreachable: keep what the cache knows, ask again after the interval.
        if (const auto it = sessions_.find(hash); it != sessions_.end()) it->second.checked = now;
        return;
    }
    if (!found.session || !found.player) {
        // Ended on another node (logout, password change), or never existed.
        sessions_.erase(hash);
        if (misses_.size() >= MaxMisses)
            std::erase_if(misses_, [&](const auto& kv) { return kv.second <= now; });
        if (misses_.size() < MaxMisses) misses_[hash] = now + options_.miss_memory_ms;
        return;
    }
    remember(*found.player, found.ratings);
    Session& s = sessions_[hash];
    const int64_t seen = std::max(s.row.last_seen, found.session->last_seen);
    s.row = *found.session;
    s.row.last_seen = seen;
    s.saved_seen = std::max(s.saved_seen, found.session->last_seen);
    s.checked = now;
}

void Accounts::with_player_named(const std::string& name, std::function<void()> then) {
    if (!options_.shared_store || name.empty() || !utf8_valid(name)) return then();
    auto found = std::make_shared<Found>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [found, key = name_key(name)](Storage& s) {
            found->player = s.load_player_named(key);
            if (found->player) found->ratings = s.ratings_of(found->player->id);
            found->read = true;
        },
        [this, life, found, key = name_key(name), then = std::move(then)] {
            if (life.expired()) return;
            if (found->player) {
                remember(*found->player, found->ratings);
            } else if (found->read) {
                // Gone from the store (renamed elsewhere): the cache must not keep the name.
                if (const auto it = by_key_.find(key); it != by_key_.end()) by_key_.erase(it);
            }
            then();
        });
}

}  // namespace reversi::server

namespace reversi::server {

std::function<void(const std::vector<StoredRating>&)> Accounts::rating_sink() {
    std::weak_ptr<const int> life = life_;
    return [this, life](const std::vector<StoredRating>& saved) {
        net::post(ioc_, [this, life, saved] {
            if (life.expired()) return;
            for (const StoredRating& r : saved) set_rating(r);
        });
    };
}

}  // namespace reversi::server
