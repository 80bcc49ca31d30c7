// SPDX-License-Identifier: MIT
// `reversi solve [FILE.obf] [setup flags] [--moves ...] [--wld] [--json]`: exact endgame
// solving (6x6 openings read from the solved-openings table unless --no-table). With a file, each
// line is an OBF problem (64-square board string, side to move, then `; move:score` pairs, best
// first, read by core's parse_obf_line); every result is checked against the file's score. Without
// one, the position given by the setup flags and --moves is solved.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/board_string.h"
#include "core/notation.h"
#include "engine/engine.h"

namespace reversi::cli {

namespace {

struct SolveOptions {
    std::string file;
    bool wld = false;
    bool json = false;
    bool no_table = false;
    int hash_mb = 64;
    int threads = 1;
    double seconds = 0;
    int first = 1;
    int count = 0;
    SetupOptions setup;
};

struct Totals {
    int positions = 0;
    int mismatches = 0;
    uint64_t nodes = 0;
    uint64_t ordering_nodes = 0;
    double seconds = 0;
};

double rate(uint64_t nodes, double seconds) {
    return static_cast<double>(nodes) / std::max(seconds, 1e-9);
}

// Solves one position and prints its line; returns false on a mismatch with the file.
bool solve_one(engine::Engine& eng, const core::Position& pos, const SolveOptions& opt,
               const std::string& label, const core::ObfLine* problem, Totals& totals) {
    engine::SearchLimits limits;
    limits.exact = !opt.wld;
    limits.wld = opt.wld;
    limits.seconds = opt.seconds;
    limits.threads = opt.threads;
    limits.solved_openings = !opt.no_table;
    eng.clear();
    const engine::SearchResult r = eng.search(pos, limits);
    const std::string best = core::square_name(pos.geometry(), r.best);
    bool ok = true;
    std::string note;
    if (!r.exact && !pos.is_over()) {
        ok = false;
        note = "stopped before the end";
    } else if (problem && !problem->scores.empty()) {
        // The file lists the best move first; any move it scores lower must not be ours.
        const int expected = problem->scores.front().score;
        const int want = opt.wld ? (expected > 0) - (expected < 0) : expected;
        if (r.score != want) {
            ok = false;
            note = "MISMATCH: file says " + std::to_string(want);
        } else if (!opt.wld) {
            for (const core::ObfScore& listed : problem->scores)
                if (listed.square == r.best && listed.score != expected) {
                    ok = false;
                    note = "MISMATCH: file scores " + best + " " + std::to_string(listed.score);
                }
        }
    }
    ++totals.positions;
    totals.nodes += r.nodes;
    totals.ordering_nodes += r.ordering_nodes;
    totals.seconds += r.seconds;
    if (!ok) ++totals.mismatches;
    if (opt.json) {
        nlohmann::json j = {{"position", label},
                            {"best", best},
                            {"score", r.score},
                            {"exact", r.exact},
                            {"wld", opt.wld},
                            {"nodes", r.nodes},
                            {"ordering_nodes", r.ordering_nodes},
                            {"seconds", r.seconds},
                            {"nps", rate(r.nodes, r.seconds)},
                            {"pv", core::format_moves(pos.geometry(), r.pv, false)}};
        if (problem && !problem->scores.empty()) j["expected"] = problem->scores.front().score;
        j["ok"] = ok;
        std::cout << j.dump() << std::endl;
    } else {
        std::ostringstream line;
        line << std::left << std::setw(6) << label << " best " << std::setw(5) << best << " score "
             << std::right << std::showpos << std::setw(4) << r.score << std::noshowpos
             << "  nodes " << std::setw(12) << r.nodes << "  time " << std::fixed
             << std::setprecision(3) << std::setw(9) << r.seconds << " s  " << std::setprecision(2)
             << std::setw(7) << rate(r.nodes, r.seconds) / 1e6 << " Mn/s";
        if (!note.empty()) line << "  " << note;
        std::cout << line.str() << std::endl;
    }
    return ok;
}

void print_totals(const Totals& t, const SolveOptions& opt) {
    std::ostream& out = opt.json ? std::cerr : std::cout;
    // The ordering nodes are said apart: with them the count compares with engines that count
    // every position they make (Edax).
    out << "Total: " << t.positions << " positions, " << t.nodes << " nodes (+" << t.ordering_nodes
        << " ordering), " << std::fixed << std::setprecision(3) << t.seconds << " s, "
        << std::setprecision(2) << rate(t.nodes, t.seconds) / 1e6 << " Mn/s, " << t.mismatches
        << " mismatches" << std::endl;
}

int run_solve(const SolveOptions& opt) {
    engine::EngineOptions eopt;
    eopt.hash_mb = opt.hash_mb;
    engine::Engine eng(eopt);
    Totals totals;
    if (opt.file.empty()) {
        const core::Game game = opt.setup.game();
        if (game.variant().players() != 2) {
            std::cerr << "error: solve works on two-player games only\n";
            return 1;
        }
        solve_one(eng, game.position(), opt, "pos", nullptr, totals);
        return totals.mismatches ? 1 : 0;
    }
    std::ifstream in(opt.file);
    if (!in) {
        std::cerr << "error: cannot open '" << opt.file << "'\n";
        return 1;
    }
    const core::Variant variant{core::Setup{}};
    std::string line;
    int number = 0;
    int done = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#' || line[0] == '%') continue;
        ++number;
        if (number < opt.first) continue;
        if (opt.count > 0 && done >= opt.count) break;
        core::ObfLine problem;
        try {
            problem = core::parse_obf_line(variant, line);
        } catch (const core::NotationError& e) {
            std::cerr << "error: " << opt.file << " problem " << number << ": " << e.what() << '\n';
            return 1;
        }
        solve_one(eng, problem.position, opt, "#" + std::to_string(number), &problem, totals);
        ++done;
    }
    print_totals(totals, opt);
    return totals.mismatches ? 1 : 0;
}

}  // namespace

void add_solve_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<SolveOptions>();
    CLI::App* cmd = app.add_subcommand("solve", "Solve endgames exactly (OBF file or a position)");
    cmd->add_option("file", opt->file, "OBF problem file (one position per line)");
    opt->setup.add_to(*cmd);
    cmd->add_flag("--wld", opt->wld, "Win/loss/draw only");
    cmd->add_flag("--json", opt->json, "One JSON object per line");
    cmd->add_flag("--no-table", opt->no_table,
                  "Search even where the variant's solved openings know the answer (6x6)");
    cmd->add_option("--hash", opt->hash_mb, "Transposition table size in MB")
        ->capture_default_str()
        ->check(CLI::Range(1, 16384));
    cmd->add_option("--threads", opt->threads,
                    "Search threads (the node count then varies from run to run)")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_option("--time", opt->seconds, "Give up on a position after this many seconds")
        ->check(CLI::Range(0.0, 1e7));
    cmd->add_option("--first", opt->first, "First problem of the file to solve (from 1)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--count", opt->count, "Number of problems to solve (0: all)")
        ->check(CLI::Range(0, 1000000));
    cmd->callback([opt, &status] {
        try {
            status.code = run_solve(*opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

}  // namespace reversi::cli
