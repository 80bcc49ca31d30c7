// SPDX-License-Identifier: MIT
// Quick pairing on a fake time line: the window grows by steps, both windows must hold, only
// entries of the same pool, preset and kind meet, a player never meets themself, and groups
// of three and four are formed only when every pair fits. Pools and presets against the
// lists of docs/SITE.md.
#include "server/lobby/pairing.h"

#include <gtest/gtest.h>

#include "server/rating/ratings.h"

namespace reversi::server {
namespace {

QuickEntry entry(int64_t player, double rating, int64_t since = 0, std::string pool = "8x8",
                 std::string preset = "3+2") {
    QuickEntry e;
    e.player = player;
    e.rating = rating;
    e.since = since;
    e.pool = std::move(pool);
    e.preset = std::move(preset);
    e.players = e.pool == "3p" ? 3 : e.pool == "4p" ? 4 : 2;
    return e;
}

TEST(Pairing, WindowGrowsByStepsWhileWaiting) {
    QuickQueue q;
    const QuickEntry e = entry(1, 1500, 10'000);
    EXPECT_EQ(q.window(e, 10'000), 100);
    EXPECT_EQ(q.window(e, 14'999), 100);
    EXPECT_EQ(q.window(e, 15'000), 150);
    EXPECT_EQ(q.window(e, 40'000), 400);
    // A clock that reads before the entry (it cannot, but a window never shrinks below base).
    EXPECT_EQ(q.window(e, 0), 100);
}

TEST(Pairing, CloseRatingsPairAtOnce) {
    QuickQueue q;
    q.add(entry(1, 1500));
    q.add(entry(2, 1590));
    const auto groups = q.match(0);
    ASSERT_EQ(groups.size(), 1u);
    ASSERT_EQ(groups[0].size(), 2u);
    EXPECT_EQ(groups[0][0].player, 1);
    EXPECT_EQ(groups[0][1].player, 2);
    EXPECT_TRUE(q.entries().empty());
}

// The window's growth alone: with the rule for lone seekers off.
PairingWindow growth_only() {
    PairingWindow w;
    w.alone_ms = 0;
    return w;
}

TEST(Pairing, DistantRatingsWaitForTheWindowsToGrow) {
    QuickQueue q(growth_only());
    q.add(entry(1, 1500, 0));
    q.add(entry(2, 1720, 0));  // 220 apart: windows must reach 250 (three steps)
    EXPECT_TRUE(q.match(0).empty());
    EXPECT_TRUE(q.match(14'999).empty());
    EXPECT_EQ(q.entries().size(), 2u);
    EXPECT_EQ(q.match(15'000).size(), 1u);
}

TEST(Pairing, BothWindowsMustHold) {
    QuickQueue q(growth_only());
    q.add(entry(1, 1500, 0));       // waited 30 s at t=30000: window 400
    q.add(entry(2, 1800, 30'000));  // just came: window 100
    EXPECT_TRUE(q.match(30'000).empty()) << "the newcomer's window of 100 does not hold 300";
    // 300 apart: the newcomer needs 4 steps (20 s).
    EXPECT_TRUE(q.match(49'999).empty());
    EXPECT_EQ(q.match(50'000).size(), 1u);
}

// Issue 26, defect 17: when nobody else seeks the same game, waiting longer cannot bring a
// closer opponent: once each has waited alone_ms (8 s) they are paired whatever the gap.
TEST(Pairing, SeekersAloneInTheirGameArePairedAfterAShortWait) {
    QuickQueue q;
    q.add(entry(1, 1500, 0));
    q.add(entry(2, 1824, 2'000));  // 324 apart
    EXPECT_EQ(q.seeking(q.entries()[0]), 2);
    ASSERT_TRUE(q.any_rating_at(q.entries()[0]));
    EXPECT_EQ(*q.any_rating_at(q.entries()[0]), 10'000);
    EXPECT_TRUE(q.match(9'999).empty());
    EXPECT_EQ(q.match(10'000).size(), 1u);
    // A third seeker of the same game: not alone, the windows decide (as before).
    q.add(entry(1, 1500, 0));
    q.add(entry(2, 1824, 0));
    q.add(entry(3, 2400, 0));
    EXPECT_FALSE(q.any_rating_at(q.entries()[0]));
    EXPECT_EQ(q.seeking(q.entries()[0]), 3);
    EXPECT_TRUE(q.match(19'000).empty()) << "not alone: windows of 250 do not hold 324";
    EXPECT_EQ(q.match(25'000).size(), 1u) << "windows of 350 do";
    ASSERT_EQ(q.entries().size(), 1u);
    EXPECT_EQ(q.entries()[0].player, 3);
}

TEST(Pairing, OnlySamePoolPresetAndKindMeet) {
    QuickQueue q;
    q.add(entry(1, 1500, 0, "8x8", "3+2"));
    q.add(entry(2, 1500, 0, "8x8", "5+3"));
    q.add(entry(3, 1500, 0, "10x10", "3+2"));
    QuickEntry rated = entry(4, 1500, 0, "8x8", "3+2");
    rated.rated = true;
    q.add(rated);
    EXPECT_TRUE(q.match(1'000'000).empty());
    q.add(entry(5, 1500, 0, "10x10", "3+2"));
    const auto groups = q.match(0);
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0][0].player, 3);
    EXPECT_EQ(groups[0][1].player, 5);
    EXPECT_EQ(q.entries().size(), 3u);
}

TEST(Pairing, APlayerNeverMeetsThemselfAndHasOneEntry) {
    QuickQueue q;
    q.add(entry(7, 1500, 0, "8x8", "3+2"));
    q.add(entry(7, 1500, 0, "8x8", "3+2"));  // a second tab: replaces the first
    EXPECT_EQ(q.entries().size(), 1u);
    EXPECT_TRUE(q.match(1'000'000).empty());
    q.add(entry(7, 1500, 0, "6x6", "1+0"));  // switching pool replaces too
    ASSERT_NE(q.find(7), nullptr);
    EXPECT_EQ(q.find(7)->pool, "6x6");
    EXPECT_TRUE(q.remove(7));
    EXPECT_FALSE(q.remove(7));
    EXPECT_EQ(q.find(7), nullptr);
}

TEST(Pairing, ClosestRatingIsChosenAndLongestWaitingServedFirst) {
    QuickQueue q;
    q.add(entry(1, 1500, 0));
    q.add(entry(2, 1580, 0));
    q.add(entry(3, 1510, 0));
    q.add(entry(4, 1575, 0));
    const auto groups = q.match(0);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0][0].player, 1);
    EXPECT_EQ(groups[0][1].player, 3);
    EXPECT_EQ(groups[1][0].player, 2);
    EXPECT_EQ(groups[1][1].player, 4);
}

TEST(Pairing, MultiPlayerGroupsNeedEveryPairToFit) {
    QuickQueue q;
    q.add(entry(1, 1500, 0, "3p", "untimed"));
    q.add(entry(2, 1590, 0, "3p", "untimed"));
    q.add(entry(3, 1410, 0, "3p", "untimed"));  // fits 1, but 180 from 2
    EXPECT_TRUE(q.match(0).empty());
    q.add(entry(4, 1560, 0, "3p", "untimed"));
    const auto groups = q.match(0);
    ASSERT_EQ(groups.size(), 1u);
    ASSERT_EQ(groups[0].size(), 3u);
    std::vector<int64_t> players;
    for (const QuickEntry& e : groups[0]) players.push_back(e.player);
    EXPECT_EQ(players, (std::vector<int64_t>{1, 2, 4}));
    EXPECT_EQ(q.entries().size(), 1u);
    EXPECT_EQ(q.entries()[0].player, 3);
}

TEST(Pairing, PresetsAreTheListedTimeControls) {
    const auto three = preset_clock("3+2");
    ASSERT_TRUE(three);
    EXPECT_EQ(three->mode, ClockMode::Game);
    EXPECT_EQ(three->seconds, 180);
    EXPECT_EQ(three->increment, 2);
    const auto untimed = preset_clock("untimed");
    ASSERT_TRUE(untimed);
    EXPECT_EQ(untimed->mode, ClockMode::None);
    EXPECT_EQ(preset_clock("15+10")->seconds, 900);
    EXPECT_FALSE(preset_clock("2+1"));
    EXPECT_FALSE(preset_clock(""));
    EXPECT_EQ(preset_names().size(), 6u);
    for (const std::string& name : preset_names()) EXPECT_TRUE(preset_clock(name)) << name;
}

TEST(Pairing, PoolSetupsBelongToTheirPool) {
    for (const char* pool : {"8x8", "8x8-anti", "6x6", "10x10", "octagon", "3p", "4p"}) {
        const auto setup = pool_setup(pool);
        ASSERT_TRUE(setup) << pool;
        EXPECT_TRUE(setup->problem().empty()) << pool << ": " << setup->problem();
        EXPECT_EQ(pool_of(*setup), std::optional<std::string>(pool));
    }
    EXPECT_FALSE(pool_setup("9x9"));
    core::Setup blocked;
    blocked.blocked = {{2, 2}, {5, 5}};
    EXPECT_FALSE(pool_of(blocked));
    core::Setup handicap;
    handicap.handicap = 2;
    EXPECT_FALSE(pool_of(handicap));
    core::Setup anti_ten;
    anti_ten.shape = core::Shape::Ten;
    anti_ten.anti = true;
    EXPECT_FALSE(pool_of(anti_ten));
}

}  // namespace
}  // namespace reversi::server
