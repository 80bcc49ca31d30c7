// SPDX-License-Identifier: MIT
// The single `reversi` executable: parses the command line and runs one subcommand.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string_view>

#include "cli/commands.h"
#include "engine/data_paths.h"
#include "engine/pattern_eval.h"
#include "engine/probcut.h"

int main(int argc, char** argv) {
    // The server's load, chaos and failover tests are an executable of their own; an old
    // command line is told where they went rather than answered with a parse error.
    if (argc > 1) {
        const std::string_view command = argv[1];
        if (command == "loadtest" || command == "chaos" || command == "failover") {
            std::cerr << "reversi: `" << command << "` moved to reversi-stress (reversi-stress "
                      << command << " --help)\n";
            return 2;
        }
    }
    CLI::App app{"reversi: Reversi for every board, 2-4 players, engine and web server"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("reversi ") + REVERSI_VERSION);
    // Options of a subcommand may come from a configuration file, under a section of its name
    // ([serve] port = 8080); the command line wins. An installed binary reads the system's file
    // when it exists; a build tree's reads one only when asked.
    const bool installed = reversi::engine::data_paths().installed;
    app.set_config("--config", installed ? "/etc/reversi/reversi.conf" : "",
                   "Configuration file (TOML/INI, a [serve] section for serve's options)");
    app.allow_config_extras(CLI::config_extras_mode::error);
    reversi::cli::ExitStatus status;
    reversi::cli::add_perft_command(app, status);
    reversi::cli::add_solve_command(app, status);
    reversi::cli::add_analyze_command(app, status);
    reversi::cli::add_bench_command(app, status);
    reversi::cli::add_match_command(app, status);
    reversi::cli::add_nboard_command(app, status);
    reversi::cli::add_gtp_command(app, status);
    reversi::cli::add_serve_command(app, status);
    reversi::cli::add_puzzles_command(app, status);
    reversi::cli::add_bot_command(app, status);
    reversi::cli::add_backup_commands(app, status);
    reversi::cli::add_admin_command(app, status);
    reversi::cli::add_explorer_command(app, status);
    reversi::cli::add_selfplay_command(app, status);
    reversi::cli::add_train_command(app, status);
    reversi::cli::add_evaltest_command(app, status);
    reversi::cli::add_relabel_command(app, status);
    reversi::cli::add_sitegames_command(app, status);
    reversi::cli::add_mpcfit_command(app, status);
    reversi::cli::add_mpcfit_endgame_command(app, status);
    reversi::cli::add_solved_openings_command(app, status);
    reversi::cli::add_book_command(app, status);
    try {
        // The trained weights and Multi-ProbCut parameters are checked before anything runs:
        // a missing or damaged file stops the program with its reason (never a quiet switch
        // of evaluation). The weights by their headers only: a command decodes (and
        // checksums) just the variants it plays, on first use; `serve` loads them all.
        reversi::engine::check_trained_weights();
        reversi::engine::load_probcut_parameters();
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
    return status.code;
}
