// SPDX-License-Identifier: MIT
// `reversi analyze` (alias `hint`) [setup flags] [--moves ...] [--depth N | --time S]
// [--multipv N] [--exact] [--level L] [--json]: the best moves of a position with their
// evaluations and the depth reached. Scores are disc differences for the side to move
// (heuristic values for 3-4 players); "exact" marks solved ones.
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/notation.h"
#include "engine/engine.h"

namespace reversi::cli {

namespace {

struct AnalyzeOptions {
    int depth = 0;
    double seconds = 0;
    int multipv = 64;
    int level = 0;
    bool exact = false;
    bool json = false;
    bool quiet = false;
    int hash_mb = 64;
    int threads = 1;
    SetupOptions setup;
};

std::string signed_score(int score) {
    std::ostringstream s;
    s << std::showpos << score;
    return s.str();
}

int run_analyze(const AnalyzeOptions& opt) {
    const core::Game game = opt.setup.game();
    const core::Position& pos = game.position();
    const core::Geometry& g = pos.geometry();
    if (opt.exact && pos.players() != 2) {
        std::cerr << "error: --exact works on two-player games only\n";
        return 1;
    }
    engine::SearchLimits limits;
    limits.depth = opt.depth;
    limits.seconds = opt.seconds;
    if (opt.depth == 0 && opt.seconds == 0 && !opt.exact && opt.level == 0) limits.seconds = 2;
    limits.multipv = opt.multipv;
    limits.exact = opt.exact;
    limits.level = opt.level;
    limits.threads = opt.threads;
    engine::EngineOptions eopt;
    eopt.hash_mb = opt.hash_mb;
    engine::Engine eng(eopt);
    auto on_iteration = [&](const engine::SearchResult& r) {
        if (opt.quiet || opt.json) return;
        std::cout << "depth " << r.depth << "  score " << signed_score(r.score)
                  << (r.exact ? " exact" : "") << "  nodes " << r.nodes << "  pv "
                  << core::format_moves(g, r.pv, false) << std::endl;
    };
    const engine::SearchResult r = eng.search(pos, limits, {}, on_iteration);
    if (opt.json) {
        nlohmann::json moves = nlohmann::json::array();
        for (const auto& m : r.root_moves)
            moves.push_back(
                {{"move", core::square_name(g, m.move)}, {"score", m.score}, {"exact", m.exact}});
        nlohmann::json j = {{"best", r.best == core::NoSquare ? "" : core::square_name(g, r.best)},
                            {"score", r.score},
                            {"exact", r.exact},
                            {"depth", r.depth},
                            {"nodes", r.nodes},
                            {"seconds", r.seconds},
                            {"pv", core::format_moves(g, r.pv, false)},
                            {"moves", moves}};
        std::cout << j.dump() << std::endl;
        return 0;
    }
    if (r.best == core::NoSquare) {
        std::cout << "game over, score " << signed_score(r.score) << " for the side to move\n";
        return 0;
    }
    std::cout << "best " << core::square_name(g, r.best) << "  score " << signed_score(r.score)
              << (r.exact ? " exact" : "") << "  depth " << r.depth << "  nodes " << r.nodes
              << "  time " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
    int rank = 0;
    for (const auto& m : r.root_moves)
        std::cout << std::setw(3) << ++rank << ". " << std::left << std::setw(5)
                  << core::square_name(g, m.move) << std::right << std::setw(5)
                  << signed_score(m.score) << (m.exact ? " exact" : "") << '\n';
    return 0;
}

}  // namespace

void add_analyze_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<AnalyzeOptions>();
    CLI::App* cmd = app.add_subcommand("analyze", "Best moves of a position with evaluations");
    cmd->alias("hint");
    opt->setup.add_to(*cmd);
    cmd->add_option("--depth", opt->depth, "Search depth in plies")->check(CLI::Range(0, 64));
    cmd->add_option("--time", opt->seconds, "Time limit in seconds (default 2 without --depth)")
        ->check(CLI::Range(0.0, 1e6));
    cmd->add_option("--multipv", opt->multipv, "Number of moves to rank")
        ->capture_default_str()
        ->check(CLI::Range(1, 128));
    cmd->add_option("--level", opt->level, "Search as this level (1-10)")->check(CLI::Range(0, 10));
    cmd->add_flag("--exact", opt->exact, "Solve to the end of the game");
    cmd->add_option("--threads", opt->threads, "Search threads (two players)")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_flag("--json", opt->json, "One JSON object");
    cmd->add_flag("--quiet", opt->quiet, "No per-iteration lines");
    cmd->add_option("--hash", opt->hash_mb, "Transposition table size in MB")
        ->capture_default_str()
        ->check(CLI::Range(1, 16384));
    cmd->callback([opt, &status] {
        try {
            status.code = run_analyze(*opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

}  // namespace reversi::cli
