// SPDX-License-Identifier: MIT
// A Storage that fails on demand, for tests and the chaos test: it wraps a real store and
// makes chosen writes or commits throw as a full disk or a failed fsync would. A failed
// commit rolls the real store back first, so what it holds is exactly what a real failure
// would leave: nothing of the failed transaction.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <random>

#include "server/storage/forwarding.h"

namespace reversi::server {

class FaultInjectingStorage : public ForwardingStorage {
  public:
    // `commit_failure_rate`: probability that any commit fails (0: only on demand).
    explicit FaultInjectingStorage(Storage& inner, double commit_failure_rate = 0,
                                   uint64_t seed = 1);

    // The next `n` write calls (save_table, add_move, truncate_moves, the save_*, delete_* and
    // set_outcome of accounts) throw.
    void fail_next_writes(int n) { failing_writes_ = n; }
    // The next `n` commits fail.
    void fail_next_commits(int n) { failing_commits_ = n; }
    // Failures injected so far.
    uint64_t injected() const { return injected_; }

    // Fails as a failed fsync would: the inner store rolled back, the caller told so.
    void commit() override;
    // The writes, each of which may fail; reads and the rest pass through. TableStore:
    void save_table(const StoredTable& table) override;
    void add_move(const std::string& table, const MoveRecord& move) override;
    void truncate_moves(const std::string& table, int from_ply) override;
    // AccountStore.
    void save_player(const StoredPlayer& player) override;
    void save_session(const StoredSession& session) override;
    void delete_session(const std::string& token_hash) override;
    void delete_sessions_of(int64_t player, const std::string& keep) override;
    void save_rating(const StoredRating& rating) override;
    void save_table_player(const std::string& table, int seat, int64_t player) override;
    void set_outcome(const std::string& table, int seat, const std::string& outcome) override;
    void touch_session(const std::string& token_hash, int64_t last_seen) override;
    std::pair<int64_t, int64_t> reserve_player_ids() override;
    // ChatStore.
    void add_chat(const std::string& table, const ChatLine& line) override;
    void delete_chat(const std::string& table, int64_t seq) override;
    // AnalysisStore.
    void save_analysis(const std::string& table, const std::string& analysis) override;
    // PuzzleStore.
    void save_puzzle_rating(const StoredPuzzleRating& rating) override;
    void save_player_puzzles(const StoredPlayerPuzzles& row) override;
    void add_puzzle_attempt(const StoredPuzzleAttempt& attempt) override;
    void save_puzzle_streak(const StoredPuzzleStreak& streak) override;
    void save_running_streak(const StoredRunningStreak& streak) override;
    void end_running_streak(int64_t player) override;
    void add_seen_puzzle(const std::vector<std::string>& viewers, const std::string& puzzle,
                         int64_t at, int keep) override;
    void forget_seen_puzzles(int64_t before) override;
    // TournamentStore.
    void save_tournament(const StoredTournament& tournament) override;
    // LoginFailureStore.
    void add_login_failure(const std::string& name_key, const std::string& address, int64_t at,
                           int64_t forget_before) override;
    // GuestStore.
    std::vector<int64_t> expire_guests(int64_t idle_before, int limit,
                                       const std::vector<int64_t>& keep) override;
    // ImportStore.
    void add_imported_game(const StoredImportedGame& game) override;
    // ModerationStore.
    void set_role(int64_t player, const std::string& role) override;
    void save_sanction(const StoredSanction& sanction) override;
    void delete_sanction(int64_t player, const std::string& kind) override;
    void add_audit(const AuditEntry& entry) override;
    void save_report(const StoredReport& report) override;
    bool add_report(const StoredReport& report) override;
    int resolve_reports_of(int64_t target, int64_t until, int64_t by,
                           const std::string& resolution) override;
    bool mark_reversed(const std::string& table) override;
    // ClosedAccountStore.
    void set_table_spec(const std::string& table, const std::string& spec) override;
    void delete_chat_from(const std::string& sender) override;
    // ChallengeStore.
    void save_challenge(const StoredChallenge& challenge) override;
    void delete_challenge(const std::string& id) override;

  private:
    void maybe_fail_write(const char* what);

    double rate_;
    std::mutex rng_mutex_;
    std::mt19937_64 rng_;
    std::atomic<int> failing_writes_{0};
    std::atomic<int> failing_commits_{0};
    std::atomic<uint64_t> injected_{0};
};

}  // namespace reversi::server
