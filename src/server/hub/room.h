// SPDX-License-Identifier: MIT
// A live table as the hub holds it (a "room"), and the helpers the hub's source files share
// (hub/hub.cpp: rooms, commits, timers and the engine; hub/http.cpp: the HTTP API; hub/ws.cpp:
// WebSocket subscribers and their messages) with its small classes (finisher, offer_handler,
// moderation_hooks). Not for use outside the hub.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "server/hub/hub.h"

namespace reversi::server {

struct Room {
    Room(Table t, net::io_context& ioc) : table(std::move(t)), timer(ioc) {}
    Table table;
    std::unordered_set<Subscriber*> subscribers;
    net::steady_timer timer;
    uint64_t generation = 0;  // bumped by undo and resign: pending searches become stale
    bool engine_busy = false;
    int pending_writes = 0;
    bool saved = false;    // the table row has been committed at least once
    bool dropped = false;  // a write failed: the room left memory
    bool leased = false;   // several nodes: this node holds (or its first write takes) the lease
    std::shared_ptr<WriteFence> fence = std::make_shared<WriteFence>();
    std::shared_ptr<const std::string> committed;  // last state whose changes are committed
    int64_t last_change = 0;                       // steady ms of the last change or visit
    std::vector<char> hint_pending;                // per seat: a hint is being searched
    // Per seat: the address its player took it from (empty: not known, as after a restart),
    // so a rated table is never joined by a second account of the same address.
    std::vector<std::string> seat_addresses;
    bool settled = false;        // the end's outcomes and ratings are applied (hub/finisher.h)
    bool end_reported = false;   // game-over listeners heard of its end (or it came finished)
    ChatLog chat;                // the last lines said at the table
    ChatThrottle chat_throttle;  // per player and per address, over all their connections
};

namespace hub_detail {

inline std::optional<int> optional_int(const json& msg, const char* key) {
    const auto it = msg.find(key);
    if (it == msg.end() || it->is_null()) return std::nullopt;
    return get_int(msg, key, 0);
}

inline Table table_from(const StoredTable& st, int64_t now, std::string* cut = nullptr) {
    return Table::restore(st.id, json::parse(st.spec), st.created, st.moves,
                          st.result.empty() ? json(nullptr) : json::parse(st.result), now, cut);
}

// The "names" of a local table's create request, one per seat (empty when absent); throws
// bad_request for a list that is not one valid name per seat (hub/players.cpp).
std::vector<std::string> seat_names(const json& req, int players);

}  // namespace hub_detail

}  // namespace reversi::server
