// SPDX-License-Identifier: MIT
// `reversi train --data FILE... --out WEIGHTS [setup flags] [--phases P] [--epochs E]
// [--init WEIGHTS] [--patterns standard|corner2x5|triangle]`:
// fits pattern weights to self-play positions (docs/TRAINING.md) and writes a weight file.
// Prints per phase the training loss before and after and the held-out error.
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/variant.h"
#include "engine/multiplayer_pattern_eval.h"
#include "engine/trainer.h"

namespace reversi::cli {

namespace {

struct TrainCommandOptions {
    std::vector<std::string> data;
    std::string out;
    std::string init;  // weights to fine-tune (empty: train from 0)
    std::string patterns = "standard";
    engine::TrainOptions train;
    bool mover_only = false;
    bool for_blocked = false;  // the weights of the shape's boards with blocked squares
    SetupOptions setup;
};

int run_train(const TrainCommandOptions& opt) {
    const core::Variant variant(opt.setup.setup());
    const std::string shape_key = engine::weight_variant_key(variant);
    if (shape_key.empty())
        throw std::runtime_error("train: no --blocked (records keep their blocked squares)");
    const bool two_players = variant.players() == 2;
    if (opt.for_blocked && !two_players)
        throw std::runtime_error("train: --for-blocked takes two players only");
    const std::string blocked_key =
        two_players ? engine::blocked_variant_key(variant.geometry().shape(), variant.anti()) : "";
    const std::string key = opt.for_blocked ? blocked_key : shape_key;
    engine::PatternWeights prior;
    engine::TrainOptions train = opt.train;
    train.patterns = *engine::pattern_family_named(opt.patterns);
    if (!opt.init.empty()) {
        prior = engine::read_weights(opt.init);
        if (prior.variant != shape_key && prior.variant != blocked_key)
            throw std::runtime_error("train: " + opt.init + " holds " + prior.variant +
                                     " weights, not " + shape_key);
        train.prior = &prior;
    }
    std::vector<engine::TrainingPosition> positions;
    for (const std::string& path : opt.data) {
        engine::TrainingFile f = engine::read_training_file(path);
        // Either weights may learn from plain and blocked boards of the shape alike.
        if (f.variant != shape_key && (blocked_key.empty() || f.variant != blocked_key))
            throw std::runtime_error("train: " + path + " holds " + f.variant + " positions, not " +
                                     shape_key + (blocked_key.empty() ? "" : " or " + blocked_key));
        for (const engine::TrainingPosition& p : f.positions)
            if (!(opt.mover_only && p.other_seat)) positions.push_back(p);
    }
    std::cout << "Positions: " << positions.size() << '\n';
    std::vector<engine::PhaseReport> report;
    const auto line = [](const engine::PhaseReport& r) {
        std::cout << "phase " << std::setw(2) << r.phase << "  train " << std::setw(8)
                  << r.train_positions << "  held out " << std::setw(7) << r.holdout_positions
                  << std::fixed << std::setprecision(3) << "  mse " << r.first_loss << " -> "
                  << r.last_loss << "  held-out mae " << r.holdout_mae << std::defaultfloat
                  << std::endl;
    };
    const engine::PatternWeights w =
        engine::train_weights(variant.geometry(), key, positions, train, report, line);
    engine::write_weights(opt.out, w);
    std::cout << "Weights: " << opt.out << '\n';
    return 0;
}

}  // namespace

void add_train_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<TrainCommandOptions>();
    CLI::App* cmd = app.add_subcommand("train", "Fit pattern weights to self-play positions");
    cmd->add_option("--data", opt->data, "Training files")->required()->check(CLI::ExistingFile);
    cmd->add_option("--out", opt->out, "Weight file to write")->required();
    cmd->add_option("--init", opt->init,
                    "Weights to fine-tune: start from them and regularise towards them")
        ->check(CLI::ExistingFile);
    std::vector<std::string> families;
    for (engine::PatternFamily f : engine::AllPatternFamilies)
        families.push_back(engine::pattern_family_name(f));
    cmd->add_option("--patterns", opt->patterns,
                    "Pattern set: standard, corner2x5 (the standard set and the 2x5 corner), or "
                    "triangle (corner2x5 and the corner triangle)")
        ->check(CLI::IsMember(families));
    cmd->add_option("--phases", opt->train.phases, "Game phases")->check(CLI::Range(1, 64));
    cmd->add_option("--epochs", opt->train.epochs, "Passes over the data")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--learning-rate", opt->train.learning_rate, "Adam step (discs)")
        ->check(CLI::Range(1e-6, 10.0));
    cmd->add_option("--l2", opt->train.l2, "L2 regularisation")->check(CLI::Range(0.0, 10.0));
    cmd->add_option("--neighbour-weight", opt->train.neighbour_weight,
                    "Weight of the two neighbouring phases' positions in a phase's fit")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--min-count", opt->train.min_count,
                    "Situations seen in fewer positions of a phase keep weight 0")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--holdout-every", opt->train.holdout_every,
                    "Hold out every N-th game for validation (0: none)")
        ->check(CLI::Range(0, 1000));
    cmd->add_flag("--for-blocked", opt->for_blocked,
                  "Weights for the shape's boards with blocked squares (key <shape>-blk)");
    cmd->add_flag("--mover-only", opt->mover_only,
                  "3-4 players: train on the mover's records only, not every seat's");
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_train(*opt); });
}

}  // namespace reversi::cli
