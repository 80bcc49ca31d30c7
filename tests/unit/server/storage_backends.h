// SPDX-License-Identifier: MIT
// One fresh, empty database of either back end per test, removed afterwards, so the storage
// tests run the same bodies against SQLite and PostgreSQL. The PostgreSQL one is a database
// of its own on the server named by $REVERSI_TEST_PG (scripts/pg-temp.sh starts one); without
// that variable, or on a build without PostgreSQL, its tests are skipped.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "server/storage/forwarding.h"
#include "server/storage/sqlite/storage.h"
#include "server/storage/storage.h"
#ifdef REVERSI_WITH_POSTGRES
#include "server/storage/postgres/connection.h"
#include "server/storage/postgres/schema.h"
#include "server/storage/postgres/storage.h"
#endif

namespace reversi::server::testing_backends {

// ForwardingSqlite: a ForwardingStorage over a SQLite store, which must behave as the store.
enum class Backend { Sqlite, Postgres, ForwardingSqlite };

// A stored table row with a dummy spec, and a result once finished.
inline StoredTable row(const std::string& id, const std::string& status, int64_t created) {
    StoredTable t;
    t.id = id;
    t.created = created;
    t.status = status;
    t.spec = R"({"spec":1})";
    t.result = status == "finished" ? R"({"r":1})" : "";
    return t;
}

inline std::string backend_name(Backend backend) {
    switch (backend) {
        case Backend::Sqlite:
            return "Sqlite";
        case Backend::Postgres:
            return "Postgres";
        case Backend::ForwardingSqlite:
            return "ForwardingSqlite";
    }
    return "?";
}

// The back ends of this build, for INSTANTIATE_TEST_SUITE_P(Backends, Suite, BuiltBackends(),
// BackendTestName()).
inline auto BuiltBackends() {
#ifdef REVERSI_WITH_POSTGRES
    return testing::Values(Backend::Sqlite, Backend::Postgres);
#else
    return testing::Values(Backend::Sqlite);
#endif
}

// The back ends of this build and a forwarding store over SQLite, for the conformance suites
// (a forwarding method that drops or swaps an argument fails them).
inline auto ConformanceBackends() {
#ifdef REVERSI_WITH_POSTGRES
    return testing::Values(Backend::Sqlite, Backend::Postgres, Backend::ForwardingSqlite);
#else
    return testing::Values(Backend::Sqlite, Backend::ForwardingSqlite);
#endif
}

// Names the instances "Sqlite" and "Postgres".
struct BackendTestName {
    std::string operator()(const testing::TestParamInfo<Backend>& info) const {
        return backend_name(info.param);
    }
};

class BackendDb {
  public:
    virtual ~BackendDb() = default;
    // A new store (a new connection) on this database.
    virtual std::unique_ptr<Storage> open() = 0;
    // Runs SQL on the database behind the store's back (damaging rows, faking versions).
    virtual void exec_raw(const std::string& sql) = 0;
};

class SqliteDb : public BackendDb {
  public:
    SqliteDb()
        : path_(testing::TempDir() + "reversi_conformance_" + std::to_string(getpid()) + "_" +
                std::to_string(next_id()) + ".db") {
        remove();
    }
    ~SqliteDb() override { remove(); }
    std::unique_ptr<Storage> open() override { return std::make_unique<SqliteStorage>(path_); }
    void exec_raw(const std::string& sql) override {
        sqlite3* db = nullptr;
        if (sqlite3_open(path_.c_str(), &db) != SQLITE_OK) {
            sqlite3_close(db);
            throw std::runtime_error("cannot open " + path_);
        }
        char* err = nullptr;
        const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
        const std::string why = err ? err : "";
        sqlite3_free(err);
        sqlite3_close(db);
        if (rc != SQLITE_OK) throw std::runtime_error("sqlite: " + why);
    }

  private:
    static int next_id() {
        static std::atomic<int> id{0};
        return id++;
    }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + suffix);
    }
    std::string path_;
};

