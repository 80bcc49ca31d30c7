// SPDX-License-Identifier: MIT
// The lobby through the real server: two registered browsers open /ws/lobby with their
// session cookies; one seeks, the other accepts, both get `paired`, and the tokens they get
// hold their seats at the new table (the seated player can move). Also quick pairing of two
// guests, the lobby's answer to a bad message, and the online count.
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace {

bool is(const json& m, const char* type) {
    return m.value("type", "") == type;
}

// A browser with a registered player and its lobby socket.
struct Player {
    Player(unsigned short port, const std::string& name, bool registered = true,
           const std::string& from = {})
        : browser(port, "127.0.0.1", from) {
        if (registered) {
            browser.get("/api/me");
            const BrowserReply r =
                browser.post("/api/register", {{"name", name}, {"password", "correct horse"}});
            EXPECT_EQ(r.status, 200) << r.body;
        } else {
            browser.get("/api/me");
        }
        lobby = std::make_unique<CookieSocket>(port, "/ws/lobby", browser.cookie(), from);
        first = lobby->read_until([](const json& m) { return is(m, "lobby"); });
    }
    Browser browser;
    std::unique_ptr<CookieSocket> lobby;
    json first;
};

TEST(LobbyNet, SeekAcceptPairsWithWorkingTokens) {
    TempDir dir("lobby_net_seek");
    ServerProcess server(dir.path);
    Player ada(server.port, "AdaLobby"), bob(server.port, "BobLobby", true, "127.0.0.2");
    EXPECT_EQ(ada.first["me"]["name"], "AdaLobby");
    EXPECT_EQ(ada.first["me"]["guest"], false);
    ada.lobby->send({{"type", "seek"},
                     {"setup", {{"board", "8"}}},
                     {"clock", {{"mode", "game"}, {"seconds", 300}, {"increment", 3}}},
                     {"rated", true},
                     {"seat", "black"}});
    const json added = bob.lobby->read_until([](const json& m) { return is(m, "seek_added"); });
    EXPECT_EQ(added["seek"]["player"], "AdaLobby");
    EXPECT_EQ(added["seek"]["pool"], "8x8");
    bob.lobby->send({{"type", "accept"}, {"id", added["seek"]["id"]}});
    const json pa = ada.lobby->read_until([](const json& m) { return is(m, "paired"); });
    const json pb = bob.lobby->read_until([](const json& m) { return is(m, "paired"); });
    EXPECT_EQ(pa["table"], pb["table"]);
    EXPECT_EQ(pa["seat"], 0);
    EXPECT_EQ(pb["seat"], 1);
    EXPECT_NE(pa["token"], pb["token"]);

    // The tokens hold the seats: Black moves with Ada's, and Bob sees it with his.
    const std::string table = pa["table"];
    WsClient black(server.port, "/ws?table=" + table + "&token=" + pa["token"].get<std::string>());
    WsClient white(server.port, "/ws?table=" + table + "&token=" + pb["token"].get<std::string>());
    const json state = black.read_state(0);
    EXPECT_EQ(state["table"]["you"], json::array({0}));
    EXPECT_EQ(state["table"]["status"], "playing") << "both seats are taken at once";
    EXPECT_EQ(state["table"]["seats"][0]["name"], "AdaLobby");
    EXPECT_EQ(state["table"]["seats"][1]["name"], "BobLobby");
    black.send(json{{"type", "move"}, {"square", "d3"}, {"ply", 0}});
    const json after = white.read_state(1);
    EXPECT_EQ(after["table"]["moves"], json::array({"d3"}));
    EXPECT_EQ(after["table"]["you"], json::array({1}));
    // The running game is listed for its players, with whose turn it is.
    const json games = bob.lobby->read_until([](const json& m) {
        return is(m, "games") && !m["games"].empty() && m["games"][0]["your_turn"] == true;
    });
    EXPECT_EQ(games["games"][0]["table"], table);
    EXPECT_EQ(games["games"][0]["opponents"], json::array({"AdaLobby"}));
}

// Issue 27, finding 5, by device: a second account used in the same browser (its rv_device
// cookie) cannot take a rated seek even from another address; an account on a device of its
// own can.
TEST(LobbyNet, ARatedSeekIsNotTakenByAnAccountSeenOnTheSameDevice) {
    TempDir dir("lobby_net_same_device");
    ServerProcess server(dir.path);
    Browser first(server.port, "127.0.0.1", "127.0.0.2");
    first.get("/api/me");
    const BrowserReply reg =
        first.post("/api/register", {{"name", "AdaDevice"}, {"password", "correct horse"}});
    ASSERT_EQ(reg.status, 200) << reg.body;
    const std::string device = reg.cookie_named("rv_device");
    ASSERT_FALSE(device.empty()) << "a new session comes with a device id";
    EXPECT_EQ(reg.set_cookie.rfind("rv_session=", 0), 0u) << "the session's cookie comes first";
    // Ada's browser logs out and registers her second account, from another address.
    Browser second(server.port, "127.0.0.1", "127.0.0.3");
    second.set_cookie(device);
    second.get("/api/me");
    ASSERT_EQ(
        second.post("/api/register", {{"name", "AdaDeviceAlt"}, {"password", "correct horse"}})
            .status,
        200);
    second.set_cookie(second.cookie() + "; " + device);
    first.set_cookie(first.cookie() + "; " + device);
    CookieSocket ada(server.port, "/ws/lobby", first.cookie(), "127.0.0.2");
    ada.read_until([](const json& m) { return is(m, "lobby"); });
    CookieSocket alt(server.port, "/ws/lobby", second.cookie(), "127.0.0.3");
    alt.read_until([](const json& m) { return is(m, "lobby"); });
    ada.send({{"type", "seek"}, {"rated", true}});
    const json added = alt.read_until([](const json& m) { return is(m, "seek_added"); });
    alt.send({{"type", "accept"}, {"id", added["seek"]["id"]}});
    const json refused = alt.read_until([](const json& m) { return is(m, "error"); });
    EXPECT_EQ(refused["code"], "not_allowed") << refused.dump();
    EXPECT_NE(refused.value("message", "").find("device"), std::string::npos) << refused.dump();
    // A player with a device and an address of their own takes the same seek.
    Player bob(server.port, "BobDevice", true, "127.0.0.4");
    bob.lobby->send({{"type", "accept"}, {"id", added["seek"]["id"]}});
    EXPECT_TRUE(
        bob.lobby->read_until([](const json& m) { return is(m, "paired"); })["seat"].is_number());
}

// Issue 27, finding 5: a second account on the same address (the farmer's own) cannot take
// a rated seek; a casual one it may.
TEST(LobbyNet, ARatedSeekIsNotTakenFromTheSameAddress) {
    TempDir dir("lobby_net_same_address");
    ServerProcess server(dir.path);
    Player ada(server.port, "AdaFarm"), alt(server.port, "AdaAlt");
    ada.lobby->send({{"type", "seek"}, {"rated", true}});
    const json added = alt.lobby->read_until([](const json& m) { return is(m, "seek_added"); });
    alt.lobby->send({{"type", "accept"}, {"id", added["seek"]["id"]}});
    const json refused = alt.lobby->read_until([](const json& m) { return is(m, "error"); });
    EXPECT_EQ(refused["code"], "not_allowed") << refused.dump();
    ada.lobby->send({{"type", "seek"}, {"rated", false}, {"setup", {{"board", "6"}}}});
    const json casual = alt.lobby->read_until(
        [](const json& m) { return is(m, "seek_added") && m["seek"]["rated"] == false; });
    alt.lobby->send({{"type", "accept"}, {"id", casual["seek"]["id"]}});
    EXPECT_EQ(
        alt.lobby->read_until([](const json& m) { return is(m, "paired"); })["seat"].is_number(),
        true);
}

TEST(LobbyNet, GuestsQuickPairAndBadMessagesAreRefused) {
    TempDir dir("lobby_net_quick");
    ServerProcess server(dir.path);
    Player g1(server.port, "", false), g2(server.port, "", false);
    EXPECT_EQ(g1.first["me"]["guest"], true);
    g1.lobby->send({{"type", "seek"}, {"rated", true}});
    const json refused = g1.lobby->read_until([](const json& m) { return is(m, "error"); });
    EXPECT_EQ(refused["code"], "bad_request") << "guests play casual only";
    g1.lobby->send({{"type", "quick"}, {"pool", "6x6"}, {"preset", "1+0"}});
    const json waiting = g1.lobby->read_until([](const json& m) { return is(m, "quick_waiting"); });
    // A guest's wait is casual: no rating window (issue 48, 18).
    EXPECT_TRUE(waiting["window"].is_null()) << waiting.dump();
    EXPECT_EQ(waiting["seeking"], 1);
    g2.lobby->send({{"type", "quick"}, {"pool", "6x6"}, {"preset", "1+0"}});
    const json p1 = g1.lobby->read_until([](const json& m) { return is(m, "paired"); });
    const json p2 = g2.lobby->read_until([](const json& m) { return is(m, "paired"); });
    EXPECT_EQ(p1["table"], p2["table"]);
    EXPECT_NE(p1["seat"], p2["seat"]);
    const json table = get(server.port, "/api/tables/" + p1["table"].get<std::string>()).data();
    EXPECT_EQ(table["setup"]["board"], "6");
    EXPECT_EQ(table["clock"]["seconds"], 60);
}

TEST(LobbyNet, OnlineCountsPlayersWithASocket) {
    TempDir dir("lobby_net_online");
    ServerProcess server(dir.path);
    Player a(server.port, "", false);
    EXPECT_EQ(a.first["online"], 1);
    {
        Player b(server.port, "", false);
        EXPECT_EQ(b.first["online"], 2);
        a.lobby->read_until([](const json& m) { return is(m, "online") && m["count"] == 2; });
    }
    a.lobby->read_until([](const json& m) { return is(m, "online") && m["count"] == 1; });
}

}  // namespace
}  // namespace reversi::server::testing_support
