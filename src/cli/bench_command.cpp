// SPDX-License-Identifier: MIT
// Registration of `reversi bench` (not implemented yet).
#include "cli/commands.h"

namespace reversi::cli {

void add_bench_command(CLI::App&, ExitStatus&) {}

}  // namespace reversi::cli
