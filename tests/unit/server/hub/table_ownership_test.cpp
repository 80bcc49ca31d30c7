// SPDX-License-Identifier: MIT
// The hub with table ownership (several nodes, docs/MULTINODE.md), without processes or a
// PostgreSQL server: a SQLite store and an in-memory lease table that stands for the other
// nodes (the test sets who holds what). The timers are not waited for: each test runs one
// renewal or one takeover round by hand. The SQL of the leases is tested against PostgreSQL
// in postgres_lease_test.cpp; the whole with real processes by `reversi failover`.
#include "server/hub/table_ownership.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>

#include "hub_fixture.h"

namespace reversi::server {
namespace {

using namespace hub_testing;

// The lease table of the database, as the other nodes left it. Called on the storage
// thread, inspected by the test between loop slices: hence the lock.
class FakeLeases : public TableLeases {
  public:
    struct Lease {
        std::string owner;
        int64_t fence = 0;
        bool live = true;  // false: expired (its node died), not released
        bool released = false;
    };
    void set_node(const std::string& node) override {
        std::lock_guard lock(mutex_);
        node_ = node;
    }
    std::optional<int64_t> acquire_lease(const std::string& table, int64_t) override {
        std::lock_guard lock(mutex_);
        acquires_++;
        Lease& l = leases_[table];
        if (!l.owner.empty() && l.owner != node_ && l.live && !l.released) return std::nullopt;
        if (l.owner != node_) l.fence++;
        l.owner = node_;
        l.live = true;
        l.released = false;
        held_.insert(table);
        return l.fence;
    }
    std::vector<std::string> renew_leases(int64_t) override {
        std::lock_guard lock(mutex_);
        if (fail_renewals_) throw std::runtime_error("the database cannot be reached");
        std::vector<std::string> lost;
        for (auto it = held_.begin(); it != held_.end();) {
            if (leases_[*it].owner != node_) {
                lost.push_back(*it);
                it = held_.erase(it);
            } else {
                ++it;
            }
        }
        return lost;
    }
    void release_lease(const std::string& table) override {
        std::lock_guard lock(mutex_);
        auto it = leases_.find(table);
        if (it != leases_.end() && it->second.owner == node_) it->second.released = true;
        held_.erase(table);
    }
    int hand_over_leases() override {
        if (at_hand_over) at_hand_over();
        std::lock_guard lock(mutex_);
        for (const std::string& table : held_) leases_[table].live = false;
        const int ended = static_cast<int>(held_.size());
        held_.clear();
        address_.clear();
        return ended;
    }
    std::vector<std::string> forget_leases() override {
        std::lock_guard lock(mutex_);
        std::vector<std::string> out(held_.begin(), held_.end());
        held_.clear();
        return out;
    }
    // As the store: at most `limit`, none that a node took since.
    std::vector<std::string> orphaned_tables(int limit) override {
        std::lock_guard lock(mutex_);
        std::vector<std::string> out;
        for (const std::string& id : orphans_) {
            if (static_cast<int>(out.size()) >= limit) break;
            const auto it = leases_.find(id);
            if (it != leases_.end() && it->second.live && !it->second.released) continue;
            out.push_back(id);
        }
        return out;
    }
    void heartbeat(const std::string& address, int64_t) override {
        std::lock_guard lock(mutex_);
        // As the store: the node's name comes first, whatever runs ahead of the queue.
        if (node_.empty()) throw std::logic_error("heartbeat before set_node");
        address_ = address;
    }
    std::string owner_address(const std::string& table) override {
        std::lock_guard lock(mutex_);
        const auto it = leases_.find(table);
        return it == leases_.end() || it->second.owner == node_ ? "" : addresses_[it->second.owner];
    }
    std::optional<std::string> held_elsewhere(const std::string& table) override {
        std::lock_guard lock(mutex_);
        owner_statements_++;
        return held_elsewhere_locked(table);
    }
    std::unordered_map<std::string, std::string> held_elsewhere_many(
        const std::vector<std::string>& tables) override {
        std::lock_guard lock(mutex_);
        owner_statements_++;
        std::unordered_map<std::string, std::string> out;
        for (const std::string& table : tables)
            if (auto owner = held_elsewhere_locked(table)) out[table] = *owner;
        return out;
    }
    std::optional<std::string> held_elsewhere_locked(const std::string& table) {
        const auto it = leases_.find(table);
        if (it == leases_.end() || it->second.owner == node_ || !it->second.live ||
            it->second.released)
            return std::nullopt;
        return addresses_[it->second.owner];
    }

