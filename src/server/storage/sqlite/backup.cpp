// SPDX-License-Identifier: MIT
// Backup and restore of a SQLite store. The lock between a serving server and a restore is a
// flock(2) on the database file: independent of SQLite's own fcntl(2) locks on Linux, shared
// by every server (and every test store) that has the file open, exclusive for a restore.
#include "server/storage/sqlite/backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

namespace reversi::server {

namespace {

// One connection, closed on every path.
class Connection {
  public:
    Connection(const std::string& path, int flags) {
        if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) !=
            SQLITE_OK) {
            const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
            sqlite3_close(db_);
            throw std::runtime_error("cannot open " + path + ": " + why);
        }
        sqlite3_busy_timeout(db_, 5000);
    }
    ~Connection() { sqlite3_close(db_); }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    sqlite3* get() const { return db_; }

    // The first column of the first row of `sql` as text; empty when there is no row. Throws
    // with `what` when the statement fails (a file that is no database, a missing table).
    std::string text(const char* sql, const std::string& what) const {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db_, sql, -1, &st, nullptr) != SQLITE_OK)
            throw std::runtime_error(what + ": " + sqlite3_errmsg(db_));
        std::string value;
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW && sqlite3_column_text(st, 0))
            value = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            throw std::runtime_error(what + ": " + sqlite3_errmsg(db_));
        return value;
    }

  private:
    sqlite3* db_ = nullptr;
};

// The whole of `from` into `to` in one step: one read transaction on `from`, so the copy is
// one snapshot; a busy source (a writer checkpointing) is waited for, up to a minute.
int64_t copy(const Connection& from, const Connection& to, const std::string& what) {
    sqlite3_backup* b = sqlite3_backup_init(to.get(), "main", from.get(), "main");
    if (!b) throw std::runtime_error(what + ": " + sqlite3_errmsg(to.get()));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    int rc = SQLITE_OK;
    for (;;) {
        rc = sqlite3_backup_step(b, -1);
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) ||
            std::chrono::steady_clock::now() > deadline)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const int64_t pages = sqlite3_backup_pagecount(b);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE) throw std::runtime_error(what + ": " + sqlite3_errstr(rc));
    if (sqlite3_errcode(to.get()) != SQLITE_OK && sqlite3_errcode(to.get()) != SQLITE_DONE)
        throw std::runtime_error(what + ": " + sqlite3_errmsg(to.get()));
    return pages;
}

// Throws unless `c` passes SQLite's integrity check and holds a reversi schema.
BackupSummary check(const Connection& c, const std::string& name) {
    const std::string integrity = c.text("PRAGMA integrity_check", name + ": integrity check");
    if (integrity != "ok")
        throw std::runtime_error(name + " is damaged: " + integrity.substr(0, 200));
    if (c.text("SELECT MAX(version) FROM schema_version", name + " is no reversi database").empty())
        throw std::runtime_error(name + " is no reversi database: no schema version");
    BackupSummary s;
    s.tables = std::stoll("0" + c.text("SELECT COUNT(*) FROM tables", name + ": tables"));
    s.moves = std::stoll("0" + c.text("SELECT COUNT(*) FROM moves", name + ": moves"));
    return s;
}

// The database file opened for a flock (created empty if missing: SQLite takes an empty
// file as an empty database).
int open_for_lock(const std::string& db) {
    const int fd = ::open(db.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0640);
    if (fd < 0) throw std::runtime_error("cannot open " + db + ": " + std::strerror(errno));
    return fd;
}

}  // namespace

BackupSummary backup_database(const std::string& db, const std::string& out) {
    const std::string partial = out + ".partial";
    std::remove(partial.c_str());
    BackupSummary summary;
    {
        const Connection from(db, SQLITE_OPEN_READONLY);
        const Connection to(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        summary.pages = copy(from, to, "backup of " + db);
        const BackupSummary counted = check(to, "the backup " + partial);
        summary.tables = counted.tables;
        summary.moves = counted.moves;
        // One file: the copy's pages out of its log and into the file itself.
        to.text("PRAGMA wal_checkpoint(TRUNCATE)", "backup checkpoint");
    }
    if (std::rename(partial.c_str(), out.c_str()) != 0)
        throw std::runtime_error("cannot rename " + partial + " to " + out + ": " +
                                 std::strerror(errno));
    for (const char* suffix : {"-wal", "-shm"}) std::remove((partial + suffix).c_str());
    return summary;
}

BackupSummary restore_database(const std::string& in, const std::string& db) {
    const Connection from(in, SQLITE_OPEN_READONLY);
    check(from, "the backup " + in);
    const int fd = open_for_lock(db);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        throw std::runtime_error("a server is running on " + db +
                                 ": stop it before restoring (nothing was changed)");
    }
    try {
        BackupSummary summary;
        const Connection to(db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        summary.pages = copy(from, to, "restore into " + db);
        const BackupSummary counted = check(to, db);
        summary.tables = counted.tables;
        summary.moves = counted.moves;
        ::close(fd);
        return summary;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

ServingLock::ServingLock(const std::string& db) : fd_(open_for_lock(db)) {
    if (::flock(fd_, LOCK_SH | LOCK_NB) != 0) {
        ::close(fd_);
        throw std::runtime_error("the database " + db + " is being restored; start again after");
    }
}

ServingLock::~ServingLock() {
    ::close(fd_);
}

}  // namespace reversi::server
