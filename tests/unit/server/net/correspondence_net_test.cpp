// SPDX-License-Identifier: MIT
// Correspondence games through the real server (docs/SITE.md "Correspondence"): a rated
// challenge with three days per move, a move, a server killed and started again on the same
// store, and the next move made after the restart; the lobby lists the game as the mover's
// turn, and the game, resigned, is rated in the pool of its own ("8x8-corr").
#include <gtest/gtest.h>

#include <memory>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace correspondence_net {

bool is(const json& m, const char* type) {
    return m.value("type", "") == type;
}

// Each player from an address of their own: a rated pairing never seats two accounts of one.
Browser registered(unsigned short port, const std::string& name, const std::string& from) {
    Browser b(port, "127.0.0.1", from);
    b.get("/api/me");
    EXPECT_EQ(b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status, 200);
    return b;
}

TEST(CorrespondenceNet, AMoveAfterARestartAndItsOwnPool) {
    TempDir dir("correspondence_net");
    auto server = std::make_unique<ServerProcess>(dir.path);
    Browser ada = registered(server->port, "AdaCorr", "127.0.0.2");
    Browser bob = registered(server->port, "BobCorr", "127.0.0.3");
    json pa, pb;
    {
        CookieSocket la(server->port, "/ws/lobby", ada.cookie(), ada.from());
        CookieSocket lb(server->port, "/ws/lobby", bob.cookie(), bob.from());
        la.read_until([](const json& m) { return is(m, "lobby"); });
        lb.read_until([](const json& m) { return is(m, "lobby"); });
        // A clock of days per move outside the list is refused.
        la.send({{"type", "challenge"},
                 {"to", "BobCorr"},
                 {"setup", {{"board", "8"}}},
                 {"clock", {{"mode", "days"}, {"days", 4}}},
                 {"rated", true}});
        EXPECT_EQ(la.read_until([](const json& m) { return is(m, "error"); })["code"],
                  "bad_request");
        la.send({{"type", "challenge"},
                 {"to", "BobCorr"},
                 {"setup", {{"board", "8"}}},
                 {"clock", {{"mode", "days"}, {"days", 3}}},
                 {"rated", true}});
        const json c = lb.read_until([](const json& m) { return is(m, "challenge"); });
        EXPECT_EQ(c["clock"], json({{"mode", "days"}, {"days", 3}}));
        lb.send({{"type", "challenge_reply"}, {"id", c["id"]}, {"accept", true}});
        pa = la.read_until([](const json& m) { return is(m, "paired"); });
        pb = lb.read_until([](const json& m) { return is(m, "paired"); });
    }
    const std::string table = pa["table"];
    const json& black = pa["seat"] == 0 ? pa : pb;
    const json& white = pa["seat"] == 0 ? pb : pa;
    Browser& white_browser = pa["seat"] == 0 ? bob : ada;
    {
        WsClient ws(server->port,
                    "/ws?table=" + table + "&token=" + black["token"].get<std::string>());
        const json first = ws.read_state(0)["table"];
        EXPECT_EQ(first["clock"]["mode"], "days");
        // White waits with the full three days; Black's run from the first state.
        EXPECT_EQ(first["clock"]["remaining_ms"][1], 3 * 24 * 3600 * 1000LL);
        EXPECT_EQ(first["rated"], true);
        ws.send({{"type", "move"}, {"square", "d3"}, {"ply", 0}});
        EXPECT_EQ(ws.read_state(1)["table"]["ply"], 1);
    }

    // The server dies; another starts on the same store.
    server->kill9();
    server = std::make_unique<ServerProcess>(dir.path);

    // White's lobby lists the game as White's turn, and White moves.
    CookieSocket lobby(server->port, "/ws/lobby", white_browser.cookie(), white_browser.from());
    const json hello = lobby.read_until([](const json& m) { return is(m, "lobby"); });
    ASSERT_EQ(hello["games"].size(), 1u) << hello.dump();
    EXPECT_EQ(hello["games"][0]["table"], table);
    EXPECT_EQ(hello["games"][0]["your_turn"], true);
    WsClient ws(server->port, "/ws?table=" + table + "&token=" + white["token"].get<std::string>());
    const json resumed = ws.read_state(1)["table"];
    EXPECT_EQ(resumed["status"], "playing");
    EXPECT_EQ(resumed["clock"]["mode"], "days");
    ws.send({{"type", "move"}, {"square", resumed["legal"][0]}, {"ply", 1}});
    const json moved = ws.read_state(2)["table"];
    EXPECT_EQ(moved["ply"], 2);

    // Resigned, the game is rated in the correspondence pool, not the live one.
    ws.send({{"type", "resign"}});
    const json over = ws.read_until(
        [](const json& m) { return is(m, "state") && m["table"]["status"] == "finished"; });
    EXPECT_EQ(over["table"]["result"]["reason"], "resign");
    const json profile = get(server->port, "/api/players/AdaCorr").data();
    EXPECT_TRUE(profile["ratings"].contains("8x8-corr")) << profile.dump();
    EXPECT_FALSE(profile["ratings"].contains("8x8"));
    EXPECT_EQ(get(server->port, "/api/leaderboard?pool=8x8-corr").data()["players"].size(), 2u);
}

// Issue 48, loose end of item 13: a correspondence challenge to a player who is away is kept
// in the store; the server stops (Ada's socket closed with it) and starts again on the same
// store, and Bob, coming later, finds the challenge and accepts it.
TEST(CorrespondenceNet, AChallengeToAnAwayPlayerOutlivesARestart) {
    TempDir dir("correspondence_restart");
    auto server = std::make_unique<ServerProcess>(dir.path);
    Browser ada = registered(server->port, "AdaAway", "127.0.0.2");
    Browser bob = registered(server->port, "BobAway", "127.0.0.3");
    {
        CookieSocket la(server->port, "/ws/lobby", ada.cookie(), ada.from());
        la.read_until([](const json& m) { return is(m, "lobby"); });
        la.send({{"type", "challenge"},
                 {"to", "BobAway"},
                 {"setup", {{"board", "8"}}},
                 {"clock", {{"mode", "days"}, {"days", 3}}},
                 {"rated", true}});
        const json sent =
            la.read_until([](const json& m) { return is(m, "challenge_sent") || is(m, "error"); });
        ASSERT_EQ(sent["type"], "challenge_sent") << sent.dump();
    }
    server.reset();  // stopped (its queued writes committed), then started on the same store
    server = std::make_unique<ServerProcess>(dir.path);
    CookieSocket lb(server->port, "/ws/lobby", bob.cookie(), bob.from());
    const json c = lb.read_until([](const json& m) { return is(m, "challenge"); });
    EXPECT_EQ(c["from"], "AdaAway");
    EXPECT_EQ(c["rated"], true);
    EXPECT_EQ(c["clock"], json({{"mode", "days"}, {"days", 3}}));
    lb.send({{"type", "challenge_reply"}, {"id", c["id"]}, {"accept", true}});
    const json paired =
        lb.read_until([](const json& m) { return is(m, "paired") || is(m, "error"); });
    ASSERT_EQ(paired["type"], "paired") << paired.dump();
    WsClient ws(server->port, "/ws?table=" + paired["table"].get<std::string>() +
                                  "&token=" + paired["token"].get<std::string>());
    const json state = ws.read_state(0)["table"];
    EXPECT_EQ(state["clock"]["mode"], "days");
    EXPECT_EQ(state["rated"], true);
}

}  // namespace correspondence_net
}  // namespace reversi::server::testing_support
