// SPDX-License-Identifier: MIT
// Accounts against the real server (docs/SITE.md "Identity", "Ratings"): guests and their
// cookie, registration that keeps a guest's games, name rules, login, logout, password
// change, the login rate limit, refused inputs that change nothing, seats held through the
// session (and only one's own), and a rated game whose ratings are stored and survive a
// restart.
#include <gtest/gtest.h>

#include <regex>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// A path segment as a browser sends it (every byte outside [A-Za-z0-9_-] percent-encoded).
std::string encoded(const std::string& text) {
    static const char* Hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '_' || c == '-') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += Hex[c >> 4];
            out += Hex[c & 15];
        }
    }
    return out;
}

bool is_state(const json& m) {
    return m.value("type", "") == "state";
}
bool is_error(const json& m) {
    return m.value("type", "") == "error";
}
bool finished(const json& m) {
    return is_state(m) && m["table"]["status"] == "finished";
}

// Creates a two-player 8x8 table with `browser` in seat 0; returns the create answer.
json create_table(Browser& browser, bool rated = false) {
    const auto r = browser.post("/api/tables", {{"seat", 0}, {"rated", rated}});
    EXPECT_EQ(r.status, 200) << r.body;
    return r.data();
}

TEST(Accounts, AGuestGetsACookieOnItsFirstVisit) {
    TempDir dir("acc_guest");
    ServerProcess server(dir.path);
    Browser browser(server.port);
    const auto first = browser.get("/api/me");
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_TRUE(first.data()["guest"]);
    EXPECT_TRUE(
        std::regex_match(first.data()["name"].get<std::string>(), std::regex("Guest-[0-9]{4,}")));
    for (const char* flag : {"rv_session=", "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age="})
        EXPECT_NE(first.set_cookie.find(flag), std::string::npos) << flag;
    const auto again = browser.get("/api/me");
    EXPECT_EQ(again.data()["id"], first.data()["id"]);
    EXPECT_TRUE(again.set_cookie.empty());
    // A forged or malformed cookie is no session: a new guest.
    Browser forger(server.port);
    forger.set_cookie("rv_session=00000000000000000000000000000000");
    EXPECT_NE(forger.get("/api/me").data()["id"], first.data()["id"]);
    Browser junk(server.port);
    junk.set_cookie("rv_session=\"<script>\"; other=1");
    EXPECT_EQ(junk.get("/api/me").status, 200);
}

TEST(Accounts, RegisteringKeepsTheGuestsGamesAndNameRulesHold) {
    TempDir dir("acc_register");
    ServerProcess server(dir.path);
    Browser ada(server.port), bob(server.port);
    const json guest = ada.get("/api/me").data();
    const json made = create_table(ada);
    const std::string table = made["table"];
    ASSERT_EQ(bob.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 200);
    {
        CookieSocket socket(server.port, "/ws?table=" + table, ada.cookie());
        const json state = socket.read_until(is_state);
        EXPECT_EQ(state["table"]["you"], json({0}));  // the seat, through the session alone
        EXPECT_EQ(state["table"]["seats"][0]["player"], guest["name"]);
        // Both move (before that a resignation aborts: no game to keep), then Ada resigns.
        CookieSocket other(server.port, "/ws?table=" + table, bob.cookie());
        other.read_until(is_state);
        socket.send({{"type", "move"}, {"square", "d3"}, {"ply", 0}});
        other.read_until([](const json& m) { return is_state(m) && m["table"]["ply"] == 1; });
        other.send({{"type", "move"}, {"square", "c3"}, {"ply", 1}});
        socket.read_until([](const json& m) { return is_state(m) && m["table"]["ply"] == 2; });
        socket.send({{"type", "resign"}});
        socket.read_until(finished);
    }
    // Refused registrations change nothing.
    for (const json& bad :
         {json{{"name", "ab"}, {"password", "long enough"}},
          json{{"name", "has space"}, {"password", "long enough"}},
          json{{"name", "Guest-77"}, {"password", "long enough"}},
          json{{"name", "Ada"}, {"password", "short"}},
          json{{"name", std::string(21, 'a')}, {"password", "long enough"}},
          json{{"name", 5}, {"password", "long enough"}}, json{{"password", "long enough"}}}) {
        const auto r = ada.post("/api/register", bad);
        EXPECT_EQ(r.status, 400) << bad.dump();
        EXPECT_EQ(r.data()["code"], "bad_request") << bad.dump();
    }
    EXPECT_EQ(ada.request(http::verb::post, "/api/register", "{not json").status, 400);
    EXPECT_TRUE(ada.get("/api/me").data()["guest"]);

    const auto registered =
        ada.post("/api/register", {{"name", "Ada_Łódź"}, {"password", "correct horse"}});
    ASSERT_EQ(registered.status, 200) << registered.body;
    EXPECT_EQ(registered.data()["id"], guest["id"]);
    EXPECT_FALSE(registered.data()["guest"]);
    const json profile = ada.get("/api/players/" + encoded("ada_łÓdź")).data();  // any case
    EXPECT_EQ(profile["name"], "Ada_Łódź");
    EXPECT_EQ(profile["stats"]["games"], 1);
    EXPECT_EQ(profile["stats"]["lost"], 1);
    ASSERT_EQ(profile["recent"].size(), 1u);
    EXPECT_EQ(profile["recent"][0]["id"], table);
    EXPECT_EQ(bob.get("/api/players/" + bob.get("/api/me").data()["name"].get<std::string>())
                  .data()["stats"]["won"],
              1);
    // The name is taken whatever the case.
    const auto taken =
        bob.post("/api/register", {{"name", "ADA_łódź"}, {"password", "another one"}});
    EXPECT_EQ(taken.status, 409);
    EXPECT_EQ(taken.data()["code"], "name_taken");
    EXPECT_EQ(ada.get("/api/players/nobody").status, 404);
}

