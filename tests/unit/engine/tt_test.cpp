// SPDX-License-Identifier: MIT
// The transposition table's start-up: a table mapped fresh from the system is not cleared
// (its pages read as zero until written), one from the heap is; either must read as empty
// until something is stored, and clear() must still forget what was.
#include "engine/tt.h"

#include "engine/search.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace reversi::engine {
namespace {

constexpr uint64_t Spread = 0x9E3779B97F4A7C15ULL;  // keys spread over every bucket
constexpr uint64_t Keys = 1 << 15;

// Probes `Keys` keys (key 0 among them: an all-zero slot is unused, not key 0's).
int entries_found(const TranspositionTable& tt) {
    TtEntry e;
    int found = 0;
    for (uint64_t k = 0; k < Keys; ++k) found += tt.probe(k * Spread, e);
    return found;
}

void fill(TranspositionTable& tt) {
    for (uint64_t k = 0; k < Keys; ++k) tt.store(k * Spread, 3, -1, 1, 5);
}

TEST(TranspositionTable, FreshTablesReadEmptyAndClearForgetsStores) {
    // 1 MB comes from the heap (cleared by the table), 4 MB is mapped (left as the system gives
    // it).
    for (const size_t megabytes : {size_t{1}, size_t{4}}) {
        TranspositionTable tt(megabytes);
        EXPECT_TRUE(tt.pristine()) << megabytes;
        EXPECT_EQ(tt.hashfull(), 0) << megabytes;
        EXPECT_EQ(entries_found(tt), 0) << megabytes;
        fill(tt);
        EXPECT_FALSE(tt.pristine()) << megabytes;
        EXPECT_GT(entries_found(tt), 0) << megabytes;
        EXPECT_GT(tt.hashfull(), 0) << megabytes;
        tt.clear();
        EXPECT_TRUE(tt.pristine()) << megabytes;
        EXPECT_EQ(entries_found(tt), 0) << megabytes;
        EXPECT_EQ(tt.hashfull(), 0) << megabytes;
        // Resizing after use hands over a fresh table too.
        fill(tt);
        tt.resize(megabytes);
        EXPECT_EQ(entries_found(tt), 0) << megabytes;
    }
}

TEST(TranspositionTable, HeapMemoryOfAnOldTableIsClearedForTheNext) {
    // The heap reuses freed memory: the second table may sit where the first left its entries.
    for (int round = 0; round < 3; ++round) {
        {
            TranspositionTable used(1);
            fill(used);
        }
        const TranspositionTable next(1);
        EXPECT_EQ(entries_found(next), 0) << round;
    }
}

// Each table is a power of two of megabytes; together they must use a power-of-two budget
// whole (48 + 16 MB of 64 rounded to 32 + 16 and left a quarter unused) and never more than
// was asked, except that each gets at least one.
TEST(SearchTables, TheTwoTablesTakeAPowerOfTwoBudgetWhole) {
    EXPECT_EQ(SearchTables::midgame_megabytes(1), 1u);
    EXPECT_EQ(SearchTables::endgame_megabytes(1), 1u);
    for (size_t mb = 2; mb <= 16384; mb *= 2) {
        EXPECT_EQ(SearchTables::midgame_megabytes(mb) + SearchTables::endgame_megabytes(mb), mb)
            << mb << " MB";
        EXPECT_GE(SearchTables::midgame_megabytes(mb), SearchTables::endgame_megabytes(mb));
    }
    for (size_t mb = 2; mb <= 5000; ++mb) {
        const size_t used =
            SearchTables::midgame_megabytes(mb) + SearchTables::endgame_megabytes(mb);
        EXPECT_LE(used, mb) << mb << " MB";
        EXPECT_GT(2 * used, mb) << mb << " MB";
    }
}

}  // namespace
}  // namespace reversi::engine
