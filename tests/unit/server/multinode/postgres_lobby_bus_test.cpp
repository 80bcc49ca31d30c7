// SPDX-License-Identifier: MIT
// The lobby of two (and three) nodes on one PostgreSQL database through LISTEN/NOTIFY
// (pg_listener.*, lobby/remote.cpp): each node is a Lobby with its own PgListener and its
// own event loop, run here by the test. A seek posted on node A is shown and accepted on
// node B and both players get their seat's token; a challenge crosses; the online counts
// add up; a node started later reads the stored state; a node that stops takes its seeks
// away; quick seekers on two and three nodes are paired once each, a dead node's seekers with
// nobody; running games and challenges of one node reach lobby tabs opened later on another.
// The waits are for delivery (a deadline of seconds), never a measured time.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "fake_lobby_client.h"
#include "server/common/net.h"
#include "server/lobby/lobby.h"
#include "server/multinode/pg_listener.h"
#include "storage_backends.h"

namespace reversi::server {
namespace {

using FakeClient = testing_lobby::FakeLobbyClient;

struct LobbyNode {
    explicit LobbyNode(const std::string& uri, int64_t* now)
        : listener(uri, pg::PgListener::random_node_name(),
                   [this](std::function<void()> f) { net::post(ioc, std::move(f)); }) {
        LobbyServices s;
        s.now = [now] { return *now; };
        s.wall_now = [now] { return *now; };
        s.random = [] { return uint64_t{0}; };
        s.create_table = [this](PairingOrder order, PairingDone done) {
            orders.push_back(std::move(order));
            dones.push_back(std::move(done));
        };
        s.node = listener.node();
        s.publish = [this](json event, std::function<void()> failed) {
            listener.publish(std::move(event), std::move(failed));
        };
        lobby = std::make_unique<Lobby>(s);
        listener.share_quick(match_quick_seekers,
                             [this](const json& group) { lobby->on_quick_match(group); });
        listener.start([this](const json& event) { lobby->on_remote(event); });
    }
    // Makes the oldest pending table with tokens "<table>-<seat>".
    void make_table(const std::string& table) {
        PairingOutcome out;
        out.table = table;
        for (size_t s = 0; s < orders.front().seats.size(); ++s)
            out.tokens.push_back(table + "-" + std::to_string(s));
        dones.front()(out);
    }
    net::io_context ioc;
    std::vector<PairingOrder> orders;
    std::vector<PairingDone> dones;
    std::unique_ptr<Lobby> lobby;
    pg::PgListener listener;  // last: stopped (its thread joined) first
};

class PostgresLobbyBusTest : public testing::Test {
  protected:
    void SetUp() override {
        const std::string server = testing_backends::test_server_uri();
        if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
        db_ = std::make_unique<testing_backends::PostgresDb>(server);
        a_ = std::make_unique<LobbyNode>(db_->uri(), &now_);
        b_ = std::make_unique<LobbyNode>(db_->uri(), &now_);
    }
    // Runs the nodes' loops until `done` holds; false after 10 s without.
    bool run_until(const std::function<bool()>& done) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!done()) {
            if (std::chrono::steady_clock::now() > deadline) return false;
            for (LobbyNode* n : {a_.get(), b_.get(), c_.get()})
                if (n) {
                    n->ioc.restart();
                    n->ioc.poll();
                }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return true;
    }
    // Runs the loops for `ms` more (rounds of quick pairing happen meanwhile).
    void run_for(int ms) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        run_until([&] { return std::chrono::steady_clock::now() > end; });
    }
    size_t orders() const {
        size_t n = 0;
        for (LobbyNode* node : {a_.get(), b_.get(), c_.get()})
            if (node) n += node->orders.size();
        return n;
    }
    int64_t count(const std::string& sql) {
        return pg::Connection(db_->uri()).exec(sql).integer(0, 0);
    }
    static json quick_msg() { return {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}}; }
    static json seek_msg() {
        return {{"type", "seek"},
                {"setup", {{"board", "8"}}},
                {"clock", {{"mode", "game"}, {"seconds", 180}, {"increment", 2}}},
                {"seat", "white"}};
    }

    int64_t now_ = 1000;
    std::unique_ptr<testing_backends::PostgresDb> db_;
    std::unique_ptr<LobbyNode> a_, b_, c_;
    FakeClient ada_{1, "Ada"}, bob_{2, "Bob"}, cid_{3, "Cid"};
};

