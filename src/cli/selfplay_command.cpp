// SPDX-License-Identifier: MIT
// `reversi selfplay --out FILE --games N [setup flags] [--blocked-random K] [--depth D]
// [--exact-empties E] [--seed S]`: plays self-play games for training (docs/TRAINING.md) and
// appends their positions to FILE. Resumable: games already in the file are skipped (game i
// is always the same game, on the same blocked layout, for a given seed), so the command can
// be stopped and started again.
#include <chrono>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/random_blocked.h"
#include "core/variant.h"
#include "engine/multiplayer_pattern_eval.h"
#include "engine/pattern_eval.h"
#include "engine/selfplay.h"

namespace reversi::cli {

namespace {

struct SelfplayCommandOptions {
    std::string out;
    int games = 100;
    engine::SelfplayOptions play;
    bool mover_only = false;
    int blocked_random = 0;  // squares of a fresh random layout per game (0: the setup's)
    SetupOptions setup;
};

// The setup of game `index`: with `blocked_random` a layout drawn as the site draws one, from
// the seed and the index only (so that resuming replays the same boards).
core::Setup game_setup(const SelfplayCommandOptions& opt, const core::Setup& base, int index) {
    if (opt.blocked_random == 0) return base;
    core::Setup setup = base;
    const uint64_t layout_seed = opt.play.seed * 0xd1b54a32d192ed03ULL +
                                 static_cast<uint64_t>(index) * 0x8cb92ba72f3d8dd7ULL + 1;
    setup.blocked = core::random_blocked_layout(base, opt.blocked_random, layout_seed);
    return setup;
}

int run_selfplay(SelfplayCommandOptions opt) {
    opt.play.all_seats = !opt.mover_only;
    const core::Setup setup = opt.setup.setup();
    if (setup.free_opening || setup.handicap)
        throw std::runtime_error("selfplay: no free opening, no handicap");
    if (opt.blocked_random > 0 && !setup.blocked.empty())
        throw std::runtime_error("selfplay: --blocked or --blocked-random, not both");
    const core::Variant variant(game_setup(opt, setup, 0));
    std::string key = engine::weight_variant_key(variant);
    if (key.empty() && setup.players > 2)
        throw std::runtime_error("selfplay: 3-4 players without blocked squares only");
    // Records keep their blocked squares: such files train the shape's blocked weights.
    if (key.empty()) key = engine::blocked_variant_key(setup.shape, setup.anti);
    engine::TrainingWriter writer(opt.out, key, variant.geometry().narrow() ? 8 : 16);
    engine::Engine engine(engine::EngineOptions{16});
    const auto start = std::chrono::steady_clock::now();
    size_t positions = 0;
    const int first = writer.existing_games();
    if (first > 0) std::cerr << "resuming after " << first << " games\n";
    for (int i = first; i < opt.games; ++i) {
        const core::Variant board =
            opt.blocked_random > 0 ? core::Variant(game_setup(opt, setup, i)) : variant;
        const auto game =
            engine::play_selfplay_game(board, opt.play, static_cast<uint64_t>(i), engine);
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
    cmd->add_option("--blocked-random", opt->blocked_random,
                    "Blocked squares of a new random layout each game, drawn as the site draws "
                    "them (an even number)")
        ->check(CLI::Range(0, 100));
    cmd->add_flag("--mover-only", opt->mover_only,
                  "3-4 players: record the mover's view only, not every seat's");
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_selfplay(*opt); });
}

}  // namespace reversi::cli
