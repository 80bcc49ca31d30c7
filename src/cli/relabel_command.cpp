// SPDX-License-Identifier: MIT
// `reversi relabel --data IN --out OUT [setup flags] [--depth D] [--search-share S]
// [--first-game F --games N]`: writes
// a copy of a training file whose midgame labels are shallow search values with the current
// weights (docs/TRAINING.md, "Relabelling"). OUT must not exist yet.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/variant.h"
#include "engine/pattern_eval.h"
#include "engine/relabel.h"

namespace reversi::cli {

namespace {

struct RelabelCommandOptions {
    std::string data;
    std::string out;
    engine::RelabelOptions relabel;
    int first_game = 0;  // the games [first_game, first_game + games) of the file
    int games = 0;       // 0: every game from first_game on
    SetupOptions setup;
};

int run_relabel(const RelabelCommandOptions& opt) {
    const core::Variant variant(opt.setup.setup());
    const std::string key = engine::pattern_variant_key(variant.geometry(), variant.anti());
    if (key.empty() || variant.players() != 2)
        // A 3-4 player record keeps one seat against the rest, too little to search from;
        // blocked squares come from the records, not from --blocked.
        throw std::runtime_error("relabel: two players without --blocked only");
    if (std::filesystem::exists(opt.out))
        throw std::runtime_error("relabel: " + opt.out + " exists already");
    engine::TrainingFile file = engine::read_training_file(opt.data);
    const std::string blocked_key =
        engine::blocked_variant_key(variant.geometry().shape(), variant.anti());
    if (file.variant != key && file.variant != blocked_key)
        throw std::runtime_error("relabel: " + opt.data + " holds " + file.variant +
                                 " positions, not " + key + " or " + blocked_key);
    file.keep_games(opt.first_game, opt.games);
    engine::Engine engine(engine::EngineOptions{16});
    const size_t changed = engine::relabel_positions(variant, opt.relabel, file.positions, engine);
    engine::TrainingWriter writer(opt.out, file.variant, file.word_bytes);
    std::vector<engine::TrainingPosition> game;
    for (const engine::TrainingPosition& p : file.positions) {
        if (p.game_start && !game.empty()) writer.append(game), game.clear();
        game.push_back(p);
    }
    if (!game.empty()) writer.append(game);
    std::cout << "Relabelled " << changed << " of " << file.positions.size() << " positions into "
              << opt.out << '\n';
    return 0;
}

}  // namespace

void add_relabel_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<RelabelCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "relabel", "Relabel midgame training positions by shallow searches with the weights");
    cmd->add_option("--data", opt->data, "Training file to read")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", opt->out, "Training file to write (must not exist)")->required();
    cmd->add_option("--depth", opt->relabel.depth, "Search depth of the new labels")
        ->check(CLI::Range(1, 12));
    cmd->add_option("--search-share", opt->relabel.search_share,
                    "Share of the search value in the label (the rest: the game result)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--first-game", opt->first_game, "First game of the file to relabel (from 0)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--games", opt->games, "Games to relabel (0: all from --first-game on)")
        ->check(CLI::NonNegativeNumber);
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_relabel(*opt); });
}

}  // namespace reversi::cli
