// SPDX-License-Identifier: MIT
// `reversi selfplay --out FILE --games N [setup flags] [--depth D] [--exact-empties E]
// [--seed S]`: plays self-play games for training (docs/TRAINING.md) and appends their
// positions to FILE. Resumable: games already in the file are skipped (game i is always the
// same game for a given seed), so the command can be stopped and started again.
#include <chrono>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/variant.h"
#include "engine/multiplayer_pattern_eval.h"
#include "engine/selfplay.h"

namespace reversi::cli {

namespace {

struct SelfplayCommandOptions {
    std::string out;
    int games = 100;
    engine::SelfplayOptions play;
    bool mover_only = false;
    SetupOptions setup;
};

int run_selfplay(SelfplayCommandOptions opt) {
    opt.play.all_seats = !opt.mover_only;
    const core::Setup setup = opt.setup.setup();
    if (setup.free_opening || setup.handicap)
        throw std::runtime_error("selfplay: no free opening, no handicap");
    const core::Variant variant(setup);
    std::string key = engine::weight_variant_key(variant);
    if (key.empty() && setup.players > 2)
        throw std::runtime_error("selfplay: 3-4 players without blocked squares only");
    if (key.empty()) key = "blocked";
    engine::TrainingWriter writer(opt.out, key, variant.geometry().narrow() ? 8 : 16);
    engine::Engine engine(engine::EngineOptions{16});
    const auto start = std::chrono::steady_clock::now();
    size_t positions = 0;
    const int first = writer.existing_games();
    if (first > 0) std::cerr << "resuming after " << first << " games\n";
    for (int i = first; i < opt.games; ++i) {
        const auto game =
            engine::play_selfplay_game(variant, opt.play, static_cast<uint64_t>(i), engine);
        writer.append(game);
        positions += game.size();
        const int done = i + 1 - first;
        if (done % 10 == 0 || i + 1 == opt.games) {
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "games " << i + 1 << "/" << opt.games << ", positions +" << positions
                      << ", " << static_cast<int>(done / std::max(s, 1e-9) * 60) << " games/min\n";
        }
    }
    std::cout << "Games: " << opt.games << " in " << opt.out << '\n';
    return 0;
}

}  // namespace

void add_selfplay_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<SelfplayCommandOptions>();
    CLI::App* cmd = app.add_subcommand("selfplay", "Self-play games for training (resumable)");
    cmd->add_option("--out", opt->out, "Training file to append to")->required();
    cmd->add_option("--games", opt->games, "Total games wanted in the file")
        ->check(CLI::Range(1, 100'000'000));
    cmd->add_option("--depth", opt->play.depth, "Midgame search depth")->check(CLI::Range(1, 12));
    cmd->add_option("--exact-empties", opt->play.exact_empties,
                    "Solve exactly from this many empties (8x8: seconds a game at 24, over "
                    "20 minutes at 28)")
        ->check(CLI::Range(0, 30));
    cmd->add_option("--random-min", opt->play.random_plies_min, "Shortest random opening (plies)")
        ->check(CLI::Range(0, 60));
    cmd->add_option("--random-max", opt->play.random_plies_max, "Longest random opening (plies)")
        ->check(CLI::Range(0, 60));
    cmd->add_option("--random-permille", opt->play.random_move_permille,
                    "Midgame moves out of 1000 played at random")
        ->check(CLI::Range(0, 1000));
    cmd->add_option("--seed", opt->play.seed, "Seed of the games");
    cmd->add_flag("--mover-only", opt->mover_only,
                  "3-4 players: record the mover's view only, not every seat's");
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_selfplay(*opt); });
}

}  // namespace reversi::cli