TEST_F(PostgresLobbyBusTest, SeekOnNodeAIsAcceptedOnNodeB) {
    a_->lobby->connect(ada_);
    b_->lobby->connect(bob_);
    a_->lobby->on_message(ada_, seek_msg().dump());
    ASSERT_TRUE(run_until([&] { return bob_.count("seek_added") == 1; }));
    const json seek = bob_.first("seek_added")["seek"];
    EXPECT_EQ(seek["player"], "Ada");
    b_->lobby->on_message(bob_, json{{"type", "accept"}, {"id", seek["id"]}}.dump());
    ASSERT_TRUE(run_until([&] { return a_->orders.size() == 1; }));
    ASSERT_EQ(a_->orders[0].seats.size(), 2u);
    EXPECT_EQ(a_->orders[0].seats[0].name, "Bob") << "Ada asked for White";
    EXPECT_EQ(a_->orders[0].seats[1].name, "Ada");
    EXPECT_TRUE(b_->orders.empty());
    a_->make_table("tab1");
    ASSERT_TRUE(run_until([&] { return bob_.count("paired") == 1; }));
    EXPECT_EQ(bob_.first("paired")["token"], "tab1-0");
    EXPECT_EQ(bob_.first("paired")["seat"], 0);
    EXPECT_EQ(ada_.first("paired")["token"], "tab1-1");
    ASSERT_TRUE(run_until([&] { return bob_.count("seek_removed") == 1; }));
}

TEST_F(PostgresLobbyBusTest, ChallengeAndOnlineCountsCross) {
    a_->lobby->connect(ada_);
    b_->lobby->connect(bob_);
    b_->lobby->connect(cid_);
    a_->lobby->tick();
    b_->lobby->tick();
    ASSERT_TRUE(run_until(
        [&] { return a_->lobby->online_total() == 3 && b_->lobby->online_total() == 3; }));
    // Bob's presence on node B reached node A with (or before) the counts.
    a_->lobby->on_message(
        ada_, json{{"type", "challenge"}, {"to", "bob"}, {"setup", {{"board", "8"}}}}.dump());
    ASSERT_TRUE(run_until([&] { return bob_.count("challenge") == 1; }));
    EXPECT_EQ(ada_.count("challenge_sent"), 1u);
    b_->lobby->on_message(
        bob_,
        json{{"type", "challenge_reply"}, {"id", bob_.first("challenge")["id"]}, {"accept", true}}
            .dump());
    ASSERT_TRUE(run_until([&] { return a_->orders.size() == 1; }));
    a_->make_table("tab2");
    ASSERT_TRUE(run_until([&] { return bob_.count("paired") == 1; }));
    EXPECT_EQ(bob_.first("paired")["table"], "tab2");
    EXPECT_EQ(cid_.count("paired"), 0u);
}

TEST_F(PostgresLobbyBusTest, ANewNodeReadsTheStoredStateAndAStoppedNodeLeaves) {
    a_->lobby->connect(ada_);
    a_->lobby->tick();
    a_->lobby->on_message(ada_, seek_msg().dump());
    b_->lobby->connect(bob_);
    ASSERT_TRUE(run_until([&] { return b_->lobby->remote_seek_count() == 1; }));
    // Node C starts after the seek was stored: it reads it, and node A's count, from the rows.
    c_ = std::make_unique<LobbyNode>(db_->uri(), &now_);
    ASSERT_TRUE(run_until(
        [&] { return c_->lobby->remote_seek_count() == 1 && c_->lobby->online_total() == 1; }));
    // Node A stops: its goodbye takes its seek off the other nodes.
    a_.reset();
    ASSERT_TRUE(run_until([&] {
        return b_->lobby->remote_seek_count() == 0 && c_->lobby->remote_seek_count() == 0;
    }));
    EXPECT_EQ(bob_.count("seek_removed"), 1u);
}

TEST_F(PostgresLobbyBusTest, AnEventTooLargeForNotifyIsRefused) {
    bool failed = false;
    a_->listener.publish({{"k", "deliver"},
                          {"n", a_->listener.node()},
                          {"p", 2},
                          {"text", std::string(pg::MaxPayloadBytes, 'x')}},
                         [&] { failed = true; });
    ASSERT_TRUE(run_until([&] { return failed; }));
}

