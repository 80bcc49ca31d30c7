// SPDX-License-Identifier: MIT
// Two lobbies as two nodes (lobby/remote.cpp), joined by an in-memory bus that hands each
// published event to every lobby, the sender's too (as NOTIFY does): a seek posted on one
// node is shown and accepted on the other, the pairing's messages reach both players, a
// challenge finds a player on the other node, online counts add up, a silent node's offers
// go, and events that do not fit change nothing. Quick pairing across nodes runs over a
// shared queue kept here as the store keeps it (lobby_quick: matched by the node that asks,
// its rows taken once); running games and challenges are shared state that a later lobby
// tab sees. postgres_lobby_bus_test.cpp runs the same through PostgreSQL.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>

#include "fake_lobby_client.h"
#include "server/lobby/lobby.h"

namespace reversi::server {
namespace {

using FakeClient = testing_lobby::FakeLobbyClient;
using testing_lobby::PendingTable;

class LobbyNodesTest : public ::testing::Test {
  protected:
    struct Node {
        std::vector<PendingTable> pending;
        std::unique_ptr<Lobby> lobby;
    };

    LobbyNodesTest() {
        for (const char* name : {"aaaa0001", "bbbb0002"}) {
            auto node = std::make_unique<Node>();
            LobbyServices s;
            s.now = [this] { return now; };
            s.wall_now = [this] { return 1'700'000'000'000 + now; };
            s.random = [this] { return random_value++; };
            s.rating = [this](const Identity& who, const std::string&) {
                return LobbyRating{ratings.count(who.player) ? ratings[who.player] : 1500, true};
            };
            Node* raw = node.get();
            s.create_table = [raw](PairingOrder order, PairingDone done) {
                raw->pending.push_back({std::move(order), std::move(done)});
            };
            s.node = name;
            s.publish = [this](json event, std::function<void()> failed) {
                if (fail_publishing) return failures.push_back(std::move(failed));
                bus.push_back(std::move(event));
            };
            node->lobby = std::make_unique<Lobby>(s);
            nodes.push_back(std::move(node));
        }
    }
    Lobby& a() { return *nodes[0]->lobby; }
    Lobby& b() { return *nodes[1]->lobby; }
    // Delivers every published event (and those they cause) to both lobbies; quick seekers
    // go to the shared queue, as the store's lobby_quick.
    void pump() {
        while (!bus.empty()) {
            const json event = bus.front();
            bus.pop_front();
            const std::string kind = event.value("k", "");
            const auto key = std::make_pair(event.value("n", ""), event.value("p", int64_t{0}));
            if (kind == "quick+") {
                json seeker = event;
                seeker["since"] = now;
                queue[key] = {next_seq++, seeker};
            }
            if (kind == "quick-") queue.erase(key);
            for (auto& node : nodes) node->lobby->on_remote(event);
        }
    }
    // One quick-pairing round asked by node i (as its bus thread does): the groups with one of
    // its seekers leave the queue, node i pairs them, the others hear "quick_taken".
    void quick_round(int i) {
        std::vector<std::pair<uint64_t, std::pair<std::string, int64_t>>> order;
        for (const auto& [key, row] : queue) order.push_back({row.first, key});
        std::sort(order.begin(), order.end());
        std::vector<json> seekers;
        std::vector<std::string> owners;
        for (const auto& [seq, key] : order) {
            seekers.push_back(queue[key].second);
            owners.push_back(key.first);
        }
        const std::string me = i == 0 ? "aaaa0001" : "bbbb0002";
        for (const auto& group : match_quick_seekers(seekers, now)) {
            json members = json::array(), players = json::array();
            bool mine = false;
            for (size_t m : group) {
                members.push_back(seekers[m]);
                players.push_back(seekers[m]["p"]);
                mine = mine || owners[m] == me;
            }
            if (!mine) continue;
            std::erase_if(queue, [&](const auto& row) {
                return std::find(players.begin(), players.end(), row.first.second) != players.end();
            });
            bus.push_back({{"k", "quick_taken"}, {"n", me}, {"players", players}});
            nodes[i]->lobby->on_quick_match({{"group", members}});
        }
    }
    size_t pending_tables() const { return nodes[0]->pending.size() + nodes[1]->pending.size(); }
    // Makes node i's oldest pending table with tokens "<table>-<seat>".
    void make_table(int i, const std::string& table) {
        auto& pending = nodes[i]->pending;
        ASSERT_FALSE(pending.empty());
        PendingTable p = std::move(pending.front());
        pending.erase(pending.begin());
        PairingOutcome out;
        out.table = table;
        for (size_t s = 0; s < p.order.seats.size(); ++s)
            out.tokens.push_back(table + "-" + std::to_string(s));
        p.done(out);
    }
    static void send(Lobby& lobby, FakeClient& c, const json& msg) {
        lobby.on_message(c, msg.dump());
    }
    static json seek_msg(const std::string& seat = "black") {
        return {{"type", "seek"},
                {"setup", {{"board", "8"}}},
                {"clock", {{"mode", "game"}, {"seconds", 180}, {"increment", 2}}},
                {"seat", seat}};
    }