    // The test's side.
    void give(const std::string& table, const std::string& owner, const std::string& address) {
        std::lock_guard lock(mutex_);
        leases_[table].owner = owner;
        leases_[table].fence++;
        leases_[table].live = true;
        leases_[table].released = false;
        addresses_[owner] = address;
    }
    void set_orphans(std::vector<std::string> ids) {
        std::lock_guard lock(mutex_);
        orphans_ = std::move(ids);
    }
    void fail_renewals(bool fail) {
        std::lock_guard lock(mutex_);
        fail_renewals_ = fail;
    }
    std::optional<Lease> lease(const std::string& table) {
        std::lock_guard lock(mutex_);
        const auto it = leases_.find(table);
        if (it == leases_.end()) return std::nullopt;
        return it->second;
    }
    int acquires() {
        std::lock_guard lock(mutex_);
        return acquires_;
    }
    // Statements that asked who holds tables (one for many tables counts once).
    int owner_statements() {
        std::lock_guard lock(mutex_);
        return owner_statements_;
    }
    std::string node() {
        std::lock_guard lock(mutex_);
        return node_;
    }
    std::string address() {
        std::lock_guard lock(mutex_);
        return address_;
    }

    // Runs on the storage thread when the node hands its leases over.
    std::function<void()> at_hand_over;

  private:
    std::mutex mutex_;
    std::string node_, address_;
    std::map<std::string, Lease> leases_;
    std::map<std::string, std::string> addresses_;
    std::set<std::string> held_;  // the leases this node believes it holds
    std::vector<std::string> orphans_;
    bool fail_renewals_ = false;
    int acquires_ = 0;
    int owner_statements_ = 0;
};

// A multi-node hub: no restore (the sweeper takes tables over), ownership started.
struct OwnedHub {
    std::string path;
    SqliteStorage sqlite;
    net::io_context ioc;
    StorageQueue queue;
    EnginePool engines;
    FakeLeases leases;
    std::unique_ptr<TableOwnership> ownership;
    std::unique_ptr<GameHub> hub;

    OwnedHub(const std::string& db, int64_t ttl_ms = 600'000, int takeover_batch = 500,
             int adopt_slice = 50)
        : path(db),
          sqlite(path),
          queue(sqlite, [this](std::function<void()> f) { net::post(ioc, std::move(f)); }),
          engines(1, 64, 1.0) {
        OwnershipOptions o;
        o.node = "node-here";
        o.public_url = "http://here:1";
        o.ttl_ms = ttl_ms;
        o.sweep_ms = 600'000;  // one round by hand, never by the timer
        o.takeover_batch = takeover_batch;
        o.adopt_slice = adopt_slice;
        ownership = std::make_unique<TableOwnership>(ioc, queue, leases, o);
        hub = std::make_unique<GameHub>(ioc, queue, engines, quick_options());
        hub->set_ownership(*ownership);
        settle();
    }
    ~OwnedHub() {
        ownership->stop();
        hub.reset();
        engines.stop();
        queue.stop();
    }
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit = 5s) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (!done() && std::chrono::steady_clock::now() < end) {
            ioc.restart();
            ioc.run_for(5ms);
        }
        return done();
    }
    void settle() {
        run_until([] { return false; }, 50ms);
    }
    Reply call(const std::function<void(Respond)>& f) {
        std::optional<Reply> reply;
        f([&](Reply r) { reply = std::move(r); });
        EXPECT_TRUE(run_until([&] { return reply.has_value(); })) << "no answer";
        return reply.value_or(Reply{0, "", "", "", ""});
    }
    json create() {
        const Reply r = call([&](Respond f) {
            hub->create_table(json{{"seat", 0}, {"name", "Ada"}}.dump(), f, "10.0.0.1");
        });
        EXPECT_EQ(r.status, 200) << r.body;
        return json::parse(r.body);
    }
};

// A table stored by a single-node hub on the same file, with two players and one move.
struct StoredGame {
    std::string id, token_a, token_b;
    explicit StoredGame(const std::string& db) {
        Hub h(db, quick_options());
        const json made = h.create({{"seat", 0}, {"name", "Ada"}});
        id = made["table"];
        token_a = made["token"];
        token_b = h.join(id, 1, "Bob")["token"];
        FakeSubscriber a;
        h.subscribe(a, id, token_a);
        h.send(a, {{"type", "move"}, {"square", "d3"}, {"ply", 0}});
        h.hub->unsubscribe(a);
    }
};