TEST_F(PostgresLobbyBusTest, QuickSeekersOnTwoNodesArePairedOnce) {
    a_->lobby->connect(ada_);
    b_->lobby->connect(bob_);
    // Both join at once: both nodes' threads run rounds over the same two seekers.
    a_->lobby->on_message(ada_, quick_msg().dump());
    b_->lobby->on_message(bob_, quick_msg().dump());
    ASSERT_TRUE(run_until([&] { return orders() == 1; }));
    run_for(1500);  // more rounds on both nodes: nothing more is paired
    ASSERT_EQ(orders(), 1u);
    LobbyNode& maker = a_->orders.empty() ? *b_ : *a_;
    std::vector<int64_t> seated;
    for (const Identity& who : maker.orders[0].seats) seated.push_back(who.player);
    std::sort(seated.begin(), seated.end());
    EXPECT_EQ(seated, (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(count("SELECT COUNT(*) FROM lobby_quick"), 0);
    maker.make_table("q1");
    ASSERT_TRUE(run_until([&] { return ada_.count("paired") == 1 && bob_.count("paired") == 1; }));
    EXPECT_EQ(ada_.first("paired")["table"], "q1");
    EXPECT_EQ(bob_.first("paired")["table"], "q1");
    ASSERT_TRUE(
        run_until([&] { return a_->lobby->quick_count() == 0 && b_->lobby->quick_count() == 0; }));
}

TEST_F(PostgresLobbyBusTest, QuickSeekersOnThreeNodesArePairedOnceEach) {
    c_ = std::make_unique<LobbyNode>(db_->uri(), &now_);
    FakeClient dan{4, "Dan"};
    a_->lobby->connect(ada_);
    b_->lobby->connect(bob_);
    c_->lobby->connect(cid_);
    c_->lobby->connect(dan);
    for (auto [node, client] : {std::pair{a_.get(), &ada_}, std::pair{b_.get(), &bob_},
                                std::pair{c_.get(), &cid_}, std::pair{c_.get(), &dan}})
        node->lobby->on_message(*client, quick_msg().dump());
    ASSERT_TRUE(run_until([&] { return orders() == 2; }));
    run_for(1500);
    ASSERT_EQ(orders(), 2u);
    std::vector<int64_t> seated;
    for (LobbyNode* node : {a_.get(), b_.get(), c_.get()})
        for (const PairingOrder& order : node->orders)
            for (const Identity& who : order.seats) seated.push_back(who.player);
    std::sort(seated.begin(), seated.end());
    EXPECT_EQ(seated, (std::vector<int64_t>{1, 2, 3, 4}));
}

TEST_F(PostgresLobbyBusTest, ADeadNodesSeekersAreNotPaired) {
    a_->lobby->connect(ada_);
    b_->lobby->connect(bob_);
    a_->lobby->on_message(ada_, quick_msg().dump());
    ASSERT_TRUE(run_until([&] { return count("SELECT COUNT(*) FROM lobby_quick") == 1; }));
    // Node A dies (its row expires; it sends nothing more): its seeker is nobody's to pair.
    pg::Connection(db_->uri())
        .exec("UPDATE lobby_nodes SET expires = now() - interval '1 second' WHERE node = $1",
              {pg::text(a_->listener.node())});
    b_->lobby->on_message(bob_, quick_msg().dump());
    ASSERT_TRUE(run_until([&] {
        return count("SELECT COUNT(*) FROM lobby_quick WHERE node = '" + a_->listener.node() +
                     "'") == 0;
    }));
    run_for(1500);
    EXPECT_EQ(orders(), 0u);
    EXPECT_EQ(count("SELECT COUNT(*) FROM lobby_quick"), 1) << "Bob still waits";
}

TEST_F(PostgresLobbyBusTest, RunningGamesAndChallengesReachTabsOpenedLater) {
    a_->lobby->connect(ada_);
    b_->lobby->connect(bob_);
    GameEntry game;
    game.table = "t7";
    game.players = {1, 2};
    game.names = {"Ada", "Bob"};
    game.to_move = 1;
    game.setup = {{"board", "8"}};
    a_->lobby->game_changed(game);
    ASSERT_TRUE(run_until([&] { return b_->lobby->remote_game_count() == 1; }));
    // Bob is in node B's lobby (node A knows once B's count, published after, arrives): the
    // challenge from node A is delivered live, and stored.
    b_->lobby->tick();
    ASSERT_TRUE(run_until([&] { return a_->lobby->online_total() == 2; }));
    a_->lobby->on_message(
        ada_, json{{"type", "challenge"}, {"to", "Bob"}, {"setup", {{"board", "8"}}}}.dump());
    ASSERT_EQ(ada_.count("challenge_sent"), 1u);
    ASSERT_TRUE(run_until([&] { return bob_.count("challenge") == 1; }));
    ASSERT_TRUE(run_until([&] { return b_->lobby->remote_challenge_count() == 1; }));
    // Node C starts later and Bob opens a tab there: it lists the game and the challenge.
    c_ = std::make_unique<LobbyNode>(db_->uri(), &now_);
    ASSERT_TRUE(run_until([&] {
        return c_->lobby->remote_game_count() == 1 && c_->lobby->remote_challenge_count() == 1;
    }));
    FakeClient later{2, "Bob"};
    c_->lobby->connect(later);
    const json lobby = later.first("lobby");
    ASSERT_EQ(lobby["games"].size(), 1u);
    EXPECT_EQ(lobby["games"][0]["table"], "t7");
    EXPECT_EQ(lobby["games"][0]["your_turn"], true);
    ASSERT_EQ(later.count("challenge"), 1u);
    EXPECT_EQ(later.first("challenge")["from"], "Ada");
    // Ada cancels: gone from the stored state, so a tab opened after that does not show it.
    a_->lobby->on_message(
        ada_, json{{"type", "challenge_cancel"}, {"id", later.first("challenge")["id"]}}.dump());
    ASSERT_TRUE(run_until([&] { return c_->lobby->remote_challenge_count() == 0; }));
    EXPECT_EQ(count("SELECT COUNT(*) FROM lobby_challenges"), 0);
}

}  // namespace
}  // namespace reversi::server
#endif
