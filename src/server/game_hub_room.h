// SPDX-License-Identifier: MIT
// The hub's own parts shared by its three source files (game_hub.cpp: rooms, commits,
// timers and the engine; game_hub_http.cpp: the HTTP API; game_hub_ws.cpp: WebSocket
// subscribers and their messages). Not for use outside the hub.
#pragma once

#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "server/game_hub.h"

namespace reversi::server {

struct GameHub::Room {
    Room(Table t, net::io_context& ioc) : table(std::move(t)), timer(ioc) {}
    Table table;
    std::unordered_set<Subscriber*> subscribers;
    net::steady_timer timer;
    uint64_t generation = 0;  // bumped by undo and resign: pending searches become stale
    bool engine_busy = false;
    int pending_writes = 0;
    bool saved = false;    // the table row has been committed at least once
    bool dropped = false;  // a write failed: the room left memory
    std::shared_ptr<WriteFence> fence = std::make_shared<WriteFence>();
    std::shared_ptr<const std::string> committed;  // last state whose changes are committed
    int64_t last_change = 0;                       // steady ms of the last change or visit
    std::vector<char> hint_pending;                // per seat: a hint is being searched
};

namespace hub_detail {

inline Reply json_reply(int status, const json& body) {
    return {status, "application/json", dump_safe(body)};
}

inline Reply error_reply(const ApiError& e) {
    return json_reply(error_status(e.code()), error_json(e));
}

inline std::optional<int> optional_int(const json& msg, const char* key) {
    const auto it = msg.find(key);
    if (it == msg.end() || it->is_null()) return std::nullopt;
    return get_int(msg, key, 0);
}

inline Table table_from(const StoredTable& st, int64_t now, std::string* cut = nullptr) {
    return Table::restore(st.id, json::parse(st.spec), st.created, st.moves,
                          st.result.empty() ? json(nullptr) : json::parse(st.result), now, cut);
}

// Runs a handler of an HTTP request: whatever it throws becomes an error answer (once), so
// no request can end the process or leave its connection without an answer.
inline void answer_guarded(const Respond& respond,
                           const std::function<void(const Respond&)>& body) {
    auto answered = std::make_shared<bool>(false);
    const Respond once = [respond, answered](Reply r) {
        if (*answered) return;
        *answered = true;
        respond(std::move(r));
    };
    const auto fail = [&](const ApiError& e) {
        if (!*answered) once(error_reply(e));
    };
    try {
        body(once);
    } catch (const core::SetupError& e) {
        fail(ApiError(ErrorCode::BadSetup, e.what()));
    } catch (const ApiError& e) {
        fail(e);
    } catch (const std::exception& e) {
        std::cerr << "http: handler failed: " << utf8_safe(e.what()) << '\n';
        fail(ApiError(ErrorCode::Internal, "the server failed to handle this request"));
    } catch (...) {
        std::cerr << "http: handler failed\n";
        fail(ApiError(ErrorCode::Internal, "the server failed to handle this request"));
    }
}

}  // namespace hub_detail

}  // namespace reversi::server
