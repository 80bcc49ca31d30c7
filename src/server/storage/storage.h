// SPDX-License-Identifier: MIT
// The store behind abstract interfaces, one per concern (tables, accounts, chat, analyses),
// and the queue that runs it on its own thread. The queue groups the writes that
// arrive together into one transaction and reports each write only after its commit, so
// the hub can keep the rule "committed before acknowledged or broadcast" at any load.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/common/metrics.h"
#include "server/storage/account_store.h"
#include "server/storage/analysis_store.h"
#include "server/storage/challenge_store.h"
#include "server/storage/chat_store.h"
#include "server/storage/closed_account_store.h"
#include "server/storage/guest_store.h"
#include "server/storage/import_store.h"
#include "server/storage/login_failure_store.h"
#include "server/storage/moderation_store.h"
#include "server/storage/puzzle_store.h"
#include "server/storage/table_store.h"
#include "server/storage/tournament_store.h"

namespace reversi::server {

// A durable store: one interface per concern it keeps (tables, accounts, chat, analyses,
// puzzles;
// several nodes' leases are table_leases.h, which only a shared store implements), each
// implemented for SQLite (sqlite/) and PostgreSQL (postgres/) in files of its own. Methods
// throw std::runtime_error on failure. Writes between begin() and commit() form one atomic
// transaction, whatever concerns they touch; a committed transaction survives a crash.
class Storage : public TableStore,
                public AccountStore,
                public ChatStore,
                public AnalysisStore,
                public PuzzleStore,
                public TournamentStore,
                public LoginFailureStore,
                public GuestStore,
                public ImportStore,
                public ModerationStore,
                public ClosedAccountStore,
                public ChallengeStore {
  public:
    ~Storage() override = default;
    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() = 0;
    // Several tables with their moves and chat lines (a takeover of many tables,
    // docs/MULTINODE.md); ids not stored are left out. One load and one chat read each here;
    // a store a round trip away reads them all in a few statements of one snapshot.
    virtual std::vector<StoredTable> load_many(const std::vector<std::string>& ids);
    // Where the store counts what it does besides transactions (the SQLite store's
    // checkpoints); set once, before the store is handed to a queue.
    virtual void set_metrics(Metrics*) {}
    // Called by the queue's thread when it has run what it held and found nothing more: work
    // that would delay a commit is done here (the SQLite store's WAL restart, issue 29).
    virtual void idle() {}
};

// The writes of one table share a fence. Once one of them fails, every later one fails
// without running, so the store never holds move k+1 without move k: what it keeps of a
// table is always a prefix of what the table went through.
struct WriteFence {
    std::atomic<bool> broken{false};
};

// How a queue starts. At start-up the server reads the store directly (the restores) and a
// queued job meanwhile would share the one connection from a second thread, in the middle of
// those reads (libpq forbids it; SQLite then mixes a transaction into them): a queue started
// Held runs nothing until release().
enum class QueueStart { Running, Held };

// Runs a Storage on one thread. `post` hands a completion to the caller's thread. Completions
// run there in the order their jobs ran; with a slice set, at most that many per posted task,
// the task posting the next, so that between two slices the caller's thread reads its sockets
// and runs its timers (issue 29).
class StorageQueue {
  public:
    using Post = std::function<void(std::function<void()>)>;
    // A commit answered in one task: on two quiet cores, slices of 32 made a move wait longer
    // for its answer than the loop gained (docs/MULTINODE.md, 40 s runs).
    static constexpr size_t DefaultAnswerSlice = 0;
    StorageQueue(Storage& storage, Post post, QueueStart start = QueueStart::Running);
    ~StorageQueue();
    StorageQueue(const StorageQueue&) = delete;
    StorageQueue& operator=(const StorageQueue&) = delete;

    // Queues a write; `done(ok)` is posted after the transaction holding it has committed
    // (ok) or failed (not ok, nothing of it stored). A write behind a broken `fence` fails
    // without running; a failing write breaks its fence.
    void write(std::function<void(Storage&)> op, std::function<void(bool)> done,
               std::shared_ptr<WriteFence> fence = nullptr);
    // Queues a read; it runs after every write queued before it.
    void read(std::function<void(Storage&)> op, std::function<void()> done);
    // Queues a read that needs none of the writes queued before it (who holds a table's
    // lease, say): it runs in its turn among the reads, but the writes gathered before it
    // are not committed first, so it does not split their transaction in two.
    void lookup(std::function<void(Storage&)> op, std::function<void()> done);
    // Queues a job that runs before every job still waiting, at the next pause between two
    // transactions (never inside one), without the writes queued before it: a lease renewal,
    // which must not wait behind a long queue or the lease expires (docs/MULTINODE.md).
    void urgent(std::function<void(Storage&)> op, std::function<void()> done);
    // Lets a queue started Held run what was queued and what comes; the caller no longer
    // touches the store directly from here on.
    void release();
    // Finishes the queued work (a held queue's too) and stops the thread.
    void stop();
    // Writes committed so far and transactions used (group commit makes these differ).
    uint64_t writes() const { return writes_; }
    uint64_t transactions() const { return transactions_; }
    // Where commits, their latency and failed transactions are counted (set before any job).
    void set_metrics(Metrics* metrics);
    // Completions per task on the caller's thread (0: no bound); set before any job.
    void set_answer_slice(size_t slice);

  private:
    struct Job {
        bool is_write = false;
        bool after_writes = true;  // a read that must see the writes queued before it
        std::function<void(Storage&)> op;
        std::function<void(bool)> done;
        std::shared_ptr<WriteFence> fence;
        std::chrono::steady_clock::time_point queued{};  // writes only (a stage's start)
        bool blocked() const { return fence && fence->broken.load(); }
    };
    // A job's completion, whether its job was stored and when it committed (writes only).
    struct Completion {
        std::function<void(bool)> done;
        bool stored = false;
        std::chrono::steady_clock::time_point committed{};
    };
    // Completions waiting for the caller's thread, shared with the task that runs them (which
    // may outlive the queue).
    struct Answers;
    void run();
    void run_writes(std::vector<Job>& batch);
    // Runs a read (or an urgent job) and hands its completion over.
    void run_read(Job& job);
    // Runs the urgent jobs queued so far (between two transactions).
    void run_urgent();
    void queue_read(Job job, bool urgent);
    // Hands completions to the caller's thread, behind those handed before (storage thread).
    void answer(std::vector<Completion> dones);
    // Runs one slice of `answers` and posts the next (the caller's thread).
    static void answer_slice(const std::shared_ptr<Answers>& answers);
    // Runs `body` in one transaction; false (rolled back, logged) when anything failed.
    bool transact(const std::function<void()>& body);

    Storage& storage_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> jobs_;
    std::deque<Job> urgent_;
    std::atomic<bool> has_urgent_{false};  // urgent_ is not empty: checked between jobs
    bool stopping_ = false;
    bool held_ = false;
    std::atomic<uint64_t> writes_{0};
    std::atomic<uint64_t> transactions_{0};
    Metrics* metrics_ = nullptr;
    std::shared_ptr<Answers> answers_;
    std::thread thread_;
};

}  // namespace reversi::server
