// SPDX-License-Identifier: MIT
// SQLite back end, puzzle part (PuzzleStore, docs/PUZZLES.md "On the site"): puzzle ratings,
// players' puzzle ratings and rated attempts, schema version 8, and the best streaks, version 12
// (migrations in storage/sqlite/accounts.cpp). These writes are a few per finished puzzle, so the
// statements are prepared per call rather than kept.
#include <sqlite3.h>

#include <string>
#include <vector>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion8;
const char* const SchemaVersion8 = R"(
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL,
    solved INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_puzzles (
    player INTEGER PRIMARY KEY,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL,
    solved INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
    player INTEGER NOT NULL,
    puzzle TEXT NOT NULL,
    solved INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (player, puzzle)
) WITHOUT ROWID;
)";

// Version 12: the best streak per player and pool (streak mode).
extern const char* const SchemaVersion12;
const char* const SchemaVersion12 = R"(
CREATE TABLE IF NOT EXISTS puzzle_streaks (
    player INTEGER NOT NULL,
    pool TEXT NOT NULL,
    best INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (player, pool)
) WITHOUT ROWID;
)";

// Version 16: running streaks, so that a restart does not end them (docs/PUZZLES.md
// "Streak mode"). Self-contained: the number may change at a merge.
extern const char* const SchemaVersionRunningStreaks;
const char* const SchemaVersionRunningStreaks = R"(
CREATE TABLE IF NOT EXISTS running_puzzle_streaks (
    player INTEGER PRIMARY KEY,
    pool TEXT NOT NULL,
    count INTEGER NOT NULL,
    current TEXT NOT NULL,
    last_rating REAL NOT NULL,
    seen TEXT NOT NULL,
    touched INTEGER NOT NULL
);
)";

// Version 19: who was shown which puzzle's solution (issue 48, item 6; puzzles/seen_puzzles.h),
// so that a restart or another node still refuses to rate it. Self-contained: the number may
// change at a merge.
extern const char* const SchemaVersionSeenPuzzles;
const char* const SchemaVersionSeenPuzzles = R"(
CREATE TABLE IF NOT EXISTS seen_puzzles (
    viewer TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (viewer, puzzle)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seen_puzzles_viewer_at ON seen_puzzles(viewer, at);
CREATE INDEX IF NOT EXISTS seen_puzzles_at ON seen_puzzles(at);
)";

using sqlite_detail::OneShotStatement;

void SqliteStorage::save_puzzle_rating(const StoredPuzzleRating& g) {
    OneShotStatement s{prepare(
        "INSERT OR REPLACE INTO puzzle_ratings(puzzle, rating, rd, volatility, attempts, solved) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6)")};
    sqlite_detail::bind_text(s.st, 1, g.puzzle);
    sqlite3_bind_double(s.st, 2, g.rating);
    sqlite3_bind_double(s.st, 3, g.rd);
    sqlite3_bind_double(s.st, 4, g.volatility);
    sqlite3_bind_int(s.st, 5, g.attempts);
    sqlite3_bind_int(s.st, 6, g.solved);
    check(sqlite3_step(s.st), "save puzzle rating");
}

std::vector<StoredPuzzleRating> SqliteStorage::puzzle_ratings() {
    OneShotStatement s{
        prepare("SELECT puzzle, rating, rd, volatility, attempts, solved FROM puzzle_ratings")};
    std::vector<StoredPuzzleRating> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite_detail::column_text(s.st, 0), sqlite3_column_double(s.st, 1),
                       sqlite3_column_double(s.st, 2), sqlite3_column_double(s.st, 3),
                       sqlite3_column_int(s.st, 4), sqlite3_column_int(s.st, 5)});
    check(rc, "read puzzle ratings");
    return out;
}

