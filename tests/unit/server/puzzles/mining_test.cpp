// SPDX-License-Identifier: MIT
// The background mining job: a finished game of a puzzle pool is mined into that pool's file
// (each puzzle's game a prefix of the game, its file read back with every check), a game of
// another pool is ignored, a new job over the same directory does not mine the same positions
// again, and a full queue drops games rather than grow.
#include "server/puzzles/mining.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "server/puzzles/puzzle_file.h"
#include "server/puzzles/puzzle_set.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// Waits (at most a minute) until the job has looked at `games` games.
MiningFigures wait_for(const PuzzleMiner& miner, int64_t games) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (miner.figures().games < games && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return miner.figures();
}

TEST(PuzzleMining, MinesAFinishedGameIntoItsPoolsFileOnce) {
    TempDir dir("puzzle_mining");
    const core::Variant variant(puzzle_pool_setup("8x8"));
    engine::Engine engine;
    // Game 0 of seed 1 of the puzzle self-play: the tests' puzzle set holds puzzles from it.
    const std::vector<core::Square> moves = engine::puzzle_selfplay_game(variant, 1, 0, 10, engine);
    MiningOptions options;
    options.dir = (dir.path / "mined").string();
    options.games_per_hour = 360000;
    int64_t found = 0;
    {
        PuzzleMiner miner(options);
        miner.add("3p", "ignored", moves);
        miner.add("8x8", "T1", moves);
        const MiningFigures f = wait_for(miner, 1);
        ASSERT_EQ(f.games, 1);
        found = f.puzzles;
        ASSERT_GE(found, 1);
    }
    const PuzzleFile file = read_puzzle_file(options.dir + "/mined-8x8.jsonl");
    ASSERT_EQ(file.puzzles.size(), static_cast<size_t>(found));
    for (const PuzzleRecord& p : file.puzzles) {
        EXPECT_EQ(p.id.rfind("8x8-site-T1-p", 0), 0u) << p.id;
        ASSERT_LE(p.moves.size(), moves.size());
        EXPECT_TRUE(std::equal(p.moves.begin(), p.moves.end(), moves.begin())) << p.id;
    }
    // The served set reads the directory as it reads the shipped one.
    PuzzleSet set;
    set.add_directory(options.dir);
    EXPECT_EQ(set.pool("8x8").size(), static_cast<size_t>(found));
    {
        // A new job knows the positions of the files already there: it may find a puzzle the
        // first job skipped past (which ones depends on the weights), never one it mined.
        PuzzleMiner miner(options);
        miner.add("8x8", "T2", moves);
        ASSERT_EQ(wait_for(miner, 1).games, 1);
    }
    const PuzzleFile again = read_puzzle_file(options.dir + "/mined-8x8.jsonl");
    std::set<uint64_t> positions;
    for (const PuzzleRecord& p : again.puzzles)
        EXPECT_TRUE(positions.insert(puzzle_game("8x8", p).position().key()).second) << p.id;
    EXPECT_GE(again.puzzles.size(), static_cast<size_t>(found));
    {
        // One game an hour and a queue of one: the first is taken, the rest wait or drop.
        options.games_per_hour = 1;
        options.queue = 1;
        PuzzleMiner miner(options);
        for (int i = 0; i < 3; ++i) miner.add("8x8", "Q" + std::to_string(i), moves);
        EXPECT_GE(miner.figures().dropped, 1);
    }
}

}  // namespace
}  // namespace reversi::server
