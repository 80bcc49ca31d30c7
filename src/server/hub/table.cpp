// SPDX-License-Identifier: MIT
// The hub at the table (docs/SITE.md "At the table"): chat, and the rematch table that a
// granted rematch offer asks for (the offers themselves: hub/offer_handler.h; abort and
// claim: hub/finisher.h). Chat lines are written without the table's fence: a chat line the
// store refused is not part of the game, so it costs its sender an `unavailable` answer, not
// the table.
#include <iostream>

#include "server/hub/hub.h"
#include "server/hub/room.h"

namespace reversi::server {

using namespace hub_detail;

namespace {

// The name a chat line is shown under: the seat's name (or colour), else the connection's
// player, else "spectator".
std::string chat_sender(const Subscriber& sub, const Table& table) {
    static constexpr const char* Colours[] = {"Black", "White", "Red", "Green"};
    if (!sub.seats.empty()) {
        const int seat = sub.seats.front();
        const std::string& name = table.spec().seats[seat].name;
        if (!name.empty()) return name;
        if (!sub.identity.name.empty()) return sub.identity.name;
        return seat < 4 ? Colours[seat] : "player";
    }
    return sub.identity.name.empty() ? "spectator" : sub.identity.name;
}

// During a rated game that is not over, players do not see what spectators say.
bool hides_spectators(const Table& table) {
    return table.rated() && table.status() != TableStatus::Finished;
}

}  // namespace

void GameHub::send_chat_log(Subscriber& sub, Room& room) {
    const bool with_spectators = sub.seats.empty() || !hides_spectators(room.table);
    sub.send(
        std::make_shared<const std::string>(chat_log_text(room.chat.lines(), with_spectators)));
}

void GameHub::on_chat(Subscriber& sub, const RoomPtr& room, const json& msg) {
    const auto it = msg.find("text");
    if (it == msg.end() || !it->is_string())
        throw ApiError(ErrorCode::BadRequest, "field \"text\" must be a string");
    const std::string text = it->get<std::string>();
    if (const std::string why = chat_problem(text); !why.empty())
        throw ApiError(ErrorCode::BadRequest, why);
    moderation_hooks_.check_mute(sub.identity.player);
    // Counted last, so that a refused line costs nothing of the allowance.
    if (!room->chat_throttle.allow(sub.identity.player, sub.address, now()))
        throw ApiError(ErrorCode::RateLimited,
                       "at most " + std::to_string(ChatBurst) + " chat messages in " +
                           std::to_string(ChatWindowMs / 1000) + " s from one player (and " +
                           std::to_string(ChatAddressBurst) + " from one address); wait a moment");
    ChatLine line;
    line.time = wall_now();
    line.seat = sub.seats.empty() ? -1 : sub.seats.front();
    line.from = chat_sender(sub, room->table);
    line.text = text;
    line.player = sub.identity.player;
    const ChatLine kept = room->chat.append(std::move(line));
    const std::string id = room->table.id();
    const uint64_t serial = sub.serial;
    storage_.write(
        [id, kept](Storage& s) { s.add_chat(id, kept); },
        [this, room, kept, serial](bool ok) {
            if (!ok) {
                room->chat.forget(kept.seq);
                const auto it = subscribers_.find(serial);
                if (it != subscribers_.end())
                    send_error(*it->second, ApiError(ErrorCode::Unavailable,
                                                     "the message could not be saved; try again"));
                return;
            }
            const auto message = std::make_shared<const std::string>(chat_message_text(kept));
            const bool hide = kept.spectator() && hides_spectators(room->table);
            for (Subscriber* s : room->subscribers)
                if (!hide || s->seats.empty()) s->send(message);
        });
}

void GameHub::check_rematch_room(const std::string& address) {
    check_table_room();
    if (table_creations_.wait_seconds(address, now()) > 0)
        throw ApiError(ErrorCode::RateLimited, "too many new tables from your address; try later");
}

void GameHub::start_rematch(Subscriber& sub, const RoomPtr& room) {
    Table& t = room->table;
    const std::vector<RatedSeat> meeting = rated_seats(*room);
    if (t.rated()) check_rated_meeting(meeting);
    if (!table_creations_.allow(sub.address, now()))
        throw ApiError(ErrorCode::RateLimited, "too many new tables from your address; try later");
    if (t.rated()) record_rated_meeting(meeting);
    Table made(new_id(), t.rematch_spec(), wall_now(), now());
    // The seats' ratings are the players' ratings now, after the game just rated, not the
    // ones the old table was made with.
    const auto& seats = made.spec().seats;
    for (int i = 0; i < static_cast<int>(seats.size()); ++i)
        if (seats[i].player) seat_player(made, i, Identity{seats[i].player, seats[i].name, false});
    RoomPtr next = add_room(std::move(made));
    // The seats rotate by one, as rematch_spec() rotates them.
    const size_t n = room->seat_addresses.size();
    next->seat_addresses.resize(n);
    for (size_t i = 0; i < n; ++i) next->seat_addresses[(i + 1) % n] = room->seat_addresses[i];
    t.set_rematch(next->table.id());
    const StoredTable old_row = stored(t), new_row = stored(next->table);
    auto message = std::make_shared<const std::string>(
        json{{"type", "rematch"}, {"table", new_row.id}}.dump());
    commit(
        next, [new_row](Storage& s) { s.save_table(new_row); }, snapshot(*next));
    commit(
        room, [old_row](Storage& s) { s.save_table(old_row); }, snapshot(*room),
        [this, room, message](bool ok) {
            if (ok) send_to_all(*room, message);
        });
}

}  // namespace reversi::server
