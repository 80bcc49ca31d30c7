// SPDX-License-Identifier: MIT
// The single-row reads of accounts that several nodes use (docs/MULTINODE.md "Accounts across
// nodes"), the same bodies against SQLite (storage.cpp's scanning defaults) and PostgreSQL
// (its own statements): rows by key, a touch that never brings back a deleted session, the
// leaderboard's order, the rating read for update.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage_backends.h"

namespace reversi::server {
namespace {

using testing_backends::Backend;

class AccountRowsConformance : public testing_backends::BackendTest {
  protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (IsSkipped()) return;
        store_ = db_->open();
        store_->begin();
        store_->save_player({1, "Ada", "ada", "$argon2id$x", 50});
        store_->save_player({2, "Bob", "bob", "", 60});
        store_->save_player({3, "Cy", "cy", "", 70});
        store_->save_session({"h1", 1, 10, 10});
        store_->save_rating({1, "8x8", 1600, 80, 0.06, 30});  // established
        store_->save_rating({2, "8x8", 1700, 200, 0.06, 2});  // provisional, higher
        store_->save_rating({3, "8x8", 1650, 90, 0.06, 12});  // established, higher than Ada
        store_->save_rating({3, "6x6", 1400, 300, 0.06, 0});  // no games: listed nowhere
        store_->save_rating({1, "6x6", 1510, 300, 0.06, 1});
        store_->commit();
    }
    std::unique_ptr<Storage> store_;
};

TEST_P(AccountRowsConformance, RowsByKey) {
    const auto session = store_->load_session("h1");
    ASSERT_TRUE(session);
    EXPECT_EQ(session->player, 1);
    EXPECT_FALSE(store_->load_session("nope"));
    const auto bob = store_->load_player(2);
    ASSERT_TRUE(bob);
    EXPECT_EQ(bob->name, "Bob");
    EXPECT_FALSE(store_->load_player(99));
    const auto ada = store_->load_player_named("ada");
    ASSERT_TRUE(ada);
    EXPECT_EQ(ada->id, 1);
    EXPECT_EQ(ada->password_hash, "$argon2id$x");
    EXPECT_FALSE(store_->load_player_named("Ada"));  // the key, not the name
    auto ratings = store_->ratings_of(1);
    std::sort(ratings.begin(), ratings.end(),
              [](const StoredRating& a, const StoredRating& b) { return a.pool < b.pool; });
    ASSERT_EQ(ratings.size(), 2u);
    EXPECT_EQ(ratings[0].pool, "6x6");
    EXPECT_EQ(ratings[0].rating, 1510);
    EXPECT_EQ(ratings[1].games, 30);
    EXPECT_TRUE(store_->ratings_of(99).empty());
}

// Migration 15: a player's skeleton round-trips, is unique, and an empty one is stored as none
// (any number of players may have none).
TEST_P(AccountRowsConformance, NameSkeletonsAreUniqueAndEmptyMeansNone) {
    StoredPlayer ace{4, "Ace", "ace", "$argon2id$a", 80};
    ace.name_skeleton = "ace-skeleton";
    store_->save_player(ace);
    const auto found = store_->load_player_with_skeleton("ace-skeleton");
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, 4);
    EXPECT_EQ(found->name_skeleton, "ace-skeleton");
    EXPECT_FALSE(store_->load_player_with_skeleton(""));
    EXPECT_FALSE(store_->load_player_with_skeleton("other"));
    EXPECT_EQ(store_->load_player(1)->name_skeleton, "");
    StoredPlayer look_alike{5, "Ace2", "ace2", "$argon2id$b", 90};
    look_alike.name_skeleton = "ace-skeleton";
    EXPECT_ANY_THROW(store_->save_player(look_alike));
    look_alike.name_skeleton.clear();
    store_->save_player(look_alike);  // none, like Bob's and Cy's
    EXPECT_EQ(store_->load_player(5)->name, "Ace2");
}

TEST_P(AccountRowsConformance, TouchMovesLastSeenButNeverBringsBackADeletedSession) {
    store_->begin();
    store_->touch_session("h1", 500);
    store_->touch_session("gone", 500);
    store_->commit();
    EXPECT_EQ(store_->load_session("h1")->last_seen, 500);
    EXPECT_EQ(store_->load_session("h1")->created, 10);
    EXPECT_FALSE(store_->load_session("gone"));
}

TEST_P(AccountRowsConformance, TopRatingsListEstablishedPlayersFirstThenByRating) {
    const auto top = store_->top_ratings("8x8", 10);
    ASSERT_EQ(top.size(), 3u);
    EXPECT_EQ(top[0].name, "Cy");
    EXPECT_EQ(top[1].name, "Ada");
    EXPECT_EQ(top[2].name, "Bob");
    EXPECT_EQ(top[1].rating.rating, 1600);
    EXPECT_EQ(store_->top_ratings("8x8", 1).size(), 1u);
    const auto small = store_->top_ratings("6x6", 10);
    ASSERT_EQ(small.size(), 1u);
    EXPECT_EQ(small[0].name, "Ada");
    EXPECT_TRUE(store_->top_ratings("10x10", 10).empty());
}

TEST_P(AccountRowsConformance, RatingForUpdateReadsTheStoredRow) {
    store_->begin();
    const auto stored = store_->rating_for_update(1, "8x8");
    const auto missing = store_->rating_for_update(2, "6x6");
    store_->commit();
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->rating, 1600);
    EXPECT_EQ(stored->games, 30);
    // A store may make the starting row (PostgreSQL does): then it has no games.
    if (missing) {
        EXPECT_EQ(missing->games, 0);
        EXPECT_EQ(missing->rating, StoredRating{}.rating);
    }
    EXPECT_EQ(store_->top_ratings("6x6", 10).size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(Backends, AccountRowsConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
