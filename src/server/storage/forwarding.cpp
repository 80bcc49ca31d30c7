// SPDX-License-Identifier: MIT
#include "server/storage/forwarding.h"

namespace reversi::server {

void ForwardingStorage::begin() {
    inner_.begin();
}

void ForwardingStorage::commit() {
    inner_.commit();
}

void ForwardingStorage::rollback() {
    inner_.rollback();
}

void ForwardingStorage::set_metrics(Metrics* metrics) {
    inner_.set_metrics(metrics);
}

void ForwardingStorage::idle() {
    inner_.idle();
}

// TableStore.
void ForwardingStorage::save_table(const StoredTable& table) {
    inner_.save_table(table);
}

void ForwardingStorage::add_move(const std::string& table, const MoveRecord& move) {
    inner_.add_move(table, move);
}

void ForwardingStorage::truncate_moves(const std::string& table, int from_ply) {
    inner_.truncate_moves(table, from_ply);
}

std::vector<StoredTable> ForwardingStorage::unfinished() {
    return inner_.unfinished();
}

std::vector<StoredTable> ForwardingStorage::load_many(const std::vector<std::string>& ids) {
    return inner_.load_many(ids);
}

std::optional<StoredTable> ForwardingStorage::load(const std::string& id) {
    return inner_.load(id);
}

std::vector<StoredTable> ForwardingStorage::finished(int limit, int offset) {
    return inner_.finished(limit, offset);
}

// AccountStore.
void ForwardingStorage::save_player(const StoredPlayer& player) {
    inner_.save_player(player);
}

std::vector<StoredPlayer> ForwardingStorage::players() {
    return inner_.players();
}

void ForwardingStorage::save_session(const StoredSession& session) {
    inner_.save_session(session);
}

void ForwardingStorage::delete_session(const std::string& token_hash) {
    inner_.delete_session(token_hash);
}

void ForwardingStorage::delete_sessions_of(int64_t player, const std::string& keep) {
    inner_.delete_sessions_of(player, keep);
}

std::vector<StoredSession> ForwardingStorage::sessions() {
    return inner_.sessions();
}

void ForwardingStorage::save_rating(const StoredRating& rating) {
    inner_.save_rating(rating);
}

std::vector<StoredRating> ForwardingStorage::ratings() {
    return inner_.ratings();
}

void ForwardingStorage::save_table_player(const std::string& table, int seat, int64_t player) {
    inner_.save_table_player(table, seat, player);
}

void ForwardingStorage::set_outcome(const std::string& table, int seat,
                                    const std::string& outcome) {
    inner_.set_outcome(table, seat, outcome);
}

PlayerStats ForwardingStorage::player_stats(int64_t player) {
    return inner_.player_stats(player);
}

std::vector<StoredTable> ForwardingStorage::player_games(int64_t player, int limit) {
    return inner_.player_games(player, limit);
}

std::optional<StoredSession> ForwardingStorage::load_session(const std::string& token_hash) {
    return inner_.load_session(token_hash);
}

std::vector<StoredSession> ForwardingStorage::sessions_of(int64_t player) {
    return inner_.sessions_of(player);
}

std::optional<StoredPlayer> ForwardingStorage::load_player(int64_t id) {
    return inner_.load_player(id);
}

std::optional<StoredPlayer> ForwardingStorage::load_player_named(const std::string& name_key) {
    return inner_.load_player_named(name_key);
}

std::optional<StoredPlayer> ForwardingStorage::load_player_with_skeleton(
    const std::string& skeleton) {
    return inner_.load_player_with_skeleton(skeleton);
}

std::vector<StoredRating> ForwardingStorage::ratings_of(int64_t player) {
    return inner_.ratings_of(player);
}

std::optional<StoredRating> ForwardingStorage::rating_for_update(int64_t player,
                                                                 const std::string& pool) {
    return inner_.rating_for_update(player, pool);
}

void ForwardingStorage::touch_session(const std::string& token_hash, int64_t last_seen) {
    inner_.touch_session(token_hash, last_seen);
}

std::vector<RankedRating> ForwardingStorage::top_ratings(const std::string& pool, int limit) {
    return inner_.top_ratings(pool, limit);
}

std::pair<int64_t, int64_t> ForwardingStorage::reserve_player_ids() {
    return inner_.reserve_player_ids();
}

// ChatStore.
void ForwardingStorage::add_chat(const std::string& table, const ChatLine& line) {
    inner_.add_chat(table, line);
}

std::vector<ChatLine> ForwardingStorage::chat_lines(const std::string& table) {
    return inner_.chat_lines(table);
}

void ForwardingStorage::delete_chat(const std::string& table, int64_t seq) {
    inner_.delete_chat(table, seq);
}

// AnalysisStore.
void ForwardingStorage::save_analysis(const std::string& table, const std::string& analysis) {
    inner_.save_analysis(table, analysis);
}

std::optional<std::string> ForwardingStorage::load_analysis(const std::string& table) {
    return inner_.load_analysis(table);
}

// PuzzleStore.
void ForwardingStorage::save_puzzle_rating(const StoredPuzzleRating& rating) {
    inner_.save_puzzle_rating(rating);
}

std::vector<StoredPuzzleRating> ForwardingStorage::puzzle_ratings() {
    return inner_.puzzle_ratings();
}

void ForwardingStorage::save_player_puzzles(const StoredPlayerPuzzles& row) {
    inner_.save_player_puzzles(row);
}

std::vector<StoredPlayerPuzzles> ForwardingStorage::player_puzzles() {
    return inner_.player_puzzles();
}

void ForwardingStorage::add_puzzle_attempt(const StoredPuzzleAttempt& attempt) {
    inner_.add_puzzle_attempt(attempt);
}

std::vector<StoredPuzzleAttempt> ForwardingStorage::puzzle_attempts() {
    return inner_.puzzle_attempts();
}

void ForwardingStorage::save_puzzle_streak(const StoredPuzzleStreak& streak) {
    inner_.save_puzzle_streak(streak);
}

std::vector<StoredPuzzleStreak> ForwardingStorage::puzzle_streaks() {
    return inner_.puzzle_streaks();
}

void ForwardingStorage::save_running_streak(const StoredRunningStreak& streak) {
    inner_.save_running_streak(streak);
}

void ForwardingStorage::end_running_streak(int64_t player) {
    inner_.end_running_streak(player);
}

std::vector<StoredRunningStreak> ForwardingStorage::running_streaks() {
    return inner_.running_streaks();
}

void ForwardingStorage::add_seen_puzzle(const std::vector<std::string>& viewers,
                                        const std::string& puzzle, int64_t at, int keep) {
    inner_.add_seen_puzzle(viewers, puzzle, at, keep);
}

bool ForwardingStorage::puzzle_seen(const std::vector<std::string>& viewers,
                                    const std::string& puzzle, int64_t since) {
    return inner_.puzzle_seen(viewers, puzzle, since);
}

std::vector<StoredSeenPuzzle> ForwardingStorage::seen_puzzles(int64_t since, size_t limit) {
    return inner_.seen_puzzles(since, limit);
}

void ForwardingStorage::forget_seen_puzzles(int64_t before) {
    inner_.forget_seen_puzzles(before);
}

// TournamentStore.
void ForwardingStorage::save_tournament(const StoredTournament& tournament) {
    inner_.save_tournament(tournament);
}

std::vector<StoredTournament> ForwardingStorage::tournaments(int finished) {
    return inner_.tournaments(finished);
}

// LoginFailureStore.
void ForwardingStorage::add_login_failure(const std::string& name_key, const std::string& address,
                                          int64_t at, int64_t forget_before) {
    inner_.add_login_failure(name_key, address, at, forget_before);
}

LoginFailureCounts ForwardingStorage::login_failures(const std::string& name_key,
                                                     const std::string& address, int64_t since) {
    return inner_.login_failures(name_key, address, since);
}

// GuestStore.
std::vector<int64_t> ForwardingStorage::expire_guests(int64_t idle_before, int limit,
                                                      const std::vector<int64_t>& keep) {
    return inner_.expire_guests(idle_before, limit, keep);
}

// ImportStore.
void ForwardingStorage::add_imported_game(const StoredImportedGame& game) {
    inner_.add_imported_game(game);
}

std::vector<StoredImportedGame> ForwardingStorage::imported_games() {
    return inner_.imported_games();
}

std::vector<StoredImportedGame> ForwardingStorage::imported_games_after(int64_t id, int limit) {
    return inner_.imported_games_after(id, limit);
}

// ModerationStore.
void ForwardingStorage::set_role(int64_t player, const std::string& role) {
    inner_.set_role(player, role);
}

std::vector<StoredRole> ForwardingStorage::roles() {
    return inner_.roles();
}

void ForwardingStorage::save_sanction(const StoredSanction& sanction) {
    inner_.save_sanction(sanction);
}

void ForwardingStorage::delete_sanction(int64_t player, const std::string& kind) {
    inner_.delete_sanction(player, kind);
}

std::vector<StoredSanction> ForwardingStorage::sanctions() {
    return inner_.sanctions();
}

void ForwardingStorage::add_audit(const AuditEntry& entry) {
    inner_.add_audit(entry);
}

std::vector<AuditEntry> ForwardingStorage::audit(int64_t before_id, int limit) {
    return inner_.audit(before_id, limit);
}

void ForwardingStorage::save_report(const StoredReport& report) {
    inner_.save_report(report);
}

std::vector<StoredReport> ForwardingStorage::open_reports(int limit) {
    return inner_.open_reports(limit);
}

bool ForwardingStorage::add_report(const StoredReport& report) {
    return inner_.add_report(report);
}

std::vector<ReportGroup> ForwardingStorage::report_groups(int limit) {
    return inner_.report_groups(limit);
}

std::vector<StoredReport> ForwardingStorage::open_reports_of(int64_t target, int limit) {
    return inner_.open_reports_of(target, limit);
}

std::optional<StoredReport> ForwardingStorage::load_report(const std::string& id) {
    return inner_.load_report(id);
}

int ForwardingStorage::resolve_reports_of(int64_t target, int64_t until, int64_t by,
                                          const std::string& resolution) {
    return inner_.resolve_reports_of(target, until, by, resolution);
}

bool ForwardingStorage::mark_reversed(const std::string& table) {
    return inner_.mark_reversed(table);
}

bool ForwardingStorage::ratings_reversed(const std::string& table) {
    return inner_.ratings_reversed(table);
}

// ClosedAccountStore.
std::vector<StoredSpec> ForwardingStorage::table_specs_of(int64_t player) {
    return inner_.table_specs_of(player);
}

void ForwardingStorage::set_table_spec(const std::string& table, const std::string& spec) {
    inner_.set_table_spec(table, spec);
}

void ForwardingStorage::delete_chat_from(const std::string& sender) {
    inner_.delete_chat_from(sender);
}

// ChallengeStore.
void ForwardingStorage::save_challenge(const StoredChallenge& challenge) {
    inner_.save_challenge(challenge);
}

void ForwardingStorage::delete_challenge(const std::string& id) {
    inner_.delete_challenge(id);
}

std::vector<StoredChallenge> ForwardingStorage::claim_challenges(const std::string& node) {
    return inner_.claim_challenges(node);
}

}  // namespace reversi::server
