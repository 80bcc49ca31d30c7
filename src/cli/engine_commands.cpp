// SPDX-License-Identifier: MIT
// Placeholder registration for the engine's subcommands until the engine lands.
#include "cli/commands.h"

namespace reversi::cli {

void add_engine_commands(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
