// SPDX-License-Identifier: MIT
// A rated game's changes taken back, from what its result stored.
#include "server/rating/reversal.h"

#include <algorithm>

namespace reversi::server {

std::vector<std::pair<int, double>> stored_deltas(const json& ratings) {
    std::vector<std::pair<int, double>> out;
    if (!ratings.is_array()) return out;
    for (const json& c : ratings) {
        if (!c.is_object() || !c.contains("seat") || !c["seat"].is_number_integer()) continue;
        const int seat = c["seat"].get<int>();
        if (c.contains("delta") && c["delta"].is_number())
            out.emplace_back(seat, c["delta"].get<double>());
        else if (c.contains("before") && c.contains("after") && c["before"].is_number() &&
                 c["after"].is_number())
            out.emplace_back(seat, c["after"].get<double>() - c["before"].get<double>());
    }
    return out;
}

StoredRating without_change(StoredRating now, double delta) {
    now.rating -= delta;
    now.games = std::max(0, now.games - 1);
    return now;
}

}  // namespace reversi::server
