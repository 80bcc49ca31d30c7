// SPDX-License-Identifier: MIT
// `reversi solved-openings --board 6 --plies N --out FILE [--hash MB] [--threads N]`: builds
// the table of solved openings (engine/solved_openings.h, docs/ENGINE.md "6x6 from the
// start"): every position a perfect player of either colour can meet in the first N plies
// (from the start, or after --moves),
// solved exactly, written through a temporary file and read back before the rename.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "engine/solved_openings.h"

namespace reversi::cli {

namespace {

struct SolvedOpeningsOptions {
    std::string out;
    int plies = 8;
    int hash_mb = 256;
    SetupOptions setup;
};

int run_solved_openings(const SolvedOpeningsOptions& opt) {
    const core::Game game = opt.setup.game();
    engine::EngineOptions eopt;
    eopt.hash_mb = opt.hash_mb;
    engine::Engine eng(eopt);
    const auto start = std::chrono::steady_clock::now();
    const engine::SolvedOpenings table =
        engine::build_solved_openings(game.position(), opt.plies, eng, [&](size_t solved) {
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "\rsolved " << solved << " positions, " << std::fixed
                      << std::setprecision(1) << s << " s" << std::flush;
        });
    std::cerr << '\n';
    engine::write_solved_openings_file(opt.out, table);
    // The file as it will be loaded: a table that cannot be read back is not shipped.
    const engine::SolvedOpenings check =
        engine::read_solved_openings_file(opt.out, table.variant());
    std::cout << "wrote " << opt.out << ": " << check.size() << " positions of " << table.variant()
              << " up to ply " << opt.plies << std::endl;
    return check.size() == table.size() ? 0 : 1;
}

}  // namespace

void add_solved_openings_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<SolvedOpeningsOptions>();
    CLI::App* cmd = app.add_subcommand(
        "solved-openings", "Solve every position a perfect player meets in the first plies");
    opt->setup.add_to(*cmd);
    cmd->add_option("--plies", opt->plies, "Plies from the start to cover")
        ->capture_default_str()
        ->check(CLI::Range(0, 20));
    cmd->add_option("--out", opt->out, "Table file to write (data/solved/VARIANT.solved)")
        ->required();
    cmd->add_option("--hash", opt->hash_mb, "Transposition table size in MB")
        ->capture_default_str()
        ->check(CLI::Range(1, 16384));
    cmd->callback([opt, &status] {
        try {
            status.code = run_solved_openings(*opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

}  // namespace reversi::cli
