// SPDX-License-Identifier: MIT
// Account events across two `reversi serve` processes on one PostgreSQL database (issue 48,
// loose ends of items 3 and 8; docs/MULTINODE.md "Accounts across nodes"), told through the
// lobby bus: a bot token revoked on node one closes the socket it opened on node two at once,
// and node two no longer takes the token; an account deleted on node one is named
// deleted-<id> by the table node two holds in memory. Needs $REVERSI_TEST_PG (the CTest
// storage_postgres).
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "accounts_client.h"
#include "server_harness.h"
#include "storage_backends.h"

namespace reversi::server::testing_support {
namespace account_events {

bool is_type(const json& m, const char* type) {
    return m.value("type", "") == type;
}

TEST(PostgresAccountEvents, ARevokedTokensSocketOnAnotherNodeClosesAndTheTokenEnds) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_revoked_token");
    ServerProcess one(dir.path, {"--db", db.uri()});
    ServerProcess two(dir.path, {"--db", db.uri()});
    Browser owner(one.port);
    owner.get("/api/me");
    ASSERT_EQ(
        owner.post("/api/register", {{"name", "NodeBot"}, {"password", "correct horse"}}).status,
        200);
    ASSERT_EQ(owner.post("/api/bot/account", json::object()).status, 200);
    const BrowserReply made = owner.post("/api/bot/token", json::object());
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string token = made.data()["token"];

    // The bot's bridge is on node two, which then caches the token's session. The token's row
    // is committed just after the answer (and a token read too early is taken for unknown
    // for 5 s): waited for, with a generous deadline.
    // (A new client each time: one taken for a guest would keep the guest's cookie.)
    const auto bridge = [&] {
        Browser b(two.port);
        b.set_header("Authorization", "Bearer " + token);
        return b.get("/api/me").data()["name"];
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (bridge() != "NodeBot" && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_EQ(bridge(), "NodeBot");
    CookieSocket lobby(two.port, "/ws/lobby", "rv_session=" + token);
    ASSERT_EQ(lobby.read_until([](const json& m) { return is_type(m, "lobby"); })["me"]["bot"],
              true);

    const BrowserReply revoked = owner.post(
        "/api/bot/tokens/" + made.data()["id"].get<std::string>() + "/revoke", json::object());
    ASSERT_EQ(revoked.status, 200) << revoked.body;
    // Closed by node two when the event comes (a wait for the close, not for a while).
    try {
        lobby.read_until([](const json&) { return false; }, 20);
        ADD_FAILURE() << "the revoked token's socket on node two stayed open";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()).find("timed out"), std::string::npos) << e.what();
    }
    // Node two forgot the session when it closed the socket, not at its next check.
    EXPECT_NE(bridge(), "NodeBot");
}

TEST(PostgresAccountEvents, ATableOnAnotherNodeNamesADeletedPlayerAnonymously) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_deleted_player");
    ServerProcess one(dir.path, {"--db", db.uri()});
    ServerProcess two(dir.path, {"--db", db.uri()});
    Browser dave(one.port);
    dave.get("/api/me");
    ASSERT_EQ(
        dave.post("/api/register", {{"name", "DaveNodes"}, {"password", "dave password"}}).status,
        200);
    const std::string anonymous =
        "deleted-" + std::to_string(dave.get("/api/me").data()["id"].get<int64_t>());
    // Dave's table is made on node two, which holds it in memory.
    Browser dave_two(two.port);
    dave_two.set_cookie(dave.cookie());
    const BrowserReply table = dave_two.post("/api/tables", {{"seat", 0}});
    ASSERT_EQ(table.status, 200) << table.body;
    const std::string path = "/api/tables/" + table.data()["table"].get<std::string>();
    Browser bob(two.port, "127.0.0.1", "127.0.0.2");
    ASSERT_NE(bob.get(path).body.find("DaveNodes"), std::string::npos);

    ASSERT_EQ(dave.post("/api/account/delete", {{"password", "dave password"}}).status, 200);
    // Node two renames its table when the event comes: waited for, with a generous deadline.
    std::string seen;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        seen = bob.get(path).body;
        if (seen.find(anonymous) != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_NE(seen.find(anonymous), std::string::npos) << seen;
    EXPECT_EQ(seen.find("DaveNodes"), std::string::npos) << seen;
    // Node two's cache names him so too: the same event, applied to the cache in a step of its
    // own, so it is waited for as well.
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        status = Browser(two.port).get("/api/players/DaveNodes").status;
        if (status == 404) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_EQ(status, 404);
}

// The tournament side: the leader (node one) holds Dave's tournament; Dave deletes his account
// on node two, which does not run tournaments (and whose own rewrite of the stored tournaments
// is fenced off). The leader renames him when the event comes.
TEST(PostgresAccountEvents, TheLeadersTournamentNamesAPlayerDeletedOnAnotherNode) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_deleted_entrant");
    ServerProcess one(dir.path, {"--db", db.uri()});
    Browser dave(one.port);
    dave.get("/api/me");
    ASSERT_EQ(
        dave.post("/api/register", {{"name", "DaveEnters"}, {"password", "dave password"}}).status,
        200);
    // Node one leads before node two starts (a 503 while it reads the tournaments back).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (dave.get("/api/tournaments").status != 200 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ServerProcess two(dir.path, {"--db", db.uri()});
    const BrowserReply made = dave.post("/api/tournaments", {{"name", "Dave's cup"},
                                                             {"kind", "arena"},
                                                             {"rated", false},
                                                             {"minutes", 5},
                                                             {"starts_in", 600}});
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string path = "/api/tournaments/" + made.data()["id"].get<std::string>();
    ASSERT_NE(dave.get(path).body.find("DaveEnters"), std::string::npos);
    const std::string anonymous =
        "deleted-" + std::to_string(dave.get("/api/me").data()["id"].get<int64_t>());

    Browser dave_two(two.port);
    dave_two.set_cookie(dave.cookie());
    ASSERT_EQ(dave_two.post("/api/account/delete", {{"password", "dave password"}}).status, 200);
    Browser bob(one.port, "127.0.0.1", "127.0.0.2");
    std::string seen;
    while (std::chrono::steady_clock::now() < deadline + std::chrono::seconds(20)) {
        seen = bob.get(path).body;
        if (seen.find(anonymous) != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_NE(seen.find(anonymous), std::string::npos) << seen;
    EXPECT_EQ(seen.find("DaveEnters"), std::string::npos) << seen;
}

}  // namespace account_events
}  // namespace reversi::server::testing_support
#endif