void SqliteStorage::save_player_puzzles(const StoredPlayerPuzzles& g) {
    OneShotStatement s{prepare(
        "INSERT OR REPLACE INTO player_puzzles(player, rating, rd, volatility, attempts, solved) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6)")};
    sqlite3_bind_int64(s.st, 1, g.player);
    sqlite3_bind_double(s.st, 2, g.rating);
    sqlite3_bind_double(s.st, 3, g.rd);
    sqlite3_bind_double(s.st, 4, g.volatility);
    sqlite3_bind_int(s.st, 5, g.attempts);
    sqlite3_bind_int(s.st, 6, g.solved);
    check(sqlite3_step(s.st), "save player puzzles");
}

std::vector<StoredPlayerPuzzles> SqliteStorage::player_puzzles() {
    OneShotStatement s{
        prepare("SELECT player, rating, rd, volatility, attempts, solved FROM player_puzzles")};
    std::vector<StoredPlayerPuzzles> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(s.st, 0), sqlite3_column_double(s.st, 1),
                       sqlite3_column_double(s.st, 2), sqlite3_column_double(s.st, 3),
                       sqlite3_column_int(s.st, 4), sqlite3_column_int(s.st, 5)});
    check(rc, "read player puzzles");
    return out;
}

void SqliteStorage::add_puzzle_attempt(const StoredPuzzleAttempt& a) {
    OneShotStatement s{
        prepare("INSERT OR IGNORE INTO puzzle_attempts(player, puzzle, solved, at) VALUES(?1, ?2, "
                "?3, ?4)")};
    sqlite3_bind_int64(s.st, 1, a.player);
    sqlite_detail::bind_text(s.st, 2, a.puzzle);
    sqlite3_bind_int(s.st, 3, a.solved ? 1 : 0);
    sqlite3_bind_int64(s.st, 4, a.at);
    check(sqlite3_step(s.st), "add puzzle attempt");
}

std::vector<StoredPuzzleAttempt> SqliteStorage::puzzle_attempts() {
    OneShotStatement s{prepare("SELECT player, puzzle, solved, at FROM puzzle_attempts")};
    std::vector<StoredPuzzleAttempt> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(s.st, 0), sqlite_detail::column_text(s.st, 1),
                       sqlite3_column_int(s.st, 2) != 0, sqlite3_column_int64(s.st, 3)});
    check(rc, "read puzzle attempts");
    return out;
}

void SqliteStorage::save_puzzle_streak(const StoredPuzzleStreak& g) {
    OneShotStatement s{
        prepare("INSERT OR REPLACE INTO puzzle_streaks(player, pool, best, at) VALUES(?1, ?2, ?3, "
                "?4)")};
    sqlite3_bind_int64(s.st, 1, g.player);
    sqlite_detail::bind_text(s.st, 2, g.pool);
    sqlite3_bind_int(s.st, 3, g.best);
    sqlite3_bind_int64(s.st, 4, g.at);
    check(sqlite3_step(s.st), "save puzzle streak");
}

std::vector<StoredPuzzleStreak> SqliteStorage::puzzle_streaks() {
    OneShotStatement s{prepare("SELECT player, pool, best, at FROM puzzle_streaks")};
    std::vector<StoredPuzzleStreak> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(s.st, 0), sqlite_detail::column_text(s.st, 1),
                       sqlite3_column_int(s.st, 2), sqlite3_column_int64(s.st, 3)});
    check(rc, "read puzzle streaks");
    return out;
}

void SqliteStorage::save_running_streak(const StoredRunningStreak& g) {
    OneShotStatement s{prepare(
        "INSERT OR REPLACE INTO running_puzzle_streaks(player, pool, count, current, last_rating, "
        "seen, touched) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)")};
    sqlite3_bind_int64(s.st, 1, g.player);
    sqlite_detail::bind_text(s.st, 2, g.pool);
    sqlite3_bind_int(s.st, 3, g.count);
    sqlite_detail::bind_text(s.st, 4, g.current);
    sqlite3_bind_double(s.st, 5, g.last_rating);
    sqlite_detail::bind_text(s.st, 6, g.seen);
    sqlite3_bind_int64(s.st, 7, g.touched);
    check(sqlite3_step(s.st), "save running streak");
}

