// SPDX-License-Identifier: MIT
// The hub's side of players and ratings (docs/SITE.md "Identity", "Ratings"): seats taken by
// players, the seats a session holds, and the settling of a game's end (outcomes for the
// profiles, new ratings for rated games), written in the same commit as the end itself so
// the store never holds a finished rated game without its rating changes.
#include <algorithm>

#include "server/accounts.h"
#include "server/game_hub.h"
#include "server/game_hub_room.h"
#include "server/rated_end.h"
#include "server/ratings.h"

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
    if (const auto pool = pool_of(table.spec().setup); pool && accounts_ && table.spec().rated)
        rating = accounts_->rating(who.player, *pool).rating;
    table.set_seat_player(seat, who.player, who.name, rating);
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

std::function<void(Storage&)> GameHub::settle_game(const RoomPtr& room) {
    Table& t = room->table;
    if (room->settled || t.status() != TableStatus::Finished || !t.result()) return {};
    room->settled = true;
    const TableResult& result = *t.result();
    const auto& seats = t.spec().seats;
    const int n = static_cast<int>(seats.size());
    std::vector<std::pair<int, std::string>> outcomes;
    for (int i = 0; i < n; ++i)
        if (seats[i].player)
            if (std::string o = outcome_of(result, i); !o.empty()) outcomes.emplace_back(i, o);
    std::vector<StoredRating> after;
    std::vector<RatingChange> changes;
    const auto pool = pool_of(t.spec().setup);
    const bool every_seat_a_player =
        std::all_of(seats.begin(), seats.end(), [](const Seat& s) { return s.player != 0; });
    if (t.spec().rated && accounts_ && pool && every_seat_a_player && counts_for_rating(result)) {
        std::vector<StoredRating> before;
        for (const Seat& s : seats) before.push_back(accounts_->rating(s.player, *pool));
        changes = rate_game(result, t.spec().setup.anti, before);
        for (const RatingChange& c : changes) {
            accounts_->set_rating(c.after);
            after.push_back(c.after);
        }
        t.set_rating_changes(rating_changes_json(changes));
        // The cache changes now, so a game ending before this commit lands builds on these
        // ratings; if the commit fails they are put back, unless a later game built on them
        // meanwhile (then its commit holds them, and the cache agrees with the store).
        room->unsettle = [accounts = accounts_, changes] {
            for (const RatingChange& c : changes) {
                const StoredRating now = accounts->rating(c.after.player, c.after.pool);
                if (now.games == c.after.games && now.rating == c.after.rating)
                    accounts->set_rating(c.before);
            }
        };
    }
    if (outcomes.empty() && after.empty()) return {};
    // The ratings, and the row whose result now holds their changes (rated_end.h: on a shared
    // store they are rated again from the stored ratings if another node changed one).
    RatedEnd rated;
    rated.changes = changes;
    rated.result = result;
    rated.anti = t.spec().setup.anti;
    if (!after.empty()) rated.row = stored(t);
    const bool recheck = accounts_ && accounts_->shared_store();
    if (recheck) rated.rerated = accounts_->rating_sink();
    return [id = t.id(), outcomes, rated = std::move(rated), recheck](Storage& s) {
        for (const auto& [seat, outcome] : outcomes) s.set_outcome(id, seat, outcome);
        save_rated_end(s, rated, recheck);
    };
}

}  // namespace reversi::server