// A forwarding store that owns the store it forwards to.
class OwningForwardingStorage : public ForwardingStorage {
  public:
    // The base keeps a reference to *inner, which stays where it is when the pointer moves.
    explicit OwningForwardingStorage(std::unique_ptr<Storage> inner)
        : ForwardingStorage(*inner), owned_(std::move(inner)) {}

  private:
    std::unique_ptr<Storage> owned_;
};

// A SQLite database whose stores are reached through a ForwardingStorage.
class ForwardingSqliteDb : public SqliteDb {
  public:
    std::unique_ptr<Storage> open() override {
        return std::make_unique<OwningForwardingStorage>(SqliteDb::open());
    }
};

// `uri` (postgresql://...[?params]) with one more parameter, e.g. "options=...".
inline std::string with_parameter(const std::string& uri, const std::string& parameter) {
    return uri + (uri.find('?') == std::string::npos ? "?" : "&") + parameter;
}

// The server the PostgreSQL tests use, or empty when none is configured.
inline std::string test_server_uri() {
    const char* uri = std::getenv("REVERSI_TEST_PG");
    return uri ? uri : "";
}

#ifdef REVERSI_WITH_POSTGRES
// A schema of its own rather than a database: CREATE DATABASE copies a template and costs
// seconds, a schema milliseconds. The store's connections find it first on their search path.
class PostgresDb : public BackendDb {
  public:
    explicit PostgresDb(const std::string& server)
        : server_(server),
          name_("reversi_test_" + std::to_string(getpid()) + "_" + std::to_string(next_id())) {
        pg::Connection admin(server_);
        admin.exec("DROP SCHEMA IF EXISTS " + name_ + " CASCADE");
        admin.exec("CREATE SCHEMA " + name_);
    }
    ~PostgresDb() override {
        try {
            pg::Connection(server_).exec("DROP SCHEMA IF EXISTS " + name_ + " CASCADE");
        } catch (const std::exception& e) {
            ADD_FAILURE() << "cannot drop the test schema: " << e.what();
        }
    }
    std::unique_ptr<Storage> open() override { return std::make_unique<PostgresStorage>(uri()); }
    void exec_raw(const std::string& sql) override { pg::Connection(uri()).exec(sql); }
    // The server's URI with this schema first on the search path; `more_options`: further
    // session settings, URI-encoded ("-cname%3Dvalue", joined by "%20").
    std::string uri(const std::string& more_options = "") const {
        return with_parameter(server_, "options=-csearch_path%3D" + name_ +
                                           (more_options.empty() ? "" : "%20" + more_options));
    }

  private:
    static int next_id() {
        static std::atomic<int> id{0};
        return id++;
    }
    std::string server_;
    std::string name_;  // digits, lowercase letters and _ only: safe to write into SQL
};
#endif

// A fresh database of `backend`, or nothing with `why_not` set when it cannot be had here.
inline std::unique_ptr<BackendDb> make_backend_db(Backend backend, std::string& why_not) {
    if (backend == Backend::Sqlite) return std::make_unique<SqliteDb>();
    if (backend == Backend::ForwardingSqlite) return std::make_unique<ForwardingSqliteDb>();
#ifdef REVERSI_WITH_POSTGRES
    const std::string server = test_server_uri();
    if (server.empty()) {
        why_not =
            "REVERSI_TEST_PG is not set (the CTest storage_postgres runs these tests "
            "against a temporary server: scripts/pg-temp.sh)";
        return nullptr;
    }
    return std::make_unique<PostgresDb>(server);
#else
    why_not = "built without PostgreSQL (REVERSI_WITH_POSTGRES=OFF)";
    return nullptr;
#endif
}

// A test on a fresh database of its parameter's back end, skipped where that back end is not
// available. A subclass's SetUp calls this one first and returns when IsSkipped().
class BackendTest : public testing::TestWithParam<Backend> {
  protected:
    void SetUp() override {
        std::string why_not;
        db_ = make_backend_db(GetParam(), why_not);
        if (!db_) GTEST_SKIP() << why_not;
    }
    std::unique_ptr<BackendDb> db_;
};

}  // namespace reversi::server::testing_backends
