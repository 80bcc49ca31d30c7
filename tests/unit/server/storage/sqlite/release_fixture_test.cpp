// SPDX-License-Identifier: MIT
// Each earlier release's database, kept as SQL text in tests/data/release-VERSION.sql (made by
// tests/data/make_release_fixture.sh with that release's build), is opened by this build's
// store: migrated to the current schema with every game, move and player kept (CHANGELOG.md).
// Backup and restore of a SQLite store (storage/sqlite/backup.*) are tested here too, on the
// same fixture.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "server/storage/sqlite/backup.h"
#include "server/storage/sqlite/storage.h"

// A namespace of its own: a unity batch may hold other files' helpers of the same names.
namespace reversi::server::release_fixture_test {
namespace {

namespace fs = std::filesystem;

struct TempDb {
    std::string path;
    explicit TempDb(const std::string& name)
        : path(testing::TempDir() + "reversi_release_" + name + "_" + std::to_string(getpid()) +
               ".db") {
        remove();
    }
    ~TempDb() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm", ".partial"}) fs::remove(path + suffix);
    }
};

// What the raw rows of a database hold: each table's moves in order, and the players' names.
struct Rows {
    std::map<std::string, std::vector<std::string>> moves;
    std::vector<std::string> players;
};

Rows read_rows(const std::string& path) {
    Rows rows;
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    const auto each = [&](const char* sql, const std::function<void(sqlite3_stmt*)>& row) {
        sqlite3_stmt* st = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(db, sql, -1, &st, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
        while (sqlite3_step(st) == SQLITE_ROW) row(st);
        sqlite3_finalize(st);
    };
    const auto text = [](sqlite3_stmt* st, int i) {
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, i)));
    };
    each("SELECT id FROM tables", [&](sqlite3_stmt* st) { rows.moves[text(st, 0)]; });
    each("SELECT table_id, square FROM moves ORDER BY table_id, ply",
         [&](sqlite3_stmt* st) { rows.moves[text(st, 0)].push_back(text(st, 1)); });
    each("SELECT name FROM players WHERE password_hash != '' ORDER BY id",
         [&](sqlite3_stmt* st) { rows.players.push_back(text(st, 0)); });
    sqlite3_close(db);
    return rows;
}

// A fresh database file holding the SQL text of `fixture`.
void load_fixture(const fs::path& fixture, const std::string& path) {
    std::ifstream in(fixture);
    std::stringstream sql;
    sql << in.rdbuf();
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.str().c_str(), nullptr, nullptr, &err), SQLITE_OK)
        << (err ? err : "");
    sqlite3_free(err);
    sqlite3_close(db);
}

std::vector<fs::path> fixtures() {
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(REVERSI_TEST_DATA_DIR)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with("release-") && name.ends_with(".sql")) found.push_back(entry.path());
    }
    return found;
}

TEST(ReleaseFixture, EveryEarlierReleasesDatabaseOpensWithEveryGameAndPlayer) {
    const auto files = fixtures();
    ASSERT_FALSE(files.empty()) << "no tests/data/release-*.sql";
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.filename().string());
        TempDb db("open");
        load_fixture(file, db.path);
        const Rows before = read_rows(db.path);
        ASSERT_GE(before.moves.size(), 3u);
        ASSERT_FALSE(before.players.empty());
        SqliteStorage store(db.path);
        EXPECT_EQ(store.stored_schema_version(), SqliteStorage::schema_version());
        size_t moves = 0;
        for (const auto& [id, squares] : before.moves) {
            const std::optional<StoredTable> t = store.load(id);
            ASSERT_TRUE(t) << id;
            std::vector<std::string> got;
            for (const MoveRecord& m : t->moves) got.push_back(m.square);
            EXPECT_EQ(got, squares) << id;
            moves += squares.size();
        }
        EXPECT_GT(moves, 20u);
        std::vector<std::string> names;
        for (const StoredPlayer& p : store.players())
            if (!p.password_hash.empty()) names.push_back(p.name);
        EXPECT_EQ(names, before.players);
    }
}

TEST(SqliteBackup, BackupAndRestoreKeepEveryRowAndCheckWhatTheyCopy) {
    const auto files = fixtures();
    ASSERT_FALSE(files.empty());
    TempDb live("live"), copy("copy"), restored("restored");
    load_fixture(files.front(), live.path);
    const Rows rows = read_rows(live.path);
    const BackupSummary b = backup_database(live.path, copy.path);
    EXPECT_EQ(b.tables, static_cast<int64_t>(rows.moves.size()));
    EXPECT_GT(b.moves, 0);
    EXPECT_FALSE(fs::exists(copy.path + ".partial"));
    EXPECT_EQ(restore_database(copy.path, restored.path).moves, b.moves);
    EXPECT_EQ(read_rows(restored.path).moves, rows.moves);

    // A served database is refused, and left alone.
    {
        ServingLock serving(restored.path);
        EXPECT_THROW(restore_database(copy.path, restored.path), std::runtime_error);
    }
    // Nor is a file that is no reversi database restored.
    TempDb other("other");
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(other.path.c_str(), &db), SQLITE_OK);
        sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
        sqlite3_close(db);
    }
    EXPECT_THROW(restore_database(other.path, restored.path), std::runtime_error);
    EXPECT_EQ(read_rows(restored.path).moves, rows.moves);
    // Shared locks coexist: a test's stores, or a server's and a backup's readers.
    ServingLock first(restored.path), second(restored.path);
}

}  // namespace
}  // namespace reversi::server::release_fixture_test
