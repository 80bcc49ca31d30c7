// SPDX-License-Identifier: MIT
// Schema migrations on both back ends (docs/STORAGE.md): a database made by the build before
// versions 3-5 (schema version 2, with chat, analyses and, on PostgreSQL, the multi-node and
// lobby tables already made by that build's IF NOT EXISTS code) is brought to the current
// version with every row kept; one made before those tables existed gains them; and one newer
// than the build is refused with an error that says so, nothing touched.
#include <gtest/gtest.h>

#include <algorithm>

#include "previous_schema.h"
#include "storage_backends.h"

namespace reversi::server {
namespace {

using testing_backends::Backend;

// The previous build's schema number: it made the later tables outside the numbering.
constexpr int LastUnnumberedVersion = 2;

int stored_version(Storage& store) {
    if (auto* sqlite = dynamic_cast<SqliteStorage*>(&store)) return sqlite->stored_schema_version();
#ifdef REVERSI_WITH_POSTGRES
    if (auto* pg = dynamic_cast<PostgresStorage*>(&store)) return pg->stored_schema_version();
#endif
    ADD_FAILURE() << "unknown back end";
    return -1;
}

StoredTable table_row(const std::string& id, const std::string& status) {
    StoredTable t;
    t.id = id;
    t.created = 5;
    t.status = status;
    t.spec = R"({"spec":1})";
    t.result = status == "finished" ? R"({"r":1})" : "";
    return t;
}

int current_version() {
    return SqliteStorage::schema_version();
}

class StorageMigration : public testing_backends::BackendTest {
  protected:
    bool sqlite() const { return GetParam() == Backend::Sqlite; }
    // The database as the previous build left it; without the tables it made outside the
    // numbering when `unnumbered` is false (a database from before chat existed).
    void make_previous(bool unnumbered) {
        db_->exec_raw(sqlite() ? previous_schema::SqliteNumbered
                               : previous_schema::PostgresNumbered);
        if (unnumbered)
            db_->exec_raw(sqlite() ? previous_schema::SqliteUnnumbered
                                   : previous_schema::PostgresUnnumbered);
    }
    // One table with a move, a chat line and an analysis, and a player, all committed.
    void write_rows(Storage& s) {
        s.begin();
        s.save_table(table_row("t1", "finished"));
        s.add_move("t1", {0, "d3", {1234}});
        s.add_chat("t1", {1, 77, 1, "Zoë", "good game"});
        s.save_analysis("t1", R"({"plies":[]})");
        s.save_player({9, "Ada", "ada", "", 50});
        s.commit();
    }
    // What write_rows (or previous_schema::Rows) stored.
    void expect_rows(Storage& s) {
        const auto t = s.load("t1");
        ASSERT_TRUE(t);
        EXPECT_EQ(t->result, R"({"r":1})");
        ASSERT_EQ(t->moves.size(), 1u);
        EXPECT_EQ(t->moves[0].square, "d3");
        EXPECT_EQ(t->moves[0].clock_after, std::vector<int64_t>{1234});
        const auto chat = s.chat_lines("t1");
        ASSERT_EQ(chat.size(), 1u);
        EXPECT_EQ(chat[0].text, "good game");
        EXPECT_EQ(chat[0].from, "Zoë");
        EXPECT_EQ(s.load_analysis("t1"), std::optional<std::string>(R"({"plies":[]})"));
        const auto players = s.players();
        ASSERT_EQ(players.size(), 1u);
        EXPECT_EQ(players[0].name, "Ada");
    }
};

TEST_P(StorageMigration, ADatabaseOfThePreviousBuildKeepsEveryRow) {
    make_previous(true);
    db_->exec_raw(previous_schema::Rows);
    // The later migrations meet tables that exist and hold rows: IF NOT EXISTS leaves them.
    const auto store = db_->open();
    EXPECT_EQ(stored_version(*store), current_version());
    expect_rows(*store);
    // And again: a migrated database opens as it is.
    const auto again = db_->open();
    EXPECT_EQ(stored_version(*again), current_version());
    expect_rows(*again);
}

// The bot tokens' version (issue 48, 8; the last migration when written): every session a bot
// held before it is one of its tokens, a person's stays a login.
TEST_P(StorageMigration, ABotsSessionsBeforeTheTokenVersionBecomeItsTokens) {
    {
        const auto store = db_->open();
        store->begin();
        StoredPlayer bot{1, "Boty", "boty", "hash", 5, true};
        StoredPlayer person{2, "Ada", "ada", "hash", 5, false};
        store->save_player(bot);
        store->save_player(person);
        store->save_session({"h1", 1, 10, 10});
        store->save_session({"h2", 2, 10, 10});
        store->commit();
    }
    // Back to the version before the column (18 added it; later migrations run again, as
    // each is self-contained).
    constexpr int TokenVersion = 18;
    db_->exec_raw(
        "ALTER TABLE sessions DROP COLUMN api; DELETE FROM schema_version; "
        "INSERT INTO schema_version(version) VALUES(" +
        std::to_string(TokenVersion - 1) + ")");
    const auto store = db_->open();
    EXPECT_EQ(stored_version(*store), current_version());
    auto sessions = store->sessions();
    std::sort(sessions.begin(), sessions.end(),
              [](const auto& a, const auto& b) { return a.token_hash < b.token_hash; });
    ASSERT_EQ(sessions.size(), 2u);
    EXPECT_TRUE(sessions[0].api);
    EXPECT_FALSE(sessions[1].api);
}

TEST_P(StorageMigration, ADatabaseMadeBeforeChatAndAnalysesGainsThem) {
    make_previous(false);
    db_->exec_raw(
        "INSERT INTO tables(id, created, status, spec, result) "
        "VALUES('old', 1, 'playing', '{}', '')");
    const auto store = db_->open();
    EXPECT_EQ(stored_version(*store), current_version());
    EXPECT_TRUE(store->load("old"));
    store->begin();
    store->add_chat("old", {1, 1, 0, "Ada", "hello"});
    store->save_analysis("old", "{}");
    store->commit();
    EXPECT_EQ(store->chat_lines("old").size(), 1u);
    EXPECT_TRUE(store->load_analysis("old"));
}

TEST_P(StorageMigration, ADatabaseNewerThanTheBuildIsRefusedUntouched) {
    write_rows(*db_->open());
    // The newer build's migration removed or changed something: it raised the oldest version
    // that may serve the database past this build's.
    db_->exec_raw("UPDATE schema_version SET version = " + std::to_string(current_version() + 1));
    db_->exec_raw("UPDATE schema_compat SET oldest = " + std::to_string(current_version() + 1));
    try {
        db_->open();
        ADD_FAILURE() << "a newer database was opened";
    } catch (const std::runtime_error& e) {
        const std::string why = e.what();
        EXPECT_NE(why.find("schema version " + std::to_string(current_version() + 1)),
                  std::string::npos)
            << why;
        EXPECT_NE(why.find("newer than this server"), std::string::npos) << why;
    }
    db_->exec_raw("UPDATE schema_version SET version = " + std::to_string(current_version()));
    expect_rows(*db_->open());
}

// A rolling upgrade (docs/STORAGE.md "Upgrading nodes one at a time"): a node of the newer
// build has migrated the database with a migration that only adds (a table, a column with a
// default), leaving the oldest version that may serve it; a node of this build goes on beside
// it, reading and writing, and leaves the newer version and its additions alone.
TEST_P(StorageMigration, ANewerDatabaseThatOnlyGainedThingsIsServedBesideTheNewerBuild) {
    write_rows(*db_->open());
    const int newer = current_version() + 1;
    db_->exec_raw("CREATE TABLE newer_feature (id INTEGER PRIMARY KEY, note TEXT)");
    db_->exec_raw("ALTER TABLE tables ADD COLUMN newer_column INTEGER NOT NULL DEFAULT 0");
    db_->exec_raw("UPDATE schema_version SET version = " + std::to_string(newer));
    {
        auto store = db_->open();
        expect_rows(*store);
        store->begin();
        store->save_table(table_row("t2", "playing"));
        store->add_move("t2", {0, "f5", {900}});
        store->commit();
        EXPECT_EQ(stored_version(*store), newer);
    }
    const auto again = db_->open();
    ASSERT_TRUE(again->load("t2"));
    EXPECT_EQ(again->load("t2")->moves.size(), 1u);
    EXPECT_EQ(stored_version(*again), newer);
}

#ifdef REVERSI_WITH_POSTGRES
// PostgreSQL's version 5 holds the tables of several nodes: a database where the previous
// build made them (with leases, fences and lobby rows) keeps them all, and a node of the new
// build goes on with the lease the old one took.
TEST(StorageMigrationPostgres, MultiNodeRowsOfThePreviousBuildSurvive) {
    const std::string server = testing_backends::test_server_uri();
    if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(server);
    db.exec_raw(previous_schema::PostgresNumbered);
    db.exec_raw(previous_schema::PostgresUnnumbered);
    db.exec_raw(
        "INSERT INTO tables(id, created, status, spec, fence) VALUES('t', 1, 'playing', '{}', 1);"
        "INSERT INTO moves(table_id, ply, square, clock, fence) VALUES('t', 0, 'd3', '', 1);"
        "INSERT INTO table_leases VALUES('t', 'node-old', 1, now() + interval '1 hour');"
        "INSERT INTO lease_log VALUES('t', 1, 'node-old', now());"
        "INSERT INTO nodes VALUES('node-old', 'http://old:1', now(), now() + interval '1 hour');"
        "INSERT INTO lobby_nodes VALUES('n1', 3, now() + interval '1 hour');"
        "INSERT INTO lobby_seeks VALUES('s1', 'n1', '{}');"
        "INSERT INTO lobby_players VALUES('n1', 9, '{}');");
    PostgresStorage store(db.uri());
    EXPECT_EQ(store.stored_schema_version(), current_version());
    pg::Connection c(db.uri());
    EXPECT_EQ(c.exec("SELECT owner || ':' || fence FROM table_leases").text(0, 0), "node-old:1");
    EXPECT_EQ(c.exec("SELECT fence FROM moves WHERE table_id = 't'").integer(0, 0), 1);
    EXPECT_EQ(c.exec("SELECT COUNT(*) FROM lease_log").integer(0, 0), 1);
    EXPECT_EQ(c.exec("SELECT address FROM nodes").text(0, 0), "http://old:1");
    EXPECT_EQ(c.exec("SELECT (SELECT COUNT(*) FROM lobby_nodes) + (SELECT COUNT(*) FROM "
                     "lobby_seeks) + (SELECT COUNT(*) FROM lobby_players)")
                  .integer(0, 0),
              3);
    store.set_node("node-old");
    EXPECT_EQ(store.acquire_lease("t", 60'000), std::optional<int64_t>(1));  // still its lease
}
#endif

INSTANTIATE_TEST_SUITE_P(Backends, StorageMigration, testing_backends::BuiltBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
