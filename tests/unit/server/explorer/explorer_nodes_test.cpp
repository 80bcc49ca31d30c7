// SPDX-License-Identifier: MIT
// Two `reversi serve` processes on one PostgreSQL database: games a player imports on node 1
// reach node 2's explorer (its "my openings" for that player) while both run, by node 2
// following the imported games' ids (docs/EXPLORER.md "Several nodes"). Needs
// $REVERSI_TEST_PG (the CTest storage_postgres).
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "accounts_client.h"
#include "core/ggf.h"
#include "core/notation.h"
#include "server_harness.h"
#include "storage_backends.h"

namespace reversi::server::testing_support {
namespace {

std::string ggf_of(const std::string& moves, const std::string& result) {
    core::Game g{core::Setup{}};
    EXPECT_FALSE(core::play_moves(g, moves));
    core::GgfInfo info;
    info.result = result;
    return core::format_ggf(g, info);
}

TEST(PostgresExplorerNodes, ImportsOnNodeOneReachNodeTwosExplorer) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    TempDir dir("pg_explorer_nodes");
    ServerProcess one(dir.path, {"--db", db.uri()});
    Browser ima(one.port);
    ASSERT_EQ(ima.get("/api/me").status, 200);
    ASSERT_EQ(
        ima.post("/api/register", {{"name", "NodesIma"}, {"password", "correct horse"}}).status,
        200);
    // Started after the player registered: a node knows a name from the accounts it read at
    // start (the explorer's player filter asks it), which is the accounts' concern.
    ServerProcess two(dir.path, {"--db", db.uri()});
    const std::string target = "/api/explorer?pool=8x8&moves=&player=NodesIma";
    ASSERT_EQ(get(two.port, target).data()["games"], 0);
    const std::string file = ggf_of("f5 d6 c3 d3 c4", "+12.000") + "\n" + ggf_of("f5 f6", "-2");
    const BrowserReply r = ima.post("/api/explorer/imports", {{"ggf", file}});
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(json::parse(r.body)["total"], 2);
    EXPECT_EQ(get(one.port, target).data()["games"], 2);
    // Node 2 reads the imports every 2 s.
    json seen;
    for (int i = 0; i < 50; ++i) {
        seen = get(two.port, target).data();
        if (seen["games"] == 2) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_EQ(seen["games"], 2) << seen.dump();
    // A second upload on node 1 is counted once there, and followed by node 2 too.
    ASSERT_EQ(ima.post("/api/explorer/imports", {{"ggf", ggf_of("d3 c5", "+4")}}).status, 200);
    EXPECT_EQ(get(one.port, target).data()["games"], 3);
    for (int i = 0; i < 50 && seen["games"] != 3; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        seen = get(two.port, target).data();
    }
    EXPECT_EQ(seen["games"], 3) << seen.dump();
}

}  // namespace
}  // namespace reversi::server::testing_support
#endif
