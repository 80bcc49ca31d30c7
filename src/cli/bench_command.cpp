// SPDX-License-Identifier: MIT
// `reversi bench [--depth-offset N] [--threads N]`: the fixed-depth bench over every variant.
// Prints one line per position, then the time and speed, and `Nodes searched: N` last (the
// signature that tests/scripts/signature.sh checks; one thread only).
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "engine/bench.h"

namespace reversi::cli {

namespace {

struct BenchOptions {
    int depth_offset = 0;
    int threads = 1;
    bool quiet = false;
    bool handmade = false;
};

int run_bench(const BenchOptions& opt) {
    double seconds = 0;
    int index = 0;
    const auto line = [&](const engine::BenchLine& l) {
        seconds += l.seconds;
        ++index;
        if (opt.quiet) return;
        std::cout << std::setw(3) << index << "  " << std::left << std::setw(24) << l.name
                  << std::right << " nodes " << std::setw(10) << l.nodes << "  score "
                  << std::setw(5) << l.score << "  time " << std::fixed << std::setprecision(3)
                  << l.seconds << " s" << std::defaultfloat << '\n';
    };
    const uint64_t nodes = engine::run_bench(opt.depth_offset, opt.threads, line, opt.handmade);
    if (opt.threads > 1)
        std::cout << "Threads: " << opt.threads
                  << " (node counts vary from run to run: not a signature)\n";
    std::cout << "Positions: " << index << "\nTime (s): " << std::fixed << std::setprecision(3)
              << seconds << "\nNodes/second: "
              << static_cast<uint64_t>(static_cast<double>(nodes) / std::max(seconds, 1e-9))
              << "\nNodes searched: " << nodes << std::endl;
    return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<BenchOptions>();
    CLI::App* cmd =
        app.add_subcommand("bench", "Fixed-depth search of a fixed position list (signature)");
    cmd->add_option("--depth-offset", opt->depth_offset, "Add this to every bench depth")
        ->check(CLI::Range(-10, 10));
    cmd->add_option("--threads", opt->threads,
                    "Search threads for two-player positions (1 gives the signature)")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_flag("--quiet", opt->quiet, "Only the summary lines");
    cmd->add_flag("--handmade", opt->handmade,
                  "The hand-made evaluation where trained weights exist (old against new)");
    cmd->callback([opt, &status] { status.code = run_bench(*opt); });
}

}  // namespace reversi::cli
