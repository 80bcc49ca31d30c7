// SPDX-License-Identifier: MIT
// The end of a game at a live table (docs/SITE.md "At the table", "Ratings"): every way a game
// ends (resignation, a flag, abort, claim, a withdrawn or expired table, an agreed draw) is
// committed here as the stored row of the end; the commit that carries the end takes its
// settlement (outcomes and, for a rated game, the new ratings: rating/settlement.h) into the
// same transaction, once per game; and once the end is committed, the game-over listeners
// hear of it, once per game. The table decides whether an end is allowed (table/etiquette.cpp).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "server/hub/room_host.h"
#include "server/rating/settlement.h"
#include "server/table/table.h"

namespace reversi::server {

class Finisher {
  public:
    // `ratings` gives the rating cache settlements read and change at the time of each end
    // (null: a server without accounts, which writes the outcomes only).
    Finisher(RoomHost& host, std::function<RatingCache*()> ratings);

    // `listener` hears once of each game that ends while the server runs, after its end is
    // committed (GameHub::on_game_over).
    void on_game_over(std::function<void(const Table&)> listener) {
        game_over_.push_back(std::move(listener));
    }

    // The ends a seat holder asks for (`held`: the seats its connection holds). Each throws
    // ApiError, changing nothing, when the table refuses it; `then(ok)` runs after the commit.
    void resign(const RoomPtr& room, const std::vector<int>& held, std::optional<int> seat,
                std::function<void(bool)> then = {});
    void abort(const RoomPtr& room, const std::vector<int>& held);
    void claim(const RoomPtr& room, const std::vector<int>& held);
    void cancel(const RoomPtr& room, const std::vector<int>& held);
    // The ends no one asks for: the running clock's flag has fallen (nothing when it has not),
    // a table that waited too long for players.
    void check_flag(const RoomPtr& room);
    void expire(const RoomPtr& room);
    // Commits an end the room's table has just recorded (an agreed draw too): searches under
    // way become stale and the table row is stored with its result.
    void commit_end(const RoomPtr& room, std::function<void(bool)> then = {});

    // The writes that settle the room's game when it has just ended and was not settled yet
    // (applied to the rating cache now; `undo` puts the cache back when the commit that
    // carries them fails); nothing to write otherwise.
    Settlement settle(Room& room);
    // After a commit: the first time the room's game is seen finished, the players of a rated
    // game get the chat log with what spectators said, and the game-over listeners hear of it.
    void report_end(Room& room);

  private:
    RoomHost& host_;
    std::function<RatingCache*()> ratings_;
    std::vector<std::function<void(const Table&)>> game_over_;
};

}  // namespace reversi::server
