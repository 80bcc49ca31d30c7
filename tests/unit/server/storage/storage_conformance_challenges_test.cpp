// SPDX-License-Identifier: MIT
// Open correspondence challenges (issue 48, loose end of item 13; storage/challenge_store.h),
// the same body against SQLite and PostgreSQL: a challenge upserts by id, outlives the store's
// reopening (a restart), is deleted when it ends, and a node that starts claims the ones no
// live node holds, with every field as stored.
#include <gtest/gtest.h>

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

INSTANTIATE_TEST_SUITE_P(Backends, ChallengeConformance, testing_backends::BuiltBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
