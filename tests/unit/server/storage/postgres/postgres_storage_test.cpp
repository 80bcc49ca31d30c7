// SPDX-License-Identifier: MIT
// What only the PostgreSQL store has to get right (the shared behaviour is in the conformance
// tests): durability forced on whatever the database's default, a COMMIT the server turned
// into a ROLLBACK reported as a failure, a lost connection re-established at the next
// transaction, nodes starting together migrating once, and errors that never show the
// password of the URI. Runs only on a build with PostgreSQL and a test server.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <thread>

#include "server/storage/postgres/schema.h"
#include "server/storage/postgres/storage.h"
#include "storage_backends.h"

namespace reversi::server {
namespace {

using testing_backends::PostgresDb;

class PostgresStorageTest : public testing::Test {
  protected:
    void SetUp() override {
        const std::string server = testing_backends::test_server_uri();
        if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
        db_ = std::make_unique<PostgresDb>(server);
    }
    std::unique_ptr<PostgresDb> db_;
};

// A playing table's row (the shared one of storage_backends.h).
StoredTable row(const std::string& id) {
    return testing_backends::row(id, "playing", 1);
}

TEST_F(PostgresStorageTest, SynchronousCommitIsOnWhateverTheUriSays) {
    const std::string relaxed = db_->uri("-csynchronous_commit%3Doff");
    // A plain session on that URI runs with it off...
    EXPECT_EQ(pg::Connection(relaxed).exec("SHOW synchronous_commit").text(0, 0), "off");
    // ...the store's session overrides it.
    PostgresStorage store(relaxed);
    EXPECT_EQ(store.connection().exec("SHOW synchronous_commit").text(0, 0), "on");
}

TEST_F(PostgresStorageTest, ACommitTurnedIntoRollbackIsAFailure) {
    PostgresStorage store(db_->uri());
    store.begin();
    store.save_table(row("a"));
    // A failed statement the caller swallowed: the server now only accepts ROLLBACK, and
    // answers COMMIT with ROLLBACK instead of an error.
    EXPECT_THROW(store.connection().exec("SELECT no_such_column FROM tables"), std::runtime_error);
    EXPECT_THROW(store.commit(), std::runtime_error);
    store.rollback();
    EXPECT_FALSE(store.load("a"));
}

TEST_F(PostgresStorageTest, ReconnectsAtTheNextTransactionAfterTheConnectionIsLost) {
    PostgresStorage store(db_->uri());
    const std::string pid = store.connection().exec("SELECT pg_backend_pid()").text(0, 0);
    pg::Connection admin(db_->uri());
    admin.exec("SELECT pg_terminate_backend($1)", {pid});
    // The write in flight fails (the queue reports it as not stored)...
    EXPECT_THROW(
        {
            store.begin();
            store.save_table(row("lost"));
            store.commit();
        },
        std::runtime_error);
    store.rollback();
    // ...and the next transaction runs on a new connection, prepared statements included.
    store.begin();
    store.save_table(row("b"));
    store.add_move("b", {0, "d3", {5}});
    store.commit();
    EXPECT_NE(store.connection().exec("SELECT pg_backend_pid()").text(0, 0), pid);
    const auto b = PostgresStorage(db_->uri()).load("b");
    ASSERT_TRUE(b);
    EXPECT_EQ(b->moves.size(), 1u);
}

TEST_F(PostgresStorageTest, NodesStartingTogetherMigrateOnce) {
    std::vector<std::thread> nodes;
    std::atomic<int> failures{0};
    for (int i = 0; i < 4; ++i)
        nodes.emplace_back([&] {
            try {
                PostgresStorage store(db_->uri());
            } catch (const std::exception&) {
                failures++;
            }
        });
    for (auto& t : nodes) t.join();
    EXPECT_EQ(failures.load(), 0);
    PostgresStorage store(db_->uri());
    EXPECT_EQ(store.stored_schema_version(), pg::schema_version());
    EXPECT_EQ(store.connection().exec("SELECT COUNT(*) FROM schema_version").integer(0, 0), 1);
}

TEST_F(PostgresStorageTest, ConnectionErrorsNeverShowThePassword) {
    try {
        PostgresStorage store("postgresql://someone:hunter2-secret@127.0.0.1:1/nothing");
        FAIL() << "connected to a port nobody listens on";
    } catch (const std::runtime_error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("cannot connect to PostgreSQL"), std::string::npos) << message;
        EXPECT_EQ(message.find("hunter2"), std::string::npos) << message;
    }
}

TEST(PostgresUri, OnlyPostgresSchemesSelectTheBackEnd) {
    EXPECT_TRUE(PostgresStorage::is_uri("postgresql://host/db"));
    EXPECT_TRUE(PostgresStorage::is_uri("postgres:///db?host=/tmp"));
    EXPECT_FALSE(PostgresStorage::is_uri("reversi.db"));
    EXPECT_FALSE(PostgresStorage::is_uri("./postgresql://x"));
    EXPECT_FALSE(PostgresStorage::is_uri("POSTGRESQL://host/db"));
}

}  // namespace
}  // namespace reversi::server
#endif