void SqliteStorage::end_running_streak(int64_t player) {
    OneShotStatement s{prepare("DELETE FROM running_puzzle_streaks WHERE player = ?1")};
    sqlite3_bind_int64(s.st, 1, player);
    check(sqlite3_step(s.st), "end running streak");
}

std::vector<StoredRunningStreak> SqliteStorage::running_streaks() {
    OneShotStatement s{
        prepare("SELECT player, pool, count, current, last_rating, seen, touched FROM "
                "running_puzzle_streaks")};
    std::vector<StoredRunningStreak> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(s.st, 0), sqlite_detail::column_text(s.st, 1),
                       sqlite3_column_int(s.st, 2), sqlite_detail::column_text(s.st, 3),
                       sqlite3_column_double(s.st, 4), sqlite_detail::column_text(s.st, 5),
                       sqlite3_column_int64(s.st, 6)});
    check(rc, "read running streaks");
    return out;
}

void SqliteStorage::add_seen_puzzle(const std::vector<std::string>& viewers,
                                    const std::string& puzzle, int64_t at, int keep) {
    for (const std::string& viewer : viewers) {
        OneShotStatement add{
            prepare("INSERT INTO seen_puzzles(viewer, puzzle, at) VALUES(?1, ?2, ?3) "
                    "ON CONFLICT(viewer, puzzle) DO UPDATE SET at = MAX(at, excluded.at)")};
        sqlite_detail::bind_text(add.st, 1, viewer);
        sqlite_detail::bind_text(add.st, 2, puzzle);
        sqlite3_bind_int64(add.st, 3, at);
        check(sqlite3_step(add.st), "add seen puzzle");
        // The viewer's newest `keep` rows stay (ties broken by the puzzle, so exactly `keep`).
        OneShotStatement cap{
            prepare("DELETE FROM seen_puzzles WHERE viewer = ?1 AND puzzle IN (SELECT puzzle FROM "
                    "seen_puzzles WHERE viewer = ?1 ORDER BY at DESC, puzzle DESC LIMIT -1 "
                    "OFFSET ?2)")};
        sqlite_detail::bind_text(cap.st, 1, viewer);
        sqlite3_bind_int(cap.st, 2, keep);
        check(sqlite3_step(cap.st), "cap seen puzzles");
    }
}

bool SqliteStorage::puzzle_seen(const std::vector<std::string>& viewers, const std::string& puzzle,
                                int64_t since) {
    for (const std::string& viewer : viewers) {
        OneShotStatement s{
            prepare("SELECT 1 FROM seen_puzzles WHERE viewer = ?1 AND puzzle = ?2 AND at >= ?3")};
        sqlite_detail::bind_text(s.st, 1, viewer);
        sqlite_detail::bind_text(s.st, 2, puzzle);
        sqlite3_bind_int64(s.st, 3, since);
        const int rc = sqlite3_step(s.st);
        if (rc == SQLITE_ROW) return true;
        check(rc, "read seen puzzle");
    }
    return false;
}

std::vector<StoredSeenPuzzle> SqliteStorage::seen_puzzles(int64_t since, size_t limit) {
    OneShotStatement s{
        prepare("SELECT viewer, puzzle, at FROM (SELECT viewer, puzzle, at FROM seen_puzzles "
                "WHERE at >= ?1 ORDER BY at DESC LIMIT ?2) ORDER BY at")};
    sqlite3_bind_int64(s.st, 1, since);
    sqlite3_bind_int64(s.st, 2, static_cast<int64_t>(limit));
    std::vector<StoredSeenPuzzle> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite_detail::column_text(s.st, 0), sqlite_detail::column_text(s.st, 1),
                       sqlite3_column_int64(s.st, 2)});
    check(rc, "read seen puzzles");
    return out;
}

void SqliteStorage::forget_seen_puzzles(int64_t before) {
    OneShotStatement s{prepare("DELETE FROM seen_puzzles WHERE at < ?1")};
    sqlite3_bind_int64(s.st, 1, before);
    check(sqlite3_step(s.st), "forget seen puzzles");
}

}  // namespace reversi::server
