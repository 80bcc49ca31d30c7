// SPDX-License-Identifier: MIT
// The hub's WebSocket side (docs/PROTOCOL.md "WebSocket"): subscribers joining and leaving a
// room, and every message they send. on_message is the barrier: any exception becomes an
// error message to that client only.
#include <algorithm>
#include <iostream>

#include "core/notation.h"
#include "server/accounts/accounts.h"
#include "server/hub/hub.h"
#include "server/hub/room.h"
#include "server/hub/table_ownership.h"

namespace reversi::server {

using namespace hub_detail;

void GameHub::subscribe(Subscriber& sub, const std::string& table, const std::string& token) {
    sub.serial = next_serial_++;
    sub.table = table;
    subscribers_[sub.serial] = &sub;
    if (accounts_) accounts_->connected(sub.identity.player, +1);
    const uint64_t serial = sub.serial;
    // Several nodes: a table another node owns sends the client there (docs/MULTINODE.md).
    const auto moved = [this, serial](const std::string& owner) {
        const auto it = subscribers_.find(serial);
        if (it == subscribers_.end()) return;
        it->second->send(std::make_shared<const std::string>(moved_message(owner)));
        it->second->close();
    };
    with_room(
        table,
        [this, serial, table, token](RoomPtr room) {
            try {
                const auto it = subscribers_.find(serial);
                if (it == subscribers_.end()) {
                    if (room) after_change(room);
                    return;  // gone while the table was loading
                }
                Subscriber& sub = *it->second;
                if (!room) {
                    send_error(sub, ApiError(ErrorCode::NotFound, "no table " + table));
                    sub.close();
                    return;
                }
                // The seats of the session's player, and those of the token (docs/SITE.md).
                sub.seats = seats_of_player(room->table, sub.identity);
                if (!token.empty()) {
                    const std::vector<int> by_token = room->table.seats_of(token);
                    if (by_token.empty() && sub.seats.empty())
                        send_error(sub,
                                   ApiError(ErrorCode::BadToken,
                                            "this token holds no seat here; you are watching"));
                    if (!by_token.empty()) sub.token = token;
                    for (int s : by_token)
                        if (std::find(sub.seats.begin(), sub.seats.end(), s) == sub.seats.end())
                            sub.seats.push_back(s);
                    std::sort(sub.seats.begin(), sub.seats.end());
                }
                room->subscribers.insert(&sub);
                room->table.add_connection(sub.seats, +1, now());
                room->last_change = now();
                if (sub.seats.empty()) {
                    sub.send(message_for(current_state(*room), {}));
                } else {
                    // The "connected" flag changed for everyone (once nothing is pending).
                    const auto state = current_state(*room);
                    broadcast(*room, state);
                }
                send_chat_log(sub, *room);
                // A player at their table: the lobby's turn of a computer game follows.
                if (!sub.seats.empty()) after_change(room);
            } catch (const std::exception& e) {
                std::cerr << "ws: subscribe failed: " << utf8_safe(e.what()) << '\n';
                const auto it = subscribers_.find(serial);
                if (it != subscribers_.end()) {
                    send_error(*it->second,
                               ApiError(ErrorCode::Internal, "the server failed to join you"));
                    it->second->close();
                }
            }
        },
        moved);
}

void GameHub::unsubscribe(Subscriber& sub) {
    if (subscribers_.erase(sub.serial) && accounts_) accounts_->connected(sub.identity.player, -1);
    RoomPtr room = find(sub.table);
    if (!room || !room->subscribers.erase(&sub)) return;
    room->table.add_connection(sub.seats, -1, now());
    if (!sub.seats.empty() && room->pending_writes == 0) broadcast(*room, current_state(*room));
    after_change(room);
}

void GameHub::on_message(Subscriber& sub, const std::string& text) {
    try {
        if (text.size() > MaxMessageBytes)
            throw ApiError(ErrorCode::TooLarge, "messages are limited to 64 KiB");
        const json msg = parse_json(text);
        if (!msg.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        const std::string type = get_string(msg, "type", "");
        if (type == "ping") {
            sub.send(std::make_shared<const std::string>(R"({"type":"pong"})"));
            return;
        }
        RoomPtr room = find(sub.table);
        if (!room || !room->subscribers.count(&sub))
            throw ApiError(ErrorCode::NotFound, "this connection is not at a table; reconnect");
        finisher_.check_flag(room);
        if (type == "move")
            on_move(sub, room, msg);
        else if (type == "undo")
            on_undo(sub, room);
        else if (type == "resign")
            finisher_.resign(room, sub.seats, optional_int(msg, "seat"));
        else if (type == "rematch" || type == "offer")
            offers_.offer(sub, room, msg);
        else if (type == "answer")
            offers_.answer(sub, room, msg);
        else if (type == "withdraw")
            offers_.withdraw(sub, room, msg);
        else if (type == "chat")
            on_chat(sub, room, msg);
        else if (type == "abort")
            finisher_.abort(room, sub.seats);
        else if (type == "claim")
            finisher_.claim(room, sub.seats);
        else if (type == "hint")
            on_hint(sub, room);
        else if (type == "cancel")
            finisher_.cancel(room, sub.seats);
        else if (type.empty())
            throw ApiError(ErrorCode::BadRequest, "field \"type\" is missing");
        else
            throw ApiError(ErrorCode::BadRequest,
                           "unknown message type \"" + utf8_safe(type, 40) + "\"");
    } catch (const ApiError& e) {
        send_error(sub, e);
    } catch (const std::exception& e) {
        std::cerr << "ws: message failed: " << utf8_safe(e.what()) << '\n';
        send_error(sub, ApiError(ErrorCode::Internal, "the server failed to handle the message"));
    } catch (...) {
        std::cerr << "ws: message failed\n";
        send_error(sub, ApiError(ErrorCode::Internal, "the server failed to handle the message"));
    }
}

void GameHub::on_move(Subscriber& sub, const RoomPtr& room, const json& msg) {
    const auto it = msg.find("square");
    if (it == msg.end() || !it->is_string())
        throw ApiError(ErrorCode::BadRequest, "field \"square\" must be a square name");
    const std::optional<int> ply = optional_int(msg, "ply");
    Table& t = room->table;
    const TableStatus before = t.status();
    commit_move(room, t.play(sub.seats, it->get<std::string>(), ply, now()), before);
}

void GameHub::commit_move(const RoomPtr& room, const MoveRecord& rec, TableStatus before,
                          std::function<void(bool)> then) {
    // The table row is saved too when the move changed its status (the game ended).
    const Table& t = room->table;
    std::optional<StoredTable> st;
    if (before != t.status()) st = stored(t);
    const std::string id = t.id();
    commit(
        room,
        [id, rec, st](Storage& s) {
            s.add_move(id, rec);
            if (st) s.save_table(*st);
        },
        snapshot(*room),
        [metrics = metrics_, received = std::chrono::steady_clock::now(),
         then = std::move(then)](bool ok) {
            if (ok && metrics) metrics->move_acknowledged(received);
            if (then) then(ok);
        });
}

void GameHub::on_undo(Subscriber& sub, const RoomPtr& room) {
    const int ply = room->table.undo(sub.seats, now());
    room->generation++;
    const std::string id = room->table.id();
    commit(
        room, [id, ply](Storage& s) { s.truncate_moves(id, ply); }, snapshot(*room));
}

void GameHub::on_hint(Subscriber& sub, const RoomPtr& room) {
    Table& t = room->table;
    t.check_hint(sub.seats);
    const int seat = t.to_move();
    if (room->hint_pending[seat])
        throw ApiError(ErrorCode::Busy, "a hint for this seat is already being searched");
    engine::SearchLimits limits;
    limits.seconds = options_.hint_seconds;
    const uint64_t serial = sub.serial;
    const int ply = t.ply();
    auto variant = t.game().shared_variant();
    const bool queued = engines_.submit(
        variant, t.game().position(), limits,
        [this, room, seat, serial, ply, variant](const engine::SearchResult& r) {
            net::post(ioc_, [this, room, seat, serial, ply, variant, r] {
                room->hint_pending[seat] = 0;
                send_hint(serial, ply, variant, r);
            });
        },
        EnginePool::Priority::Hint, sub.address.empty() ? engine_owner(*room) : sub.address);
    if (!queued) throw ApiError(ErrorCode::Busy, "the engine is busy; ask for a hint again soon");
    room->hint_pending[seat] = 1;
}

void GameHub::send_hint(uint64_t serial, int ply,
                        const std::shared_ptr<const core::Variant>& variant,
                        const engine::SearchResult& r) {
    const auto it = subscribers_.find(serial);
    if (it == subscribers_.end()) return;
    json hint = {
        {"type", "hint"},
        {"square", r.best == core::NoSquare ? json(nullptr)
                                            : json(core::square_name(variant->geometry(), r.best))},
        {"score", r.score},
        {"depth", r.depth},
        {"ply", ply}};
    it->second->send(std::make_shared<const std::string>(dump_safe(hint)));
}

}  // namespace reversi::server
