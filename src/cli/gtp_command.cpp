// SPDX-License-Identifier: MIT
// Registration of `reversi gtp` (not implemented yet).
#include "cli/commands.h"

namespace reversi::cli {

void add_gtp_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
