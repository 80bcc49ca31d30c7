// SPDX-License-Identifier: MIT
// `reversi explorer bench --games N [--queries Q] [--seed S]` (docs/EXPLORER.md "Figures"): fills
// the opening explorer's index with N synthetic 8x8 games (random legal moves to the end,
// random players and ratings) and times queries at several depths, with and without filters.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>

#include "cli/commands.h"
#include "core/bitboard.h"
#include "core/position.h"

#ifdef REVERSI_HAVE_SERVER
#include "server/explorer/explorer.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
void add_explorer_command(CLI::App&, ExitStatus&) {}
#else

namespace {

struct ExplorerBenchOptions {
    int games = 100'000;
    int queries = 200;
    uint64_t seed = 1;
};

core::Square synthetic_square(core::u128 moves, std::mt19937_64& rng) {
    int pick = static_cast<int>(rng() % static_cast<uint64_t>(core::popcount(moves)));
    while (pick--) moves &= moves - 1;
    return core::lsb(moves);
}

std::vector<core::Square> synthetic_game(const core::Variant& variant, std::mt19937_64& rng) {
    core::Position pos = core::Position::start(variant);
    std::vector<core::Square> moves;
    while (!pos.is_over()) {
        const core::Square m =
            pos.must_pass() ? core::PassMove : synthetic_square(pos.legal_moves(), rng);
        moves.push_back(m);
        pos.play(m);
    }
    return moves;
}

double explorer_ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

int run_explorer_bench(const ExplorerBenchOptions& opt) {
    const core::Variant variant{core::Setup{}};
    std::mt19937_64 rng(opt.seed);
    server::Explorer explorer;
    std::vector<std::vector<core::Square> > sample;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < opt.games; ++i) {
        server::ExplorerGame g;
        g.pool = "8x8";
        g.moves = synthetic_game(variant, rng);
        g.winner = static_cast<int>(rng() % 3) - 1;
        g.players = {static_cast<int64_t>(rng() % 5000 + 1),
                     static_cast<int64_t>(rng() % 5000 + 1)};
        g.ratings = {static_cast<int>(1000 + rng() % 1200), static_cast<int>(1000 + rng() % 1200)};
        if (static_cast<int>(sample.size()) < opt.queries) sample.push_back(g.moves);
        explorer.add(g);
    }
    std::cout << "Games: " << opt.games << " indexed in " << std::fixed << std::setprecision(0)
              << explorer_ms_since(start) << " ms\n";
    for (const int depth : {0, 1, 2, 4, 8}) {
        for (const bool filtered : {false, true}) {
            server::ExplorerFilter filter;
            if (filtered) {
                filter.min_rating = 1400;
                filter.max_rating = 1800;
            }
            double total = 0, worst = 0;
            int answered = 0;
            for (const auto& game : sample) {
                const std::vector<core::Square> prefix(
                    game.begin(),
                    game.begin() + std::min<long>(depth, static_cast<long>(game.size())));
                start = std::chrono::steady_clock::now();
                answered += explorer.query("8x8", prefix, filter).games;
                const double ms = explorer_ms_since(start);
                total += ms;
                worst = std::max(worst, ms);
            }
            std::cout << "depth " << depth << (filtered ? ", band 1400-1800" : ", no filter      ")
                      << ": mean " << std::setprecision(2) << total / sample.size() << " ms, max "
                      << worst << " ms (" << answered / static_cast<int>(sample.size())
                      << " games per answer)\n";
        }
    }
    return 0;
}

}  // namespace

void add_explorer_command(CLI::App& app, ExitStatus& status) {
    CLI::App* cmd = app.add_subcommand("explorer", "The opening explorer's figures");
    cmd->require_subcommand(1);
    auto opt = std::make_shared<ExplorerBenchOptions>();
    CLI::App* bench = cmd->add_subcommand("bench", "Time queries over synthetic games");
    bench->add_option("--games", opt->games, "Synthetic games indexed")
        ->capture_default_str()
        ->check(CLI::Range(1, 10'000'000));
    bench->add_option("--queries", opt->queries, "Queries per depth")
        ->capture_default_str()
        ->check(CLI::Range(1, 100'000));
    bench->add_option("--seed", opt->seed, "Seed of the games")->capture_default_str();
    bench->callback([opt, &status] { status.code = run_explorer_bench(*opt); });
}

#endif

}  // namespace reversi::cli
