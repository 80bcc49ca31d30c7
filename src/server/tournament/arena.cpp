// SPDX-License-Identifier: MIT
// Arena scoring and pairing (arena.h).
#include "server/tournament/arena.h"

#include <algorithm>
#include <numeric>

namespace reversi::server::tournament {

namespace {

// Two wins in a row put a player "on fire": from then on games score double.
constexpr int StreakForBonus = 2;

int base_points(Outcome outcome) {
    return outcome == Outcome::Win ? 2 : outcome == Outcome::Draw ? 1 : 0;
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

std::vector<std::vector<int>> arena_groups(const std::vector<ArenaEntrant>& free, int size) {
    const std::vector<int> order = arena_ranking(free);
    std::vector<std::vector<int>> groups;
    for (size_t i = 0; size > 0 && i + size <= order.size(); i += size)
        groups.emplace_back(order.begin() + i, order.begin() + i + size);
    return groups;
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

std::vector<std::pair<int, int>> arena_pairs(const std::vector<ArenaEntrant>& free) {
    std::vector<int> order = arena_ranking(free);
    std::vector<std::pair<int, int>> pairs;
    std::vector<bool> taken(order.size(), false);
    for (size_t i = 0; i < order.size(); ++i) {
        if (taken[i]) continue;
        const ArenaEntrant& a = free[order[i]];
        // The nearest one below that is not the last opponent; else the nearest one.
        size_t pick = order.size();
        for (size_t j = i + 1; j < order.size(); ++j) {
            if (taken[j]) continue;
            if (pick == order.size()) pick = j;
            const ArenaEntrant& b = free[order[j]];
            if (a.last_opponent != b.player && b.last_opponent != a.player) {
                pick = j;
                break;
            }
        }
        if (pick == order.size()) break;  // the odd one out waits
        taken[i] = taken[pick] = true;
        pairs.emplace_back(order[i], order[pick]);
    }
    return pairs;
}

}  // namespace reversi::server::tournament
