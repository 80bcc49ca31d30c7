// SPDX-License-Identifier: MIT
// The SQLite store: one connection in WAL mode with synchronous=FULL, so a commit has reached
// the disk before the server acknowledges it (and survives a power cut, not only a killed
// process). Group commit in StorageQueue keeps that to one fsync per batch of moves, and the
// WAL is checkpointed on a thread of its own (checkpointer.h), not inside a commit.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "server/storage/sqlite/checkpointer.h"
#include "server/storage/storage.h"

struct sqlite3;
struct sqlite3_stmt;

namespace reversi::server {

class SqliteStorage : public Storage {
  public:
    // Opens (creating if needed) the database file; throws std::runtime_error on failure.
    // `rule`: when the checkpointer's thread runs (checkpointer.h).
    explicit SqliteStorage(const std::string& path,
                           SqliteCheckpoints checkpoints = SqliteCheckpoints::Background,
                           CheckpointRule rule = {});
    ~SqliteStorage() override;
    SqliteStorage(const SqliteStorage&) = delete;
    SqliteStorage& operator=(const SqliteStorage&) = delete;

    void begin() override;
    void commit() override;
    void rollback() override;
    void set_metrics(Metrics* metrics) override;
    // The queue is empty: the writer lets the WAL start over when little is left to copy.
    void idle() override;
    // Checkpoints run on the checkpointer's thread, and on the commit path at the hard bound
    // (both 0 for a database that is not in WAL mode, such as ":memory:").
    uint64_t background_checkpoints() const;
    uint64_t commit_checkpoints() const;
    uint64_t idle_checkpoints() const;
    // Steps the writer's busy handler waited: a BEGIN found the write lock held.
    uint64_t busy_waits() const { return busy_waits_.load(std::memory_order_relaxed); }
    // Whether the checkpointer's thread has a checkpoint asked for or under way.
    bool checkpointing() const;
    // TableStore (storage.cpp).
    void save_table(const StoredTable& table) override;
    void add_move(const std::string& table, const MoveRecord& move) override;
    void truncate_moves(const std::string& table, int from_ply) override;
    std::vector<StoredTable> unfinished() override;
    std::optional<StoredTable> load(const std::string& id) override;
    std::vector<StoredTable> finished(int limit, int offset) override;
    // AccountStore (accounts.cpp; the single-row reads are account_store.cpp's scans).
    void save_player(const StoredPlayer& player) override;
    std::vector<StoredPlayer> players() override;
    void save_session(const StoredSession& session) override;
    void delete_session(const std::string& token_hash) override;
    void delete_sessions_of(int64_t player, const std::string& keep) override;
    std::vector<StoredSession> sessions() override;
    void save_rating(const StoredRating& rating) override;
    std::vector<StoredRating> ratings() override;
    void save_table_player(const std::string& table, int seat, int64_t player) override;
    void set_outcome(const std::string& table, int seat, const std::string& outcome) override;
    PlayerStats player_stats(int64_t player) override;
    std::vector<StoredTable> player_games(int64_t player, int limit) override;
    // ChatStore (chat.cpp).
    void add_chat(const std::string& table, const ChatLine& line) override;
    std::vector<ChatLine> chat_lines(const std::string& table) override;
    void delete_chat(const std::string& table, int64_t seq) override;  // (moderation.cpp)
    // ClosedAccountStore (closed_accounts.cpp).
    std::vector<StoredSpec> table_specs_of(int64_t player) override;
    void set_table_spec(const std::string& table, const std::string& spec) override;
    void delete_chat_from(const std::string& sender) override;
    // AnalysisStore (analysis.cpp).
    void save_analysis(const std::string& table, const std::string& analysis) override;
    std::optional<std::string> load_analysis(const std::string& table) override;
    // ChallengeStore (challenges.cpp).
    void save_challenge(const StoredChallenge& challenge) override;
    void delete_challenge(const std::string& id) override;
    std::vector<StoredChallenge> claim_challenges(const std::string& node) override;
    // PuzzleStore (puzzles.cpp).
    void save_puzzle_rating(const StoredPuzzleRating& rating) override;
    std::vector<StoredPuzzleRating> puzzle_ratings() override;
    void save_player_puzzles(const StoredPlayerPuzzles& row) override;
    std::vector<StoredPlayerPuzzles> player_puzzles() override;
    void add_puzzle_attempt(const StoredPuzzleAttempt& attempt) override;
    std::vector<StoredPuzzleAttempt> puzzle_attempts() override;
    void save_puzzle_streak(const StoredPuzzleStreak& streak) override;
    std::vector<StoredPuzzleStreak> puzzle_streaks() override;
    void save_running_streak(const StoredRunningStreak& streak) override;
    void end_running_streak(int64_t player) override;
    std::vector<StoredRunningStreak> running_streaks() override;
    void add_seen_puzzle(const std::vector<std::string>& viewers, const std::string& puzzle,
                         int64_t at, int keep) override;
    bool puzzle_seen(const std::vector<std::string>& viewers, const std::string& puzzle,
                     int64_t since) override;
    std::vector<StoredSeenPuzzle> seen_puzzles(int64_t since, size_t limit) override;
    void forget_seen_puzzles(int64_t before) override;
    // ImportStore (imports.cpp).
    void add_imported_game(const StoredImportedGame& game) override;
    std::vector<StoredImportedGame> imported_games() override;
    std::vector<StoredImportedGame> imported_games_after(int64_t id, int limit) override;
    // TournamentStore (tournaments.cpp).
    void save_tournament(const StoredTournament& tournament) override;
    std::vector<StoredTournament> tournaments(int finished) override;
    // GuestStore (guests.cpp).
    std::vector<int64_t> expire_guests(int64_t idle_before, int limit,
                                       const std::vector<int64_t>& keep) override;
    // ModerationStore (moderation.cpp).
    void set_role(int64_t player, const std::string& role) override;
    std::vector<StoredRole> roles() override;
    void save_sanction(const StoredSanction& sanction) override;
    void delete_sanction(int64_t player, const std::string& kind) override;
    std::vector<StoredSanction> sanctions() override;
    void add_audit(const AuditEntry& entry) override;
    std::vector<AuditEntry> audit(int64_t before_id, int limit) override;
    void save_report(const StoredReport& report) override;
    std::vector<StoredReport> open_reports(int limit) override;
    bool add_report(const StoredReport& report) override;
    std::vector<ReportGroup> report_groups(int limit) override;
    std::vector<StoredReport> open_reports_of(int64_t target, int limit) override;
    std::optional<StoredReport> load_report(const std::string& id) override;
    int resolve_reports_of(int64_t target, int64_t until, int64_t by,
                           const std::string& resolution) override;
    bool mark_reversed(const std::string& table) override;
    bool ratings_reversed(const std::string& table) override;

