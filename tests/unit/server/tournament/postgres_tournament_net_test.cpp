// SPDX-License-Identifier: MIT
// Tournaments on two `reversi serve` processes on one PostgreSQL database (docs/MULTINODE.md
// "Tournaments across nodes"): the first node leads; the second sends every tournament call
// there (307 to the same path, the leader named in the body); once the leader stops, the
// second leads and serves the tournament the first one made, read back from the store. Needs
// $REVERSI_TEST_PG (the CTest storage_postgres).
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <optional>

#include "accounts_client.h"
#include "server_harness.h"
#include "storage_backends.h"

namespace reversi::server::testing_support {
namespace {

// The answer to GET `target` once it is not 503 (the node is still reading the tournaments
// back, or the leader is changing), within about 10 s.
BrowserReply tournament_get_settled(Browser& browser, const std::string& target) {
    BrowserReply r;
    for (int i = 0; i < 200; ++i) {
        r = browser.get(target);
        if (r.status != 503) break;
        usleep(50'000);
    }
    return r;
}

TEST(PostgresTournamentNet, TheOtherNodeSendsCallsToTheLeaderAndLeadsOnceItStops) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_tournament_net");
    const std::vector<std::string> args = {"--db", db.uri(), "--lease-ttl", "2", "--puzzles", ""};
    std::optional<ServerProcess> one(std::in_place, dir.path, args);
    Browser ada(one->port);
    ada.get("/api/me");
    ASSERT_EQ(
        ada.post("/api/register", {{"name", "AdaLeads"}, {"password", "correct horse"}}).status,
        200);
    ASSERT_EQ(tournament_get_settled(ada, "/api/tournaments").status, 200);
    ServerProcess two(dir.path, args);
    const BrowserReply made = ada.post("/api/tournaments", {{"name", "Across nodes"},
                                                            {"kind", "arena"},
                                                            {"rated", false},
                                                            {"minutes", 5},
                                                            {"starts_in", 600}});
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string id = made.data()["id"];
    const std::string leader = "http://127.0.0.1:" + std::to_string(one->port);

    Browser bob(two.port);
    bob.get("/api/me");
    const BrowserReply sent = tournament_get_settled(bob, "/api/tournaments/" + id + "?x=1");
    ASSERT_EQ(sent.status, 307) << sent.body;
    EXPECT_EQ(std::string(sent.headers[http::field::location]),
              leader + "/api/tournaments/" + id + "?x=1");
    EXPECT_EQ(sent.data()["owner"], leader);
    const BrowserReply join = bob.post("/api/tournaments/" + id + "/join", json::object());
    EXPECT_EQ(join.status, 307);
    EXPECT_EQ(std::string(join.headers[http::field::location]),
              leader + "/api/tournaments/" + id + "/join");

    one.reset();  // a clean stop: its lease ends at once
    BrowserReply served;
    for (int i = 0; i < 100; ++i) {  // the leader's next try: within ttl/3, about 0.7 s
        served = tournament_get_settled(bob, "/api/tournaments/" + id);
        if (served.status == 200) break;
        usleep(100'000);
    }
    ASSERT_EQ(served.status, 200) << served.body;
    EXPECT_EQ(served.data()["name"], "Across nodes");
    ASSERT_EQ(served.data()["standings"].size(), 1u);
    EXPECT_EQ(served.data()["standings"][0]["name"], "AdaLeads");
}

}  // namespace
}  // namespace reversi::server::testing_support
#endif
