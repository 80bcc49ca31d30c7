// SPDX-License-Identifier: MIT
// Arena scoring and pairing (arena.h).
#include "server/tournament/arena.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace reversi::server::tournament {

namespace {

// Two wins in a row put a player "on fire": from then on games score double.
constexpr int StreakForBonus = 2;

int base_points(Outcome outcome) {
    return outcome == Outcome::Win ? 2 : outcome == Outcome::Draw ? 1 : 0;
}

// Each free player's place in the standings (0: the best), by index.
std::vector<int> places(const std::vector<ArenaEntrant>& free) {
    const std::vector<int> ranking = arena_ranking(free);
    std::vector<int> place(free.size());
    for (size_t r = 0; r < ranking.size(); ++r) place[ranking[r]] = static_cast<int>(r);
    return place;
}

// The order in which free players choose an opponent: who has waited longest first, then
// the standings.
std::vector<int> choosing_order(const std::vector<ArenaEntrant>& free,
                                const std::vector<int>& place) {
    std::vector<int> order(free.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (free[a].free_since != free[b].free_since)
            return free[a].free_since < free[b].free_since;
        return place[a] < place[b];
    });
    return order;
}

// An immediate rematch: one of them is the other's last opponent.
bool just_played(const ArenaEntrant& a, const ArenaEntrant& b) {
    return a.last_opponent == b.player || b.last_opponent == a.player;
}

// The players not taken that `ok` accepts for `me`, nearest to `me` in the standings first
// (of two as near, the higher placed).
template <class Ok>
std::vector<int> nearest(int me, const std::vector<int>& place, const std::vector<bool>& taken,
                         Ok ok) {
    std::vector<int> out;
    for (int other = 0; other < static_cast<int>(place.size()); ++other)
        if (other != me && !taken[other] && ok(other)) out.push_back(other);
    std::sort(out.begin(), out.end(), [&](int a, int b) {
        const int da = std::abs(place[a] - place[me]), db = std::abs(place[b] - place[me]);
        return da != db ? da < db : place[a] < place[b];
    });
    return out;
}

}  // namespace

int arena_points(const ArenaEntrant& e, Outcome outcome) {
    const int points = base_points(outcome);
    return e.streak >= StreakForBonus ? 2 * points : points;
}

void record_arena_game(ArenaEntrant& e, Outcome outcome, int64_t opponent) {
    record_arena_place(e, base_points(outcome), 2, opponent);
}

void record_arena_place(ArenaEntrant& e, int half, int most, int64_t opponent) {
    e.score += e.streak >= StreakForBonus ? 2 * half : half;
    e.streak = half == most ? e.streak + 1 : 0;
    e.last_opponent = opponent;
    ++e.games;
}

std::vector<int> arena_ranking(const std::vector<ArenaEntrant>& entrants) {
    std::vector<int> order(entrants.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const ArenaEntrant &x = entrants[a], &y = entrants[b];
        if (x.score != y.score) return x.score > y.score;
        if (x.rating != y.rating) return x.rating > y.rating;
        return x.player < y.player;
    });
    return order;
}

std::vector<std::pair<int, int>> arena_pairs(const std::vector<ArenaEntrant>& free,
                                             bool nobody_else) {
    const std::vector<int> place = places(free);
    std::vector<bool> taken(free.size(), false);
    std::vector<std::pair<int, int>> pairs;
    const auto pass = [&](bool rematch) {
        for (int me : choosing_order(free, place)) {
            if (taken[me]) continue;
            const std::vector<int> near = nearest(me, place, taken, [&](int other) {
                return rematch || !just_played(free[me], free[other]);
            });
            if (near.empty()) continue;  // waits
            taken[me] = taken[near[0]] = true;
            // The higher placed takes the first seat.
            pairs.emplace_back(place[me] < place[near[0]] ? std::pair{me, near[0]}
                                                          : std::pair{near[0], me});
        }
    };
    pass(false);
    if (nobody_else) pass(true);
    return pairs;
}

std::vector<std::vector<int>> arena_groups(const std::vector<ArenaEntrant>& free, int size) {
    const std::vector<int> place = places(free);
    std::vector<bool> taken(free.size(), false);
    std::vector<std::vector<int>> groups;
    for (int me : choosing_order(free, place)) {
        if (size < 2 || taken[me]) continue;
        std::vector<int> group = nearest(me, place, taken, [](int) { return true; });
        if (static_cast<int>(group.size()) < size - 1) break;  // too few left for a group
        group.resize(size - 1);
        group.push_back(me);
        for (int i : group) taken[i] = true;
        // Seats in the standings order, the best first.
        std::sort(group.begin(), group.end(), [&](int a, int b) { return place[a] < place[b]; });
        groups.push_back(std::move(group));
    }
    return groups;
}

}  // namespace reversi::server::tournament
