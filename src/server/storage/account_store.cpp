// SPDX-License-Identifier: MIT
// The defaults of the single-row reads: scans of the full lists, correct on any store (one
// node never needs them; PostgreSQL, shared by several, reads by key).
#include "server/storage/account_store.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace reversi::server {

std::optional<StoredSession> AccountStore::load_session(const std::string& token_hash) {
    for (StoredSession& s : sessions())
        if (s.token_hash == token_hash) return std::move(s);
    return std::nullopt;
}

std::vector<StoredSession> AccountStore::sessions_of(int64_t player) {
    std::vector<StoredSession> out;
    for (StoredSession& s : sessions())
        if (s.player == player) out.push_back(std::move(s));
    return out;
}

std::optional<StoredPlayer> AccountStore::load_player(int64_t id) {
    for (StoredPlayer& p : players())
        if (p.id == id) return std::move(p);
    return std::nullopt;
}

std::optional<StoredPlayer> AccountStore::load_player_named(const std::string& name_key) {
    for (StoredPlayer& p : players())
        if (p.name_key == name_key) return std::move(p);
    return std::nullopt;
}

std::optional<StoredPlayer> AccountStore::load_player_with_skeleton(const std::string& skeleton) {
    if (skeleton.empty()) return std::nullopt;
    for (StoredPlayer& p : players())
        if (p.name_skeleton == skeleton) return std::move(p);
    return std::nullopt;
}

std::vector<StoredRating> AccountStore::ratings_of(int64_t player) {
    std::vector<StoredRating> out;
    for (StoredRating& r : ratings())
        if (r.player == player) out.push_back(std::move(r));
    return out;
}

std::optional<StoredRating> AccountStore::rating_for_update(int64_t player,
                                                            const std::string& pool) {
    for (StoredRating& r : ratings_of(player))
        if (r.pool == pool) return std::move(r);
    return std::nullopt;
}

void AccountStore::touch_session(const std::string& token_hash, int64_t last_seen) {
    if (std::optional<StoredSession> s = load_session(token_hash)) {
        s->last_seen = last_seen;
        save_session(*s);
    }
}

std::vector<RankedRating> AccountStore::top_ratings(const std::string& pool, int limit) {
    std::unordered_map<int64_t, std::string> names;
    for (StoredPlayer& p : players()) names[p.id] = std::move(p.name);
    std::vector<RankedRating> out;
    for (StoredRating& r : ratings())
        if (r.pool == pool && r.games > 0 && names.count(r.player))
            out.push_back({r, names[r.player]});
    // Established players first (rd at most 110, as ProvisionalRd), each group by rating.
    std::sort(out.begin(), out.end(), [](const RankedRating& a, const RankedRating& b) {
        const bool pa = a.rating.rd > 110, pb = b.rating.rd > 110;
        if (pa != pb) return !pa;
        if (a.rating.rating != b.rating.rating) return a.rating.rating > b.rating.rating;
        return a.rating.player < b.rating.player;
    });
    if (limit >= 0 && static_cast<int>(out.size()) > limit) out.resize(limit);
    return out;
}

std::pair<int64_t, int64_t> AccountStore::reserve_player_ids() {
    throw std::runtime_error("this store hands out no blocks of player ids");
}

}  // namespace reversi::server
