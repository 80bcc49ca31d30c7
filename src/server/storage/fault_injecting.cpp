// SPDX-License-Identifier: MIT
#include "server/storage/fault_injecting.h"

#include <stdexcept>
#include <string>

namespace reversi::server {

FaultInjectingStorage::FaultInjectingStorage(Storage& inner, double commit_failure_rate,
                                             uint64_t seed)
    : inner_(inner), rate_(commit_failure_rate), rng_(seed) {}

void FaultInjectingStorage::maybe_fail_write(const char* what) {
    if (failing_writes_.load() > 0 && failing_writes_.fetch_sub(1) > 0) {
        injected_++;
        throw std::runtime_error(std::string("injected fault: ") + what);
    }
}

void FaultInjectingStorage::begin() {
    inner_.begin();
}

void FaultInjectingStorage::commit() {
    bool fail = failing_commits_.load() > 0 && failing_commits_.fetch_sub(1) > 0;
    if (!fail && rate_ > 0) {
        std::lock_guard lock(rng_mutex_);
        fail = std::uniform_real_distribution<double>(0, 1)(rng_) < rate_;
    }
    if (fail) {
        injected_++;
        inner_.rollback();
        throw std::runtime_error("injected fault: commit (as a failed fsync)");
    }
    inner_.commit();
}

void FaultInjectingStorage::rollback() {
    inner_.rollback();
}

void FaultInjectingStorage::save_table(const StoredTable& table) {
    maybe_fail_write("save table");
    inner_.save_table(table);
}

void FaultInjectingStorage::add_move(const std::string& table, const MoveRecord& move) {
    maybe_fail_write("add move");
    inner_.add_move(table, move);
}

void FaultInjectingStorage::truncate_moves(const std::string& table, int from_ply) {
    maybe_fail_write("truncate moves");
    inner_.truncate_moves(table, from_ply);
}

std::vector<StoredTable> FaultInjectingStorage::unfinished() {
    return inner_.unfinished();
}

std::optional<StoredTable> FaultInjectingStorage::load(const std::string& id) {
    return inner_.load(id);
}

std::vector<StoredTable> FaultInjectingStorage::finished(int limit, int offset) {
    return inner_.finished(limit, offset);
}

void FaultInjectingStorage::save_player(const StoredPlayer& player) {
    maybe_fail_write("save player");
    inner_.save_player(player);
}

std::vector<StoredPlayer> FaultInjectingStorage::players() {
    return inner_.players();
}

void FaultInjectingStorage::save_session(const StoredSession& session) {
    maybe_fail_write("save session");
    inner_.save_session(session);
}

void FaultInjectingStorage::delete_session(const std::string& token_hash) {
    maybe_fail_write("delete session");
    inner_.delete_session(token_hash);
}

void FaultInjectingStorage::delete_sessions_of(int64_t player, const std::string& keep) {
    maybe_fail_write("delete sessions");
    inner_.delete_sessions_of(player, keep);
}

std::vector<StoredSession> FaultInjectingStorage::sessions() {
    return inner_.sessions();
}

void FaultInjectingStorage::save_rating(const StoredRating& rating) {
    maybe_fail_write("save rating");
    inner_.save_rating(rating);
}

std::vector<StoredRating> FaultInjectingStorage::ratings() {
    return inner_.ratings();
}

void FaultInjectingStorage::save_table_player(const std::string& table, int seat, int64_t player) {
    maybe_fail_write("save table player");
    inner_.save_table_player(table, seat, player);
}

void FaultInjectingStorage::set_outcome(const std::string& table, int seat,
                                        const std::string& outcome) {
    maybe_fail_write("set outcome");
    inner_.set_outcome(table, seat, outcome);
}

PlayerStats FaultInjectingStorage::player_stats(int64_t player) {
    return inner_.player_stats(player);
}

std::vector<StoredTable> FaultInjectingStorage::player_games(int64_t player, int limit) {
    return inner_.player_games(player, limit);
}

// Chat.
void FaultInjectingStorage::add_chat(const std::string& table, const ChatLine& line) {
    maybe_fail_write("add chat");
    inner_.add_chat(table, line);
}

std::vector<ChatLine> FaultInjectingStorage::chat_lines(const std::string& table) {
    return inner_.chat_lines(table);
}

void FaultInjectingStorage::delete_chat(const std::string& table, int64_t seq) {
    maybe_fail_write("delete chat");
    inner_.delete_chat(table, seq);
}

std::vector<StoredSpec> FaultInjectingStorage::table_specs_of(int64_t player) {
    return inner_.table_specs_of(player);
}

void FaultInjectingStorage::set_table_spec(const std::string& table, const std::string& spec) {
    maybe_fail_write("set table spec");
    inner_.set_table_spec(table, spec);
}

void FaultInjectingStorage::delete_chat_from(const std::string& sender) {
    maybe_fail_write("delete chat from");
    inner_.delete_chat_from(sender);
}

// Analyses.
void FaultInjectingStorage::save_analysis(const std::string& table, const std::string& analysis) {
    maybe_fail_write("save analysis");
    inner_.save_analysis(table, analysis);
}

std::optional<std::string> FaultInjectingStorage::load_analysis(const std::string& table) {
    return inner_.load_analysis(table);
}

void FaultInjectingStorage::save_tournament(const StoredTournament& tournament) {
    maybe_fail_write("save tournament");
    inner_.save_tournament(tournament);
}

std::vector<StoredTournament> FaultInjectingStorage::tournaments(int finished) {
    return inner_.tournaments(finished);
}

void FaultInjectingStorage::add_login_failure(const std::string& name_key,
                                              const std::string& address, int64_t at,
                                              int64_t forget_before) {
    maybe_fail_write("add login failure");
    inner_.add_login_failure(name_key, address, at, forget_before);
}

std::vector<int64_t> FaultInjectingStorage::expire_guests(int64_t idle_before, int limit,
                                                          const std::vector<int64_t>& keep) {
    maybe_fail_write("expire guests");
    return inner_.expire_guests(idle_before, limit, keep);
}

LoginFailureCounts FaultInjectingStorage::login_failures(const std::string& name_key,
                                                         const std::string& address,
                                                         int64_t since) {
    return inner_.login_failures(name_key, address, since);
}

// Single account rows (several nodes on one store): reads pass through, writes may fail.
std::optional<StoredSession> FaultInjectingStorage::load_session(const std::string& token_hash) {
    return inner_.load_session(token_hash);
}

std::vector<StoredSession> FaultInjectingStorage::sessions_of(int64_t player) {
    return inner_.sessions_of(player);
}

std::optional<StoredPlayer> FaultInjectingStorage::load_player(int64_t id) {
    return inner_.load_player(id);
}

std::optional<StoredPlayer> FaultInjectingStorage::load_player_named(const std::string& name_key) {
    return inner_.load_player_named(name_key);
}

std::optional<StoredPlayer> FaultInjectingStorage::load_player_with_skeleton(
    const std::string& skeleton) {
    return inner_.load_player_with_skeleton(skeleton);
}

std::vector<StoredRating> FaultInjectingStorage::ratings_of(int64_t player) {
    return inner_.ratings_of(player);
}

std::optional<StoredRating> FaultInjectingStorage::rating_for_update(int64_t player,
                                                                     const std::string& pool) {
    return inner_.rating_for_update(player, pool);
}

void FaultInjectingStorage::touch_session(const std::string& token_hash, int64_t last_seen) {
    maybe_fail_write("touch session");
    inner_.touch_session(token_hash, last_seen);
}

std::vector<RankedRating> FaultInjectingStorage::top_ratings(const std::string& pool, int limit) {
    return inner_.top_ratings(pool, limit);
}

std::pair<int64_t, int64_t> FaultInjectingStorage::reserve_player_ids() {
    maybe_fail_write("reserve player ids");
    return inner_.reserve_player_ids();
}

void FaultInjectingStorage::save_puzzle_rating(const StoredPuzzleRating& rating) {
    maybe_fail_write("save puzzle rating");
    inner_.save_puzzle_rating(rating);
}

std::vector<StoredPuzzleRating> FaultInjectingStorage::puzzle_ratings() {
    return inner_.puzzle_ratings();
}

void FaultInjectingStorage::save_player_puzzles(const StoredPlayerPuzzles& row) {
    maybe_fail_write("save player puzzles");
    inner_.save_player_puzzles(row);
}

std::vector<StoredPlayerPuzzles> FaultInjectingStorage::player_puzzles() {
    return inner_.player_puzzles();
}

void FaultInjectingStorage::add_puzzle_attempt(const StoredPuzzleAttempt& attempt) {
    maybe_fail_write("add puzzle attempt");
    inner_.add_puzzle_attempt(attempt);
}

std::vector<StoredPuzzleAttempt> FaultInjectingStorage::puzzle_attempts() {
    return inner_.puzzle_attempts();
}

void FaultInjectingStorage::save_puzzle_streak(const StoredPuzzleStreak& streak) {
    maybe_fail_write("save puzzle streak");
    inner_.save_puzzle_streak(streak);
}

std::vector<StoredPuzzleStreak> FaultInjectingStorage::puzzle_streaks() {
    return inner_.puzzle_streaks();
}

void FaultInjectingStorage::save_running_streak(const StoredRunningStreak& streak) {
    maybe_fail_write("save running streak");
    inner_.save_running_streak(streak);
}

void FaultInjectingStorage::end_running_streak(int64_t player) {
    maybe_fail_write("end running streak");
    inner_.end_running_streak(player);
}

std::vector<StoredRunningStreak> FaultInjectingStorage::running_streaks() {
    return inner_.running_streaks();
}

void FaultInjectingStorage::save_challenge(const StoredChallenge& challenge) {
    maybe_fail_write("save challenge");
    inner_.save_challenge(challenge);
}

void FaultInjectingStorage::delete_challenge(const std::string& id) {
    maybe_fail_write("delete challenge");
    inner_.delete_challenge(id);
}

std::vector<StoredChallenge> FaultInjectingStorage::claim_challenges(const std::string& node) {
    return inner_.claim_challenges(node);
}

void FaultInjectingStorage::add_seen_puzzle(const std::vector<std::string>& viewers,
                                            const std::string& puzzle, int64_t at, int keep) {
    maybe_fail_write("add seen puzzle");
    inner_.add_seen_puzzle(viewers, puzzle, at, keep);
}

bool FaultInjectingStorage::puzzle_seen(const std::vector<std::string>& viewers,
                                        const std::string& puzzle, int64_t since) {
    return inner_.puzzle_seen(viewers, puzzle, since);
}

std::vector<StoredSeenPuzzle> FaultInjectingStorage::seen_puzzles(int64_t since, size_t limit) {
    return inner_.seen_puzzles(since, limit);
}

void FaultInjectingStorage::forget_seen_puzzles(int64_t before) {
    maybe_fail_write("forget seen puzzles");
    inner_.forget_seen_puzzles(before);
}

void FaultInjectingStorage::add_imported_game(const StoredImportedGame& game) {
    maybe_fail_write("add imported game");
    inner_.add_imported_game(game);
}

std::vector<StoredImportedGame> FaultInjectingStorage::imported_games() {
    return inner_.imported_games();
}

std::vector<StoredImportedGame> FaultInjectingStorage::imported_games_after(int64_t id, int limit) {
    return inner_.imported_games_after(id, limit);
}

// Moderation (roles, sanctions, audit, reports): reads pass through, writes may fail.
void FaultInjectingStorage::set_role(int64_t player, const std::string& role) {
    maybe_fail_write("set role");
    inner_.set_role(player, role);
}

std::vector<StoredRole> FaultInjectingStorage::roles() {
    return inner_.roles();
}

void FaultInjectingStorage::save_sanction(const StoredSanction& sanction) {
    maybe_fail_write("save sanction");
    inner_.save_sanction(sanction);
}

void FaultInjectingStorage::delete_sanction(int64_t player, const std::string& kind) {
    maybe_fail_write("delete sanction");
    inner_.delete_sanction(player, kind);
}

std::vector<StoredSanction> FaultInjectingStorage::sanctions() {
    return inner_.sanctions();
}

void FaultInjectingStorage::add_audit(const AuditEntry& entry) {
    maybe_fail_write("add audit");
    inner_.add_audit(entry);
}

std::vector<AuditEntry> FaultInjectingStorage::audit(int64_t before_id, int limit) {
    return inner_.audit(before_id, limit);
}

void FaultInjectingStorage::save_report(const StoredReport& report) {
    maybe_fail_write("save report");
    inner_.save_report(report);
}

std::vector<StoredReport> FaultInjectingStorage::open_reports(int limit) {
    return inner_.open_reports(limit);
}

bool FaultInjectingStorage::add_report(const StoredReport& report) {
    maybe_fail_write("add report");
    return inner_.add_report(report);
}

std::vector<ReportGroup> FaultInjectingStorage::report_groups(int limit) {
    return inner_.report_groups(limit);
}

std::vector<StoredReport> FaultInjectingStorage::open_reports_of(int64_t target, int limit) {
    return inner_.open_reports_of(target, limit);
}

std::optional<StoredReport> FaultInjectingStorage::load_report(const std::string& id) {
    return inner_.load_report(id);
}

int FaultInjectingStorage::resolve_reports_of(int64_t target, int64_t until, int64_t by,
                                              const std::string& resolution) {
    maybe_fail_write("resolve reports");
    return inner_.resolve_reports_of(target, until, by, resolution);
}

bool FaultInjectingStorage::mark_reversed(const std::string& table) {
    maybe_fail_write("mark reversed");
    return inner_.mark_reversed(table);
}

bool FaultInjectingStorage::ratings_reversed(const std::string& table) {
    return inner_.ratings_reversed(table);
}

}  // namespace reversi::server
