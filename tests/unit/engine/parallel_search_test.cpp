// SPDX-License-Identifier: MIT
// The multi-threaded two-player search: the lock-free table under concurrent writers, exact
// scores with several threads against the published FFO scores and against the one-thread
// solver (itself checked against minimax in endgame_test.cpp) on every shape, and legal,
// cancellable midgame searches.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/bitboard.h"
#include "core/board_string.h"
#include "core/game.h"
#include "engine/busy_table.h"
#include "engine/engine.h"
#include "engine/tt.h"
#include "random_game.h"

using namespace reversi;
using reversi::test::random_position;

namespace {

// The bounds every writer stores for `key`: any torn or mixed-up entry shows as a mismatch.
int bound_of(uint64_t key) {
    return static_cast<int>(key % 2001) - 1000;
}

TEST(ParallelTable, ConcurrentWritersNeverMixEntries) {
    engine::TranspositionTable table(1);  // small: threads fight over the same buckets
    std::atomic<int> wrong{0};
    std::atomic<int> hits{0};
    std::vector<std::jthread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            std::mt19937_64 rng(static_cast<uint64_t>(t) + 1);
            for (int i = 0; i < 400000; ++i) {
                const uint64_t key = rng() % 200000 * 0x9e3779b97f4a7c15ULL;
                if (i % 2 == 0) {
                    const int v = bound_of(key);
                    table.store(key, static_cast<int>(key >> 58), v, v, static_cast<int>(key % 64));
                } else if (engine::TtEntry e; table.probe(key, e)) {
                    ++hits;
                    if (e.lower != bound_of(key) || e.upper != bound_of(key) ||
                        e.move != static_cast<int>(key % 64))
                        ++wrong;
                }
            }
        });
    threads.clear();  // join
    EXPECT_GT(hits.load(), 0);
    EXPECT_EQ(wrong.load(), 0);
}

TEST(ParallelTable, BusyMarksLastAsLongAsTheirScope) {
    engine::BusyTable busy;
    EXPECT_FALSE(busy.busy(12345));
    {
        const engine::BusyTable::Mark mark(&busy, 12345);
        EXPECT_TRUE(busy.busy(12345));
        EXPECT_FALSE(busy.busy(54321));
        {
            // A second mark of the same slot fails quietly and must not clear the first.
            const engine::BusyTable::Mark again(&busy, 12345);
        }
        EXPECT_TRUE(busy.busy(12345));
    }
    EXPECT_FALSE(busy.busy(12345));
}

TEST(ParallelSearch, PublishedFfoScoresWithThreeThreads) {
    std::ifstream in(std::string(REVERSI_TEST_DATA_DIR) + "/ffo/fforum-1-19.obf");
    ASSERT_TRUE(in) << "missing fforum-1-19.obf";
    const core::Variant variant{core::Setup{}};
    engine::Engine eng(engine::EngineOptions{32});
    std::string line;
    int number = 0;
    while (std::getline(in, line) && number < 10) {
        if (line.size() < 66) continue;
        ++number;
        const core::ObfLine problem = core::parse_obf_line(variant, line);
        ASSERT_FALSE(problem.scores.empty());
        engine::SearchLimits limits;
        limits.exact = true;
        limits.threads = 3;
        eng.clear();
        const engine::SearchResult r = eng.search(problem.position, limits);
        EXPECT_TRUE(r.exact);
        EXPECT_EQ(r.score, problem.scores.front().score) << "FFO #" << number;
        EXPECT_TRUE(problem.position.is_legal(r.best)) << "FFO #" << number;
    }
    EXPECT_EQ(number, 10);
}

TEST(ParallelSearch, ExactScoresEqualOneThreadOnEveryShape) {
    std::vector<core::Setup> setups;
    for (const core::Shape shape :
         {core::Shape::Six, core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon}) {
        core::Setup s;
        s.shape = shape;
        setups.push_back(s);
    }
    core::Setup anti;
    anti.anti = true;
    setups.push_back(anti);
    core::Setup blocked;
    blocked.shape = core::Shape::Ten;
    blocked.blocked = {{1, 1}, {8, 8}, {4, 0}};
    setups.push_back(blocked);
    std::mt19937_64 rng(42);
    engine::Engine one;
    engine::Engine two;
    for (const core::Setup& setup : setups) {
        int checked = 0;
        for (int attempt = 0; checked < 3 && attempt < 50; ++attempt) {
            core::Game game(setup);
            // Deep enough for the threads to meet in the solver's shared nodes.
            if (!random_position(game, 16, rng)) continue;
            engine::SearchLimits limits;
            limits.exact = true;
            one.clear();
            const engine::SearchResult expected = one.search(game.position(), limits);
            limits.threads = 2;
            two.clear();
            const engine::SearchResult r = two.search(game.position(), limits);
            ASSERT_TRUE(r.exact);
            EXPECT_EQ(r.score, expected.score);
            // The move it names must achieve the score.
            if (r.best != core::PassMove) {
                limits.threads = 1;
                one.clear();
                EXPECT_EQ(-one.search(game.position().after(r.best), limits).score, r.score);
            }
            ++checked;
        }
        EXPECT_EQ(checked, 3);
    }
}

TEST(ParallelSearch, MidgameMovesAreLegalAndTheSearchStopsWhenAsked) {
    core::Game game{core::Setup{}};
    std::mt19937_64 rng(3);
    ASSERT_TRUE(random_position(game, 44, rng));
    engine::Engine eng;
    engine::SearchLimits limits;
    limits.depth = 9;
    limits.threads = 2;
    const engine::SearchResult r = eng.search(game.position(), limits);
    EXPECT_TRUE(game.position().is_legal(r.best));
    EXPECT_EQ(r.depth, 9);

    // No depth limit: only the stop request ends it, and the move so far is legal.
    limits.depth = 0;
    limits.seconds = 0;
    std::stop_source stop;
    const auto start = std::chrono::steady_clock::now();
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        stop.request_stop();
    });
    const engine::SearchResult stopped = eng.search(game.position(), limits, stop.get_token());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(game.position().is_legal(stopped.best));
    EXPECT_LT(seconds, 30.0);  // it stopped, not ran to the end of the game
}

}  // namespace