    static json quick_msg() { return {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}}; }

    int64_t now = 1000;
    uint64_t random_value = 0;
    std::map<int64_t, double> ratings;
    // The shared quick queue: (node, player) -> (order of arrival, the seeker).
    std::map<std::pair<std::string, int64_t>, std::pair<uint64_t, json>> queue;
    uint64_t next_seq = 0;
    std::deque<json> bus;
    bool fail_publishing = false;
    std::vector<std::function<void()>> failures;
    std::vector<std::unique_ptr<Node>> nodes;
    FakeClient ada{1, "Ada"}, bob{2, "Bob"}, cid{3, "Cid"};
};

TEST_F(LobbyNodesTest, SeekOnOneNodeIsAcceptedOnTheOther) {
    a().connect(ada);
    b().connect(bob);
    pump();
    send(a(), ada, seek_msg("black"));
    pump();
    ASSERT_EQ(bob.of("seek_added").size(), 1u);
    const json seek = bob.of("seek_added")[0]["seek"];
    EXPECT_EQ(seek["player"], "Ada");
    EXPECT_EQ(b().remote_seek_count(), 1u);
    // A later lobby socket on node B lists it too.
    b().connect(cid);
    EXPECT_EQ(cid.got.at(0)["seeks"].size(), 1u);

    send(b(), bob, {{"type", "accept"}, {"id", seek["id"]}});
    pump();
    ASSERT_EQ(nodes[0]->pending.size(), 1u) << "the seek's node makes the table";
    EXPECT_TRUE(nodes[1]->pending.empty());
    const PairingOrder& order = nodes[0]->pending[0].order;
    ASSERT_EQ(order.seats.size(), 2u);
    EXPECT_EQ(order.seats[0].player, 1) << "Ada asked for Black";
    EXPECT_EQ(order.seats[1].player, 2);
    EXPECT_EQ(order.seats[1].name, "Bob");
    EXPECT_EQ(b().remote_seek_count(), 0u);
    EXPECT_EQ(cid.of("seek_removed").size(), 1u);

    make_table(0, "t1");
    pump();
    ASSERT_EQ(ada.of("paired").size(), 1u);
    ASSERT_EQ(bob.of("paired").size(), 1u);
    EXPECT_EQ(ada.of("paired")[0]["token"], "t1-0");
    EXPECT_EQ(bob.of("paired")[0]["token"], "t1-1");
    EXPECT_EQ(bob.of("paired")[0]["table"], "t1");
    EXPECT_TRUE(cid.of("paired").empty()) << "only the seated players hear of it";
}

TEST_F(LobbyNodesTest, TwoAcceptsOnTwoNodesMakeOneTable) {
    a().connect(ada);
    a().connect(cid);
    b().connect(bob);
    pump();
    send(a(), ada, seek_msg());
    pump();
    const std::string id = bob.of("seek_added").at(0)["seek"]["id"];
    send(b(), bob, {{"type", "accept"}, {"id", id}});  // on its way through the bus
    send(a(), cid, {{"type", "accept"}, {"id", id}});  // first at the seek's node
    pump();
    EXPECT_EQ(nodes[0]->pending.size(), 1u);
    ASSERT_EQ(bob.of("error").size(), 1u);
    EXPECT_EQ(bob.of("error")[0]["code"], "not_found");
}

TEST_F(LobbyNodesTest, ChallengeReachesAPlayerOnTheOtherNode) {
    a().connect(ada);
    b().connect(bob);
    pump();
    send(a(), ada, {{"type", "challenge"}, {"to", "BOB"}, {"setup", {{"board", "8"}}}});
    pump();
    ASSERT_EQ(bob.of("challenge").size(), 1u);
    EXPECT_EQ(bob.of("challenge")[0]["from"], "Ada");
    send(b(), bob,
         {{"type", "challenge_reply"}, {"id", bob.of("challenge")[0]["id"]}, {"accept", true}});
    pump();
    make_table(0, "t2");
    pump();
    ASSERT_EQ(ada.of("paired").size(), 1u);
    ASSERT_EQ(bob.of("paired").size(), 1u);
    EXPECT_EQ(bob.of("paired")[0]["table"], "t2");

    send(a(), ada, {{"type", "challenge"}, {"to", "Nobody"}, {"setup", {{"board", "8"}}}});
    EXPECT_EQ(ada.of("error").back()["code"], "offline");
    // Bob leaves node B: a new challenge finds him offline.
    b().disconnect(bob);
    pump();
    send(a(), ada, {{"type", "challenge"}, {"to", "Bob"}, {"setup", {{"board", "8"}}}});
    EXPECT_EQ(ada.of("error").size(), 2u);
}

TEST_F(LobbyNodesTest, OnlineCountsAddUpAndASilentNodeIsForgotten) {
    a().connect(ada);
    a().connect(cid);
    b().connect(bob);
    a().tick();
    b().tick();
    pump();
    EXPECT_EQ(a().online_total(), 3u);
    EXPECT_EQ(b().online_total(), 3u);
    b().tick();
    EXPECT_EQ(bob.of("online").back()["count"], 3);

    send(a(), ada, seek_msg());
    pump();
    EXPECT_EQ(b().remote_seek_count(), 1u);
    // Node A stops (a crash: no goodbye); node B keeps ticking and hears nothing from it.
    for (int i = 0; i < 25; ++i) {
        now += 1000;
        b().tick();
        bus.clear();
    }
    EXPECT_EQ(b().online_total(), 1u);
    EXPECT_EQ(b().remote_seek_count(), 0u);
    EXPECT_EQ(bob.of("seek_removed").size(), 1u);
}

TEST_F(LobbyNodesTest, ASeekThatCannotBePublishedIsTakenBack) {
    a().connect(ada);
    fail_publishing = true;
    send(a(), ada, seek_msg());
    EXPECT_EQ(a().seek_count(), 1u);
    for (auto& f : failures) f();
    EXPECT_EQ(a().seek_count(), 0u);
    EXPECT_EQ(ada.of("error").back()["code"], "internal");
}

TEST_F(LobbyNodesTest, EventsThatDoNotFitChangeNothing) {
    b().connect(bob);
    const json view = {{"id", "saaaa0001.1"}, {"player", "X"}};
    for (const json& bad :
         {json(nullptr), json("text"), json{{"k", "seek+"}},
          json{{"n", "aaaa0001"},
               {"k", "seek+"},
               {"id", "sbbbb0002.1"},
               {"owner", 5},
               {"seek", {{"id", "sbbbb0002.1"}}}},  // an id of another node
          json{{"n", "aaaa0001"}, {"k", "seek+"}, {"id", "saaaa0001.1"}, {"owner", 5}},
          json{{"n", "aaaa0001"},
               {"k", "seek+"},
               {"id", "saaaa0001.1"},
               {"owner", "5"},
               {"seek", view}},
          json{{"n", "aaaa0001"}, {"k", "online"}, {"count", -3}},
          json{{"n", "aaaa0001"}, {"k", "deliver"}, {"p", 2}},
          json{{"n", std::string(100, 'x')}, {"k", "online"}, {"count", 1}}})
        b().on_remote(bad);
    EXPECT_EQ(b().remote_seek_count(), 0u);
    EXPECT_EQ(b().online_total(), 1u);
    EXPECT_EQ(bob.got.size(), 1u) << "only the lobby message";
    // An event of a kind this node does not know (a newer node's) is ignored.
    b().on_remote({{"n", "aaaa0001"}, {"k", "future"}});
    // Its own events, back from the bus, change nothing.
    b().on_remote({{"n", "bbbb0002"}, {"k", "online"}, {"count", 50}});
    EXPECT_EQ(b().online_total(), 1u);
}

TEST_F(LobbyNodesTest, QuickSeekersOnTwoNodesArePairedOnce) {
    a().connect(ada);
    b().connect(bob);
    pump();
    send(a(), ada, quick_msg());
    send(b(), bob, quick_msg());
    pump();
    EXPECT_EQ(pending_tables(), 0u) << "no node pairs the shared queue by itself";
    ASSERT_EQ(queue.size(), 2u);
    // Both nodes see both seekers and ask at once: the first takes them, the second finds none.
    quick_round(1);
    quick_round(0);
    pump();
    ASSERT_EQ(nodes[1]->pending.size(), 1u);
    EXPECT_TRUE(nodes[0]->pending.empty());
    EXPECT_TRUE(queue.empty());
    EXPECT_EQ(a().quick_count(), 0u) << "node A heard that Ada was taken";
    EXPECT_EQ(b().quick_count(), 0u);
    std::vector<int64_t> seated;
    for (const Identity& who : nodes[1]->pending[0].order.seats) seated.push_back(who.player);
    std::sort(seated.begin(), seated.end());
    EXPECT_EQ(seated, (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(nodes[1]->pending[0].order.clock.seconds, 180);
    make_table(1, "q1");
    pump();
    EXPECT_EQ(ada.of("paired").size(), 1u);
    EXPECT_EQ(bob.of("paired").size(), 1u);
    EXPECT_EQ(ada.of("paired")[0]["table"], "q1");
    quick_round(0);
    quick_round(1);
    EXPECT_EQ(pending_tables(), 0u);
}

TEST_F(LobbyNodesTest, QuickPairingAcrossNodesKeepsTheRatingWindow) {
    // Cid seeks the same game far off, so nobody is alone: the windows decide.
    ratings = {{1, 1500}, {2, 1790}, {3, 2600}};
    a().connect(ada);
    b().connect(bob);
    a().connect(cid);
    pump();
    send(a(), cid, quick_msg());
    send(a(), ada, quick_msg());
    send(b(), bob, quick_msg());
    pump();
    // 290 apart: the windows (100, then 50 more every 5 s) hold it after 20 s of waiting.
    for (int waited = 0; waited < 20'000; waited += 1000) {
        quick_round(0);
        quick_round(1);
        ASSERT_EQ(pending_tables(), 0u) << "paired after " << waited << " ms";
        now += 1000;
    }
    quick_round(0);
    EXPECT_EQ(nodes[0]->pending.size(), 1u);
    // A seeker who cancelled leaves the shared queue.
    pump();
    EXPECT_EQ(queue.size(), 1u);
    send(a(), cid, {{"type", "quick_cancel"}});
    pump();
    EXPECT_TRUE(queue.empty());
}

// Issue 26, defect 17, across nodes: two seekers alone in their game are paired after 8 s
// whatever the gap, by the shared queue's rules as on one node.
TEST_F(LobbyNodesTest, QuickSeekersAloneAcrossNodesArePairedAfterAShortWait) {
    ratings = {{1, 1500}, {2, 1824}};
    a().connect(ada);
    b().connect(bob);
    pump();
    send(a(), ada, quick_msg());
    send(b(), bob, quick_msg());
    pump();
    for (int waited = 0; waited < 8'000; waited += 1000) {
        quick_round(0);
        quick_round(1);
        ASSERT_EQ(pending_tables(), 0u) << "paired after " << waited << " ms";
        now += 1000;
    }
    quick_round(1);
    EXPECT_EQ(nodes[1]->pending.size(), 1u);
}

TEST_F(LobbyNodesTest, RunningGamesOfTheOtherNodeAreListed) {
    GameEntry game;
    game.table = "t9";
    game.players = {1, 2};
    game.names = {"Ada", "Bob"};
    game.bots = {true, false};
    game.to_move = 0;
    game.setup = {{"board", "8"}};
    a().game_changed(game);
    pump();
    EXPECT_EQ(b().remote_game_count(), 1u);
    // Bob's lobby tab opens on node B, which does not hold the table.
    b().connect(bob);
    pump();
    const json listed = bob.got.at(0)["games"];
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0]["table"], "t9");
    EXPECT_EQ(listed[0]["opponents"], json::array({"Ada"}));
    EXPECT_EQ(listed[0]["opponents_bot"], json::array({true})) << "the BOT mark crosses nodes";
    EXPECT_EQ(listed[0]["your_turn"], false);
    // Node A knows Bob is in a lobby elsewhere: a turn alone reaches him now.
    game.to_move = 1;
    a().game_changed(game);
    pump();
    ASSERT_FALSE(bob.of("games").empty());
    EXPECT_EQ(bob.of("games").back()["games"][0]["your_turn"], true);
    game.running = false;
    a().game_changed(game);
    pump();
    EXPECT_TRUE(bob.of("games").back()["games"].empty());
    EXPECT_EQ(b().remote_game_count(), 0u);
    EXPECT_EQ(b().game_count(2), 0u);
}

TEST_F(LobbyNodesTest, ALateLobbyTabSeesAChallengeFromTheOtherNode) {
    a().connect(ada);
    b().connect(bob);
    pump();
    send(a(), ada, {{"type", "challenge"}, {"to", "Bob"}, {"setup", {{"board", "8"}}}});
    pump();
    ASSERT_EQ(bob.of("challenge").size(), 1u);
    EXPECT_EQ(b().remote_challenge_count(), 1u);
    // A second tab of Bob's on node B, opened after the challenge was made on node A.
    FakeClient later{2, "Bob"};
    b().connect(later);
    ASSERT_EQ(later.of("challenge").size(), 1u);
    EXPECT_EQ(later.of("challenge")[0]["from"], "Ada");
    EXPECT_EQ(later.of("challenge")[0]["id"], bob.of("challenge")[0]["id"]);
    FakeClient other{3, "Cid"};
    b().connect(other);
    EXPECT_TRUE(other.of("challenge").empty()) << "only its player sees it";
    // Node A falls silent: its challenge is gone from node B's tabs.
    for (int i = 0; i < 25; ++i) {
        now += 1000;
        b().tick();
        bus.clear();
    }
    EXPECT_EQ(b().remote_challenge_count(), 0u);
    ASSERT_EQ(later.of("challenge_gone").size(), 1u);
    FakeClient last{2, "Bob"};
    b().connect(last);
    EXPECT_TRUE(last.of("challenge").empty());
}

TEST_F(LobbyNodesTest, SharedEventsThatDoNotFitChangeNothing) {
    b().connect(bob);
    for (const json& bad :
         {json{{"n", "aaaa0001"}, {"k", "game"}, {"table", "t"}, {"running", true}},
          json{{"n", "aaaa0001"},
               {"k", "game"},
               {"table", "t"},
               {"running", true},
               {"players", {1, 2}},
               {"names", {"A"}},
               {"to_move", 0},
               {"setup", json::object()}},
          json{{"n", "aaaa0001"},
               {"k", "chal+"},
               {"id", "cbbbb0002.1"},
               {"to", 2},
               {"challenge", {{"type", "challenge"}, {"id", "cbbbb0002.1"}}}},
          json{{"n", "aaaa0001"}, {"k", "chal+"}, {"id", "caaaa0001.1"}, {"to", 2}},
          json{{"n", "aaaa0001"}, {"k", "quick_taken"}, {"players", "all"}}})
        b().on_remote(bad);
    EXPECT_EQ(b().remote_game_count(), 0u);
    EXPECT_EQ(b().remote_challenge_count(), 0u);
    // A group that is no pairing (one seeker; two pools) makes no table.
    const json ada_seeker = {
        {"p", 1},        {"who", {{"p", 1}, {"name", "Ada"}, {"guest", false}}},
        {"pool", "8x8"}, {"preset", "3+2"},
        {"rated", true}, {"rating", 1500}};
    json other_pool = ada_seeker;
    other_pool["p"] = 2;
    other_pool["who"]["p"] = 2;
    other_pool["pool"] = "6x6";
    b().on_quick_match({{"group", {ada_seeker}}});
    b().on_quick_match({{"group", {ada_seeker, other_pool}}});
    b().on_quick_match({{"group", {ada_seeker, ada_seeker}}});
    EXPECT_EQ(pending_tables(), 0u);
    EXPECT_EQ(bob.got.size(), 1u) << "only the lobby message";
}

}  // namespace
}  // namespace reversi::server
