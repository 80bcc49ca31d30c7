// SPDX-License-Identifier: MIT
// `reversi sitegames --db FILE --out FILE [--pool P] [--min-rating R]` (docs/TRAINING.md
// "Training data from the site's games"): the finished games of one rating pool in a SQLite
// store of `reversi serve`, played to their end, as a training file that `relabel` and
// `train` read like self-play's.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"

#ifdef REVERSI_HAVE_SERVER
#include "server/explorer/training_export.h"
#include "server/storage/sqlite/storage.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
// Built without the server: the store lives in the server's storage module.
void add_sitegames_command(CLI::App&, ExitStatus&) {}
#else

namespace {

struct SitegamesOptions {
    std::string db;
    std::string out;
    server::TrainingExportOptions exported;
};

int run_sitegames(const SitegamesOptions& opt) {
    // The store is only read: a wrong path must not leave a new empty database behind.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(opt.db, ec))
        throw std::runtime_error("sitegames: no database at " + opt.db);
    if (std::filesystem::exists(opt.out, ec))
        throw std::runtime_error("sitegames: " + opt.out +
                                 " exists; the export writes a new file (remove it first)");
    const auto writer = server::training_writer_for_pool(opt.out, opt.exported.pool);
    server::SqliteStorage store(opt.db);
    const server::TrainingExport r = server::export_training_games(store, opt.exported, *writer);
    std::cout << "Finished games read: " << r.games << '\n'
              << "Kept (pool " << opt.exported.pool << ", played to the end): " << r.kept
              << " games, " << r.positions << " positions in " << opt.out << '\n'
              << "Skipped: " << r.other_pool << " of another pool or casual, " << r.below_rating
              << " below the rating, " << r.refused << " not played to the end or not legal, "
              << r.unreadable << " unreadable\n";
    for (const std::string& why : r.reasons) std::cout << "  " << why << '\n';
    return 0;
}

}  // namespace

void add_sitegames_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<SitegamesOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sitegames", "Training positions from the finished games of a site's SQLite store");
    cmd->add_option("--db", opt->db,
                    "The store of reversi serve (a copy from `reversi backup` while it runs)")
        ->required();
    cmd->add_option("--out", opt->out, "Training file to write (must not exist)")->required();
    cmd->add_option("--pool", opt->exported.pool,
                    "Rating pool: 8x8, 8x8-anti, 6x6, 10x10 or octagon")
        ->capture_default_str();
    cmd->add_option("--min-rating", opt->exported.min_rating,
                    "Only games whose two players were rated at least this (0: all)")
        ->capture_default_str()
        ->check(CLI::Range(0, 4000));
    cmd->callback([opt, &status] {
        try {
            status.code = run_sitegames(*opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

#endif

}  // namespace reversi::cli
