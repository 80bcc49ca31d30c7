// SPDX-License-Identifier: MIT
// Offers at a live table: the messages read, the table's decision committed (offer_handler.h).
#include "server/hub/offer_handler.h"

#include "server/hub/room.h"

namespace reversi::server {

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

}  // namespace

OfferHandler::OfferHandler(RoomHost& host, Finisher& finisher, RematchTables rematches)
    : host_(host), finisher_(finisher), rematches_(std::move(rematches)) {}

void OfferHandler::offer(Subscriber& sub, const RoomPtr& room, const json& msg) {
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
        rematches_.check(sub.address);
    }
    commit_granted(sub, room, t.offer(sub.seats, kind, host_.now()));
}

void OfferHandler::answer(Subscriber& sub, const RoomPtr& room, const json& msg) {
    const OfferKind kind = offer_kind_of(msg);
    const auto it = msg.find("accept");
    if (it == msg.end() || !it->is_boolean())
        throw ApiError(ErrorCode::BadRequest, "field \"accept\" must be true or false");
    const bool accept = it->get<bool>();
    if (kind == OfferKind::Rematch && accept) rematches_.check(sub.address);
    if (!accept) {
        // The offerer (and everyone at the table) hears of the "no" after its commit, right
        // after the state that shows the offer gone and when it may be made again.
        const Offer* pending = room->table.offers().find(kind);
        const int from = pending ? pending->from : -1;
        room->table.answer(sub.seats, kind, false, host_.now());  // throws when it may not answer
        auto message = std::make_shared<const std::string>(json{
            {"type", "offer_declined"},
            {"kind", offer_kind_name(kind)},
            {"from", from},
            {"by", sub.seats.front()}}.dump());
        host_.commit(
            room, [](Storage&) {}, host_.snapshot(*room),
            [this, room, message](bool ok) {
                if (ok) host_.send_to_all(*room, message);
            });
        return;
    }
    commit_granted(sub, room, room->table.answer(sub.seats, kind, accept, host_.now()));
}

void OfferHandler::withdraw(Subscriber& sub, const RoomPtr& room, const json& msg) {
    room->table.withdraw(sub.seats, offer_kind_of(msg));
    commit_granted(sub, room, std::nullopt);
}

void OfferHandler::commit_granted(Subscriber& sub, const RoomPtr& room,
                                  std::optional<OfferKind> granted) {
    Table& t = room->table;
    if (!granted) {
        // Only the offers changed, which the store does not keep; the empty write orders the
        // broadcast after the room's pending writes, so no one sees an uncommitted move.
        host_.commit(
            room, [](Storage&) {}, host_.snapshot(*room));
        return;
    }
    switch (*granted) {
        case OfferKind::Draw:
            finisher_.commit_end(room);
            return;
        case OfferKind::Takeback: {
            room->generation++;
            const std::string id = t.id();
            const int ply = t.ply();
            host_.commit(
                room, [id, ply](Storage& s) { s.truncate_moves(id, ply); }, host_.snapshot(*room));
            return;
        }
        case OfferKind::Rematch:
            rematches_.open(sub, room);
            return;
    }
}

}  // namespace reversi::server
