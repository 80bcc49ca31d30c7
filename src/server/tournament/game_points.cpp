// SPDX-License-Identifier: MIT
// A finished game's half points per seat (game_points.h).
#include "server/tournament/game_points.h"

#include <string>

#include "server/rating/ratings.h"

namespace reversi::server::tournament {

namespace {

// Half points of seat 0 in a finished game: a win 2, a draw (or a game that did not count)
// 1, a loss 0.
int first_score(const json& result) {
    const json winner = result.value("winner", json());
    if (!winner.is_number_integer()) return 1;
    return winner.get<int>() == 0 ? 2 : 0;
}

}  // namespace

std::vector<int> seat_points(const json& result, size_t seats) {
    if (seats <= 2) {
        const int first = first_score(result);
        return {first, 2 - first};
    }
    const std::string reason = result.value("reason", "");
    TableResult r;
    const json winner = result.value("winner", json());
    r.winner = winner.is_number_integer() ? winner.get<int>() : -1;
    const json counts = result.value("counts", json::array());
    for (const json& c : counts) r.counts.push_back(c.is_number_integer() ? c.get<int>() : 0);
    const bool counted = reason == "end" || reason == "resign" || reason == "time";
    std::vector<int> out;
    for (size_t s = 0; s < seats; ++s) {
        double half = 0;
        for (size_t o = 0; o < seats; ++o)
            if (o != s)
                half += counted
                            ? 2 * pairwise_score(r, false, static_cast<int>(s), static_cast<int>(o))
                            : 1;
        out.push_back(static_cast<int>(half + 0.5));
    }
    return out;
}

}  // namespace reversi::server::tournament
