// SPDX-License-Identifier: MIT
// The PostgreSQL store, chosen by `serve --db postgresql://...`. One connection, used only by
// the storage thread; synchronous_commit is forced on, so COMMIT returns once the transaction
// is durable on the server and the hub's rule "committed before acknowledged or broadcast"
// holds as with SQLite. Group commit is StorageQueue's, unchanged: begin/commit/rollback are
// BEGIN/COMMIT/ROLLBACK. A lost connection is re-established at the next transaction.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "server/storage/postgres/connection.h"
#include "server/storage/storage.h"
#include "server/storage/table_leases.h"
#include "server/storage/tournament_leases.h"

namespace reversi::server {

class PostgresStorage : public Storage, public TableLeases, public TournamentLeases {
  public:
    // Connects to `uri` (postgresql://...) and migrates the schema; throws std::runtime_error
    // on failure.
    explicit PostgresStorage(const std::string& uri);
    ~PostgresStorage() override;
    PostgresStorage(const PostgresStorage&) = delete;
    PostgresStorage& operator=(const PostgresStorage&) = delete;

    // Whether `db` (the --db argument) names a PostgreSQL database rather than a SQLite file.
    static bool is_uri(const std::string& db);

    void begin() override;
    void commit() override;
    void rollback() override;
    // TableStore (storage.cpp).
    void save_table(const StoredTable& table) override;
    void add_move(const std::string& table, const MoveRecord& move) override;
    void truncate_moves(const std::string& table, int from_ply) override;
    std::vector<StoredTable> unfinished() override;
    std::optional<StoredTable> load(const std::string& id) override;
    std::vector<StoredTable> load_many(const std::vector<std::string>& ids) override;
    std::vector<StoredTable> finished(int limit, int offset) override;
    // AccountStore (accounts.cpp).
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
    // AccountStore across nodes (accounts.cpp, docs/MULTINODE.md).
    std::optional<StoredSession> load_session(const std::string& token_hash) override;
    std::vector<StoredSession> sessions_of(int64_t player) override;
    std::optional<StoredPlayer> load_player(int64_t id) override;
    std::optional<StoredPlayer> load_player_named(const std::string& name_key) override;
    std::optional<StoredPlayer> load_player_with_skeleton(const std::string& skeleton) override;
    std::vector<StoredRating> ratings_of(int64_t player) override;
    std::optional<StoredRating> rating_for_update(int64_t player, const std::string& pool) override;
    void touch_session(const std::string& token_hash, int64_t last_seen) override;
    std::vector<RankedRating> top_ratings(const std::string& pool, int limit) override;
    std::pair<int64_t, int64_t> reserve_player_ids() override;
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
    // LoginFailureStore (login_failures.cpp).
    void add_login_failure(const std::string& name_key, const std::string& address, int64_t at,
                           int64_t forget_before) override;
    LoginFailureCounts login_failures(const std::string& name_key, const std::string& address,
                                      int64_t since) override;
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

    // TableLeases and fenced writes, for several nodes on one database (lease.cpp,
    // docs/MULTINODE.md, table_leases.h). Once `node` is set, every write of a table runs only
    // under a lease this node holds on it, checked in the write's own statement (with the
    // lease row locked until the commit); a write without one throws and stores nothing.
    void set_node(const std::string& node) override;
    std::optional<int64_t> acquire_lease(const std::string& table, int64_t ttl_ms) override;
    std::vector<std::string> acquire_leases(const std::vector<std::string>& tables,
                                            int64_t ttl_ms) override;
    // In a pipelined transaction: sent without waiting; the table's later writes in it are
    // fenced by the lease row it locks, and its fence is kept once its answer is read.
    void acquire_lease_for_write(const std::string& table, int64_t ttl_ms) override;
    // Extends this node's lease; false when it was lost (another node took the table over).
    bool renew_lease(const std::string& table, int64_t ttl_ms);
    std::vector<std::string> renew_leases(int64_t ttl_ms) override;
    void release_lease(const std::string& table) override;
    int hand_over_leases() override;
    std::vector<std::string> forget_leases() override;
    std::vector<std::string> orphaned_tables(int limit) override;
    void heartbeat(const std::string& address, int64_t ttl_ms) override;
    std::string owner_address(const std::string& table) override;
    std::optional<std::string> held_elsewhere(const std::string& table) override;
    std::unordered_map<std::string, std::string> held_elsewhere_many(
        const std::vector<std::string>& tables) override;
    // TournamentLeases (tournament_lease.cpp): once this node leads, save_tournament is
    // fenced by the tournament lease; while another node leads, it throws.
    TournamentLead lead_tournaments(int64_t ttl_ms) override;
    void step_down_tournaments() override;
    std::vector<std::pair<std::string, std::string>> finished_results(
        const std::vector<std::string>& tables) override;

    // The schema version recorded in the database.
    int stored_schema_version();
    // The connection, for the lease and fencing statements (table_lease.*) and tests.
    pg::Connection& connection() { return *connection_; }

  private:
    // Session settings and prepared statements; again after a reconnect.
    void set_up_session();
    std::vector<MoveRecord> moves_of(const std::string& id);
    std::vector<StoredTable> tables_from(const pg::Result& rows);
    // Runs `read` in one REPEATABLE READ snapshot when no transaction is open, so a read of
    // several statements sees one state of the database.
    void in_snapshot(const std::function<void()>& read);

    // The fenced forms of the three table writes: `params` as for the unfenced statement;
    // throws, nothing written, when this node does not hold the table's lease.
    enum class FencedWrite { SaveTable, AddMove, TruncateMoves };
    void fenced_write(FencedWrite kind, std::vector<pg::Param> params, const std::string& table);
    int64_t fence_of(const std::string& table) const;
    // Reconnects a lost connection before a lease statement (outside a transaction).
    void reconnect_if_broken();

    std::unique_ptr<pg::Connection> connection_;
    std::string node_;                                 // empty: one node, writes unfenced
    std::unordered_map<std::string, int64_t> fences_;  // the leases this node holds
    // Leases taken in the open pipeline whose answer (the fence) is not read yet.
    std::unordered_set<std::string> pending_leases_;
    std::optional<int64_t> tournament_fence_;  // this node leads the tournaments
    // fences_ as two parallel lists, the arrays of one statement.
    std::pair<std::vector<std::string>, std::vector<int64_t>> held_leases() const;
};

}  // namespace reversi::server
