// SPDX-License-Identifier: MIT
// A takeover of many tables in a few round trips (issue 51): a sweeper takes the leases of
// every orphan in one statement and reads the tables it won, moves and chat included, in one
// snapshot. The rules are acquire_lease's, row by row: a live lease of another node is left
// alone, an expired or released one is taken with the fence one higher, a free one with fence
// 1, each logged. Needs $REVERSI_TEST_PG.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <unordered_set>

#include "server/hub/table_ownership.h"
#include "storage/postgres/two_nodes.h"

namespace reversi::server {
namespace {

using namespace std::chrono_literals;

constexpr int64_t Ttl = 60'000;

class PostgresTakeover : public testing_backends::TwoPostgresNodes {
  protected:
    void expire_all() {
        db_->exec_raw("UPDATE table_leases SET expires = now() - interval '1 second'");
    }
    // A table of node a with `moves` moves and one chat line, written under its lease.
    void make(const std::string& id, int moves) {
        ASSERT_TRUE(a_->acquire_lease(id, Ttl));
        a_->begin();
        StoredTable t;
        t.id = id;
        t.created = 1;
        t.status = "playing";
        t.spec = "{\"id\":\"" + id + "\"}";
        a_->save_table(t);
        for (int ply = 0; ply < moves; ++ply)
            a_->add_move(id, {ply, "d3", {1000 - ply, 2000 + ply}});
        ChatLine line;
        line.seq = 1;
        line.time = 5;
        line.seat = 0;
        line.from = "Ada";
        line.text = "hello " + id;
        a_->add_chat(id, line);
        a_->commit();
    }
    int64_t fence_of(const std::string& table) {
        pg::Connection c(db_->uri());
        return c.exec("SELECT fence FROM table_leases WHERE table_id = $1", {table}).integer(0, 0);
    }
    int64_t logged(const std::string& table, int64_t fence, const std::string& owner) {
        pg::Connection c(db_->uri());
        return c
            .exec(
                "SELECT COUNT(*) FROM lease_log WHERE table_id = $1 AND fence = $2::bigint "
                "AND owner = $3",
                {table, std::to_string(fence), owner})
            .integer(0, 0);
    }
};

TEST_F(PostgresTakeover, ManyLeasesAreTakenInOneStatementByTheRulesOfOne) {
    ASSERT_TRUE(a_->acquire_lease("live", Ttl));
    ASSERT_TRUE(a_->acquire_lease("expired", Ttl));
    ASSERT_TRUE(a_->acquire_lease("released", Ttl));
    a_->release_lease("released");
    db_->exec_raw(
        "UPDATE table_leases SET expires = now() - interval '1 second' "
        "WHERE table_id = 'expired'");
    std::vector<std::string> taken =
        b_->acquire_leases({"live", "expired", "released", "free", "free", "expired"}, Ttl);
    std::sort(taken.begin(), taken.end());
    EXPECT_EQ(taken, (std::vector<std::string>{"expired", "free", "released"}));
    EXPECT_EQ(fence_of("live"), 1);
    EXPECT_EQ(fence_of("expired"), 2);
    EXPECT_EQ(fence_of("released"), 2);
    EXPECT_EQ(fence_of("free"), 1);
    EXPECT_EQ(logged("expired", 2, "node-b"), 1);
    EXPECT_EQ(logged("free", 1, "node-b"), 1);
    // b writes under the fences it was given; a, whose lease was taken, cannot.
    const auto write = [](PostgresStorage& s, const std::string& id) {
        s.begin();
        try {
            StoredTable t;
            t.id = id;
            t.status = "playing";
            t.spec = "{}";
            s.save_table(t);
            s.commit();
            return true;
        } catch (const std::runtime_error&) {
            s.rollback();
            return false;
        }
    };
    EXPECT_TRUE(write(*b_, "expired"));
    EXPECT_TRUE(write(*b_, "free"));
    EXPECT_FALSE(write(*b_, "live"));
    EXPECT_FALSE(write(*a_, "expired"));
    EXPECT_TRUE(write(*a_, "live"));
    // Already b's: extended, the same fence.
    EXPECT_EQ(b_->acquire_leases({"free"}, Ttl), std::vector<std::string>{"free"});
    EXPECT_EQ(fence_of("free"), 1);
    EXPECT_TRUE(b_->acquire_leases({}, Ttl).empty());
}

TEST_F(PostgresTakeover, ManyTablesReadAsEachAlone) {
    make("t1", 3);
    make("t2", 0);
    make("t3", 5);
    const std::vector<StoredTable> many = b_->load_many({"t3", "nosuch", "t1", "t2"});
    ASSERT_EQ(many.size(), 3u);
    for (const StoredTable& t : many) {
        const std::optional<StoredTable> one = b_->load(t.id);
        ASSERT_TRUE(one);
        EXPECT_EQ(t.spec, one->spec);
        EXPECT_EQ(t.status, one->status);
        ASSERT_EQ(t.moves.size(), one->moves.size()) << t.id;
        for (size_t i = 0; i < t.moves.size(); ++i) {
            EXPECT_EQ(t.moves[i].ply, one->moves[i].ply);
            EXPECT_EQ(t.moves[i].square, one->moves[i].square);
            EXPECT_EQ(t.moves[i].clock_after, one->moves[i].clock_after);
        }
        const std::vector<ChatLine> chat = b_->chat_lines(t.id);
        ASSERT_EQ(t.chat.size(), chat.size());
        ASSERT_EQ(t.chat.size(), 1u);
        EXPECT_EQ(t.chat[0].text, chat[0].text);
        EXPECT_EQ(t.chat[0].from, "Ada");
    }
    EXPECT_TRUE(b_->load_many({}).empty());
}

// A dead node's 300 tables are taken over by one sweep: every table, every move and chat line,
// each under a fence one higher, and the dead node can write none of them any more.
// The survivors of a death spread its tables: each reads the orphans in an order of its own,
// so two sweepers' rounds mostly ask for different tables rather than racing for the same
// oldest ones, each winning half of every round.
TEST_F(PostgresTakeover, SweepersReadTheOrphansInOrdersOfTheirOwn) {
    constexpr int Tables = 100, Round = 50;
    for (int i = 0; i < Tables; ++i) make("t" + std::to_string(i), 0);
    expire_all();
    const std::vector<std::string> of_a = a_->orphaned_tables(Round);
    const std::vector<std::string> of_b = b_->orphaned_tables(Round);
    ASSERT_EQ(of_a.size(), size_t{Round});
    ASSERT_EQ(of_b.size(), size_t{Round});
    const std::unordered_set<std::string> in_a(of_a.begin(), of_a.end());
    const auto both = std::count_if(of_b.begin(), of_b.end(),
                                    [&](const std::string& id) { return in_a.count(id) > 0; });
    // Independent orders share about a quarter of the tables (Round^2 / Tables); one order
    // shares all of them.
    EXPECT_LT(both, 40) << both << " of " << Round << " asked for by both";
    // Every orphan is still in each node's whole list.
    EXPECT_EQ(b_->orphaned_tables(Tables + 1).size(), size_t{Tables});
}

TEST_F(PostgresTakeover, ASweepTakesHundredsOfTablesOverLosingNothing) {
    constexpr int Tables = 300;
    for (int i = 0; i < Tables; ++i) make("t" + std::to_string(i), i % 7);
    expire_all();
    net::io_context ioc;
    StorageQueue queue(*b_, [&](std::function<void()> f) { net::post(ioc, std::move(f)); });
    OwnershipOptions options;
    options.node = "node-b";
    options.public_url = "http://b:1";
    options.sweep_ms = 600'000;    // one round by hand
    options.adopt_slice = Tables;  // the round handed over whole (table_ownership_test.cpp
                                   // tests the slices)
    TableOwnership ownership(ioc, queue, *b_, options);
    std::vector<StoredTable> adopted;
    int rounds = 0;
    ownership.start([](const std::vector<std::string>&) {},
                    [&](std::vector<StoredTable> tables) {
                        rounds++;
                        for (StoredTable& t : tables) adopted.push_back(std::move(t));
                    },
                    [] { return 1000; });
    const auto started = std::chrono::steady_clock::now();
    ownership.sweep_now();
    for (auto end = started + 20s; rounds == 0 && std::chrono::steady_clock::now() < end;) {
        ioc.restart();
        ioc.run_for(10ms);
    }
    ASSERT_EQ(rounds, 1);
    ASSERT_EQ(adopted.size(), size_t{Tables});
    for (const StoredTable& t : adopted) {
        const int i = std::stoi(t.id.substr(1));
        EXPECT_EQ(t.moves.size(), size_t(i % 7)) << t.id;
        ASSERT_EQ(t.chat.size(), 1u) << t.id;
        EXPECT_EQ(t.chat[0].text, "hello " + t.id);
        EXPECT_EQ(fence_of(t.id), 2) << t.id;
    }
    ownership.stop();
    queue.stop();
    bool dead_node_wrote = true;
    a_->begin();
    try {
        a_->add_move("t1", {1, "c4", {}});
        a_->commit();
    } catch (const std::runtime_error&) {
        dead_node_wrote = false;
        a_->rollback();
    }
    EXPECT_FALSE(dead_node_wrote);
}

}  // namespace
}  // namespace reversi::server
#endif
