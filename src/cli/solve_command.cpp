// SPDX-License-Identifier: MIT
// Registration of `reversi solve` (not implemented yet).
#include "cli/commands.h"

namespace reversi::cli {

void add_solve_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