TEST(Accounts, LoginLogoutAndPasswordChange) {
    TempDir dir("acc_login");
    ServerProcess server(dir.path);
    Browser home(server.port), phone(server.port);
    ASSERT_EQ(home.post("/api/register", {{"name", "Bora"}, {"password", "first password"}}).status,
              200);
    const auto wrong_password =
        phone.post("/api/login", {{"name", "Bora"}, {"password", "nope nope"}});
    const auto wrong_name =
        phone.post("/api/login", {{"name", "Nobody"}, {"password", "nope nope"}});
    EXPECT_EQ(wrong_password.status, 403);
    EXPECT_EQ(wrong_password.data()["code"], "bad_login");
    EXPECT_EQ(wrong_name.body, wrong_password.body);  // one answer for both
    const auto ok = phone.post("/api/login", {{"name", "bora"}, {"password", "first password"}});
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_NE(ok.set_cookie.find("HttpOnly"), std::string::npos);
    EXPECT_EQ(phone.get("/api/me").data()["name"], "Bora");

    EXPECT_EQ(
        home.post("/api/password", {{"old", "not it at all"}, {"new", "second password"}}).status,
        403);
    EXPECT_EQ(home.post("/api/password", {{"old", "first password"}, {"new", "short"}}).status,
              400);
    ASSERT_EQ(
        home.post("/api/password", {{"old", "first password"}, {"new", "second password"}}).status,
        200);
    EXPECT_EQ(home.get("/api/me").data()["name"], "Bora");  // this session stays
    EXPECT_TRUE(phone.get("/api/me").data()["guest"]);      // the other one ended
    Browser third(server.port);
    EXPECT_EQ(third.post("/api/login", {{"name", "Bora"}, {"password", "first password"}}).status,
              403);
    EXPECT_EQ(third.post("/api/login", {{"name", "Bora"}, {"password", "second password"}}).status,
              200);

    const auto out = third.post("/api/logout", json::object());
    EXPECT_EQ(out.status, 200);
    EXPECT_NE(out.set_cookie.find("Max-Age=0"), std::string::npos);
    EXPECT_TRUE(third.get("/api/me").data()["guest"]);
    // A guest has no password to change.
    EXPECT_EQ(third.post("/api/password", {{"old", "x"}, {"new", "second password"}}).status, 403);
}

// Issue 26, defect 7: registering or logging in while logged in blamed the name and
// password rules; it answers "log out first" (`logged_in`, 409) before any rule. A guest's
// password change answers `guest` (403, "guests have no password").
TEST(Accounts, LoggedInPlayersAreToldToLogOutFirstAndGuestsHaveNoPassword) {
    TempDir dir("acc_logged_in");
    ServerProcess server(dir.path);
    Browser ada(server.port), guest(server.port);
    ASSERT_EQ(ada.post("/api/register", {{"name", "Ada"}, {"password", "first password"}}).status,
              200);
    for (const json& body : {json{{"name", "x"}, {"password", "y"}},
                             json{{"name", "Another"}, {"password", "long enough"}}}) {
        const auto again = ada.post("/api/register", body);
        EXPECT_EQ(again.status, 409) << again.body;
        EXPECT_EQ(again.data()["code"], "logged_in") << again.body;
        EXPECT_NE(again.data()["message"].get<std::string>().find("log out first"),
                  std::string::npos);
    }
    const auto login = ada.post("/api/login", {{"name", "Ada"}, {"password", "first password"}});
    EXPECT_EQ(login.status, 409) << login.body;
    EXPECT_EQ(login.data()["code"], "logged_in");
    EXPECT_EQ(ada.get("/api/me").data()["name"], "Ada") << "still logged in";
    // A guest may log in (and register); its password change has its own code.
    EXPECT_TRUE(guest.get("/api/me").data()["guest"]);
    const auto change = guest.post("/api/password", {{"old", "x"}, {"new", "second password"}});
    EXPECT_EQ(change.status, 403);
    EXPECT_EQ(change.data()["code"], "guest") << change.body;
    const auto in = guest.post("/api/login", {{"name", "Ada"}, {"password", "first password"}});
    EXPECT_EQ(in.status, 200) << in.body;
}

