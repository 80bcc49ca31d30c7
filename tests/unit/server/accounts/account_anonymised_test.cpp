// SPDX-License-Identifier: MIT
// Issue 48, item 3: a deleted account is anonymised where its name is stored. After Dave
// deletes his account, his tournament game's table (lobby list, replay, GGF export), the
// tournament's standings and his chat say deleted-<id>, or nothing, in memory and in the
// store; his name and its look-alikes are never given again; and a profile's tournament places
// are found by the player's id, never by a name a new account could have taken.
#include <gtest/gtest.h>
#include <unistd.h>

#include <functional>
#include <stdexcept>

#include "accounts_client.h"
#include "server/storage/sqlite/storage.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

bool closing_is(const json& m, const char* type) {
    return m.value("type", "") == type;
}

json closing_account(const std::string& name, const std::string& password = "correct horse") {
    return {{"name", name}, {"password", password}};
}

// Polls the tournament until `pred` holds of it.
json closing_tournament_when(Browser& b, const std::string& id,
                             const std::function<bool(const json&)>& pred) {
    for (int i = 0; i < 200; ++i) {
        const json view = b.get("/api/tournaments/" + id).data();
        if (pred(view)) return view;
        usleep(50'000);
    }
    throw std::runtime_error("the tournament did not get there");
}

TEST(AccountAnonymised, TablesTournamentsAndChatForgetTheNameAndItIsNeverGivenAgain) {
    TempDir dir("acc_anonymised");
    std::string table, tournament_id, anonymous;
    {
        ServerProcess server(dir.path);
        Browser dave(server.port, "127.0.0.1", "127.0.0.2");
        Browser bob(server.port, "127.0.0.1", "127.0.0.3");
        ASSERT_EQ(dave.post("/api/register", closing_account("Dave", "dave password")).status, 200);
        ASSERT_EQ(bob.post("/api/register", closing_account("Bob")).status, 200);
        anonymous = "deleted-" + std::to_string(dave.get("/api/me").data()["id"].get<int64_t>());
        // A short arena of the two, made by Dave: one game, which Bob's side ends.
        const BrowserReply made = dave.post(
            "/api/tournaments", {{"name", "Dave Cup"},
                                 {"kind", "arena"},
                                 {"pool", "8x8"},
                                 {"clock", {{"mode", "game"}, {"seconds", 60}, {"increment", 0}}},
                                 {"rated", false},
                                 {"seconds", 60},
                                 {"starts_in", 0}});
        ASSERT_EQ(made.status, 200) << made.body;
        tournament_id = made.data()["id"];
        ASSERT_EQ(bob.post("/api/tournaments/" + tournament_id + "/join", json::object()).status,
                  200);
        const json paired = closing_tournament_when(dave, tournament_id, [](const json& v) {
            return !v["games"].empty() && v["games"][0]["table"].is_string();
        });
        table = paired["games"][0]["table"];
        CookieSocket d(server.port, "/ws?table=" + table, dave.cookie(), dave.from());
        d.read_until([](const json& m) { return closing_is(m, "state"); });
        d.send({{"type", "chat"}, {"text", "my phone is 555-0100"}});
        d.read_until([](const json& m) { return closing_is(m, "chat"); });
        // Both move (before that a resignation aborts), then Dave resigns (his seat, whichever
        // it is): the game ends, the arena goes on.
        CookieSocket b(server.port, "/ws?table=" + table, bob.cookie(), bob.from());
        for (int ply = 0; ply < 2; ++ply) {
            const json s = b.read_until(
                [&](const json& m) { return closing_is(m, "state") && m["table"]["ply"] == ply; });
            const json& you = s["table"]["you"];
            const bool bobs = !you.empty() && you[0] == s["table"]["to_move"];
            (bobs ? b : d)
                .send({{"type", "move"}, {"square", s["table"]["legal"][0]}, {"ply", ply}});
        }
        d.read_until(
            [](const json& m) { return closing_is(m, "state") && m["table"]["ply"] == 2; });
        d.send({{"type", "resign"}});
        d.read_until([](const json& m) {
            return closing_is(m, "state") && m["table"]["status"] == "finished";
        });
        closing_tournament_when(dave, tournament_id,
                                [](const json& v) { return v["games"][0]["done"] == true; });
        const json before = bob.get("/api/games/" + table).data();
        ASSERT_NE(before.dump().find("Dave"), std::string::npos) << "the replay names him";

        // Bob watches the table while Dave deletes his account.
        CookieSocket watcher(server.port, "/ws?table=" + table, bob.cookie(), bob.from());
        watcher.read_until([](const json& m) { return closing_is(m, "chat_log"); });
        ASSERT_EQ(dave.post("/api/account/delete", {{"password", "dave password"}}).status, 200);
        // The table's watchers get the log again without his line.
        const json log = watcher.read_until([](const json& m) {
            return closing_is(m, "chat_log") && m.dump().find("555-0100") == std::string::npos;
        });
        EXPECT_EQ(log.dump().find("Dave"), std::string::npos);

        // Every view of the game names the anonymous name: the list, the replay, the export.
        const std::string games = bob.get("/api/games").body;
        EXPECT_EQ(games.find("\"Dave\""), std::string::npos) << games;
        EXPECT_NE(games.find(anonymous), std::string::npos) << games;
        const std::string replay = bob.get("/api/games/" + table).body;
        EXPECT_EQ(replay.find("Dave"), std::string::npos) << replay;
        EXPECT_NE(replay.find(anonymous), std::string::npos) << replay;
        const std::string ggf =
            bob.request(http::verb::get, "/api/games/" + table + "/export?format=ggf").body;
        EXPECT_EQ(ggf.find("Dave"), std::string::npos) << ggf;
        EXPECT_NE(ggf.find(anonymous), std::string::npos) << ggf;
        // The standings and the creator.
        const std::string standings = bob.get("/api/tournaments/" + tournament_id).body;
        EXPECT_EQ(standings.find("\"Dave\""), std::string::npos) << standings;
        EXPECT_NE(standings.find(anonymous), std::string::npos) << standings;

        // The name and its look-alikes are never given again.
        Browser newcomer(server.port, "127.0.0.1", "127.0.0.4");
        for (const char* name : {"Dave", "DAVE", "dave"}) {
            const BrowserReply again = newcomer.post("/api/register", closing_account(name));
            EXPECT_EQ(again.status, 409) << name << ": " << again.body;
            EXPECT_EQ(again.data()["code"], "name_taken") << name;
        }
        EXPECT_EQ(newcomer.post("/api/register", closing_account("Davey")).status, 200);
    }
    // The store holds none of it either, and a restart brings nothing back.
    {
        SqliteStorage db((dir.path / "test.db").string());
        for (const ChatLine& line : db.chat_lines(table)) {
            EXPECT_EQ(line.text.find("555-0100"), std::string::npos);
            EXPECT_NE(line.from, "Dave");
        }
        const auto stored = db.load(table);
        ASSERT_TRUE(stored);
        EXPECT_EQ(stored->spec.find("\"Dave\""), std::string::npos) << stored->spec;
        for (const StoredTournament& t : db.tournaments(100))
            EXPECT_EQ(t.doc.find("\"Dave\""), std::string::npos) << t.doc;
        for (const StoredPlayer& p : db.players()) {
            EXPECT_NE(p.name, "Dave");
            if (p.name != anonymous) continue;
            EXPECT_EQ(p.name_skeleton.rfind("closed:", 0), 0u) << p.name_skeleton;
            EXPECT_EQ(p.name_skeleton.find("dave"), std::string::npos) << "only a one-way mark";
        }
    }
    ServerProcess again(dir.path);
    Browser carol(again.port, "127.0.0.1", "127.0.0.5");
    EXPECT_EQ(carol.post("/api/register", closing_account("Dave")).status, 409)
        << "after a restart too";
    EXPECT_EQ(carol.get("/api/games/" + table).body.find("Dave"), std::string::npos);
}

TEST(AccountAnonymised, ATournamentPlaceBelongsToThePlayersIdNotItsName) {
    TempDir dir("acc_place_by_id");
    {
        // A finished tournament stored before this rule: its entrant (player 99, whose account
        // went under an older build) is still named "Erin" in the document.
        SqliteStorage db((dir.path / "test.db").string());
        const json doc = {{"id", "cup1"},
                          {"name", "Old Cup"},
                          {"kind", "arena"},
                          {"pool", "8x8"},
                          {"setup", json::object()},
                          {"clock", {{"mode", "game"}, {"seconds", 60}, {"increment", 0}}},
                          {"rated", false},
                          {"starts_at", 1000},
                          {"duration_ms", 1000},
                          {"rounds", 0},
                          {"scheduled", ""},
                          {"creator", {{"player", 99}, {"name", "Erin"}}},
                          {"created", 500},
                          {"status", "finished"},
                          {"round", 0},
                          {"entrants", json::array({{{"player", 99},
                                                     {"name", "Erin"},
                                                     {"bot", false},
                                                     {"rating", 1500.0},
                                                     {"score", 4},
                                                     {"streak", 0},
                                                     {"last", 0},
                                                     {"games", 2},
                                                     {"active", true},
                                                     {"playing", false}}})},
                          {"games", json::array()}};
        db.save_tournament({"cup1", 500, "finished", doc.dump()});
    }
    ServerProcess server(dir.path);
    Browser erin(server.port, "127.0.0.1", "127.0.0.2");
    ASSERT_EQ(erin.post("/api/register", closing_account("Erin")).status, 200);
    const json places = erin.get("/api/players/Erin/tournaments").data();
    EXPECT_TRUE(places["tournaments"].empty()) << "another player's place: " << places.dump();
}

TEST(AccountAnonymised, AnAccountDeletedBeforeTheRuleIsAnonymisedAtStart) {
    TempDir dir("acc_earlier_deletion");
    std::string table;
    int64_t frank_id = 0;
    {
        ServerProcess server(dir.path);
        Browser frank(server.port, "127.0.0.1", "127.0.0.2");
        Browser bob(server.port, "127.0.0.1", "127.0.0.3");
        ASSERT_EQ(frank.post("/api/register", closing_account("Frank")).status, 200);
        ASSERT_EQ(bob.post("/api/register", closing_account("Bob")).status, 200);
        frank_id = frank.get("/api/me").data()["id"];
        table = frank.post("/api/tables", {{"seat", 0}}).data()["table"];
        ASSERT_EQ(bob.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 200);
        CookieSocket f(server.port, "/ws?table=" + table, frank.cookie(), frank.from());
        f.read_until([](const json& m) { return closing_is(m, "state"); });
        f.send({{"type", "chat"}, {"text", "call me at 555-0199"}});
        f.read_until([](const json& m) { return closing_is(m, "chat"); });
        f.send({{"type", "move"}, {"square", "d3"}});
        f.read_until(
            [](const json& m) { return closing_is(m, "state") && m["table"]["ply"] == 1; });
        f.send({{"type", "resign"}});
        f.read_until([](const json& m) {
            return closing_is(m, "state") && m["table"]["status"] == "finished";
        });
    }
    {
        // What a deletion did before issue 48: the row renamed, the rest left as it was.
        SqliteStorage db((dir.path / "test.db").string());
        for (StoredPlayer p : db.players()) {
            if (p.id != frank_id) continue;
            p.name = "deleted-" + std::to_string(frank_id);
            p.name_key = p.name;
            p.name_skeleton.clear();
            p.password_hash = "!deleted";
            db.save_player(p);
        }
        ASSERT_NE(db.load(table)->spec.find("\"Frank\""), std::string::npos);
    }
    {
        ServerProcess server(dir.path);
        Browser bob(server.port, "127.0.0.1", "127.0.0.3");
        const std::string replay = bob.get("/api/games/" + table).body;
        EXPECT_EQ(replay.find("Frank"), std::string::npos) << replay;
        EXPECT_NE(replay.find("deleted-" + std::to_string(frank_id)), std::string::npos);
        EXPECT_EQ(bob.post("/api/register", closing_account("Frank")).status, 409);
    }
    SqliteStorage db((dir.path / "test.db").string());
    EXPECT_EQ(db.load(table)->spec.find("Frank"), std::string::npos);
    for (const ChatLine& line : db.chat_lines(table)) EXPECT_NE(line.from, "Frank");
}

}  // namespace
}  // namespace reversi::server
