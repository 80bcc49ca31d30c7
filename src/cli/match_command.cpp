// SPDX-License-Identifier: MIT
// Registration of `reversi match` (not implemented yet).
#include "cli/commands.h"

namespace reversi::cli {

void add_match_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
