// SPDX-License-Identifier: MIT
// `reversi perft DEPTH [setup flags] [--moves ...] [--divide] [--stats]`.
#include <chrono>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/notation.h"
#include "core/perft.h"

namespace reversi::cli {

namespace {

struct PerftOptions {
    int depth = 1;
    bool divide = false;
    bool stats = false;
    SetupOptions setup;
};

int run_perft(const PerftOptions& opt) {
    const core::Game game = opt.setup.game();
    const core::Position& pos = game.position();
    const auto start = std::chrono::steady_clock::now();
    uint64_t total = 0;
    if (opt.divide) {
        for (const auto& [sq, nodes] : core::perft_divide(pos, opt.depth)) {
            std::cout << core::square_name(pos.geometry(), sq) << ": " << nodes << '\n';
            total += nodes;
        }
        if (opt.depth == 0 || pos.is_over()) total = 1;
    } else {
        total = core::perft(pos, opt.depth);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (opt.stats) {
        int ply = 1;
        for (const auto& s : core::perft_stats(pos, opt.depth))
            std::cout << "ply " << ply++ << ": " << s.nodes << " sequences, " << s.passes
                      << " passes, " << s.ended << " games ended\n";
    }
    std::cerr << "time " << seconds << " s, " << static_cast<double>(total) / std::max(seconds, 1e-9) / 1e6
              << " Mnodes/s\n";
    std::cout << "Nodes: " << total << '\n';
    return 0;
}

}  // namespace

void add_perft_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<PerftOptions>();
    CLI::App* cmd = app.add_subcommand("perft", "Count move sequences of a given length");
    cmd->add_option("depth", opt->depth, "Number of plies (a pass is a ply)")
        ->required()
        ->check(CLI::Range(0, 64));
    opt->setup.add_to(*cmd);
    cmd->add_flag("--divide", opt->divide, "Print the count below each root move first");
    cmd->add_flag("--stats", opt->stats, "Also print sequences, passes and ended games per ply");
    cmd->callback([opt, &status] { status.code = run_perft(*opt); });
}

}  // namespace reversi::cli
