// SPDX-License-Identifier: MIT
// PostgreSQL back end, puzzle part (PuzzleStore, docs/PUZZLES.md "On the site"): puzzle
// ratings, players' puzzle ratings and rated attempts (schema version 8, schema.cpp), the best
// streaks (version 12) and the running streaks (version 16).
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

void PostgresStorage::save_puzzle_rating(const StoredPuzzleRating& g) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO puzzle_ratings(puzzle, rating, rd, volatility, attempts, solved) "
        "VALUES($1, $2, $3, $4, $5, $6) ON CONFLICT(puzzle) DO UPDATE SET rating = $2, rd = $3, "
        "volatility = $4, attempts = $5, solved = $6",
        {pg::text(g.puzzle), real(g.rating, "rating"), real(g.rd, "rd"),
         real(g.volatility, "volatility"), number(g.attempts), number(g.solved)});
}

std::vector<StoredPuzzleRating> PostgresStorage::puzzle_ratings() {
    using namespace pg_values;
    const pg::Result rows = connection_->exec(
        "SELECT puzzle, rating, rd, volatility, attempts, solved FROM puzzle_ratings");
    std::vector<StoredPuzzleRating> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.text(r, 0), real_from(rows, r, 1), real_from(rows, r, 2),
                       real_from(rows, r, 3), static_cast<int>(rows.integer(r, 4)),
                       static_cast<int>(rows.integer(r, 5))});
    return out;
}

void PostgresStorage::save_player_puzzles(const StoredPlayerPuzzles& g) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO player_puzzles(player, rating, rd, volatility, attempts, solved) "
        "VALUES($1, $2, $3, $4, $5, $6) ON CONFLICT(player) DO UPDATE SET rating = $2, rd = $3, "
        "volatility = $4, attempts = $5, solved = $6",
        {number(g.player), real(g.rating, "rating"), real(g.rd, "rd"),
         real(g.volatility, "volatility"), number(g.attempts), number(g.solved)});
}

std::vector<StoredPlayerPuzzles> PostgresStorage::player_puzzles() {
    using namespace pg_values;
    const pg::Result rows = connection_->exec(
        "SELECT player, rating, rd, volatility, attempts, solved FROM player_puzzles");
    std::vector<StoredPlayerPuzzles> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), real_from(rows, r, 1), real_from(rows, r, 2),
                       real_from(rows, r, 3), static_cast<int>(rows.integer(r, 4)),
                       static_cast<int>(rows.integer(r, 5))});
    return out;
}

void PostgresStorage::add_puzzle_attempt(const StoredPuzzleAttempt& a) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO puzzle_attempts(player, puzzle, solved, at) VALUES($1, $2, $3, $4) "
        "ON CONFLICT(player, puzzle) DO NOTHING",
        {number(a.player), pg::text(a.puzzle), number(a.solved ? 1 : 0), number(a.at)});
}

std::vector<StoredPuzzleAttempt> PostgresStorage::puzzle_attempts() {
    const pg::Result rows =
        connection_->exec("SELECT player, puzzle, solved, at FROM puzzle_attempts");
    std::vector<StoredPuzzleAttempt> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back(
            {rows.integer(r, 0), rows.text(r, 1), rows.integer(r, 2) != 0, rows.integer(r, 3)});
    return out;
}

void PostgresStorage::save_puzzle_streak(const StoredPuzzleStreak& g) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO puzzle_streaks(player, pool, best, at) VALUES($1, $2, $3, $4) "
        "ON CONFLICT(player, pool) DO UPDATE SET best = $3, at = $4",
        {number(g.player), pg::text(g.pool), number(g.best), number(g.at)});
}

std::vector<StoredPuzzleStreak> PostgresStorage::puzzle_streaks() {
    const pg::Result rows = connection_->exec("SELECT player, pool, best, at FROM puzzle_streaks");
    std::vector<StoredPuzzleStreak> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), static_cast<int>(rows.integer(r, 2)),
                       rows.integer(r, 3)});
    return out;
}

void PostgresStorage::save_running_streak(const StoredRunningStreak& g) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO running_puzzle_streaks(player, pool, count, current, last_rating, seen, "
        "touched) VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT(player) DO UPDATE SET pool = $2, "
        "count = $3, current = $4, last_rating = $5, seen = $6, touched = $7",
        {number(g.player), pg::text(g.pool), number(g.count), pg::text(g.current),
         real(g.last_rating, "last_rating"), pg::text(g.seen), number(g.touched)});
}

void PostgresStorage::end_running_streak(int64_t player) {
    using namespace pg_values;
    connection_->exec("DELETE FROM running_puzzle_streaks WHERE player = $1", {number(player)});
}

std::vector<StoredRunningStreak> PostgresStorage::running_streaks() {
    using namespace pg_values;
    const pg::Result rows = connection_->exec(
        "SELECT player, pool, count, current, last_rating, seen, touched FROM "
        "running_puzzle_streaks");
    std::vector<StoredRunningStreak> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), static_cast<int>(rows.integer(r, 2)),
                       rows.text(r, 3), real_from(rows, r, 4), rows.text(r, 5),
                       rows.integer(r, 6)});
    return out;
}

void PostgresStorage::add_seen_puzzle(const std::vector<std::string>& viewers,
                                      const std::string& puzzle, int64_t at, int keep) {
    using namespace pg_values;
    for (const std::string& viewer : viewers) {
        connection_->exec(
            "INSERT INTO seen_puzzles(viewer, puzzle, at) VALUES($1, $2, $3) ON CONFLICT(viewer, "
            "puzzle) DO UPDATE SET at = GREATEST(seen_puzzles.at, excluded.at)",
            {pg::text(viewer), pg::text(puzzle), number(at)});
        // The viewer's newest `keep` rows stay (ties broken by the puzzle, so exactly `keep`).
        connection_->exec(
            "DELETE FROM seen_puzzles WHERE viewer = $1 AND puzzle IN (SELECT puzzle FROM "
            "seen_puzzles WHERE viewer = $1 ORDER BY at DESC, puzzle DESC OFFSET $2)",
            {pg::text(viewer), number(keep)});
    }
}

bool PostgresStorage::puzzle_seen(const std::vector<std::string>& viewers,
                                  const std::string& puzzle, int64_t since) {
    using namespace pg_values;
    const pg::Result rows = connection_->exec(
        "SELECT 1 FROM seen_puzzles WHERE viewer = ANY($1) AND puzzle = $2 AND at >= $3 LIMIT 1",
        {text_array(viewers), pg::text(puzzle), number(since)});
    return rows.rows() > 0;
}

std::vector<StoredSeenPuzzle> PostgresStorage::seen_puzzles(int64_t since, size_t limit) {
    using namespace pg_values;
    const pg::Result rows = connection_->exec(
        "SELECT viewer, puzzle, at FROM (SELECT viewer, puzzle, at FROM seen_puzzles WHERE at >= "
        "$1 ORDER BY at DESC LIMIT $2) newest ORDER BY at",
        {number(since), number(static_cast<int64_t>(limit))});
    std::vector<StoredSeenPuzzle> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.text(r, 0), rows.text(r, 1), rows.integer(r, 2)});
    return out;
}

void PostgresStorage::forget_seen_puzzles(int64_t before) {
    using namespace pg_values;
    connection_->exec("DELETE FROM seen_puzzles WHERE at < $1", {number(before)});
}

}  // namespace reversi::server
