// SPDX-License-Identifier: MIT
// Issue 27, finding 9: names are unique by their look (ICU's confusable skeleton), whichever
// script registered first; migration 15's rows get their skeleton when the server starts, the
// lower id first, and the later of two old look-alikes keeps none.
#include <gtest/gtest.h>

#include <algorithm>

#include "accounts_client.h"
#include "server/storage/sqlite/storage.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// Cyrillic capital A (U+0410), es (U+0441), ie (U+0435), capital er (U+0420), er (U+0440),
// o (U+043E) and ha (U+0445): letters drawn like Latin ones.
const std::string CyrillicAce = "\u0410\u0441\u0435";
const std::string CyrillicPox = "\u0420\u043e\u0445";
const std::string CyrillicPop = "\u0420\u043e\u0440";

json account(const std::string& name) {
    return {{"name", name}, {"password", "correct horse"}};
}

TEST(NameSkeleton, ALookAlikeNameIsTakenWhicheverScriptCameFirst) {
    TempDir dir("acc_skeleton");
    ServerProcess server(dir.path);
    Browser latin(server.port, "127.0.0.1", "127.0.0.2");
    Browser cyrillic(server.port, "127.0.0.1", "127.0.0.3");
    Browser other(server.port, "127.0.0.1", "127.0.0.4");
    ASSERT_EQ(latin.post("/api/register", account("Ada")).status, 200);
    // Cyrillic A then Latin "da": refused (mixed scripts), never registered beside Ada.
    EXPECT_NE(other.post("/api/register", account("\u0410da")).status, 200);
    ASSERT_EQ(cyrillic.post("/api/register", account(CyrillicAce)).status, 200);
    const auto taken = other.post("/api/register", account("Ace"));
    EXPECT_EQ(taken.status, 409);
    EXPECT_EQ(taken.data()["code"], "name_taken");
    ASSERT_EQ(other.post("/api/register", account("Pox")).status, 200);
    const auto look_alike =
        Browser(server.port, "127.0.0.1", "127.0.0.5").post("/api/register", account(CyrillicPox));
    EXPECT_EQ(look_alike.status, 409);
    EXPECT_EQ(look_alike.data()["code"], "name_taken");
}

TEST(NameSkeleton, RowsWithoutASkeletonGetOneAtStartTheEarlierFirst) {
    TempDir dir("acc_skeleton_fill");
    {
        // Rows as migration 15 leaves them: no skeleton yet, two that look alike.
        SqliteStorage db((dir.path / "test.db").string());
        db.save_player({1, "Pop", "pop", "$argon2id$x", 10});
        db.save_player({2, CyrillicPop, "\u0440\u043e\u0440", "$argon2id$y", 20});
    }
    {
        ServerProcess server(dir.path);
        // Greek rho, omicron, rho: another key, the same look as Pop's filled skeleton.
        const auto taken = Browser(server.port, "127.0.0.1", "127.0.0.3")
                               .post("/api/register", account("\u03c1\u03bf\u03c1"));
        EXPECT_EQ(taken.status, 409) << taken.body;
        EXPECT_EQ(taken.data()["code"], "name_taken");
    }
    SqliteStorage db((dir.path / "test.db").string());
    auto rows = db.players();
    std::sort(rows.begin(), rows.end(),
              [](const StoredPlayer& a, const StoredPlayer& b) { return a.id < b.id; });
    ASSERT_GE(rows.size(), 2u);
    EXPECT_FALSE(rows[0].name_skeleton.empty());
    EXPECT_EQ(rows[1].name, CyrillicPop);
    EXPECT_TRUE(rows[1].name_skeleton.empty());  // the later look-alike keeps none
    const auto found = db.load_player_with_skeleton(rows[0].name_skeleton);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, 1);
}

}  // namespace
}  // namespace reversi::server
