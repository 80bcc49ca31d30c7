// SPDX-License-Identifier: MIT
// The settlement of a finished game. The cache changes before the write runs: a game ending
// before this commit lands builds on these ratings; if the commit fails they are put back,
// unless a later game built on them meanwhile (then its commit holds them, and the cache
// agrees with the store).
#include "server/rating/settlement.h"

#include <algorithm>
#include <utility>

#include "server/rating/rated_end.h"
#include "server/rating/ratings.h"

namespace reversi::server {

Settlement settle_finished_game(Table& t, RatingCache* cache,
                                const std::function<StoredTable(const Table&)>& row) {
    Settlement settlement;
    const TableResult& result = *t.result();
    const auto& seats = t.spec().seats;
    const int n = static_cast<int>(seats.size());
    std::vector<std::pair<int, std::string>> outcomes;
    for (int i = 0; i < n; ++i)
        if (seats[i].player)
            if (std::string o = outcome_of(result, i); !o.empty()) outcomes.emplace_back(i, o);
    std::vector<StoredRating> after;
    std::vector<RatingChange> changes;
    const auto pool = rating_pool(t.spec().setup, t.spec().clock);
    const bool every_seat_a_player =
        std::all_of(seats.begin(), seats.end(), [](const Seat& s) { return s.player != 0; });
    if (t.spec().rated && cache && pool && every_seat_a_player && counts_for_rating(result)) {
        std::vector<StoredRating> before;
        for (const Seat& s : seats) before.push_back(cache->rating(s.player, *pool));
        changes = rate_game(result, t.spec().setup.anti, before);
        for (const RatingChange& c : changes) {
            cache->set_rating(c.after);
            after.push_back(c.after);
        }
        t.set_rating_changes(rating_changes_json(changes));
        settlement.undo = [cache, changes] {
            for (const RatingChange& c : changes) {
                const StoredRating now = cache->rating(c.after.player, c.after.pool);
                if (now.games == c.after.games && now.rating == c.after.rating)
                    cache->set_rating(c.before);
            }
        };
    }
    if (outcomes.empty() && after.empty()) return settlement;
    // The ratings, and the row whose result now holds their changes (rated_end.h: on a shared
    // store they are rated again from the stored ratings if another node changed one).
    RatedEnd rated;
    rated.changes = changes;
    rated.result = result;
    rated.anti = t.spec().setup.anti;
    if (!after.empty()) rated.row = row(t);
    const bool recheck = cache && cache->shared_store();
    if (recheck) rated.rerated = cache->rating_sink();
    settlement.write = [id = t.id(), outcomes, rated = std::move(rated), recheck](Storage& s) {
        for (const auto& [seat, outcome] : outcomes) s.set_outcome(id, seat, outcome);
        save_rated_end(s, rated, recheck);
    };
    return settlement;
}

}  // namespace reversi::server
