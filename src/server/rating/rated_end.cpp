// SPDX-License-Identifier: MIT
// A rated end saved from the stored ratings (rated_end.h).
#include "server/rating/rated_end.h"

#include <stdexcept>

namespace reversi::server {

namespace {

bool same(const StoredRating& a, const StoredRating& b) {
    return a.rating == b.rating && a.rd == b.rd && a.volatility == b.volatility &&
           a.games == b.games;
}

}  // namespace

std::vector<RatingChange> save_rated_end(Storage& storage, const RatedEnd& end, bool recheck) {
    std::vector<RatingChange> changes = end.changes;
    std::optional<StoredTable> row = end.row;
    if (recheck && !changes.empty()) {
        std::vector<StoredRating> before(changes.size());
        bool stale = false;
        for (const RatingChange& c : changes) {
            if (c.seat < 0 || c.seat >= static_cast<int>(before.size()))
                throw std::runtime_error("rated end: a rating change for a seat not at the table");
            StoredRating stored = c.before;
            if (const auto r = storage.rating_for_update(c.before.player, c.before.pool))
                stored = *r;
            else
                stored = StoredRating{c.before.player, c.before.pool};
            stale = stale || !same(stored, c.before);
            before[c.seat] = stored;
        }
        if (stale) {
            changes = rate_game(end.result, end.anti, before);
            if (row && !row->result.empty()) {
                json result = json::parse(row->result);
                result["ratings"] = rating_changes_json(changes);
                row->result = result.dump();
            }
            if (end.rerated) {
                std::vector<StoredRating> saved;
                for (const RatingChange& c : changes) saved.push_back(c.after);
                end.rerated(saved);
            }
        }
    }
    for (const RatingChange& c : changes) storage.save_rating(c.after);
    if (row) storage.save_table(*row);
    return changes;
}

}  // namespace reversi::server