// Issue 26, defect 6: a replay had no time control, and a profile's recent games no colour
// and no opponent ("vs ?" for the computer; a guest who registered met its old guest name).
TEST(Accounts, ReplaysAndProfilesSayWhoPlayedWhatAndHow) {
    TempDir dir("acc_recent");
    ServerProcess server(dir.path);
    Browser ada(server.port);
    ada.get("/api/me");
    const auto made = ada.post(
        "/api/tables", {{"seat", 1},
                        {"seats", {{{"type", "computer"}, {"level", 3}}, {{"type", "human"}}}},
                        {"clock", {{"mode", "game"}, {"seconds", 300}, {"increment", 5}}}});
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string table = made.data()["table"];
    {
        CookieSocket socket(server.port, "/ws?table=" + table, ada.cookie());
        // Ada (White) answers the computer's first move, then resigns (before her first move
        // a resignation aborts).
        const json turn = socket.read_until(
            [](const json& m) { return is_state(m) && m["table"]["to_move"] == 1; });
        socket.send({{"type", "move"}, {"square", turn["table"]["legal"][0]}, {"ply", 1}});
        socket.read_until([](const json& m) { return is_state(m) && m["table"]["ply"] >= 2; });
        socket.send({{"type", "resign"}});
        socket.read_until(finished);
    }
    ASSERT_EQ(ada.post("/api/register", {{"name", "Zelda"}, {"password", "long enough"}}).status,
              200);
    const json replay = ada.get("/api/games/" + table).data();
    EXPECT_EQ(replay["clock"]["mode"], "game");
    EXPECT_EQ(replay["clock"]["seconds"], 300);
    EXPECT_EQ(replay["clock"]["increment"], 5);
    EXPECT_EQ(replay["rated"], false);
    EXPECT_TRUE(replay["created"].is_number());
    EXPECT_EQ(replay["result"]["reason"], "resign");
    const json recent = ada.get("/api/players/Zelda").data()["recent"];
    ASSERT_EQ(recent.size(), 1u);
    EXPECT_EQ(recent[0]["seat"], 1) << recent.dump();
    EXPECT_EQ(recent[0]["opponents"], json({"computer level 3"}));
    EXPECT_EQ(recent[0]["seats"][1]["name"], "Zelda") << "today's name, not the guest's";
    EXPECT_EQ(recent[0]["result"]["winner"], 0);
    EXPECT_TRUE(recent[0]["result"]["counts"].is_array());
    EXPECT_TRUE(recent[0]["created"].is_number());
    EXPECT_EQ(recent[0]["clock"]["seconds"], 300);
}

TEST(Accounts, LoginAttemptsAreRateLimited) {
    TempDir dir("acc_limit");
    ServerProcess server(dir.path);
    Browser browser(server.port);
    int limited = 0, refused = 0;
    for (int i = 0; i < 12; ++i) {
        const auto r = browser.post(
            "/api/login", {{"name", "Target"}, {"password", "guess " + std::to_string(i)}});
        if (r.status == 429) {
            ++limited;
            EXPECT_EQ(r.data()["code"], "rate_limited");
        } else {
            ++refused;
            EXPECT_EQ(r.status, 403);
        }
    }
    EXPECT_EQ(refused, 10);
    EXPECT_EQ(limited, 2);
}