TEST(TableOwnership, StartNamesTheNodeAndAnnouncesItsAddress) {
    TempDb db("own_start");
    OwnedHub h(db.path);
    EXPECT_EQ(h.leases.node(), "node-here");
    EXPECT_EQ(h.leases.address(), "http://here:1");
    EXPECT_GE(h.ownership->renewals(), 1u);
}

TEST(TableOwnership, ANewTableIsWrittenUnderItsLease) {
    TempDb db("own_new");
    OwnedHub h(db.path);
    const std::string id = h.create()["table"];
    const auto lease = h.leases.lease(id);
    ASSERT_TRUE(lease);
    EXPECT_EQ(lease->owner, "node-here");
    EXPECT_EQ(h.hub->live_tables(), 1u);
}

TEST(TableOwnership, ATableAnotherNodeOwnsSendsItsClientsThere) {
    TempDb db("own_moved");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    h.leases.give(game.id, "node-there", "http://there:2");
    FakeSubscriber sub;
    h.hub->subscribe(sub, game.id, game.token_a);
    ASSERT_TRUE(h.run_until([&] { return sub.closed; }));
    ASSERT_EQ(sub.count("error"), 1u);
    const json moved = sub.of_type("error").front();
    EXPECT_EQ(moved["code"], "moved");
    EXPECT_EQ(moved["owner"], "http://there:2");
    EXPECT_EQ(sub.count("state"), 0u);
    EXPECT_EQ(h.hub->live_tables(), 0u);
    // HTTP: a redirect to the same path on the owner, the method kept (307).
    const Reply join = h.call([&](Respond f) {
        h.hub->join_table(game.id, json{{"seat", 1}, {"name", "Cy"}}.dump(), f);
    });
    EXPECT_EQ(join.status, 307);
    EXPECT_EQ(join.location, "http://there:2/api/tables/" + game.id + "/join");
    const Reply get = h.call([&](Respond f) { h.hub->get_game(game.id, f); });
    EXPECT_EQ(get.status, 307);
    EXPECT_EQ(get.location, "http://there:2/api/games/" + game.id);
    EXPECT_EQ(h.leases.lease(game.id)->owner, "node-there");
    // Sent on after reading who holds it, without trying its lease (a claim's six round trips).
    EXPECT_EQ(h.leases.acquires(), 0);
}

// The visitors of many tables held elsewhere who come together (the players of a dead node's
// tables, coming back) are answered by one statement, not one each (issue 51: a statement a
// visitor kept the storage thread from the live games' moves).
TEST(TableOwnership, VisitorsOfManyTablesHeldElsewhereAreAnsweredTogether) {
    TempDb db("own_many_moved");
    constexpr int Tables = 20;
    std::vector<StoredGame> games;
    for (int i = 0; i < Tables; ++i) games.emplace_back(db.path);
    OwnedHub h(db.path);
    for (const StoredGame& g : games) h.leases.give(g.id, "node-there", "http://there:2");
    // The storage thread busy while they come, as under load.
    h.queue.read([](Storage&) { std::this_thread::sleep_for(200ms); }, {});
    std::deque<FakeSubscriber> subs(Tables);
    for (int i = 0; i < Tables; ++i) h.hub->subscribe(subs[i], games[i].id, games[i].token_a);
    ASSERT_TRUE(h.run_until([&] {
        return std::all_of(subs.begin(), subs.end(),
                           [](const FakeSubscriber& s) { return s.closed; });
    }));
    for (FakeSubscriber& sub : subs) {
        ASSERT_EQ(sub.count("error"), 1u);
        EXPECT_EQ(sub.of_type("error").front()["owner"], "http://there:2");
    }
    EXPECT_LE(h.leases.owner_statements(), 2) << "one statement a visitor";
    EXPECT_EQ(h.leases.acquires(), 0);
}

TEST(TableOwnership, AStoredTableIsLoadedOnlyUnderItsLease) {
    TempDb db("own_load");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    FakeSubscriber sub;
    h.hub->subscribe(sub, game.id, game.token_b);
    ASSERT_TRUE(h.run_until([&] { return sub.count("state") > 0; }));
    EXPECT_EQ(h.leases.lease(game.id)->owner, "node-here");
    EXPECT_EQ(sub.table()["moves"].size(), 1u);
}

TEST(TableOwnership, ANameThatIsNotStoredGetsNoLease) {
    TempDb db("own_none");
    OwnedHub h(db.path);
    FakeSubscriber sub;
    h.hub->subscribe(sub, "nosuchtable", "");
    ASSERT_TRUE(h.run_until([&] { return sub.closed; }));
    EXPECT_EQ(sub.of_type("error").front()["code"], "not_found");
    EXPECT_FALSE(h.leases.lease("nosuchtable"));
    EXPECT_EQ(h.leases.acquires(), 0);
}

