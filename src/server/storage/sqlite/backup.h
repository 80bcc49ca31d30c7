// SPDX-License-Identifier: MIT
// Backing up and restoring a SQLite store (docs/OPERATIONS.md "Backups"). A backup is taken
// with SQLite's online backup API while a server writes: one consistent snapshot, checked
// before it is renamed into place. A restore refuses a database that a running server holds
// (the server keeps a shared lock on the file, `ServingLock`) and checks what it restores.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace reversi::server {

// What a backup or restore copied.
struct BackupSummary {
    int64_t pages = 0;
    int64_t tables = 0;  // game tables in the copy
    int64_t moves = 0;
};

// Copies the database `db` to `out` (through `out`.partial, replaced if there); throws
// std::runtime_error when `db` cannot be read or the copy fails its integrity check.
BackupSummary backup_database(const std::string& db, const std::string& out);

// Replaces the contents of `db` (created if missing) by those of the backup `in`; throws
// std::runtime_error, leaving `db` as it was, when `in` is damaged or no reversi database, or
// when a server holds `db`.
BackupSummary restore_database(const std::string& in, const std::string& db);

// A shared lock on a SQLite database file for as long as a server serves it: restores wait
// for none and refuse the file while any is held. Throws std::runtime_error when a restore
// holds the file.
class ServingLock {
  public:
    explicit ServingLock(const std::string& db);
    ~ServingLock();
    ServingLock(const ServingLock&) = delete;
    ServingLock& operator=(const ServingLock&) = delete;

  private:
    int fd_ = -1;
};

}  // namespace reversi::server
