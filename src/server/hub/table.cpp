// SPDX-License-Identifier: MIT
// The hub at the table (docs/SITE.md "At the table"): chat, offers (draw, takeback, rematch)
// and their answers, abort and claim. The table decides (table/etiquette.cpp); the hub
// commits what changed before anyone is told, like a move. Chat lines are written without
// the table's fence: a chat line the store refused is not part of the game, so it costs
// its sender an `unavailable` answer, not the table.
#include <iostream>

#include "server/hub/hub.h"
#include "server/hub/room.h"

namespace reversi::server {

using namespace hub_detail;

namespace {

OfferKind offer_kind_of(const json& msg) {
    const std::string name = get_string(msg, "kind", "");
    if (name.empty()) throw ApiError(ErrorCode::BadRequest, "field \"kind\" is missing");
    const auto kind = parse_offer_kind(name);
    if (!kind)
        throw ApiError(ErrorCode::BadRequest,
                       "field \"kind\" must be \"draw\", \"takeback\" or "
                       "\"rematch\", not \"" +
                           utf8_safe(name, 40) + "\"");
    return *kind;
}

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
    if (moderation_ && sub.identity.player != 0)
        if (const auto until = moderation_->muted_until(sub.identity.player))
            throw ApiError(ErrorCode::Muted, *until
                                                 ? "a moderator muted you; you may chat again later"
                                                 : "a moderator muted you");
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

void GameHub::on_offer(Subscriber& sub, const RoomPtr& room, const json& msg) {
    const OfferKind kind =
        msg.value("type", "") == "rematch" ? OfferKind::Rematch : offer_kind_of(msg);
    Table& t = room->table;
    if (kind == OfferKind::Rematch && !sub.seats.empty()) {
        if (!t.rematch().empty()) {
            // Made before: the asker is told where it is.
            sub.send(std::make_shared<const std::string>(
                json{{"type", "rematch"}, {"table", t.rematch()}}.dump()));
            return;
        }
        // Checked before anything changes: the offer may be granted at once.
        check_table_room();
        if (table_creations_.wait_seconds(sub.address, now()) > 0)
            throw ApiError(ErrorCode::RateLimited,
                           "too many new tables from your address; try later");
    }
    after_offer(sub, room, t.offer(sub.seats, kind, now()));
}

void GameHub::on_answer(Subscriber& sub, const RoomPtr& room, const json& msg) {
    const OfferKind kind = offer_kind_of(msg);
    const auto it = msg.find("accept");
    if (it == msg.end() || !it->is_boolean())
        throw ApiError(ErrorCode::BadRequest, "field \"accept\" must be true or false");
    const bool accept = it->get<bool>();
    if (kind == OfferKind::Rematch && accept) {
        check_table_room();
        if (table_creations_.wait_seconds(sub.address, now()) > 0)
            throw ApiError(ErrorCode::RateLimited,
                           "too many new tables from your address; try later");
    }
    if (!accept) {
        // The offerer (and everyone at the table) hears of the "no" after its commit, right
        // after the state that shows the offer gone and when it may be made again.
        const Offer* pending = room->table.offers().find(kind);
        const int from = pending ? pending->from : -1;
        room->table.answer(sub.seats, kind, false, now());  // throws when it may not answer
        auto message = std::make_shared<const std::string>(json{
            {"type", "offer_declined"},
            {"kind", offer_kind_name(kind)},
            {"from", from},
            {"by", sub.seats.front()}}.dump());
        commit(
            room, [](Storage&) {}, snapshot(*room),
            [this, room, message](bool ok) {
                if (ok) send_to_all(*room, message);
            });
        return;
    }
    after_offer(sub, room, room->table.answer(sub.seats, kind, accept, now()));
}

void GameHub::on_withdraw(Subscriber& sub, const RoomPtr& room, const json& msg) {
    room->table.withdraw(sub.seats, offer_kind_of(msg));
    after_offer(sub, room, std::nullopt);
}

void GameHub::after_offer(Subscriber& sub, const RoomPtr& room, std::optional<OfferKind> granted) {
    Table& t = room->table;
    if (!granted) {
        // Only the offers changed, which the store does not keep; the empty write orders the
        // broadcast after the room's pending writes, so no one sees an uncommitted move.
        commit(
            room, [](Storage&) {}, snapshot(*room));
        return;
    }
    switch (*granted) {
        case OfferKind::Draw: {
            room->generation++;
            const StoredTable st = stored(t);
            commit(
                room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
            return;
        }
        case OfferKind::Takeback: {
            room->generation++;
            const std::string id = t.id();
            const int ply = t.ply();
            commit(
                room, [id, ply](Storage& s) { s.truncate_moves(id, ply); }, snapshot(*room));
            return;
        }
        case OfferKind::Rematch:
            start_rematch(sub, room);
            return;
    }
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

void GameHub::on_abort(Subscriber& sub, const RoomPtr& room) {
    room->table.abort(sub.seats, now());
    room->generation++;
    const StoredTable st = stored(room->table);
    commit(
        room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
}

void GameHub::on_claim(Subscriber& sub, const RoomPtr& room) {
    room->table.claim(sub.seats, now());
    room->generation++;
    const StoredTable st = stored(room->table);
    commit(
        room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
}

}  // namespace reversi::server
