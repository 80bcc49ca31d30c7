// SPDX-License-Identifier: MIT
// Registration of `reversi analyze` (not implemented yet).
#include "cli/commands.h"

namespace reversi::cli {

void add_analyze_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
