// SPDX-License-Identifier: MIT
// Two lobbies as two nodes (lobby_remote.cpp), joined by an in-memory bus that hands each
// published event to every lobby, the sender's too (as NOTIFY does): a seek posted on one
// node is shown and accepted on the other, the pairing's messages reach both players, a
// challenge finds a player on the other node, online counts add up, a silent node's offers
// go, and events that do not fit change nothing. postgres_lobby_bus_test.cpp runs the same
// through PostgreSQL.
#include <gtest/gtest.h>

#include <deque>

#include "server/lobby.h"

namespace reversi::server {
namespace {

class FakeClient : public LobbyClient {
  public:
    FakeClient(int64_t player, std::string name, bool guest = false) {
        identity = {player, std::move(name), guest};
    }
    const Identity& who() const override { return identity; }
    void deliver(std::shared_ptr<const std::string> text) override {
        got.push_back(json::parse(*text));
    }
    std::vector<json> of(const std::string& type) const {
        std::vector<json> out;
        for (const json& m : got)
            if (m["type"] == type) out.push_back(m);
        return out;
    }
    std::vector<json> got;
    Identity identity;
};

struct PendingTable {
    PairingOrder order;
    PairingDone done;
};

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
    // Delivers every published event (and those they cause) to both lobbies.
    void pump() {
        while (!bus.empty()) {
            const json event = bus.front();
            bus.pop_front();
            for (auto& node : nodes) node->lobby->on_remote(event);
        }
    }
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

    int64_t now = 1000;
    uint64_t random_value = 0;
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

}  // namespace
}  // namespace reversi::server
