// SPDX-License-Identifier: MIT
// The tournament leadership's rounds (leadership.h) against a scripted lease, without a
// PostgreSQL server: starting to lead, following the leader another node named, starting again
// under a higher fence, stopping once the database has not answered for a ttl, and the
// clean stop's hand-over. The SQL is tested in postgres_tournament_lease_test.cpp; the whole
// with processes by PostgresTournamentNet and scripts/tournament-kill9.sh --postgres.
#include "server/tournament/leadership.h"

#include <gtest/gtest.h>

#include <deque>
#include <mutex>

#include "hub_fixture.h"

namespace reversi::server {
namespace {

using hub_testing::TempDb;
using namespace std::chrono_literals;

// Answers the rounds in the order the test set; a round with no answer left, or an empty
// one, finds the database unreachable. Called on the storage thread: hence the lock.
class ScriptedLeases : public TournamentLeases {
  public:
    void answer(std::optional<TournamentLead> lead) {
        std::lock_guard lock(mutex_);
        answers_.push_back(std::move(lead));
    }
    TournamentLead lead_tournaments(int64_t) override {
        std::lock_guard lock(mutex_);
        if (answers_.empty() || !answers_.front()) {
            if (!answers_.empty()) answers_.pop_front();
            throw std::runtime_error("the database cannot be reached");
        }
        TournamentLead lead = *answers_.front();
        answers_.pop_front();
        return lead;
    }
    void step_down_tournaments() override {
        std::lock_guard lock(mutex_);
        steps_down_++;
    }
    std::vector<std::pair<std::string, std::string>> finished_results(
        const std::vector<std::string>& tables) override {
        std::lock_guard lock(mutex_);
        return {{tables.at(0), "{\"winner\":0}"}};
    }
    int steps_down() {
        std::lock_guard lock(mutex_);
        return steps_down_;
    }

  private:
    std::mutex mutex_;
    std::deque<std::optional<TournamentLead>> answers_;
    int steps_down_ = 0;
};

TournamentLead leads(int64_t fence) {
    return {fence, ""};
}

TournamentLead follows(const std::string& leader) {
    return {std::nullopt, leader};
}

struct Rig {
    explicit Rig(int64_t ttl_ms)
        : sqlite(db.path),
          queue(sqlite, [this](std::function<void()> f) { net::post(ioc, std::move(f)); }),
          leadership(ioc, queue, leases, ttl_ms) {}
    ~Rig() { queue.stop(); }
    void start() {
        leadership.start([this](bool leading) { changes.push_back(leading); });
    }
    bool run_until(const std::function<bool()>& done) {
        const auto end = std::chrono::steady_clock::now() + 5s;
        while (!done() && std::chrono::steady_clock::now() < end) {
            ioc.restart();
            ioc.run_for(5ms);
        }
        return done();
    }
    // Runs one round by hand and waits until the leadership heard its answer.
    void round(size_t changes_after) {
        leadership.try_now();
        run_until([&] { return changes.size() >= changes_after; });
        ioc.restart();
        ioc.run_for(20ms);
    }
    TempDb db{"leadership"};
    SqliteStorage sqlite;
    net::io_context ioc;
    StorageQueue queue;
    ScriptedLeases leases;
    TournamentLeadership leadership;
    std::vector<bool> changes;
};

// A ttl of a minute: the timer never fires during a test, each round is run by hand.
constexpr int64_t LongTtl = 60'000;

TEST(TournamentLeadership, LeadsThenFollowsTheNodeTheStoreNames) {
    Rig rig(LongTtl);
    rig.leases.answer(leads(1));
    rig.leases.answer(leads(1));
    rig.leases.answer(follows("http://b:2"));
    rig.start();
    ASSERT_TRUE(rig.run_until([&] { return rig.changes.size() == 1; }));
    EXPECT_TRUE(rig.leadership.leading());
    rig.round(1);  // renewed under the same fence: nothing changes
    EXPECT_EQ(rig.changes, std::vector<bool>{true});
    rig.round(2);
    EXPECT_EQ(rig.changes, (std::vector<bool>{true, false}));
    EXPECT_FALSE(rig.leadership.leading());
    EXPECT_EQ(rig.leadership.leader(), "http://b:2");
}

TEST(TournamentLeadership, AHigherFenceMeansAnotherNodeLedMeanwhile) {
    Rig rig(LongTtl);
    rig.leases.answer(leads(1));
    rig.leases.answer(leads(3));
    rig.start();
    ASSERT_TRUE(rig.run_until([&] { return rig.changes.size() == 1; }));
    rig.round(3);
    // What it held is stale: it stops, and starts again (reading the store back).
    EXPECT_EQ(rig.changes, (std::vector<bool>{true, false, true}));
    EXPECT_TRUE(rig.leadership.leading());
}

TEST(TournamentLeadership, AnUnansweredDatabaseEndsTheLeadOnceATtlHasPassed) {
    Rig rig(150);  // its timer tries every 50 ms; every try after the first fails
    rig.leases.answer(leads(1));
    rig.start();
    ASSERT_TRUE(rig.run_until([&] { return rig.changes.size() == 2; }));
    EXPECT_EQ(rig.changes, (std::vector<bool>{true, false}));
    EXPECT_FALSE(rig.leadership.leading());
    EXPECT_EQ(rig.leadership.leader(), "");
}

TEST(TournamentLeadership, ACleanStopStepsDownOnlyWhenLeading) {
    {
        Rig rig(LongTtl);
        rig.leases.answer(follows("http://b:2"));
        rig.start();
        rig.round(0);
        rig.leadership.hand_over();
        rig.queue.stop();
        EXPECT_EQ(rig.leases.steps_down(), 0);
    }
    Rig rig(LongTtl);
    rig.leases.answer(leads(1));
    rig.start();
    ASSERT_TRUE(rig.run_until([&] { return rig.changes.size() == 1; }));
    rig.leadership.hand_over();
    rig.queue.stop();  // runs what was queued: the step-down
    EXPECT_EQ(rig.leases.steps_down(), 1);
}

TEST(TournamentLeadership, TheFinishedGamesComeBackOnTheNetworkThread) {
    Rig rig(LongTtl);
    std::vector<std::pair<std::string, std::string>> found;
    bool answered = false;
    rig.leadership.finished_games({"g1", "g2"}, [&](auto results) {
        found = std::move(results);
        answered = true;
    });
    ASSERT_TRUE(rig.run_until([&] { return answered; }));
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].first, "g1");
    EXPECT_EQ(found[0].second, "{\"winner\":0}");
}

}  // namespace
}  // namespace reversi::server