TEST(Accounts, ASessionActsOnlyForItsOwnSeat) {
    TempDir dir("acc_seats");
    ServerProcess server(dir.path);
    Browser ada(server.port), bob(server.port), eve(server.port);
    const std::string table = create_table(ada)["table"];
    ASSERT_EQ(bob.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 200);
    eve.get("/api/me");
    CookieSocket a(server.port, "/ws?table=" + table, ada.cookie());
    CookieSocket e(server.port, "/ws?table=" + table, eve.cookie());
    EXPECT_EQ(a.read_until(is_state)["table"]["you"], json({0}));
    EXPECT_EQ(e.read_until(is_state)["table"]["you"], json::array());
    // Eve holds no seat: she cannot move for Black.
    e.send({{"type", "move"}, {"square", "d3"}});
    EXPECT_TRUE(is_error(e.read_until([](const json& m) { return is_error(m); })));
    a.send({{"type", "move"}, {"square", "d3"}});
    a.read_until([](const json& m) { return is_state(m) && m["table"]["ply"] == 1; });
    // Ada cannot move for White (Bob's seat).
    a.send({{"type", "move"}, {"square", "c3"}});
    const json refused = a.read_until(is_error);
    EXPECT_TRUE(refused["code"] == "not_your_turn" || refused["code"] == "not_your_seat")
        << refused.dump();
    // Nor resign for Bob.
    a.send({{"type", "resign"}, {"seat", 1}});
    EXPECT_TRUE(is_error(a.read_until(is_error)));
    EXPECT_EQ(bob.get("/api/tables/" + table).data()["status"], "playing");
}

TEST(Accounts, ARatedGameMovesBothRatingsAndTheyAreStored) {
    TempDir dir("acc_rated");
    std::string ada_cookie;
    std::string table;
    {
        ServerProcess server(dir.path);
        // Bob plays from another address: two accounts of one address never meet rated.
        Browser ada(server.port), bob(server.port, "127.0.0.1", "127.0.0.2"), guest(server.port);
        ASSERT_EQ(ada.post("/api/register", {{"name", "Ada"}, {"password", "ada password"}}).status,
                  200);
        ASSERT_EQ(bob.post("/api/register", {{"name", "Bob"}, {"password", "bob password"}}).status,
                  200);
        // Refused rated tables: a guest, a computer seat, a casual-only setup.
        guest.get("/api/me");
        EXPECT_EQ(guest.post("/api/tables", {{"seat", 0}, {"rated", true}}).status, 400);
        EXPECT_EQ(ada.post("/api/tables",
                           {{"seat", 0},
                            {"rated", true},
                            {"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}}})
                      .status,
                  400);
        EXPECT_EQ(
            ada.post("/api/tables", {{"seat", 0}, {"rated", true}, {"setup", {{"handicap", 1}}}})
                .status,
            400);
        table = create_table(ada, true)["table"];
        EXPECT_EQ(guest.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 400);
        ASSERT_EQ(bob.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 200);
        CookieSocket a(server.port, "/ws?table=" + table, ada.cookie());
        const json start = a.read_until(is_state);
        EXPECT_EQ(start["table"]["rated"], true);
        EXPECT_EQ(start["table"]["seats"][1]["player"], "Bob");
        // A rated game counts once both have moved (before that a resignation aborts it).
        CookieSocket b(server.port, "/ws?table=" + table, bob.cookie(), bob.from());
        a.send({{"type", "move"}, {"square", "d3"}});
        b.read_until([](const json& m) { return is_state(m) && m["table"]["ply"] == 1; });
        b.send({{"type", "move"}, {"square", "c3"}});
        a.read_until([](const json& m) { return is_state(m) && m["table"]["ply"] == 2; });
        a.send({{"type", "resign"}});
        const json end = a.read_until(finished);
        const json ratings = end["table"]["result"]["ratings"];
        ASSERT_EQ(ratings.size(), 2u) << end.dump();
        EXPECT_EQ(ratings[0]["before"], 1500);
        EXPECT_LT(ratings[0]["after"].get<double>(), 1500);
        EXPECT_GT(ratings[1]["after"].get<double>(), 1500);
        const json me = ada.get("/api/me").data();
        EXPECT_EQ(me["ratings"]["8x8"]["games"], 1);
        EXPECT_EQ(me["ratings"]["8x8"]["provisional"], true);
        ada_cookie = ada.cookie();
    }
    // After a restart: the session, the ratings and the stored result are all still there.
    ServerProcess server(dir.path);
    Browser ada(server.port);
    ada.set_cookie(ada_cookie);
    EXPECT_EQ(ada.get("/api/me").data()["name"], "Ada");
    const json board = ada.get("/api/leaderboard?pool=8x8").data();
    ASSERT_EQ(board["players"].size(), 2u);
    EXPECT_EQ(board["players"][0]["name"], "Bob");
    EXPECT_GT(board["players"][0]["rating"].get<double>(),
              board["players"][1]["rating"].get<double>());
    EXPECT_EQ(ada.get("/api/games/" + table).data()["result"]["ratings"].size(), 2u);
    EXPECT_EQ(ada.get("/api/players/Bob").data()["ratings"]["8x8"]["games"], 1);
    EXPECT_EQ(ada.get("/api/leaderboard?pool=9x9").status, 400);
}

}  // namespace
}  // namespace reversi::server
