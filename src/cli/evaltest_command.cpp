// SPDX-License-Identifier: MIT
// `reversi evaltest --data FILE [--weights FILE | --handmade] [setup flags] [--all]`: the
// mean absolute error of an evaluation, in discs, per number of empties, on the exactly
// solved positions of a training file (--all: also the others, against the game result).
// Use a held-out file (games the weights were not trained on).
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/variant.h"
#include "engine/pattern_eval.h"
#include "engine/training_data.h"

namespace reversi::cli {

namespace {

struct EvaltestOptions {
    std::string data;
    std::string weights;
    bool handmade = false;
    bool all = false;
    SetupOptions setup;
};

int run_evaltest(const EvaltestOptions& opt) {
    const core::Variant variant(opt.setup.setup());
    const core::Geometry& g = variant.geometry();
    const std::string key = engine::pattern_variant_key(g, variant.anti());
    const engine::TrainingFile data = engine::read_training_file(opt.data);
    if (data.variant != (key.empty() ? "blocked" : key))
        throw std::runtime_error("evaltest: " + opt.data + " holds " + data.variant + " positions");
    const engine::Layout<core::u128> layout(g);
    std::unique_ptr<engine::Evaluator<core::u128>> eval;
    if (!opt.weights.empty()) {
        auto w = std::make_shared<engine::PatternWeights>(engine::read_weights(opt.weights));
        eval = std::make_unique<engine::PatternEval<core::u128>>(layout, g, std::move(w));
    } else {
        eval = engine::make_evaluator(layout, g, variant.anti(), opt.handmade);
    }
    std::map<int, std::pair<double, int>> by_empties;
    for (const engine::TrainingPosition& p : data.positions) {
        if (!p.exact && !opt.all) continue;
        const int empties = g.playable_count() - core::popcount(p.own | p.opp);
        auto& [sum, n] = by_empties[empties];
        sum += std::abs(eval->evaluate(p.own, p.opp) / 100.0 - p.score);
        ++n;
    }
    std::cout << "empties  positions  mae (discs)\n";
    double total = 0;
    int count = 0;
    for (const auto& [empties, v] : by_empties) {
        std::cout << std::setw(7) << empties << std::setw(11) << v.second << std::fixed
                  << std::setprecision(2) << std::setw(13) << v.first / v.second << std::defaultfloat << '\n';
        total += v.first;
        count += v.second;
    }
    std::cout << "all " << count << " positions: mae " << std::fixed << std::setprecision(2)
              << (count ? total / count : 0.0) << std::defaultfloat << '\n';
    return count > 0 ? 0 : 1;
}

}  // namespace

void add_evaltest_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<EvaltestOptions>();
    CLI::App* cmd = app.add_subcommand("evaltest", "Evaluation error per empties on solved positions");
    cmd->add_option("--data", opt->data, "Training file (held out)")->required()->check(CLI::ExistingFile);
    cmd->add_option("--weights", opt->weights, "Weight file to test (default: the variant's own)")
        ->check(CLI::ExistingFile);
    cmd->add_flag("--handmade", opt->handmade, "Test the hand-made evaluation");
    cmd->add_flag("--all", opt->all, "Also positions labelled by the game result");
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_evaltest(*opt); });
}

}  // namespace reversi::cli
