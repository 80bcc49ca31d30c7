// SPDX-License-Identifier: MIT
// What players may make of tournaments, through the real server (issue 48: 66 fresh accounts
// made 195 tournaments in 5 s and every creation was refused after): a creator cancels before
// the start (its entrants hear of it; a restart does not bring it back); daily limits per
// player and per address; empty tournaments take no place from real ones and the site's own
// take none; the list comes a page at a time.
#include <gtest/gtest.h>

#include <map>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace tournament_limits {

// A registered player connecting from loopback address `from`.
Browser player(unsigned short port, const std::string& name, const std::string& from) {
    Browser b(port, "127.0.0.1", from);
    b.get("/api/me");
    EXPECT_EQ(b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status, 200);
    return b;
}

BrowserReply make(Browser& b, const std::string& name) {
    return b.post("/api/tournaments", {{"name", name},
                                       {"kind", "arena"},
                                       {"pool", "8x8"},
                                       {"rated", false},
                                       {"minutes", 10},
                                       {"starts_in", 3600}});
}

std::set<std::string> listed(unsigned short port) {
    std::set<std::string> out;
    const json list = get(port, "/api/tournaments?limit=100").data();
    for (const json& t : list["tournaments"]) out.insert(t["id"].get<std::string>());
    return out;
}

TEST(TournamentLimits, ItsCreatorCancelsBeforeTheStart) {
    TempDir dir("tournament_cancel");
    std::string id;
    {
        ServerProcess server(dir.path);
        Browser ada = player(server.port, "CancelAda", "127.0.0.1");
        Browser bob = player(server.port, "CancelBob", "127.0.0.2");
        const BrowserReply made = make(ada, "Called off");
        ASSERT_EQ(made.status, 200) << made.body;
        id = made.data()["id"];
        ASSERT_EQ(bob.post("/api/tournaments/" + id + "/join", json::object()).status, 200);
        CookieSocket lobby(server.port, "/ws/lobby", bob.cookie(), "127.0.0.2");
        const BrowserReply not_his = bob.post("/api/tournaments/" + id + "/cancel", json::object());
        EXPECT_EQ(not_his.status, 403) << not_his.body;
        const BrowserReply cancelled =
            ada.post("/api/tournaments/" + id + "/cancel", json::object());
        ASSERT_EQ(cancelled.status, 200) << cancelled.body;
        EXPECT_EQ(cancelled.data()["status"], "cancelled");
        // The entrant's lobby socket hears it; it is gone from the list and from GET.
        lobby.read_until([&](const json& m) {
            return m.value("type", "") == "tournament" && m["tournament"]["id"] == id &&
                   m["tournament"]["status"] == "cancelled";
        });
        EXPECT_EQ(get(server.port, "/api/tournaments/" + id).status, 404);
        EXPECT_FALSE(listed(server.port).count(id));
        // A started one is not called off; its creator may make another in its place.
        const BrowserReply now = make(ada, "Started");
        ASSERT_EQ(now.status, 200) << now.body;
        const std::string started = now.data()["id"];
        ASSERT_EQ(ada.post("/api/tournaments/" + started + "/start", json::object()).status, 200);
        const BrowserReply late =
            ada.post("/api/tournaments/" + started + "/cancel", json::object());
        EXPECT_EQ(late.status, 400) << late.body;
        EXPECT_EQ(late.data()["code"], "not_allowed");
    }
    ServerProcess again(dir.path);
    EXPECT_EQ(get(again.port, "/api/tournaments/" + id).status, 404) << "back after a restart";
    EXPECT_EQ(listed(again.port).size(), 1u);
}

TEST(TournamentLimits, DailyLimitsPerPlayerAndPerAddress) {
    TempDir dir("tournament_daily");
    ServerProcess server(dir.path,
                         {"--tournaments-per-player", "2", "--tournaments-per-address", "3"});
    Browser ada = player(server.port, "DailyAda", "127.0.0.3");
    Browser bob = player(server.port, "DailyBob", "127.0.0.3");
    Browser cyd = player(server.port, "DailyCyd", "127.0.0.4");
    // Two a day for Ada, even once she has cancelled them.
    for (int i = 0; i < 2; ++i) {
        const BrowserReply made = make(ada, "Ada " + std::to_string(i));
        ASSERT_EQ(made.status, 200) << made.body;
        const std::string id = made.data()["id"];
        ASSERT_EQ(ada.post("/api/tournaments/" + id + "/cancel", json::object()).status, 200);
    }
    const BrowserReply third = make(ada, "Ada 2");
    EXPECT_EQ(third.status, 429) << third.body;
    EXPECT_EQ(third.data()["code"], "rate_limited");
    // Three from Ada's address: Bob makes the third, and no fourth.
    EXPECT_EQ(make(bob, "Bob 0").status, 200);
    EXPECT_EQ(make(bob, "Bob 1").status, 429);
    // Another address is not held back.
    EXPECT_EQ(make(cyd, "Cyd 0").status, 200);
}

