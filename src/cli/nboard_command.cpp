// SPDX-License-Identifier: MIT
// `reversi nboard [--level N | --depth N | --time S] [--threads N]`: the NBoard protocol v2
// on stdin/stdout, so that the NBoard GUI (and other NBoard programs) can use the engine.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/nboard_session.h"
#include "cli/setup_options.h"

namespace reversi::cli {

namespace {

using NboardOptions = SessionLimits;

int run_nboard(const NboardOptions& opt) {
    const engine::SearchLimits limits = opt.limits();
    NboardSession session(limits);
    session.run(std::cin, std::cout);
    return 0;
}

}  // namespace

void add_nboard_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<NboardOptions>();
    CLI::App* cmd =
        app.add_subcommand("nboard", "Speak the NBoard protocol v2 on stdin/stdout (NBoard GUI)");
    cmd->add_option("--level", opt->level, "Playing level 1-10 (default 10)")
        ->check(CLI::Range(1, 10));
    cmd->add_option("--depth", opt->depth, "Fixed search depth (NBoard's set depth overrides)")
        ->check(CLI::Range(1, 60));
    cmd->add_option("--time", opt->seconds, "Seconds per move")->check(CLI::Range(0.01, 3600.0));
    cmd->add_option("--threads", opt->threads, "Search threads")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->callback([opt, &status] { status.code = run_nboard(*opt); });
}

}  // namespace reversi::cli
