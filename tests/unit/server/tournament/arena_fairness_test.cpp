// SPDX-License-Identifier: MIT
// Arena fairness (issue 48): simulated arenas of 3, 4, 5, 10 and 100 players run through the
// real Tournament (due_pairings, table_made, game_over, finish_if_due) on simulated time, as
// the service drives it (pairing at every game's end and at a one-second tick). Games last
// different times: 20 to 60 plies at one move time each, drawn from 0.2 to 5 s; the stronger
// player wins more often. Prints the fewest and most games per player and the longest wait
// for each size (the figure of issue 48), and fails when a player is starved.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <queue>
#include <random>

#include "server/tournament/tournament.h"

namespace reversi::server::tournament {
namespace {

struct ArenaRun {
    int fewest = 0;
    int most = 0;
    int64_t longest_wait_ms = 0;  // from being free (or the start) to the next pairing
    int64_t longest_game_ms = 0;
    int games = 0;
    int rematches = 0;  // games whose two players had just played each other
};

ArenaRun simulate(int players, int64_t minutes, uint64_t seed) {
    std::mt19937_64 rng(seed);
    const auto uniform = [&](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    Settings s;
    s.name = "Simulated";
    s.kind = Kind::Arena;
    s.setup = json::object();
    s.starts_at = 0;
    s.duration_ms = minutes * 60'000;
    Tournament t("sim", s, Identity{1, "P1", false}, 0);
    std::map<int64_t, double> rating;
    for (int64_t p = 1; p <= players; ++p) {
        rating[p] = std::round(uniform(1200, 2000));
        t.join(Identity{p, "P" + std::to_string(p), false}, rating[p]);
    }
    ArenaRun run;
    std::map<int64_t, int64_t> free_since;  // player -> when they last became free
    std::map<int64_t, bool> busy;
    std::map<int64_t, int64_t> last;  // player -> last opponent
    for (int64_t p = 1; p <= players; ++p) free_since[p] = 0;
    // Running games by their end: (end ms, table, first, second).
    using Running = std::tuple<int64_t, std::string, int64_t, int64_t>;
    std::priority_queue<Running, std::vector<Running>, std::greater<>> running;
    int tables = 0;
    const auto pair_now = [&](int64_t now) {
        for (const std::vector<int64_t>& seats : t.due_pairings(now)) {
            const std::string table = "g" + std::to_string(++tables);
            t.table_made(seats, table);
            for (int64_t p : seats) {
                run.longest_wait_ms = std::max(run.longest_wait_ms, now - free_since[p]);
                busy[p] = true;
            }
            const int plies = std::uniform_int_distribution<int>(20, 60)(rng);
            const int64_t length = std::llround(plies * uniform(200, 5000));
            run.longest_game_ms = std::max(run.longest_game_ms, length);
            running.emplace(now + length, table, seats[0], seats[1]);
            if (last[seats[0]] == seats[1] && last[seats[1]] == seats[0]) ++run.rematches;
            last[seats[0]] = seats[1];
            last[seats[1]] = seats[0];
        }
    };
    const int64_t ends = s.duration_ms;
    for (int64_t tick = 0; t.status() != Status::Finished; tick += 1000) {
        // Games that end before this tick, in order: each end pairs whoever is free (pump).
        while (!running.empty() && std::get<0>(running.top()) <= tick) {
            const auto [end, table, a, b] = running.top();
            running.pop();
            const double expected = 1 / (1 + std::pow(10.0, (rating[b] - rating[a]) / 400));
            const double r = uniform(0, 1);
            t.game_over(table, r < 0.05 ? 1 : r < 0.05 + 0.95 * expected ? 2 : 0);
            free_since[a] = free_since[b] = end;
            busy[a] = busy[b] = false;
            pair_now(end);
        }
        pair_now(tick);
        if (tick == ends)  // those who wait at the end waited this long
            for (const auto& [p, since] : free_since)
                if (!busy[p]) run.longest_wait_ms = std::max(run.longest_wait_ms, ends - since);
        t.finish_if_due(tick);
        if (tick > ends + 3'600'000) break;  // never: every game ends
    }
    EXPECT_EQ(t.status(), Status::Finished);
    run.fewest = 1 << 30;
    for (const Entrant& e : t.entrants()) {
        run.fewest = std::min(run.fewest, e.games);
        run.most = std::max(run.most, e.games);
        run.games += e.games;
    }
    run.games /= 2;
    return run;
}

TEST(ArenaFairness, NobodyIsStarvedInSimulatedArenas) {
    std::printf("arena of 60 min, games of 20-60 plies at 0.2-5 s a move (seed 1..3)\n");
    std::printf("%8s %6s %7s %6s %6s %17s %10s\n", "players", "seed", "games", "fewest", "most",
                "longest wait (s)", "rematches");
    for (int players : {3, 4, 5, 10, 100}) {
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            const ArenaRun r = simulate(players, 60, seed);
            std::printf("%8d %6d %7d %6d %6d %17.0f %10d\n", players, static_cast<int>(seed),
                        r.games, r.fewest, r.most, r.longest_wait_ms / 1000.0, r.rematches);
            // Fair: nobody waits longer than two of the longest games (the games being
            // played when one becomes free end by then), and nobody plays less than half as
            // many games as the busiest player.
            EXPECT_LE(r.longest_wait_ms, 2 * r.longest_game_ms + 1000)
                << players << " players, seed " << seed;
            EXPECT_GE(2 * r.fewest, r.most) << players << " players, seed " << seed;
            // Never two who just played each other while anyone else may become free.
            EXPECT_EQ(r.rematches, 0) << players << " players, seed " << seed;
        }
    }
}

}  // namespace
}  // namespace reversi::server::tournament
