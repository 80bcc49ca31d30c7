// SPDX-License-Identifier: MIT
// Placeholder registration for `reversi serve` until the server lands.
#include "cli/commands.h"

namespace reversi::cli {

void add_serve_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
