// SPDX-License-Identifier: MIT
// Open correspondence challenges (issue 48, loose end of item 13; storage/challenge_store.h),
// the same body against SQLite and PostgreSQL: a challenge upserts by id, outlives the store's
// reopening (a restart), is deleted when it ends, and a node that starts claims the ones no
// live node holds, with every field as stored.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage_backends.h"

namespace reversi::server {
namespace {

class ChallengeConformance : public testing_backends::BackendTest {};

TEST_P(ChallengeConformance, OpenChallengesOutliveARestartUntilTheyEnd) {
    auto store = db_->open();
    store->begin();
    store->save_challenge({"c1", "node-old", R"({"rated":false})", 1000});
    store->save_challenge({"c1", "node-old", R"({"rated":true})", 2000});  // upserted
    store->save_challenge({"c2", "node-old", "{}", 3000});
    store->save_challenge({"c3", "node-old", "{}", 4000});
    store->commit();
    store->begin();
    store->delete_challenge("c2");
    store->delete_challenge("nothing");  // no such id: nothing happens
    store->commit();
    store->begin();
    store->delete_challenge("c3");
    store->rollback();

    auto fresh = db_->open();
    auto rows = fresh->claim_challenges("node-new");
    std::sort(rows.begin(), rows.end(),
              [](const StoredChallenge& a, const StoredChallenge& b) { return a.id < b.id; });
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].id, "c1");
    EXPECT_EQ(rows[0].challenge, R"({"rated":true})");
    EXPECT_EQ(rows[0].expires, 2000);
    EXPECT_EQ(rows[1].id, "c3") << "the rolled-back delete left it";
}

// With several nodes (PostgreSQL), a node claims only what no live lobby node holds: not the
// challenges of a node whose `lobby_nodes` row is live, nor its own again; a stopped node's
// are claimed once.
TEST_P(ChallengeConformance, ANodeClaimsOnlyTheChallengesOfStoppedNodes) {
    if (GetParam() != testing_backends::Backend::Postgres)
        GTEST_SKIP() << "a SQLite store has one node, which holds every challenge";
    auto store = db_->open();
    store->begin();
    store->save_challenge({"c1", "node-live", "{}", 1000});
    store->save_challenge({"c2", "node-gone", "{}", 1000});
    store->save_challenge({"c3", "node-stale", "{}", 1000});
    store->commit();
    db_->exec_raw(
        "INSERT INTO lobby_nodes(node, online, expires) VALUES ('node-live', 0, now() + interval "
        "'1 minute'), ('node-stale', 0, now() - interval '1 second')");
    auto rows = store->claim_challenges("node-new");
    std::sort(rows.begin(), rows.end(),
              [](const StoredChallenge& a, const StoredChallenge& b) { return a.id < b.id; });
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].id, "c2");
    EXPECT_EQ(rows[1].id, "c3");
    EXPECT_TRUE(store->claim_challenges("node-new").empty()) << "its own are not claimed again";
    EXPECT_EQ(store->claim_challenges("node-other").size(), 2u)
        << "node-new has no live lobby row: another node takes them over";
}

INSTANTIATE_TEST_SUITE_P(Backends, ChallengeConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
