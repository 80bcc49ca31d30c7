// SPDX-License-Identifier: MIT
// The store of tables and moves behind an abstract interface (SQLite now, PostgreSQL could
// follow), and the queue that runs it on its own thread. The queue groups the writes that
// arrive together into one transaction and reports each write only after its commit, so
// the hub can keep the rule "committed before acknowledged or broadcast" at any load.
#pragma once

#include <atomic>
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

#include "server/storage/stored_accounts.h"
#include "server/storage/stored_tables.h"

namespace reversi::server {

// A durable store. Methods throw std::runtime_error on failure. Writes between begin() and
// commit() form one atomic transaction; a committed transaction survives a crash.
class Storage {
  public:
    virtual ~Storage() = default;
    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() = 0;
    // Inserts or replaces the table row (not its moves).
    virtual void save_table(const StoredTable& table) = 0;
    virtual void add_move(const std::string& table, const MoveRecord& move) = 0;
    // Deletes the moves from `from_ply` on (undo).
    virtual void truncate_moves(const std::string& table, int from_ply) = 0;
    // Every table not finished, with its moves, oldest first.
    virtual std::vector<StoredTable> unfinished() = 0;
    // One table with its moves.
    virtual std::optional<StoredTable> load(const std::string& id) = 0;
    // Finished tables with their moves, newest first.
    virtual std::vector<StoredTable> finished(int limit, int offset) = 0;

    // Players, sessions and ratings (docs/SITE.md "Identity", "Ratings"). save_* insert or
    // replace by key (player id, token hash, player and pool).
    virtual void save_player(const StoredPlayer& player) = 0;
    virtual std::vector<StoredPlayer> players() = 0;
    virtual void save_session(const StoredSession& session) = 0;
    virtual void delete_session(const std::string& token_hash) = 0;
    // Deletes every session of `player` except the one whose hash is `keep` (may be empty).
    virtual void delete_sessions_of(int64_t player, const std::string& keep) = 0;
    virtual std::vector<StoredSession> sessions() = 0;
    virtual void save_rating(const StoredRating& rating) = 0;
    virtual std::vector<StoredRating> ratings() = 0;
    // Records that `player` holds `seat` of `table`; its outcome ("won", "drawn", "lost") is
    // set when the game ends (set_outcome), and only such seats count in stats and lists.
    virtual void save_table_player(const std::string& table, int seat, int64_t player) = 0;
    virtual void set_outcome(const std::string& table, int seat, const std::string& outcome) = 0;
    virtual PlayerStats player_stats(int64_t player) = 0;
    // The player's finished games with an outcome, with their moves, newest first.
    virtual std::vector<StoredTable> player_games(int64_t player, int limit) = 0;

    // Single rows of accounts, for several nodes on one store (docs/MULTINODE.md "Accounts
    // across nodes"). storage.cpp has defaults that scan the full lists (correct on any
    // store; a one-node store never needs them); PostgreSQL reads by key.
    virtual std::optional<StoredSession> load_session(const std::string& token_hash);
    virtual std::optional<StoredPlayer> load_player(int64_t id);
    virtual std::optional<StoredPlayer> load_player_named(const std::string& name_key);
    virtual std::vector<StoredRating> ratings_of(int64_t player);
    // The stored rating, locked until the transaction ends where the store can (PostgreSQL:
    // a starting row with no games made first if missing, then SELECT ... FOR UPDATE);
    // nothing when none is stored.
    virtual std::optional<StoredRating> rating_for_update(int64_t player, const std::string& pool);
    // Sets a session's last_seen only if the session still exists (never brings back one
    // that another node deleted).
    virtual void touch_session(const std::string& token_hash, int64_t last_seen);
    // The rated players of `pool` (games > 0), established ones first, each group by rating.
    virtual std::vector<RankedRating> top_ratings(const std::string& pool, int limit);
    // Reserves a block of player ids no other node gets: [first, end). The default throws
    // (a one-node store numbers players itself).
    virtual std::pair<int64_t, int64_t> reserve_player_ids();

    // Table chat (docs/SITE.md "At the table"; storage.cpp has the defaults, for a store
    // without chat: adding throws, reading finds none). add_chat appends a line and forgets
    // the table's lines older than its last ChatKept; chat_lines reads those, oldest first.
    virtual void add_chat(const std::string& table, const ChatLine& line);
    virtual std::vector<ChatLine> chat_lines(const std::string& table);

    // Post-game analyses (docs/SITE.md "Analysis"): one JSON document per table that the
    // store does not interpret, replaced when saved again. storage.cpp has the defaults, for
    // a store without analyses: saving throws, loading finds none.
    virtual void save_analysis(const std::string& table, const std::string& analysis);
    virtual std::optional<std::string> load_analysis(const std::string& table);
};

// The writes of one table share a fence. Once one of them fails, every later one fails
// without running, so the store never holds move k+1 without move k: what it keeps of a
// table is always a prefix of what the table went through.
struct WriteFence {
    std::atomic<bool> broken{false};
};

// Runs a Storage on one thread. `post` hands a completion to the caller's thread.
class StorageQueue {
  public:
    using Post = std::function<void(std::function<void()>)>;
    StorageQueue(Storage& storage, Post post);
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
    // Finishes the queued work and stops the thread.
    void stop();
    // Writes committed so far and transactions used (group commit makes these differ).
    uint64_t writes() const { return writes_; }
    uint64_t transactions() const { return transactions_; }

  private:
    struct Job {
        bool is_write = false;
        std::function<void(Storage&)> op;
        std::function<void(bool)> done;
        std::shared_ptr<WriteFence> fence;
        bool blocked() const { return fence && fence->broken.load(); }
    };
    void run();
    void run_writes(std::vector<Job>& batch);
    // Runs `body` in one transaction; false (rolled back, logged) when anything failed.
    bool transact(const std::function<void()>& body);

    Storage& storage_;
    Post post_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> jobs_;
    bool stopping_ = false;
    std::atomic<uint64_t> writes_{0};
    std::atomic<uint64_t> transactions_{0};
    std::thread thread_;
};

}  // namespace reversi::server
