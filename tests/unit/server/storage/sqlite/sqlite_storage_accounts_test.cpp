// SPDX-License-Identifier: MIT
// The SQLite store's accounts rows on a real file: players, sessions, ratings and seats
// survive reopening; names are unique ignoring case through their key; stats count outcomes;
// and a database made by the first schema (before versions were recorded) is migrated with
// its games intact, while one newer than the build is refused.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "server/storage/sqlite/storage.h"

// A namespace of its own: its TempDb differs from the other test files', which a unity
// batch may hold too.
namespace reversi::server::sqlite_accounts_test {
namespace {

struct TempDb {
    std::string path;
    explicit TempDb(const char* name)
        : path(testing::TempDir() + "reversi_acc_" + name + "_" + std::to_string(getpid()) +
               ".db") {
        remove();
    }
    ~TempDb() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    }
};

void raw_exec(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &err);
    EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "");
    sqlite3_free(err);
    sqlite3_close(db);
}

StoredTable finished_row(const std::string& id, int64_t created) {
    return {id, created, "finished", R"({"spec":1})", R"({"r":1})", {}, {}};
}

TEST(SqliteAccounts, RowsSurviveReopening) {
    const TempDb temp("rows");
    {
        SqliteStorage db(temp.path);
        db.begin();
        db.save_player({1, "Ada", "ada", "$argon2id$hash", 100});
        db.save_player({2, "Guest-1234", "guest-1234", "", 200});
        db.save_session({"b2:aaa", 1, 100, 150});
        db.save_session({"b2:bbb", 1, 110, 160});
        db.save_session({"b2:ccc", 2, 120, 170});
        db.save_rating({1, "8x8", 1612.5, 80.25, 0.0599, 12});
        db.commit();
        // A guest who registers: same id, new name and hash.
        db.begin();
        db.save_player({2, "Bob", "bob", "$argon2id$other", 999});
        db.save_session({"b2:aaa", 1, 100, 500});  // last_seen moves on
        db.delete_session("b2:ccc");
        db.commit();
    }
    SqliteStorage db(temp.path);
    EXPECT_EQ(db.stored_schema_version(), SqliteStorage::schema_version());
    const auto players = db.players();
    ASSERT_EQ(players.size(), 2u);
    EXPECT_EQ(players[1].name, "Bob");
    EXPECT_EQ(players[1].password_hash, "$argon2id$other");
    EXPECT_EQ(players[1].created, 200);  // the creation time is kept
    auto sessions = db.sessions();
    ASSERT_EQ(sessions.size(), 2u);
    const auto aaa = std::find_if(sessions.begin(), sessions.end(),
                                  [](const StoredSession& s) { return s.token_hash == "b2:aaa"; });
    ASSERT_NE(aaa, sessions.end());
    EXPECT_EQ(aaa->last_seen, 500);
    const auto ratings = db.ratings();
    ASSERT_EQ(ratings.size(), 1u);
    EXPECT_DOUBLE_EQ(ratings[0].rating, 1612.5);
    EXPECT_DOUBLE_EQ(ratings[0].rd, 80.25);
    EXPECT_EQ(ratings[0].games, 12);
    // Other sessions of a player end; the kept one stays.
    db.begin();
    db.delete_sessions_of(1, "b2:bbb");
    db.commit();
    sessions = db.sessions();
    ASSERT_EQ(sessions.size(), 1u);
    EXPECT_EQ(sessions[0].token_hash, "b2:bbb");
}

TEST(SqliteAccounts, NameKeysAreUnique) {
    const TempDb temp("unique");
    SqliteStorage db(temp.path);
    db.begin();
    db.save_player({1, "Ada", "ada", "h", 1});
    db.commit();
    db.begin();
    EXPECT_THROW(db.save_player({2, "ADA", "ada", "h", 2}), std::runtime_error);
    db.rollback();
    EXPECT_EQ(db.players().size(), 1u);
}

TEST(SqliteAccounts, StatsAndRecentGamesCountOnlyFinishedOutcomes) {
    const TempDb temp("stats");
    SqliteStorage db(temp.path);
    db.begin();
    for (int i = 0; i < 5; ++i) db.save_table(finished_row("g" + std::to_string(i), 10 + i));
    db.save_table({"live", 50, "playing", "{}", "", {}, {}});
    for (int i = 0; i < 5; ++i) db.save_table_player("g" + std::to_string(i), 0, 7);
    db.save_table_player("g4", 1, 7);  // both seats of one casual game: listed once
    db.save_table_player("live", 0, 7);
    db.set_outcome("g0", 0, "won");
    db.set_outcome("g1", 0, "won");
    db.set_outcome("g2", 0, "drawn");
    db.set_outcome("g3", 0, "lost");
    db.set_outcome("g4", 0, "lost");
    db.set_outcome("g4", 1, "won");
    db.commit();  // g-tables without an outcome (cancelled) would not count
    const PlayerStats stats = db.player_stats(7);
    EXPECT_EQ(stats.games, 6);
    EXPECT_EQ(stats.won, 3);
    EXPECT_EQ(stats.drawn, 1);
    EXPECT_EQ(stats.lost, 2);
    const auto games = db.player_games(7, 3);
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(games[0].id, "g4");  // newest first
    EXPECT_EQ(games[2].id, "g2");
    EXPECT_TRUE(db.player_games(8, 20).empty());
    EXPECT_EQ(db.player_stats(8).games, 0);
}

TEST(SqliteAccounts, ADatabaseOfTheFirstSchemaIsMigrated) {
    const TempDb temp("migrate");
    // What the server wrote before schema versions existed.
    raw_exec(temp.path, R"(
CREATE TABLE tables (id TEXT PRIMARY KEY, created INTEGER NOT NULL, status TEXT NOT NULL,
                     spec TEXT NOT NULL, result TEXT NOT NULL DEFAULT '');
CREATE INDEX tables_status ON tables(status, created);
CREATE TABLE moves (table_id TEXT NOT NULL, ply INTEGER NOT NULL, square TEXT NOT NULL,
                    clock TEXT NOT NULL, PRIMARY KEY (table_id, ply)) WITHOUT ROWID;
INSERT INTO tables VALUES ('old', 5, 'playing', '{"spec":1}', '');
INSERT INTO moves VALUES ('old', 0, 'd3', '1000,2000');
)");
    {
        SqliteStorage db(temp.path);
        EXPECT_EQ(db.stored_schema_version(), SqliteStorage::schema_version());
        const auto open = db.unfinished();
        ASSERT_EQ(open.size(), 1u);
        EXPECT_EQ(open[0].id, "old");
        ASSERT_EQ(open[0].moves.size(), 1u);
        EXPECT_EQ(open[0].moves[0].square, "d3");
        db.begin();
        db.save_player({1, "Ada", "ada", "", 1});
        db.commit();
    }
    // Opening again migrates nothing twice.
    SqliteStorage db(temp.path);
    EXPECT_EQ(db.players().size(), 1u);
    EXPECT_EQ(db.unfinished().size(), 1u);
}

TEST(SqliteAccounts, ADatabaseNewerThanTheServerIsRefused) {
    const TempDb temp("newer");
    { SqliteStorage db(temp.path); }
    raw_exec(temp.path, "UPDATE schema_version SET version = 999");
    raw_exec(temp.path, "UPDATE schema_compat SET oldest = 999");  // not only additions
    EXPECT_THROW(SqliteStorage db(temp.path), std::runtime_error);
}

}  // namespace
}  // namespace reversi::server::sqlite_accounts_test
