// SPDX-License-Identifier: MIT
// `reversi backup` and `reversi restore`: a SQLite store copied while its server runs, and
// put back while it does not (docs/OPERATIONS.md "Backups"; the work is
// server/storage/sqlite/backup.*).
#include <iostream>

#include "cli/commands.h"
#ifdef REVERSI_HAVE_SERVER
#include "server/storage/sqlite/backup.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
void add_backup_commands(CLI::App&, ExitStatus&) {}
#else
namespace {

void report(const char* what, const server::BackupSummary& s, const std::string& to) {
    std::cout << what << ": " << s.tables << " tables, " << s.moves << " moves, " << s.pages
              << " pages -> " << to << std::endl;
}

}  // namespace

void add_backup_commands(CLI::App& app, ExitStatus& status) {
    struct Paths {
        std::string db, file;
    };
    auto backup = std::make_shared<Paths>();
    CLI::App* b = app.add_subcommand(
        "backup", "Copy a SQLite database, also while its server runs (online backup API)");
    b->add_option("--db", backup->db, "The server's SQLite database")->required();
    b->add_option("--out", backup->file, "The backup file to write (replaced if it exists)")
        ->required();
    b->callback([backup, &status] {
        try {
            report("backup", server::backup_database(backup->db, backup->file), backup->file);
        } catch (const std::exception& e) {
            std::cerr << "backup: " << e.what() << '\n';
            status.code = 1;
        }
    });
    auto restore = std::make_shared<Paths>();
    CLI::App* r = app.add_subcommand(
        "restore", "Replace a SQLite database by a backup (its server stopped; checked first)");
    r->add_option("--in", restore->file, "The backup file")->required()->check(CLI::ExistingFile);
    r->add_option("--db", restore->db, "The database to replace (created if missing)")->required();
    r->callback([restore, &status] {
        try {
            report("restore", server::restore_database(restore->file, restore->db), restore->db);
        } catch (const std::exception& e) {
            std::cerr << "restore: " << e.what() << '\n';
            status.code = 1;
        }
    });
}
#endif

}  // namespace reversi::cli
