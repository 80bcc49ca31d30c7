// SPDX-License-Identifier: MIT
// `reversi gtp [--level N | --depth N | --time S] [--board 8] [--threads N]`: the Go Text
// Protocol on stdin/stdout, for GUIs such as Quarry and for matches against other engines.
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/gtp_session.h"
#include "cli/setup_options.h"

namespace reversi::cli {

namespace {

struct GtpOptions : SessionLimits {
    std::string board = "8";
    bool anti = false;
};

int run_gtp(const GtpOptions& opt) {
    const engine::SearchLimits limits = opt.limits();
    core::Setup setup;
    if (!core::parse_shape(opt.board, setup.shape))
        throw core::SetupError("unknown board '" + opt.board + "' (use 6, 8 or 10)");
    setup.anti = opt.anti;
    GtpSession session(limits, setup);
    session.run(std::cin, std::cout);
    return 0;
}

}  // namespace

void add_gtp_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<GtpOptions>();
    CLI::App* cmd = app.add_subcommand(
        "gtp", "Speak the Go Text Protocol (Othello dialect) on stdin/stdout, e.g. for Quarry");
    cmd->add_option("--level", opt->level, "Playing level 1-10 (default 10)")
        ->check(CLI::Range(1, 10));
    cmd->add_option("--depth", opt->depth, "Fixed search depth instead of a level")
        ->check(CLI::Range(1, 60));
    cmd->add_option("--time", opt->seconds, "Seconds per move instead of a level")
        ->check(CLI::Range(0.01, 3600.0));
    cmd->add_option("--threads", opt->threads, "Search threads")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_option("--board", opt->board, "Board at start: 6, 8 or 10 (boardsize changes it)")
        ->capture_default_str();
    cmd->add_flag("--anti", opt->anti, "Anti-Reversi: fewest discs wins");
    cmd->callback([opt, &status] { status.code = run_gtp(*opt); });
}

}  // namespace reversi::cli
