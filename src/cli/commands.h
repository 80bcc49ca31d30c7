// SPDX-License-Identifier: MIT
// Each subcommand of the `reversi` executable registers itself on the root app through one
// of these functions; the callback it installs runs the command and sets the exit code.
#pragma once

#include <CLI/CLI.hpp>

namespace reversi::cli {

// Where a subcommand leaves its exit status (0 on success).
struct ExitStatus {
    int code = 0;
};

void add_perft_command(CLI::App& app, ExitStatus& status);
void add_solve_command(CLI::App& app, ExitStatus& status);
// The table of solved openings of a small board (docs/ENGINE.md).
void add_solved_openings_command(CLI::App& app, ExitStatus& status);
// The opening book of 8x8 (docs/ENGINE.md "Opening book").
void add_book_command(CLI::App& app, ExitStatus& status);
void add_analyze_command(CLI::App& app, ExitStatus& status);
void add_bench_command(CLI::App& app, ExitStatus& status);
void add_match_command(CLI::App& app, ExitStatus& status);
void add_nboard_command(CLI::App& app, ExitStatus& status);
void add_gtp_command(CLI::App& app, ExitStatus& status);
void add_serve_command(CLI::App& app, ExitStatus& status);
// Endgame puzzles (docs/PUZZLES.md).
void add_puzzles_command(CLI::App& app, ExitStatus& status);
void add_bot_command(CLI::App& app, ExitStatus& status);
// `backup` and `restore` of a SQLite store (docs/OPERATIONS.md).
void add_backup_commands(CLI::App& app, ExitStatus& status);
// `admin role`: moderators and admins of the site (docs/SITE.md "Moderation").
void add_admin_command(CLI::App& app, ExitStatus& status);
// The opening explorer's figures (docs/EXPLORER.md).
void add_explorer_command(CLI::App& app, ExitStatus& status);
// Training (docs/TRAINING.md).
void add_selfplay_command(CLI::App& app, ExitStatus& status);
void add_train_command(CLI::App& app, ExitStatus& status);
void add_evaltest_command(CLI::App& app, ExitStatus& status);
void add_relabel_command(CLI::App& app, ExitStatus& status);
void add_mpcfit_command(CLI::App& app, ExitStatus& status);
// Training positions from a site's finished games.
void add_sitegames_command(CLI::App& app, ExitStatus& status);
// The exact solver's selective sigma (docs/ENGINE.md).
void add_mpcfit_endgame_command(CLI::App& app, ExitStatus& status);

}  // namespace reversi::cli
