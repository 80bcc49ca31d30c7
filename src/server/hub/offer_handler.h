// SPDX-License-Identifier: MIT
// Offers at a live table (docs/SITE.md "At the table"): the `offer`, `rematch`, `answer` and
// `withdraw` messages of a seat holder, read and checked here, decided by the table
// (table/etiquette.cpp), and committed before anyone is told, like a move. A granted draw is
// an end (hub/finisher.h), a granted takeback cuts the stored moves, and a granted rematch
// asks the hub, which makes every table, for the new one.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/common/protocol.h"
#include "server/hub/finisher.h"
#include "server/hub/room_host.h"
#include "server/table/offers.h"

namespace reversi::server {

// The hub's side of a rematch table, which only the hub may make.
struct RematchTables {
    // Throws when no new table may be made for `address` now (the server is full, or the
    // address made too many), before an offer that may be granted at once changes anything.
    std::function<void(const std::string& address)> check;
    // Makes the rematch table of the room for the subscriber whose offer or answer granted
    // it, and tells every subscriber where it is.
    std::function<void(Subscriber& sub, const RoomPtr& room)> open;
};

class OfferHandler {
  public:
    OfferHandler(RoomHost& host, Finisher& finisher, RematchTables rematches);

    // The messages (docs/PROTOCOL.md "WebSocket"); each throws ApiError, changing nothing,
    // when the message is malformed or the table refuses it.
    void offer(Subscriber& sub, const RoomPtr& room, const json& msg);
    void answer(Subscriber& sub, const RoomPtr& room, const json& msg);
    void withdraw(Subscriber& sub, const RoomPtr& room, const json& msg);

  private:
    // Commits what a granted offer did (a draw, a takeback) or makes the rematch table; with
    // nothing granted, only the offers changed.
    void commit_granted(Subscriber& sub, const RoomPtr& room, std::optional<OfferKind> granted);

    RoomHost& host_;
    Finisher& finisher_;
    RematchTables rematches_;
};

}  // namespace reversi::server
