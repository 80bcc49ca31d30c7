// SPDX-License-Identifier: MIT
// The end of a game at a live table: its commit, its settlement and its report (finisher.h).
#include "server/hub/finisher.h"

#include <iostream>

#include "server/hub/room.h"

namespace reversi::server {

Finisher::Finisher(RoomHost& host, std::function<RatingCache*()> ratings)
    : host_(host), ratings_(std::move(ratings)) {}

void Finisher::commit_end(const RoomPtr& room, std::function<void(bool)> then) {
    room->generation++;
    const StoredTable st = stored_record(room->table);
    host_.commit(
        room, [st](Storage& s) { s.save_table(st); }, host_.snapshot(*room), std::move(then));
}

void Finisher::resign(const RoomPtr& room, const std::vector<int>& held, std::optional<int> seat,
                      std::function<void(bool)> then) {
    room->table.resign(held, seat, host_.now());
    commit_end(room, std::move(then));
}

void Finisher::abort(const RoomPtr& room, const std::vector<int>& held) {
    room->table.abort(held, host_.now());
    commit_end(room);
}

void Finisher::claim(const RoomPtr& room, const std::vector<int>& held) {
    room->table.claim(held, host_.now());
    commit_end(room);
}

void Finisher::cancel(const RoomPtr& room, const std::vector<int>& held) {
    room->table.cancel(held);
    commit_end(room);
}

void Finisher::check_flag(const RoomPtr& room) {
    if (room->table.check_flag(host_.now())) commit_end(room);
}

void Finisher::expire(const RoomPtr& room) {
    room->table.expire();
    commit_end(room);
}

Settlement Finisher::settle(Room& room) {
    Table& t = room.table;
    if (room.settled || t.status() != TableStatus::Finished || !t.result()) return {};
    room.settled = true;
    return settle_finished_game(t, ratings_ ? ratings_() : nullptr, stored_record);
}

void Finisher::report_end(Room& room) {
    const Table& t = room.table;
    if (t.status() != TableStatus::Finished || room.end_reported) return;
    room.end_reported = true;
    // What spectators said during a rated game was kept from the players until now: they
    // get the whole log (docs/SITE.md "At the table").
    if (t.rated())
        for (Subscriber* sub : room.subscribers)
            if (!sub->seats.empty()) host_.send_chat_log(*sub, room);
    for (const auto& listener : game_over_) {
        try {
            listener(t);
        } catch (const std::exception& e) {
            std::cerr << "game over: table " << t.id() << ": " << utf8_safe(e.what()) << '\n';
        }
    }
}

}  // namespace reversi::server
