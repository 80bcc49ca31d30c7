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
void add_engine_commands(CLI::App& app, ExitStatus& status);
void add_serve_command(CLI::App& app, ExitStatus& status);

}  // namespace reversi::cli
