// SPDX-License-Identifier: MIT
// `reversi mpcfit-endgame [--games N] [--seed S] [--min-empties E] [--max-empties E]
// [--max-depth D] [--min-depth D] [--raw FILE]` (8x8 and the other two-player boards): the
// spread of the exact score around the shallow searches the solver's selective passes cut on
// (engine/endgame_mpc_fit.h, docs/log/2026-12-03-selective-sigma.md). Prints
// each cell (empties, depth): samples, mean and deviation of exact - shallow in discs, and the
// solver's sigma there; then the planes fitted through the cells' deviations and biases.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/variant.h"
#include "engine/endgame.h"
#include "engine/endgame_mpc_fit.h"

namespace reversi::cli {

namespace {

struct MpcfitEndgameOptions {
    engine::EndgameMpcFitOptions fit;
    int min_depth = 2;
    int min_samples = 10;
    std::string raw;
    SetupOptions setup;
};

void print_plane(const char* name, const engine::EndgameMpcPlane& p) {
    std::cout << name << " = " << p.per_ply << " * depth + " << p.per_empty << " * empties + "
              << p.base << '\n';
}

int run_mpcfit_endgame(const MpcfitEndgameOptions& opt) {
    const core::Variant variant(opt.setup.setup());
    if (variant.players() != 2 || variant.setup().free_opening)
        throw std::runtime_error("mpcfit-endgame: two players without a free opening");
    if (opt.fit.min_empties > opt.fit.max_empties)
        throw std::runtime_error("mpcfit-endgame: --min-empties is above --max-empties");
    engine::Engine eng;
    const std::vector<engine::EndgameMpcSample> samples = engine::endgame_mpc_samples(
        variant, opt.fit, eng,
        [](size_t done) { std::cerr << "\rsolved " << done << " positions" << std::flush; });
    std::cerr << '\n';
    if (!opt.raw.empty()) {
        std::ofstream raw(opt.raw);
        raw << "empties,exact";
        for (int d = 0; d <= opt.fit.max_depth; ++d) raw << ",d" << d;
        raw << '\n';
        for (const engine::EndgameMpcSample& s : samples) {
            raw << s.empties << ',' << s.exact;
            for (const int v : s.values) raw << ',' << v;
            raw << '\n';
        }
        if (!raw.flush()) throw std::runtime_error("mpcfit-endgame: cannot write " + opt.raw);
    }
    const auto cells = engine::endgame_mpc_cells(samples, opt.min_depth, opt.min_samples);
    if (cells.empty()) throw std::runtime_error("mpcfit-endgame: no cell has enough samples");
    const engine::EndgameMpcPlane sigma = engine::fit_endgame_mpc_plane(cells, false);
    const engine::EndgameMpcPlane bias = engine::fit_endgame_mpc_plane(cells, true);
    using Solver = engine::Endgame<uint64_t>;
    std::cout << "empties | depth | samples | bias | sigma | fitted sigma | solver's sigma\n"
              << std::fixed << std::setprecision(2);
    for (const engine::EndgameMpcCell& c : cells)
        std::cout << c.empties << " | " << c.depth << " | " << c.samples << " | " << c.bias << " | "
                  << c.sigma << " | " << sigma.at(c.empties, c.depth) << " | "
                  << Solver::mpc_sigma(c.empties, c.depth) << '\n';
    std::cout << std::setprecision(4);
    print_plane("sigma", sigma);
    print_plane("bias", bias);
    std::cout << std::defaultfloat << samples.size() << " positions\n";
    return 0;
}

}  // namespace

void add_mpcfit_endgame_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<MpcfitEndgameOptions>();
    CLI::App* cmd = app.add_subcommand(
        "mpcfit-endgame", "Fit the exact solver's selective sigma on solved self-play positions");
    cmd->add_option("--games", opt->fit.games, "Self-play games")->check(CLI::Range(1, 100000));
    cmd->add_option("--seed", opt->fit.seed, "Seed of the games");
    cmd->add_option("--min-empties", opt->fit.min_empties, "Fewest empties of a position")
        ->check(CLI::Range(1, 40));
    cmd->add_option("--max-empties", opt->fit.max_empties,
                    "Most empties of a position (each is solved exactly)")
        ->check(CLI::Range(1, 40));
    cmd->add_option("--max-depth", opt->fit.max_depth, "Deepest shallow search")
        ->check(CLI::Range(0, 20));
    cmd->add_option("--min-depth", opt->min_depth, "Shallowest search fitted")
        ->check(CLI::Range(0, 20));
    cmd->add_option("--min-samples", opt->min_samples, "Fewest samples of a fitted cell")
        ->check(CLI::Range(2, 1000000));
    cmd->add_option("--raw", opt->raw, "Also write every sample (CSV: empties, exact, values)");
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_mpcfit_endgame(*opt); });
}

}  // namespace reversi::cli
