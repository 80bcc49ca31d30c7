// SPDX-License-Identifier: MIT
// Accounts across two `reversi serve` processes on one PostgreSQL database, through HTTP and
// the lobby socket (docs/MULTINODE.md "Accounts across nodes"): a cookie made on node one is
// the same player on node two, in its requests and its WebSocket upgrade; guests of the two
// nodes never share an id; the profile and a login work on either node. Needs $REVERSI_TEST_PG.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "forwarding_proxy.h"
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

// Issue 27, findings 1 and 3: two nodes behind one proxy (loopback, trusted, setting
// X-Forwarded-For). Wrong logins on node one count on node two for that client and name, and
// neither node holds them against another client.
TEST(PostgresAccountsNet, WrongLoginsCountAcrossNodesPerClientBehindTheProxy) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_login_failures");
    const std::vector<std::string> args = {"--db", db.uri(), "--trusted-proxy", "127.0.0.1"};
    ServerProcess one(dir.path, args);
    ServerProcess two(dir.path, args);
    const auto via = [](unsigned short port, const std::string& client) {
        Browser b(port);
        b.set_header("X-Forwarded-For", client);
        return b;
    };
    Browser owner = via(one.port, "198.51.100.7");
    ASSERT_EQ(
        owner.post("/api/register", {{"name", "BeaNodes"}, {"password", "bea's secret"}}).status,
        200);
    Browser attacker = via(one.port, "203.0.113.5");
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(attacker
                      .post("/api/login",
                            {{"name", "BeaNodes"}, {"password", "guess " + std::to_string(i)}})
                      .status,
                  403);
    // Node two has seen no attempt of this client, yet its failures on the name count there.
    Browser attacker_two = via(two.port, "203.0.113.5");
    EXPECT_EQ(attacker_two.post("/api/login", {{"name", "BeaNodes"}, {"password", "guess"}}).status,
              429);
    // The owner, from another client, logs in on either node.
    for (const unsigned short port : {one.port, two.port}) {
        Browser b = via(port, "198.51.100.8");
        EXPECT_EQ(b.post("/api/login", {{"name", "BeaNodes"}, {"password", "bea's secret"}}).status,
                  200);
    }
}

// The same behind a proxy process that sets X-Forwarded-For itself (forwarding_proxy.h, as
// deploy/nginx.conf does), the clients on addresses of their own: one client's ten wrong
// logins, spread by the proxy over both nodes, limit that client only; a forged
// X-Forwarded-For does not help it, since the nodes take the entry the proxy appended.
TEST(PostgresAccountsNet, BehindAForwardingProxyOneClientsFailuresDoNotTouchAnother) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_behind_proxy");
    const std::vector<std::string> args = {"--db", db.uri(), "--trusted-proxy", "127.0.0.1"};
    ServerProcess one(dir.path, args);
    ServerProcess two(dir.path, args);
    ForwardingProxy proxy({one.port, two.port});
    const auto client = [&](const std::string& from) {
        return Browser(proxy.port(), "127.0.0.1", from);
    };
    Browser owner = client("127.0.0.7");
    ASSERT_EQ(
        owner.post("/api/register", {{"name", "CemProxy"}, {"password", "cem's secret"}}).status,
        200);
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(client("127.0.0.5")
                      .post("/api/login",
                            {{"name", "CemProxy"}, {"password", "guess " + std::to_string(i)}})
                      .status,
                  403);
    EXPECT_EQ(client("127.0.0.5")
                  .post("/api/login", {{"name", "CemProxy"}, {"password", "guess"}})
                  .status,
              429);
    Browser forging = client("127.0.0.5");
    forging.set_header("X-Forwarded-For", "192.0.2.99");
    EXPECT_EQ(forging.post("/api/login", {{"name", "CemProxy"}, {"password", "guess"}}).status,
              429);
    // Another client: the owner logs in, twice, so through both nodes.
    for (int i = 0; i < 2; ++i)
        EXPECT_EQ(client("127.0.0.8")
                      .post("/api/login", {{"name", "CemProxy"}, {"password", "cem's secret"}})
                      .status,
                  200);
    const std::vector<int> forwarded = proxy.forwarded();
    EXPECT_GE(forwarded[0], 5);
    EXPECT_GE(forwarded[1], 5);
}

}  // namespace
}  // namespace reversi::server::testing_support
#endif
