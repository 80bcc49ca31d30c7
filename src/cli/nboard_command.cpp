// SPDX-License-Identifier: MIT
// Registration of `reversi nboard` (not implemented yet).
#include "cli/commands.h"

namespace reversi::cli {

void add_nboard_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