    // The schema version this build writes; a database is migrated up to it when opened.
    static int schema_version();
    // The version recorded in the open database.
    int stored_schema_version();

  private:
    // Applies the migrations the database has not had yet, each in its own transaction
    // (storage/sqlite/accounts.cpp holds the list).
    void migrate();
    void prepare_accounts();
    void close_accounts();
    void prepare_chat();
    void close_chat();
    void prepare_analysis();
    void close_analysis();
    void close();
    void exec(const char* sql);
    sqlite3_stmt* prepare(const char* sql);
    void check(int rc, const char* what);
    // "wal", "memory", ...: what the database's journal is.
    std::string journal_mode();
    std::vector<MoveRecord> moves_of(const std::string& id);
    StoredTable read_row(sqlite3_stmt* st);

    // The writer's busy handler: waits in short steps, counted (storage.cpp).
    static int wait_for_lock(void* self, int calls);

    sqlite3* db_ = nullptr;
    std::atomic<uint64_t> busy_waits_{0};
    std::atomic<Metrics*> metrics_{nullptr};
    // Absent when the database is not in WAL mode. Closed before db_, whose close then makes
    // the last checkpoint and removes the WAL.
    std::unique_ptr<WalCheckpointer> checkpointer_;
    sqlite3_stmt* save_ = nullptr;
    sqlite3_stmt* add_move_ = nullptr;
    sqlite3_stmt* truncate_ = nullptr;
    sqlite3_stmt* moves_ = nullptr;
    sqlite3_stmt* unfinished_ = nullptr;
    sqlite3_stmt* load_ = nullptr;
    sqlite3_stmt* finished_ = nullptr;
    // Accounts (storage/sqlite/accounts.cpp).
    sqlite3_stmt* save_player_ = nullptr;
    sqlite3_stmt* players_ = nullptr;
    sqlite3_stmt* save_session_ = nullptr;
    sqlite3_stmt* delete_session_ = nullptr;
    sqlite3_stmt* delete_sessions_of_ = nullptr;
    sqlite3_stmt* sessions_ = nullptr;
    sqlite3_stmt* save_rating_ = nullptr;
    sqlite3_stmt* ratings_ = nullptr;
    sqlite3_stmt* save_table_player_ = nullptr;
    sqlite3_stmt* set_outcome_ = nullptr;
    sqlite3_stmt* player_stats_ = nullptr;
    sqlite3_stmt* player_games_ = nullptr;
    // Chat (storage/sqlite/chat.cpp).
    sqlite3_stmt* add_chat_ = nullptr;
    sqlite3_stmt* prune_chat_ = nullptr;
    sqlite3_stmt* chat_lines_ = nullptr;
    // Analyses (storage/sqlite/analysis.cpp).
    sqlite3_stmt* save_analysis_ = nullptr;
    sqlite3_stmt* load_analysis_ = nullptr;
};

}  // namespace reversi::server
