// SPDX-License-Identifier: MIT
// Tournaments through the real server (docs/SITE.md "Tournaments"): four registered players
// in a Swiss of three rounds, the server killed (SIGKILL) after the first round and started
// again on the same store, every game and point kept; and an arena of four run to its end.
// Each game is decided by its second player resigning, through the session's own seat.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace tournament_net {

bool is(const json& m, const char* type) {
    return m.value("type", "") == type;
}

struct Players {
    std::map<std::string, Browser> browsers;
    Players(unsigned short port, const std::vector<std::string>& names) {
        for (const std::string& name : names) {
            Browser b(port);
            b.get("/api/me");
            EXPECT_EQ(
                b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status,
                200);
            browsers.emplace(name, b);
        }
    }
};

// Resigns, as its second player, every running game of the tournament not resigned yet;
// returns the tournament as it is afterwards.
json resign_running(unsigned short port, const std::string& id, Players& players,
                    std::set<std::string>& done) {
    const json view = get(port, "/api/tournaments/" + id).data();
    for (const json& g : view["games"]) {
        if (g["done"] == true || g["table"].is_null() || done.count(g["table"])) continue;
        const std::string table = g["table"];
        Browser& second = players.browsers.at(g["players"][1].get<std::string>());
        CookieSocket ws(port, "/ws?table=" + table, second.cookie());
        ws.read_until([](const json& m) { return is(m, "state"); });
        ws.send({{"type", "resign"}});
        ws.read_until(
            [](const json& m) { return is(m, "state") && m["table"]["status"] == "finished"; });
        done.insert(table);
    }
    return get(port, "/api/tournaments/" + id).data();
}

