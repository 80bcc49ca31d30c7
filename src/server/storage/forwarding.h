// SPDX-License-Identifier: MIT
// A Storage that passes every call to another store: the base of a store that changes only a
// few calls (the fault-injecting store), so that such a store lists just what it changes and a
// method added to the interface is forwarded in one place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/storage/storage.h"

namespace reversi::server {

class ForwardingStorage : public Storage {
  public:
    // `inner` outlives this store.
    explicit ForwardingStorage(Storage& inner) : inner_(inner) {}

    void begin() override;
    void commit() override;
    void rollback() override;
    void set_metrics(Metrics* metrics) override;
    void idle() override;
    std::vector<StoredTable> load_many(const std::vector<std::string>& ids) override;
    // TableStore.
    void save_table(const StoredTable& table) override;
    void add_move(const std::string& table, const MoveRecord& move) override;
    void truncate_moves(const std::string& table, int from_ply) override;
    std::vector<StoredTable> unfinished() override;
    std::optional<StoredTable> load(const std::string& id) override;
    std::vector<StoredTable> finished(int limit, int offset) override;
    // AccountStore.
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
    // ChatStore.
    void add_chat(const std::string& table, const ChatLine& line) override;
    std::vector<ChatLine> chat_lines(const std::string& table) override;
    void delete_chat(const std::string& table, int64_t seq) override;
    // AnalysisStore.
    void save_analysis(const std::string& table, const std::string& analysis) override;
    std::optional<std::string> load_analysis(const std::string& table) override;
    // PuzzleStore.
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
    // TournamentStore.
    void save_tournament(const StoredTournament& tournament) override;
    std::vector<StoredTournament> tournaments(int finished) override;
    // LoginFailureStore.
    void add_login_failure(const std::string& name_key, const std::string& address, int64_t at,
                           int64_t forget_before) override;
    LoginFailureCounts login_failures(const std::string& name_key, const std::string& address,
                                      int64_t since) override;
    // GuestStore.
    std::vector<int64_t> expire_guests(int64_t idle_before, int limit,
                                       const std::vector<int64_t>& keep) override;
    // ImportStore.
    void add_imported_game(const StoredImportedGame& game) override;
    std::vector<StoredImportedGame> imported_games() override;
    std::vector<StoredImportedGame> imported_games_after(int64_t id, int limit) override;
    // ModerationStore.
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
    // ClosedAccountStore.
    std::vector<StoredSpec> table_specs_of(int64_t player) override;
    void set_table_spec(const std::string& table, const std::string& spec) override;
    void delete_chat_from(const std::string& sender) override;
    // ChallengeStore.
    void save_challenge(const StoredChallenge& challenge) override;
    void delete_challenge(const std::string& id) override;
    std::vector<StoredChallenge> claim_challenges(const std::string& node) override;

  protected:
    Storage& inner() { return inner_; }

  private:
    Storage& inner_;
};

}  // namespace reversi::server
