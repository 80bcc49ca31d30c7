// SPDX-License-Identifier: MIT
// Swiss pairing and standings (swiss.h).
#include "server/tournament/swiss.h"

#include <algorithm>
#include <map>
#include <set>

namespace reversi::server::tournament {

namespace {

struct Tally {
    std::map<int64_t, int> score;
    std::set<std::pair<int64_t, int64_t>> met;
    std::set<int64_t> had_bye;
};

Tally tally(const std::vector<SwissGame>& games) {
    Tally t;
    for (const SwissGame& g : games) {
        t.score[g.first] += g.second ? g.score : 2;
        if (!g.second) {
            t.had_bye.insert(g.first);
            continue;
        }
        t.score[g.second] += 2 - g.score;
        t.met.insert({std::min(g.first, g.second), std::max(g.first, g.second)});
    }
    return t;
}

bool have_met(const Tally& t, int64_t a, int64_t b) {
    return t.met.count({std::min(a, b), std::max(a, b)}) > 0;
}

// Pairs `order` (ranked) from the top, each with the highest free one not yet met; false
// when some player is left with only opponents already met (then the caller relaxes).
bool pair_from(const std::vector<int64_t>& order, std::vector<bool>& used, const Tally& t,
               bool allow_repeat, std::vector<std::pair<int64_t, int64_t>>& out) {
    size_t i = 0;
    while (i < order.size() && used[i]) ++i;
    if (i == order.size()) return true;
    used[i] = true;
    for (size_t j = i + 1; j < order.size(); ++j) {
        if (used[j] || (!allow_repeat && have_met(t, order[i], order[j]))) continue;
        used[j] = true;
        out.emplace_back(order[i], order[j]);
        if (pair_from(order, used, t, allow_repeat, out)) return true;
        out.pop_back();
        used[j] = false;
    }
    used[i] = false;
    return false;
}

}  // namespace

SwissRound swiss_pairing(const std::vector<SwissEntrant>& entrants,
                         const std::vector<SwissGame>& games) {
    const Tally t = tally(games);
    std::vector<SwissEntrant> ranked = entrants;
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](const SwissEntrant& a, const SwissEntrant& b) {
                         const int sa = t.score.count(a.player) ? t.score.at(a.player) : 0;
                         const int sb = t.score.count(b.player) ? t.score.at(b.player) : 0;
                         if (sa != sb) return sa > sb;
                         if (a.rating != b.rating) return a.rating > b.rating;
                         return a.player < b.player;
                     });
    SwissRound round;
    std::vector<int64_t> order;
    for (const SwissEntrant& e : ranked) order.push_back(e.player);
    if (order.size() % 2) {
        // The lowest-ranked player who has not had a bye sits out (everyone had one: the last).
        auto bye = std::find_if(order.rbegin(), order.rend(),
                                [&](int64_t p) { return !t.had_bye.count(p); });
        round.bye = bye == order.rend() ? order.back() : *bye;
        order.erase(std::find(order.begin(), order.end(), round.bye));
    }
    std::vector<bool> used(order.size(), false);
    if (!pair_from(order, used, t, false, round.games)) {
        // Every pairing repeats a game (few players, many rounds): repeats are allowed.
        round.games.clear();
        used.assign(order.size(), false);
        pair_from(order, used, t, true, round.games);
    }
    return round;
}

std::vector<SwissStanding> swiss_standings(const std::vector<SwissEntrant>& entrants,
                                           const std::vector<SwissGame>& games) {
    const Tally t = tally(games);
    const auto score = [&](int64_t p) { return t.score.count(p) ? t.score.at(p) : 0; };
    std::map<int64_t, SwissStanding> rows;
    std::map<int64_t, double> rating;
    for (const SwissEntrant& e : entrants) {
        rows[e.player] = {e.player, score(e.player), 0, 0};
        rating[e.player] = e.rating;
    }
    for (const SwissGame& g : games) {
        if (!g.second || !rows.count(g.first) || !rows.count(g.second)) continue;
        SwissStanding& a = rows[g.first];
        SwissStanding& b = rows[g.second];
        a.buchholz += score(g.second);
        b.buchholz += score(g.first);
        // Quarter points: a win adds the opponent's score (half points) times 2, a draw once.
        a.sonneborn_berger += g.score * score(g.second);
        b.sonneborn_berger += (2 - g.score) * score(g.first);
    }
    std::vector<SwissStanding> out;
    for (const auto& [player, row] : rows) out.push_back(row);
    std::stable_sort(out.begin(), out.end(), [&](const SwissStanding& a, const SwissStanding& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.buchholz != b.buchholz) return a.buchholz > b.buchholz;
        if (a.sonneborn_berger != b.sonneborn_berger)
            return a.sonneborn_berger > b.sonneborn_berger;
        if (rating[a.player] != rating[b.player]) return rating[a.player] > rating[b.player];
        return a.player < b.player;
    });
    return out;
}

}  // namespace reversi::server::tournament