TEST(TableOwnership, ALostLeaseDropsTheTableAndSendsItsClientsToReconnect) {
    TempDb db("own_lost");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    FakeSubscriber sub;
    h.hub->subscribe(sub, game.id, game.token_b);
    ASSERT_TRUE(h.run_until([&] { return sub.count("state") > 0; }));
    h.ownership->renew_now();  // the lease is this node's: renewed, nothing lost
    h.settle();
    EXPECT_FALSE(sub.closed);
    h.leases.give(game.id, "node-there", "http://there:2");  // taken over after expiring
    h.ownership->renew_now();
    ASSERT_TRUE(h.run_until([&] { return sub.closed; }));
    EXPECT_EQ(sub.of_type("error").back()["code"], "moved");
    EXPECT_EQ(h.hub->live_tables(), 0u);
    // The next client of the table is sent to its new owner.
    FakeSubscriber next;
    h.hub->subscribe(next, game.id, game.token_b);
    ASSERT_TRUE(h.run_until([&] { return next.closed; }));
    EXPECT_EQ(next.of_type("error").back()["owner"], "http://there:2");
}

TEST(TableOwnership, RenewalsFailingForATtlGiveEveryTableUp) {
    TempDb db("own_unreachable");
    const StoredGame game(db.path);
    OwnedHub h(db.path, 30);  // a 30 ms lease: the renewal timer runs every 10 ms
    FakeSubscriber sub;
    h.hub->subscribe(sub, game.id, game.token_b);
    ASSERT_TRUE(h.run_until([&] { return sub.count("state") > 0; }));
    h.leases.fail_renewals(true);
    ASSERT_TRUE(h.run_until([&] { return sub.closed; }));
    EXPECT_EQ(sub.of_type("error").back()["code"], "moved");
    EXPECT_EQ(h.hub->live_tables(), 0u);
}

TEST(TableOwnership, ADeadNodesTableIsTakenOverAndGoesOn) {
    TempDb db("own_takeover");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    h.leases.set_orphans({game.id});
    h.ownership->sweep_now();
    ASSERT_TRUE(h.run_until([&] { return h.hub->live_tables() == 1; }));
    EXPECT_EQ(h.leases.lease(game.id)->owner, "node-here");
    // Resumed as a restart resumes it: the next player moves on from the stored ply.
    FakeSubscriber b;
    h.hub->subscribe(b, game.id, game.token_b);
    ASSERT_TRUE(h.run_until([&] { return b.count("state") > 0; }));
    const json state = b.table();
    ASSERT_EQ(state["ply"], 1);
    const std::string square = state["legal"][0];
    h.hub->on_message(b, json{{"type", "move"}, {"square", square}, {"ply", 1}}.dump());
    ASSERT_TRUE(h.run_until([&] { return b.table()["ply"] == 2; }));
    // Already in memory: a second round takes nothing twice.
    h.ownership->sweep_now();
    h.settle();
    EXPECT_EQ(h.hub->live_tables(), 1u);
}