// Waits until `pred` holds of the tournament, resigning its games meanwhile.
json play_until(unsigned short port, const std::string& id, Players& players,
                std::set<std::string>& done, const std::function<bool(const json&)>& pred) {
    for (int i = 0; i < 300; ++i) {
        const json view = resign_running(port, id, players, done);
        if (pred(view)) return view;
        usleep(50'000);
    }
    throw std::runtime_error("the tournament did not get there");
}

// A casual arena of three seconds in `pool`, starting now, made by the first of `players` and
// joined by the others; its id, or empty (a failed expectation) when it was refused.
std::string three_second_arena(Players& players, const std::string& pool) {
    auto it = players.browsers.begin();
    const BrowserReply made = it->second.post(
        "/api/tournaments", {{"name", "Test Arena"},
                             {"kind", "arena"},
                             {"pool", pool},
                             {"clock", {{"mode", "game"}, {"seconds", 60}, {"increment", 0}}},
                             {"rated", false},
                             {"seconds", 3},
                             {"starts_in", 0}});
    EXPECT_EQ(made.status, 200) << made.body;
    if (made.status != 200) return {};
    const std::string id = made.data()["id"];
    for (++it; it != players.browsers.end(); ++it)
        EXPECT_EQ(it->second.post("/api/tournaments/" + id + "/join", json::object()).status, 200);
    return id;
}

int total(const json& standings, const char* key) {
    int sum = 0;
    for (const json& row : standings) sum += row[key].get<int>();
    return sum;
}

TEST(TournamentNet, SwissOfFourOverThreeRoundsSurvivesAKill) {
    TempDir dir("tournament_swiss");
    auto server = std::make_unique<ServerProcess>(dir.path);
    Players players(server->port, {"SwissA", "SwissB", "SwissC", "SwissD"});
    Browser& creator = players.browsers.at("SwissA");
    // A guest cannot create one; a registered player can.
    Browser guest(server->port);
    guest.get("/api/me");
    EXPECT_EQ(guest.post("/api/tournaments", {{"name", "No"}}).status, 403);
    const BrowserReply made = creator.post("/api/tournaments", {{"name", "Test Swiss"},
                                                                {"kind", "swiss"},
                                                                {"pool", "8x8"},
                                                                {"clock", {{"mode", "none"}}},
                                                                {"rated", true},
                                                                {"rounds", 3},
                                                                {"starts_in", 3600}});
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string id = made.data()["id"];
    for (const char* name : {"SwissB", "SwissC", "SwissD"})
        ASSERT_EQ(players.browsers.at(name)
                      .post("/api/tournaments/" + id + "/join", json::object())
                      .status,
                  200);
    // An entrant's lobby socket hears the standings when the tournament changes.
    CookieSocket lobby(server->port, "/ws/lobby", players.browsers.at("SwissD").cookie());
    lobby.read_until([](const json& m) { return is(m, "lobby"); });
    ASSERT_EQ(creator.post("/api/tournaments/" + id + "/start", json::object()).status, 200);
    const json pushed = lobby.read_until([](const json& m) { return is(m, "tournament"); });
    EXPECT_EQ(pushed["tournament"]["id"], id);
    EXPECT_EQ(pushed["tournament"]["standings"].size(), 4u);

    std::set<std::string> done;
    const auto round_over = [](int round) {
        return [round](const json& v) {
            int finished = 0;
            for (const json& g : v["games"]) finished += g["round"] == round && g["done"] == true;
            return finished == 2;  // the next round may be paired already
        };
    };
    play_until(server->port, id, players, done, round_over(1));

    // The server dies after the first round; another starts on the same store. Every game
    // finished before the kill keeps its result (games of the next round that had not
    // begun may be settled by the restart, so they are not compared).
    const json before_kill = get(server->port, "/api/tournaments/" + id).data();
    server->kill9();
    server = std::make_unique<ServerProcess>(dir.path);
    const json after_restart = get(server->port, "/api/tournaments/" + id).data();
    std::map<std::string, int> kept;
    for (const json& g : after_restart["games"])
        if (g["done"] == true && g["table"].is_string())
            kept[g["table"].get<std::string>()] = g["score"].get<int>();
    int finished_before = 0;
    for (const json& g : before_kill["games"]) {
        if (g["done"] != true || !g["table"].is_string()) continue;  // a bye has no table
        ++finished_before;
        const std::string table = g["table"];
        ASSERT_TRUE(kept.count(table)) << table << " was lost: " << after_restart.dump();
        EXPECT_EQ(kept[table], g["score"].get<int>()) << table;
    }
    EXPECT_GE(finished_before, 2) << "the first round's two games";
    EXPECT_GE(total(after_restart["standings"], "games"), total(before_kill["standings"], "games"));

    const json end = play_until(server->port, id, players, done,
                                [](const json& v) { return v["status"] == "finished"; });
    EXPECT_EQ(end["round"], 3);
    EXPECT_EQ(total(end["standings"], "games"), 12) << "each of four played three games";
    EXPECT_EQ(total(end["standings"], "score"), 12) << "six games of two half points";
    std::set<std::pair<std::string, std::string>> met;
    for (const json& g : end["games"]) {
        const std::string a = g["players"][0], b = g["players"][1];
        EXPECT_TRUE(met.insert({std::min(a, b), std::max(a, b)}).second) << a << " met " << b;
    }
    EXPECT_TRUE(end["standings"][0].contains("buchholz"));
    // The result is on the players' profiles.
    const json results = get(server->port, "/api/players/SwissB/tournaments").data();
    ASSERT_EQ(results["tournaments"].size(), 1u);
    EXPECT_EQ(results["tournaments"][0]["players"], 4);
    // What the profile names it by (issue 48, 12): a player's own, not the site's schedule.
    EXPECT_EQ(results["tournaments"][0]["pool"], "8x8");
    EXPECT_EQ(results["tournaments"][0]["recurrence"], "");
}

TEST(TournamentNet, ArenaOfFourRunsToItsEnd) {
    TempDir dir("tournament_arena");
    ServerProcess server(dir.path);
    Players players(server.port, {"ArenaA", "ArenaB", "ArenaC", "ArenaD"});
    const std::string id = three_second_arena(players, "6x6");
    ASSERT_FALSE(id.empty());
    std::set<std::string> done;
    const json end = play_until(server.port, id, players, done,
                                [](const json& v) { return v["status"] == "finished"; });
    int games = 0;
    for (const json& g : end["games"]) games += g["done"] == true;
    EXPECT_GE(games, 3) << "players were paired again as soon as they were free";
    EXPECT_EQ(total(end["standings"], "games"), 2 * games);
    const json& top = end["standings"][0];
    EXPECT_GE(top["score"].get<int>(), end["standings"][3]["score"].get<int>());
    EXPECT_GT(total(end["standings"], "score"), 0);
}

// Issue 31: an arena of the three-player pool seats its players three to a table; every game
// is scored by place for all three seats.
TEST(TournamentNet, ThreePlayerArenaSeatsThreeAndScoresEverySeat) {
    TempDir dir("tournament_3p");
    ServerProcess server(dir.path);
    Players players(server.port, {"TrioA", "TrioB", "TrioC"});
    const std::string id = three_second_arena(players, "3p");
    ASSERT_FALSE(id.empty());
    std::set<std::string> done;
    const json end = play_until(server.port, id, players, done,
                                [](const json& v) { return v["status"] == "finished"; });
    int games = 0;
    for (const json& g : end["games"]) {
        if (g["done"] != true) continue;
        ++games;
        EXPECT_EQ(g["players"].size(), 3u) << g.dump();
        ASSERT_EQ(g["points"].size(), 3u) << g.dump();
    }
    EXPECT_GE(games, 1);
    EXPECT_EQ(total(end["standings"], "games"), 3 * games);
    EXPECT_GT(total(end["standings"], "score"), 0);
    // A Swiss still pairs two players.
    const BrowserReply swiss = players.browsers.at("TrioB").post(
        "/api/tournaments", {{"name", "Trio Swiss"}, {"kind", "swiss"}, {"pool", "3p"}});
    EXPECT_EQ(swiss.status, 400) << swiss.body;
}

// Issue 31: the site's schedule makes each entry's next tournament ahead of time, shown in the
// list as scheduled, stored like any other: a restarted server finds it and makes no second one.
TEST(TournamentNet, AScheduledTournamentIsMadeAheadOnceAndSurvivesARestart) {
    TempDir dir("tournament_schedule");
    const std::vector<std::string> schedule = {
        "--tournament-schedule", "weekly@mon00:00 arena 8x8 3+2 55m Weekly test arena"};
    const auto scheduled = [](unsigned short port) {
        json out = json::array();
        const json list = get(port, "/api/tournaments").data();
        for (const json& t : list["tournaments"])
            if (t["scheduled"] == true) out.push_back(t);
        return out;
    };
    std::string id;
    {
        ServerProcess server(dir.path, schedule);
        const json made = scheduled(server.port);
        ASSERT_EQ(made.size(), 1u) << made.dump();
        EXPECT_EQ(made[0]["name"], "Weekly test arena");
        EXPECT_EQ(made[0]["status"], "created");
        EXPECT_EQ(made[0]["starts_at"].get<int64_t>() % 3'600'000, 0) << "on the hour";
        id = made[0]["id"];
    }
    ServerProcess again(dir.path, schedule);
    const json kept = scheduled(again.port);
    ASSERT_EQ(kept.size(), 1u) << kept.dump();
    EXPECT_EQ(kept[0]["id"], id);
}

// Issue 48 (11): a tournament game's table page names its tournament: the table answers
// which one (the list's fields: name, time left) and any other table none.
TEST(TournamentNet, ATournamentTableNamesItsTournament) {
    TempDir dir("tournament_of_table");
    ServerProcess server(dir.path);
    Players players(server.port, {"OfTabA", "OfTabB"});
    const std::string id = three_second_arena(players, "6x6");
    ASSERT_FALSE(id.empty());
    json view;
    for (int i = 0; i < 100; ++i) {
        view = get(server.port, "/api/tournaments/" + id).data();
        if (!view["games"].empty() && view["games"][0]["table"].is_string()) break;
        usleep(50'000);
    }
    ASSERT_FALSE(view["games"].empty()) << view.dump();
    const std::string table = view["games"][0]["table"];
    const json of = get(server.port, "/api/tables/" + table + "/tournament").data();
    ASSERT_TRUE(of["tournament"].is_object()) << of.dump();
    EXPECT_EQ(of["tournament"]["id"], id);
    EXPECT_EQ(of["tournament"]["name"], "Test Arena");
    EXPECT_EQ(of["tournament"]["kind"], "arena");
    EXPECT_TRUE(of["tournament"].contains("ends_at"));
    EXPECT_FALSE(of["tournament"].contains("games"));
    EXPECT_TRUE(get(server.port, "/api/tables/nosuchtb/tournament").data()["tournament"].is_null());
}

// Issue 48 (11): the tournament pairs its players, so its table refuses a rematch with its own
// code (not just a page that hides the button), and its state names the tournament, before
// and after a restart (the spec stored with the table keeps it).
TEST(TournamentNet, ATournamentTableRefusesARematch) {
    TempDir dir("tournament_no_rematch");
    auto server = std::make_unique<ServerProcess>(dir.path);
    Players players(server->port, {"NoRemA", "NoRemB"});
    const std::string id = three_second_arena(players, "6x6");
    ASSERT_FALSE(id.empty());
    json view;
    for (int i = 0; i < 100; ++i) {
        view = get(server->port, "/api/tournaments/" + id).data();
        if (!view["games"].empty() && view["games"][0]["table"].is_string()) break;
        usleep(50'000);
    }
    ASSERT_FALSE(view["games"].empty()) << view.dump();
    const std::string table = view["games"][0]["table"];
    Browser& second = players.browsers.at(view["games"][0]["players"][1].get<std::string>());
    {
        CookieSocket ws(server->port, "/ws?table=" + table, second.cookie());
        const json state = ws.read_until([](const json& m) { return is(m, "state"); });
        EXPECT_EQ(state["table"]["tournament"], id) << state.dump();
        ws.send({{"type", "resign"}});
        ws.read_until(
            [](const json& m) { return is(m, "state") && m["table"]["status"] == "finished"; });
        ws.send({{"type", "offer"}, {"kind", "rematch"}});
        const json refused = ws.read_until([](const json& m) { return is(m, "error"); });
        EXPECT_EQ(refused["code"], "tournament_game") << refused.dump();
        ws.send({{"type", "rematch"}});
        EXPECT_EQ(ws.read_until([](const json& m) { return is(m, "error"); })["code"],
                  "tournament_game");
    }
    EXPECT_TRUE(get(server->port, "/api/tables/" + table).data()["rematch"].is_null());
    server->kill9();
    server = std::make_unique<ServerProcess>(dir.path);
    EXPECT_EQ(get(server->port, "/api/tables/" + table).data()["tournament"], id);
}

}  // namespace tournament_net
}  // namespace reversi::server::testing_support
