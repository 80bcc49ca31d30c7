// SPDX-License-Identifier: MIT
// Accounts across two `reversi serve` processes on one PostgreSQL database, through HTTP and
// the lobby socket (docs/MULTINODE.md "Accounts across nodes"): a cookie made on node one is
// the same player on node two, in its requests and its WebSocket upgrade; guests of the two
// nodes never share an id; the profile and a login work on either node. Needs $REVERSI_TEST_PG.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "server_harness.h"
#include "storage_backends.h"

namespace reversi::server::testing_support {
namespace {

TEST(PostgresAccountsNet, ACookieFromOneNodeIsTheSamePlayerOnTheOther) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_accounts_net");
    ServerProcess one(dir.path, {"--db", db.uri()});
    ServerProcess two(dir.path, {"--db", db.uri()});
    Browser on_one(one.port);
    on_one.get("/api/me");
    const auto reg =
        on_one.post("/api/register", {{"name", "AdaTwoNodes"}, {"password", "correct horse"}});
    ASSERT_EQ(reg.status, 200) << reg.body;
    // The registration answered after its commit: node two reads the session from the store.
    Browser on_two(two.port);
    on_two.set_cookie(on_one.cookie());
    const auto me = on_two.get("/api/me");
    ASSERT_EQ(me.status, 200) << me.body;
    EXPECT_EQ(me.data()["id"], reg.data()["id"]);
    EXPECT_EQ(me.data()["name"], "AdaTwoNodes");
    EXPECT_TRUE(me.set_cookie.empty());  // no new guest
    CookieSocket lobby(two.port, "/ws/lobby", on_one.cookie());
    const json first =
        lobby.read_until([](const json& m) { return m.value("type", "") == "lobby"; });
    EXPECT_EQ(first["me"]["name"], "AdaTwoNodes");
    // Guests of both nodes get distinct ids.
    Browser g1(one.port), g2(two.port);
    EXPECT_NE(g1.get("/api/me").data()["id"], g2.get("/api/me").data()["id"]);
    // The profile and a login work on the node that did not register the player.
    EXPECT_EQ(Browser(two.port).get("/api/players/adatwonodes").status, 200);
    Browser again(two.port);
    EXPECT_EQ(
        again.post("/api/login", {{"name", "AdaTwoNodes"}, {"password", "correct horse"}}).status,
        200);
}

}  // namespace
}  // namespace reversi::server::testing_support
#endif
