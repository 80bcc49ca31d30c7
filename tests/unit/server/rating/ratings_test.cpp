// SPDX-License-Identifier: MIT
// Rated play: which setups have a pool, which tables may be rated, how a multi-player game
// becomes pairwise results, and that a rated game's new ratings follow Glicko-2.
#include "server/rating/ratings.h"

#include <gtest/gtest.h>

#include "server/rating/glicko2.h"

namespace reversi::server {
namespace {

core::Setup setup(core::Shape shape, int players = 2, bool anti = false) {
    core::Setup s;
    s.shape = shape;
    s.players = players;
    s.anti = anti;
    return s;
}

TableSpec spec_of(const core::Setup& s) {
    TableSpec spec;
    spec.setup = s;
    spec.seats.assign(s.players, Seat{});
    spec.rated = true;
    return spec;
}

const Identity Registered{7, "Ada", false};

TEST(Ratings, PoolsOfStandardSetups) {
    EXPECT_EQ(pool_of(setup(core::Shape::Eight)), "8x8");
    EXPECT_EQ(pool_of(setup(core::Shape::Eight, 2, true)), "8x8-anti");
    EXPECT_EQ(pool_of(setup(core::Shape::Six)), "6x6");
    EXPECT_EQ(pool_of(setup(core::Shape::Ten)), "10x10");
    EXPECT_EQ(pool_of(setup(core::Shape::Octagon)), "octagon");
    EXPECT_EQ(pool_of(setup(core::Shape::Ten, 3)), "3p");
    EXPECT_EQ(pool_of(setup(core::Shape::Ten, 4)), "4p");
    // Each live pool and its correspondence pool (days per move).
    EXPECT_EQ(rating_pools().size(), 14u);
    ClockSpec days;
    days.mode = ClockMode::Days;
    days.days = 3;
    EXPECT_EQ(rating_pool(setup(core::Shape::Octagon), days), "octagon-corr");
    EXPECT_EQ(rating_pool(setup(core::Shape::Octagon), ClockSpec{}), "octagon");
    EXPECT_FALSE(rating_pool(setup(core::Shape::Six, 2, true), days));
}

TEST(Ratings, UnusualSetupsAreCasualOnly) {
    core::Setup blocked = setup(core::Shape::Eight);
    blocked.blocked = {{0, 0}};
    EXPECT_FALSE(pool_of(blocked));
    core::Setup handicap = setup(core::Shape::Eight);
    handicap.handicap = 1;
    EXPECT_FALSE(pool_of(handicap));
    core::Setup free_opening = setup(core::Shape::Eight);
    free_opening.free_opening = true;
    EXPECT_FALSE(pool_of(free_opening));
    EXPECT_FALSE(pool_of(setup(core::Shape::Six, 2, true)));
    EXPECT_FALSE(pool_of(setup(core::Shape::Ten, 3, true)));
}

TEST(Ratings, RatedTablesAreRefusedWithAReason) {
    EXPECT_EQ(rated_problem(spec_of(setup(core::Shape::Eight)), Registered), "");
    EXPECT_NE(rated_problem(spec_of(setup(core::Shape::Eight)), Identity{8, "Guest-1234", true}),
              "");
    EXPECT_NE(rated_problem(spec_of(setup(core::Shape::Eight)), Identity{}), "");
    TableSpec local = spec_of(setup(core::Shape::Eight));
    local.local = true;
    EXPECT_NE(rated_problem(local, Registered), "");
    TableSpec computer = spec_of(setup(core::Shape::Eight));
    computer.seats[1].type = SeatType::Computer;
    computer.seats[1].level = 3;
    EXPECT_NE(rated_problem(computer, Registered), "");
    core::Setup handicap = setup(core::Shape::Eight);
    handicap.handicap = 2;
    EXPECT_NE(rated_problem(spec_of(handicap), Registered), "");
}

TEST(Ratings, JoiningARatedTableNeedsAnotherRegisteredPlayer) {
    Table table("t1", spec_of(setup(core::Shape::Eight)), 0, 0);
    table.join(0, "", "0123456789abcdef0123456789abcdef", 0);
    table.set_seat_player(0, Registered, 1500);
    EXPECT_NE(rated_join_problem(table, Registered), "");  // the same player twice
    EXPECT_NE(rated_join_problem(table, Identity{9, "Guest-1", true}), "");
    EXPECT_NE(rated_join_problem(table, Identity{}), "");
    EXPECT_EQ(rated_join_problem(table, Identity{9, "Bob", false}), "");
}

TEST(Ratings, OutcomesOfAFinishedGame) {
    TableResult won{1, {20, 44}, EndReason::End, {}};
    EXPECT_EQ(outcome_of(won, 1), "won");
    EXPECT_EQ(outcome_of(won, 0), "lost");
    TableResult draw{-1, {32, 32}, EndReason::End, {}};
    EXPECT_EQ(outcome_of(draw, 0), "drawn");
    EXPECT_EQ(outcome_of(TableResult{-1, {2, 2}, EndReason::Cancelled, {}}, 0), "");
    EXPECT_EQ(outcome_of(TableResult{-1, {2, 2}, EndReason::Aborted, {}}, 0), "");
    EXPECT_FALSE(counts_for_rating(TableResult{-1, {2, 2}, EndReason::Expired, {}}));
    EXPECT_TRUE(counts_for_rating(TableResult{0, {2, 2}, EndReason::Resign, {}}));
}

TEST(Ratings, MultiPlayerResultsArePairwiseByRank) {
    // Seat 2 wins; seats 0 and 3 are level; seat 1 is last.
    const TableResult r{2, {20, 10, 30, 20}, EndReason::End, {}};
    EXPECT_EQ(pairwise_score(r, false, 2, 0), 1);
    EXPECT_EQ(pairwise_score(r, false, 0, 2), 0);
    EXPECT_EQ(pairwise_score(r, false, 0, 3), 0.5);
    EXPECT_EQ(pairwise_score(r, false, 0, 1), 1);
    EXPECT_EQ(pairwise_score(r, false, 1, 3), 0);
    // In anti the fewest discs rank first (the winner still leads).
    EXPECT_EQ(pairwise_score(r, true, 1, 0), 1);
    // A resignation: the winner leads even with fewer discs.
    const TableResult resigned{0, {5, 40}, EndReason::Resign, {}};
    EXPECT_EQ(pairwise_score(resigned, false, 0, 1), 1);
    EXPECT_EQ(pairwise_score(resigned, false, 1, 0), 0);
}

TEST(Ratings, ARatedGameUpdatesEverySeatInOnePeriod) {
    const TableResult r{2, {20, 10, 30}, EndReason::End, {}};
    std::vector<StoredRating> before(3);
    for (int i = 0; i < 3; ++i) before[i].player = 10 + i, before[i].pool = "3p";
    before[1].rating = 1700;
    before[1].rd = 80;
    const auto changes = rate_game(r, false, before);
    ASSERT_EQ(changes.size(), 3u);
    // Seat 0: beat seat 1, lost to seat 2, in one period (compare with Glicko-2 directly).
    const Glicko2Rating expect0 =
        glicko2_update({1500, 350, 0.06}, {{1700, 80, 1}, {1500, 350, 0}});
    EXPECT_DOUBLE_EQ(changes[0].after.rating, expect0.rating);
    EXPECT_DOUBLE_EQ(changes[0].after.rd, expect0.rd);
    EXPECT_GT(changes[2].after.rating, 1500);  // won both
    EXPECT_LT(changes[1].after.rating, 1700);  // lost both
    for (const RatingChange& c : changes) {
        EXPECT_EQ(c.after.games, 1);
        EXPECT_EQ(c.after.player, c.before.player);
        EXPECT_EQ(c.after.pool, "3p");
    }
    const json j = rating_changes_json(changes);
    ASSERT_EQ(j.size(), 3u);
    EXPECT_EQ(j[1]["seat"], 1);
    EXPECT_EQ(j[1]["before"], 1700);
    EXPECT_LT(j[1]["after"].get<double>(), 1700);
    EXPECT_TRUE(j[1].contains("rd_after"));
}

TEST(Ratings, ARatedTableKeepsItsChangesThroughTheStore) {
    TableSpec spec = spec_of(setup(core::Shape::Eight));
    Table table("t2", spec, 0, 0);
    table.join(0, "", "0123456789abcdef0123456789abcdef", 0);
    table.set_seat_player(0, Identity{7, "Ada", false}, 1500);
    table.join(1, "", "fedcba9876543210fedcba9876543210", 0);
    table.set_seat_player(1, Identity{9, "Bob", false}, 1612.4);
    table.resign({0}, std::nullopt, 0);
    table.set_rating_changes(json::array({{{"seat", 0}, {"before", 1500}, {"after", 1400}}}));
    const Table back = Table::restore("t2", table.spec_json(), 0, {}, table.result_json(), 0);
    EXPECT_TRUE(back.spec().rated);
    EXPECT_EQ(back.spec().seats[1].player, 9);
    EXPECT_EQ(back.spec().seats[1].name, "Bob");
    EXPECT_EQ(back.result_json()["ratings"][0]["after"], 1400);
    const json state = json::parse(back.state_text(0));
    EXPECT_EQ(state["rated"], true);
    EXPECT_EQ(state["seats"][1]["player"], "Bob");
    EXPECT_EQ(state["seats"][1]["rating"], 1612);
}

}  // namespace
}  // namespace reversi::server
