// SPDX-License-Identifier: MIT
// Tables the lobby makes for paired players (docs/SITE.md "Lobby"): every seat is taken at
// once by its player, so the game starts (and its clock runs) as soon as the table is
// committed. The tokens go back to the lobby only after the commit, like a create's answer.
#include <iostream>
#include <set>

#include "server/common/secrets.h"
#include "server/hub/hub.h"
#include "server/hub/room.h"
#include "server/rating/rated_players.h"
#include "server/rating/ratings.h"

namespace reversi::server {

void GameHub::create_paired(PairingOrder order, PairingDone done) {
    const auto fail = [&done](ErrorCode code, const std::string& why) {
        PairingOutcome out;
        out.error = ApiError(code, why);
        done(std::move(out));
    };
    try {
        check_table_room();  // a refusal is answered through `done` below
        if (static_cast<int>(order.seats.size()) != order.setup.players)
            return fail(ErrorCode::BadRequest, "one player per seat");
        if (const std::string why = order.setup.problem(); !why.empty())
            return fail(ErrorCode::BadSetup, why);
        TableSpec spec;
        spec.setup = order.setup;
        spec.clock = order.clock;
        spec.hints = false;  // two people playing each other: no engine help
        spec.rated = order.rated;
        spec.tournament = order.tournament;
        for (const Identity& who : order.seats) {
            if (who.player == 0) return fail(ErrorCode::BadRequest, "a seat without a player");
            if (order.rated && !may_play_rated(who))
                return fail(ErrorCode::BadRequest, RatedNeedsRegistration);
            spec.seats.emplace_back();
        }
        if (order.rated && !pool_of(spec.setup))
            return fail(ErrorCode::BadRequest, "only games of a rating pool can be rated");
        if (!order.table_id.empty() && find(order.table_id))
            return fail(ErrorCode::BadRequest, "a table " + order.table_id + " exists");
        order.addresses.resize(order.seats.size());
        std::vector<RatedSeat> meeting;
        for (size_t i = 0; i < order.seats.size(); ++i)
            meeting.push_back({order.seats[i].player, order.addresses[i]});
        if (order.rated) check_rated_meeting(meeting);
        // A paired table is a table like any other: it counts against each player's address
        // (issue 27: challenges made 60 more games in 40 s past the limit).
        std::set<std::string> charged(order.addresses.begin(), order.addresses.end());
        charged.erase("");
        for (const std::string& address : charged)
            if (table_creations_.wait_seconds(address, now()) > 0)
                return fail(ErrorCode::RateLimited,
                            "too many new tables from one of your addresses; try again later");
        for (const std::string& address : charged) table_creations_.allow(address, now());
        if (order.rated) record_rated_meeting(meeting);
        Table table(order.table_id.empty() ? new_id() : order.table_id, spec, wall_now(), now());
        std::vector<std::string> tokens;
        for (int seat = 0; seat < static_cast<int>(order.seats.size()); ++seat) {
            tokens.push_back(random_token());
            table.join(seat, order.seats[seat].name, tokens.back(), now());
            seat_player(table, seat, order.seats[seat]);  // the session holds it too
        }
        RoomPtr room = add_room(std::move(table));
        room->seat_addresses = order.addresses;
        const StoredTable st = stored(room->table);
        const auto rows = seat_rows(room->table);
        commit(
            room,
            [st, rows](Storage& s) {
                s.save_table(st);
                rows(s);
            },
            snapshot(*room),
            [done, tokens, id = st.id](bool ok) {
                PairingOutcome out;
                if (ok) {
                    out.table = id;
                    out.tokens = tokens;
                } else {
                    out.error =
                        ApiError(ErrorCode::Unavailable, "the table could not be saved; try again");
                }
                done(std::move(out));
            });
    } catch (const ApiError& e) {
        fail(e.code(), e.what());
    } catch (const std::exception& e) {
        std::cerr << "lobby: pairing failed: " << utf8_safe(e.what()) << '\n';
        fail(ErrorCode::Internal, "the server failed to make the table");
    }
}

}  // namespace reversi::server
