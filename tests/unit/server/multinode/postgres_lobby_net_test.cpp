// SPDX-License-Identifier: MIT
// Two `reversi serve` processes on one PostgreSQL database: a player registered on node 1
// posts a seek in its lobby, a player on node 2 sees it and accepts it, both get `paired`,
// and their tokens hold their seats at the table on its owner, node 1 (the seek's node made
// it): Black moves there and White sees the move. The online counts add up across the
// nodes first. Needs $REVERSI_TEST_PG (the CTest storage_postgres).
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "server_harness.h"
#include "storage_backends.h"

namespace reversi::server::testing_support {
namespace {

bool is_type(const json& m, const char* type) {
    return m.value("type", "") == type;
}

struct LobbyPlayer {
    LobbyPlayer(unsigned short port, const std::string& name) : browser(port) {
        browser.get("/api/me");
        const BrowserReply r =
            browser.post("/api/register", {{"name", name}, {"password", "correct horse"}});
        EXPECT_EQ(r.status, 200) << r.body;
        lobby = std::make_unique<CookieSocket>(port, "/ws/lobby", browser.cookie());
        first = lobby->read_until([](const json& m) { return is_type(m, "lobby"); });
    }
    Browser browser;
    std::unique_ptr<CookieSocket> lobby;
    json first;
};

TEST(PostgresLobbyNet, SeekOnNodeOneIsAcceptedOnNodeTwoWithWorkingTokens) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_lobby_net");
    // Both nodes run before anyone registers: ids come in blocks from the store
    // (docs/MULTINODE.md "Accounts across nodes"), so the two never hand out the same one.
    ServerProcess one(dir.path, {"--db", db.uri()});
    ServerProcess two(dir.path, {"--db", db.uri()});
    LobbyPlayer ada(one.port, "AdaNodeOne");
    LobbyPlayer bob(two.port, "BobNodeTwo");
    ASSERT_NE(ada.first["me"]["id"], bob.first["me"]["id"]);
    // Each node counts its own lobby socket; each shows the sum.
    const auto two_online = [](const json& m) { return is_type(m, "online") && m["count"] == 2; };
    ada.lobby->read_until(two_online);
    if (bob.first["online"] != 2) bob.lobby->read_until(two_online);

    ada.lobby->send({{"type", "seek"},
                     {"setup", {{"board", "8"}}},
                     {"clock", {{"mode", "game"}, {"seconds", 300}, {"increment", 3}}},
                     {"seat", "black"}});
    const json added =
        bob.lobby->read_until([](const json& m) { return is_type(m, "seek_added"); });
    EXPECT_EQ(added["seek"]["player"], "AdaNodeOne");
    bob.lobby->send({{"type", "accept"}, {"id", added["seek"]["id"]}});
    const json pa = ada.lobby->read_until([](const json& m) { return is_type(m, "paired"); });
    const json pb = bob.lobby->read_until([](const json& m) { return is_type(m, "paired"); });
    ASSERT_EQ(pa["table"], pb["table"]);
    EXPECT_EQ(pa["seat"], 0);
    EXPECT_EQ(pb["seat"], 1);

    const std::string table = pa["table"];
    WsClient black(one.port, "/ws?table=" + table + "&token=" + pa["token"].get<std::string>());
    WsClient white(one.port, "/ws?table=" + table + "&token=" + pb["token"].get<std::string>());
    const json state = black.read_state(0);
    EXPECT_EQ(state["table"]["you"], json::array({0}));
    EXPECT_EQ(state["table"]["seats"][1]["name"], "BobNodeTwo");
    black.send(json{{"type", "move"}, {"square", "d3"}, {"ply", 0}});
    const json after = white.read_state(1);
    EXPECT_EQ(after["table"]["moves"], json::array({"d3"}));
    EXPECT_EQ(after["table"]["you"], json::array({1}));
}

}  // namespace
}  // namespace reversi::server::testing_support
#endif
