// SPDX-License-Identifier: MIT
// The hub's side of players and ratings (docs/SITE.md "Identity", "Ratings"): seats taken by
// players, the seats a session holds, and the gate of rated meetings. (A game's settlement:
// hub/finisher.h.)
#include <algorithm>

#include "server/accounts/accounts.h"
#include "server/hub/hub.h"
#include "server/hub/room.h"
#include "server/rating/ratings.h"

namespace reversi::server {

std::vector<std::string> hub_detail::seat_names(const json& req, int players) {
    const auto it = req.find("names");
    if (it == req.end() || it->is_null()) return {};
    if (!it->is_array() || static_cast<int>(it->size()) != players)
        throw ApiError(ErrorCode::BadRequest, "field \"names\" must list one name per seat");
    std::vector<std::string> out;
    for (const json& name : *it) {
        if (!name.is_string())
            throw ApiError(ErrorCode::BadRequest, "field \"names\" must list names");
        if (const std::string why = name_problem(name.get<std::string>()); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        out.push_back(name.get<std::string>());
    }
    return out;
}

void GameHub::seat_player(Table& table, int seat, const Identity& who) {
    if (!who.player || table.spec().local) return;
    // Only a rated table shows ratings (docs/SITE.md "Ratings"): a casual game, a guest or a
    // computer seat has none, whatever the pool's default would say.
    double rating = 0;
    if (const auto pool = rating_pool(table.spec().setup, table.spec().clock);
        pool && accounts_ && table.spec().rated)
        rating = accounts_->rating(who.player, *pool).rating;
    table.set_seat_player(seat, who, rating);
}

namespace {

std::string pair_key(int64_t a, int64_t b) {
    return std::to_string(std::min(a, b)) + ":" + std::to_string(std::max(a, b));
}

}  // namespace

std::vector<RatedSeat> GameHub::rated_seats(const Room& room) {
    std::vector<RatedSeat> out;
    const auto& seats = room.table.spec().seats;
    for (size_t i = 0; i < seats.size(); ++i)
        if (seats[i].player)
            out.push_back(
                {seats[i].player, i < room.seat_addresses.size() ? room.seat_addresses[i] : ""});
    return out;
}

void GameHub::check_rated_meeting(const std::vector<RatedSeat>& seats) const {
    if (const std::string why = rated_meeting_.problem(seats); !why.empty())
        throw ApiError(ErrorCode::NotAllowed, why);
    for (size_t i = 0; i < seats.size(); ++i)
        for (size_t j = i + 1; j < seats.size(); ++j)
            if (seats[i].player != seats[j].player &&
                rated_pairs_.wait_seconds(pair_key(seats[i].player, seats[j].player), now()) > 0)
                throw ApiError(ErrorCode::RateLimited,
                               "you have played enough rated games together today; play a "
                               "casual game or try again later");
}

void GameHub::record_rated_meeting(const std::vector<RatedSeat>& seats) {
    for (size_t i = 0; i < seats.size(); ++i)
        for (size_t j = i + 1; j < seats.size(); ++j)
            if (seats[i].player != seats[j].player)
                rated_pairs_.allow(pair_key(seats[i].player, seats[j].player), now());
}

std::function<void(Storage&)> GameHub::seat_rows(const Table& table) {
    std::vector<std::pair<int, int64_t>> rows;
    const auto& seats = table.spec().seats;
    for (int i = 0; i < static_cast<int>(seats.size()); ++i)
        if (seats[i].player) rows.emplace_back(i, seats[i].player);
    return [id = table.id(), rows](Storage& s) {
        for (const auto& [seat, player] : rows) s.save_table_player(id, seat, player);
    };
}

std::vector<int> GameHub::seats_of_player(const Table& table, const Identity& who) const {
    std::vector<int> out;
    if (!who.player) return out;
    const auto& seats = table.spec().seats;
    for (int i = 0; i < static_cast<int>(seats.size()); ++i)
        if (seats[i].taken() && seats[i].player == who.player) out.push_back(i);
    return out;
}

}  // namespace reversi::server