// A dead node leaves more tables than one round takes: one sweep takes them all, round after
// round, without waiting a sweep_ms between (issue 51: 3,000 tables at 500 a second).
TEST(TableOwnership, OneSweepTakesEveryOrphanRoundAfterRound) {
    TempDb db("own_rounds");
    std::vector<std::string> ids;
    for (int i = 0; i < 5; ++i) ids.push_back(StoredGame(db.path).id);
    OwnedHub h(db.path, 600'000, 2);
    h.leases.set_orphans(ids);
    h.ownership->sweep_now();
    EXPECT_TRUE(h.run_until([&] { return h.hub->live_tables() == ids.size(); }))
        << h.hub->live_tables() << " of " << ids.size() << " taken over";
    for (const std::string& id : ids) EXPECT_EQ(h.leases.lease(id)->owner, "node-here") << id;
}

// A round's tables are restored a slice a task, so that the network thread reads its sockets
// and runs its timers between slices (issue 51: 500 restores in one task, loop lag p99.9
// 1.6 s under 6,000 games).
TEST(TableOwnership, ARoundsTablesAreRestoredASliceATask) {
    TempDb db("own_slices");
    std::vector<std::string> ids;
    for (int i = 0; i < 5; ++i) ids.push_back(StoredGame(db.path).id);
    OwnedHub h(db.path, 600'000, 500, 2);
    h.leases.set_orphans(ids);
    h.ownership->sweep_now();
    size_t most = 0;  // tables restored by one task of the loop
    const auto end = std::chrono::steady_clock::now() + 5s;
    while (h.hub->live_tables() < ids.size() && std::chrono::steady_clock::now() < end) {
        const size_t before = h.hub->live_tables();
        h.ioc.restart();
        h.ioc.run_one_for(5ms);
        most = std::max(most, h.hub->live_tables() - before);
    }
    ASSERT_EQ(h.hub->live_tables(), ids.size());
    EXPECT_LE(most, 2u) << "the round was restored in one task";
}

// The takeover does not wait behind the live games' writes (issue 51: each round queued
// behind thousands of games' write batches, and 3,000 tables took more than a minute).
TEST(TableOwnership, ASweepRunsAheadOfTheQueuedWrites) {
    TempDb db("own_ahead");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    h.leases.set_orphans({game.id});
    // The storage thread busy, and a second of writes queued behind it, then the sweep.
    h.queue.read([](Storage&) { std::this_thread::sleep_for(200ms); }, {});
    constexpr int Writes = 40;
    std::atomic<int> written{0};
    for (int i = 0; i < Writes; ++i)
        h.queue.write([](Storage&) { std::this_thread::sleep_for(25ms); },
                      [&](bool) { written++; });
    h.ownership->sweep_now();
    ASSERT_TRUE(h.run_until([&] { return h.hub->live_tables() == 1; }));
    EXPECT_LT(written.load(), Writes) << "the takeover waited for every queued write";
    EXPECT_TRUE(h.run_until([&] { return written.load() == Writes; }));
}

TEST(TableOwnership, AFinishedTableLeavingMemoryGivesItsLeaseUp) {
    TempDb db("own_release");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    FakeSubscriber a;
    h.hub->subscribe(a, game.id, game.token_a);
    ASSERT_TRUE(h.run_until([&] { return a.count("state") > 0; }));
    h.hub->on_message(a, json{{"type", "resign"}}.dump());
    ASSERT_TRUE(h.run_until([&] { return a.table()["status"] == "finished"; }));
    h.hub->unsubscribe(a);
    ASSERT_TRUE(h.run_until([&] { return h.leases.lease(game.id)->released; }));
    EXPECT_EQ(h.hub->live_tables(), 0u);
}

TEST(TableOwnership, ACleanStopHandsEveryLeaseOverAfterTheQueuedWrites) {
    TempDb db("own_hand_over");
    const StoredGame game(db.path);
    OwnedHub h(db.path);
    FakeSubscriber b;
    h.hub->subscribe(b, game.id, game.token_b);
    ASSERT_TRUE(h.run_until([&] { return b.count("state") > 0; }));
    ASSERT_TRUE(h.leases.lease(game.id)->live);
    size_t moves_at_hand_over = 0;
    h.leases.at_hand_over = [&] { moves_at_hand_over = h.sqlite.load(game.id)->moves.size(); };
    // A move arrives, then the stop signal: the loop ends with the move's write still queued.
    h.hub->on_message(b, json{{"type", "move"}, {"square", "c3"}, {"ply", 1}}.dump());
    h.ownership->hand_over();
    h.queue.stop();
    EXPECT_EQ(moves_at_hand_over, 2u);  // the write went first, under the lease
    const auto lease = h.leases.lease(game.id);
    EXPECT_FALSE(lease->live);      // ended, for another node's sweeper...
    EXPECT_FALSE(lease->released);  // ...not released to wait for a visitor
    EXPECT_EQ(h.leases.address(), "");
}

TEST(TableOwnership, PublicUrlsAreChecked) {
    EXPECT_TRUE(valid_public_url("http://10.0.0.2:8080"));
    EXPECT_TRUE(valid_public_url("https://example.org/n/2"));
    EXPECT_FALSE(valid_public_url("ftp://example.org"));
    EXPECT_FALSE(valid_public_url("http://"));
    EXPECT_FALSE(valid_public_url("http://example.org/"));
    EXPECT_FALSE(valid_public_url("http://exa mple.org"));
    EXPECT_FALSE(valid_public_url("http://example.org/\"><script>"));
    EXPECT_FALSE(valid_public_url("http://" + std::string(300, 'a')));
    const json moved = json::parse(moved_message("http://there:2"));
    EXPECT_EQ(moved["type"], "error");
    EXPECT_EQ(moved["code"], "moved");
    EXPECT_EQ(moved["owner"], "http://there:2");
    EXPECT_FALSE(json::parse(moved_message("")).contains("owner"));
}

}  // namespace
}  // namespace reversi::server
