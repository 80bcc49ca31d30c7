// SPDX-License-Identifier: MIT
#include "server/storage/fault_injecting.h"

#include <stdexcept>
#include <string>

namespace reversi::server {

FaultInjectingStorage::FaultInjectingStorage(Storage& inner, double commit_failure_rate,
                                             uint64_t seed)
    : ForwardingStorage(inner), rate_(commit_failure_rate), rng_(seed) {}

void FaultInjectingStorage::maybe_fail_write(const char* what) {
    if (failing_writes_.load() > 0 && failing_writes_.fetch_sub(1) > 0) {
        injected_++;
        throw std::runtime_error(std::string("injected fault: ") + what);
    }
}

void FaultInjectingStorage::commit() {
    bool fail = failing_commits_.load() > 0 && failing_commits_.fetch_sub(1) > 0;
    if (!fail && rate_ > 0) {
        std::lock_guard lock(rng_mutex_);
        fail = std::uniform_real_distribution<double>(0, 1)(rng_) < rate_;
    }
    if (fail) {
        injected_++;
        inner().rollback();
        throw std::runtime_error("injected fault: commit (as a failed fsync)");
    }
    inner().commit();
}

void FaultInjectingStorage::save_table(const StoredTable& table) {
    maybe_fail_write("save table");
    ForwardingStorage::save_table(table);
}

void FaultInjectingStorage::add_move(const std::string& table, const MoveRecord& move) {
    maybe_fail_write("add move");
    ForwardingStorage::add_move(table, move);
}

void FaultInjectingStorage::truncate_moves(const std::string& table, int from_ply) {
    maybe_fail_write("truncate moves");
    ForwardingStorage::truncate_moves(table, from_ply);
}

void FaultInjectingStorage::save_player(const StoredPlayer& player) {
    maybe_fail_write("save player");
    ForwardingStorage::save_player(player);
}

void FaultInjectingStorage::save_session(const StoredSession& session) {
    maybe_fail_write("save session");
    ForwardingStorage::save_session(session);
}

void FaultInjectingStorage::delete_session(const std::string& token_hash) {
    maybe_fail_write("delete session");
    ForwardingStorage::delete_session(token_hash);
}

void FaultInjectingStorage::delete_sessions_of(int64_t player, const std::string& keep) {
    maybe_fail_write("delete sessions");
    ForwardingStorage::delete_sessions_of(player, keep);
}

void FaultInjectingStorage::save_rating(const StoredRating& rating) {
    maybe_fail_write("save rating");
    ForwardingStorage::save_rating(rating);
}

void FaultInjectingStorage::save_table_player(const std::string& table, int seat, int64_t player) {
    maybe_fail_write("save table player");
    ForwardingStorage::save_table_player(table, seat, player);
}

void FaultInjectingStorage::set_outcome(const std::string& table, int seat,
                                        const std::string& outcome) {
    maybe_fail_write("set outcome");
    ForwardingStorage::set_outcome(table, seat, outcome);
}

void FaultInjectingStorage::add_chat(const std::string& table, const ChatLine& line) {
    maybe_fail_write("add chat");
    ForwardingStorage::add_chat(table, line);
}

void FaultInjectingStorage::delete_chat(const std::string& table, int64_t seq) {
    maybe_fail_write("delete chat");
    ForwardingStorage::delete_chat(table, seq);
}

void FaultInjectingStorage::set_table_spec(const std::string& table, const std::string& spec) {
    maybe_fail_write("set table spec");
    ForwardingStorage::set_table_spec(table, spec);
}

void FaultInjectingStorage::delete_chat_from(const std::string& sender) {
    maybe_fail_write("delete chat from");
    ForwardingStorage::delete_chat_from(sender);
}

void FaultInjectingStorage::save_analysis(const std::string& table, const std::string& analysis) {
    maybe_fail_write("save analysis");
    ForwardingStorage::save_analysis(table, analysis);
}

void FaultInjectingStorage::save_tournament(const StoredTournament& tournament) {
    maybe_fail_write("save tournament");
    ForwardingStorage::save_tournament(tournament);
}

void FaultInjectingStorage::add_login_failure(const std::string& name_key,
                                              const std::string& address, int64_t at,
                                              int64_t forget_before) {
    maybe_fail_write("add login failure");
    ForwardingStorage::add_login_failure(name_key, address, at, forget_before);
}

std::vector<int64_t> FaultInjectingStorage::expire_guests(int64_t idle_before, int limit,
                                                          const std::vector<int64_t>& keep) {
    maybe_fail_write("expire guests");
    return ForwardingStorage::expire_guests(idle_before, limit, keep);
}

void FaultInjectingStorage::touch_session(const std::string& token_hash, int64_t last_seen) {
    maybe_fail_write("touch session");
    ForwardingStorage::touch_session(token_hash, last_seen);
}

std::pair<int64_t, int64_t> FaultInjectingStorage::reserve_player_ids() {
    maybe_fail_write("reserve player ids");
    return ForwardingStorage::reserve_player_ids();
}

void FaultInjectingStorage::save_puzzle_rating(const StoredPuzzleRating& rating) {
    maybe_fail_write("save puzzle rating");
    ForwardingStorage::save_puzzle_rating(rating);
}

void FaultInjectingStorage::save_player_puzzles(const StoredPlayerPuzzles& row) {
    maybe_fail_write("save player puzzles");
    ForwardingStorage::save_player_puzzles(row);
}

void FaultInjectingStorage::add_puzzle_attempt(const StoredPuzzleAttempt& attempt) {
    maybe_fail_write("add puzzle attempt");
    ForwardingStorage::add_puzzle_attempt(attempt);
}

void FaultInjectingStorage::save_puzzle_streak(const StoredPuzzleStreak& streak) {
    maybe_fail_write("save puzzle streak");
    ForwardingStorage::save_puzzle_streak(streak);
}

void FaultInjectingStorage::save_running_streak(const StoredRunningStreak& streak) {
    maybe_fail_write("save running streak");
    ForwardingStorage::save_running_streak(streak);
}

void FaultInjectingStorage::end_running_streak(int64_t player) {
    maybe_fail_write("end running streak");
    ForwardingStorage::end_running_streak(player);
}

void FaultInjectingStorage::save_challenge(const StoredChallenge& challenge) {
    maybe_fail_write("save challenge");
    ForwardingStorage::save_challenge(challenge);
}

void FaultInjectingStorage::delete_challenge(const std::string& id) {
    maybe_fail_write("delete challenge");
    ForwardingStorage::delete_challenge(id);
}

void FaultInjectingStorage::add_seen_puzzle(const std::vector<std::string>& viewers,
                                            const std::string& puzzle, int64_t at, int keep) {
    maybe_fail_write("add seen puzzle");
    ForwardingStorage::add_seen_puzzle(viewers, puzzle, at, keep);
}

void FaultInjectingStorage::forget_seen_puzzles(int64_t before) {
    maybe_fail_write("forget seen puzzles");
    ForwardingStorage::forget_seen_puzzles(before);
}

void FaultInjectingStorage::add_imported_game(const StoredImportedGame& game) {
    maybe_fail_write("add imported game");
    ForwardingStorage::add_imported_game(game);
}

void FaultInjectingStorage::set_role(int64_t player, const std::string& role) {
    maybe_fail_write("set role");
    ForwardingStorage::set_role(player, role);
}

void FaultInjectingStorage::save_sanction(const StoredSanction& sanction) {
    maybe_fail_write("save sanction");
    ForwardingStorage::save_sanction(sanction);
}

void FaultInjectingStorage::delete_sanction(int64_t player, const std::string& kind) {
    maybe_fail_write("delete sanction");
    ForwardingStorage::delete_sanction(player, kind);
}

void FaultInjectingStorage::add_audit(const AuditEntry& entry) {
    maybe_fail_write("add audit");
    ForwardingStorage::add_audit(entry);
}

void FaultInjectingStorage::save_report(const StoredReport& report) {
    maybe_fail_write("save report");
    ForwardingStorage::save_report(report);
}

bool FaultInjectingStorage::add_report(const StoredReport& report) {
    maybe_fail_write("add report");
    return ForwardingStorage::add_report(report);
}

int FaultInjectingStorage::resolve_reports_of(int64_t target, int64_t until, int64_t by,
                                              const std::string& resolution) {
    maybe_fail_write("resolve reports");
    return ForwardingStorage::resolve_reports_of(target, until, by, resolution);
}

bool FaultInjectingStorage::mark_reversed(const std::string& table) {
    maybe_fail_write("mark reversed");
    return ForwardingStorage::mark_reversed(table);
}

}  // namespace reversi::server