TEST(TournamentLimits, EmptyTournamentsTakeNoPlaceFromRealOnesNorTheSites) {
    TempDir dir("tournament_slots");
    ServerProcess server(
        dir.path, {"--max-tournaments", "2", "--max-empty-tournaments", "2",
                   "--tournament-schedule", "weekly@mon00:00 arena 8x8 3+2 55m Weekly slot arena"});
    std::map<std::string, Browser> p;
    for (const char* name : {"SlotA", "SlotB", "SlotC", "SlotD", "SlotE"})
        p.emplace(name, player(server.port, name, "127.0.1." + std::to_string(p.size() + 1)));
    // Two join the site's own: it takes no place.
    std::string site;
    const json list = get(server.port, "/api/tournaments").data();
    for (const json& t : list["tournaments"])
        if (t["scheduled"] == true) site = t["id"];
    ASSERT_FALSE(site.empty()) << list.dump();
    for (const char* name : {"SlotD", "SlotE"})
        ASSERT_EQ(p.at(name).post("/api/tournaments/" + site + "/join", json::object()).status,
                  200);
    // A real one (two entrants) takes one of the two places, the site's none (else the
    // next would be refused); empty ones are held apart, two of them.
    const BrowserReply real = make(p.at("SlotA"), "Real");
    ASSERT_EQ(real.status, 200) << real.body;
    ASSERT_EQ(p.at("SlotB")
                  .post("/api/tournaments/" + real.data()["id"].get<std::string>() + "/join",
                        json::object())
                  .status,
              200);
    EXPECT_EQ(make(p.at("SlotB"), "Empty 1").status, 200);
    EXPECT_EQ(make(p.at("SlotC"), "Empty 2").status, 200);
    const BrowserReply full = make(p.at("SlotD"), "Empty 3");
    EXPECT_EQ(full.status, 503) << full.body;
    EXPECT_EQ(full.data()["code"], "busy");
}

TEST(TournamentLimits, TheListComesAPageAtATime) {
    TempDir dir("tournament_pages");
    ServerProcess server(dir.path);
    std::vector<Browser> makers;
    for (int i = 0; i < 3; ++i)
        makers.push_back(
            player(server.port, "Pager" + std::to_string(i), "127.0.2." + std::to_string(i + 1)));
    // Starting in 3, 2 and 1 hours: listed by their start, the soonest first.
    std::vector<std::string> ids;
    for (int i = 0; i < 3; ++i) {
        const BrowserReply made =
            makers[i].post("/api/tournaments",
                           {{"name", "Page"}, {"rated", false}, {"starts_in", 3600 * (3 - i)}});
        ASSERT_EQ(made.status, 200) << made.body;
        ids.push_back(made.data()["id"]);
    }
    const json first = get(server.port, "/api/tournaments?offset=0&limit=2").data();
    EXPECT_EQ(first["total"], 3);
    ASSERT_EQ(first["tournaments"].size(), 2u);
    EXPECT_EQ(first["tournaments"][0]["id"], ids[2]);
    EXPECT_EQ(first["tournaments"][1]["id"], ids[1]);
    const json second = get(server.port, "/api/tournaments?offset=2&limit=2").data();
    ASSERT_EQ(second["tournaments"].size(), 1u);
    EXPECT_EQ(second["tournaments"][0]["id"], ids[0]);
    // Hostile paging is bounded, never an error.
    const json odd = get(server.port, "/api/tournaments?offset=-5&limit=100000").data();
    EXPECT_EQ(odd["tournaments"].size(), 3u);
    EXPECT_EQ(odd["limit"], 100);
}

}  // namespace tournament_limits
}  // namespace reversi::server::testing_support
