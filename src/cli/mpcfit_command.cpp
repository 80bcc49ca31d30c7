// SPDX-License-Identifier: MIT
// `reversi mpcfit --data FILE... --out FILE.mpc [setup flags] [--positions N] [--max-depth D]
// [--bucket E]`: fits the Multi-ProbCut parameters of a variant (docs/TRAINING.md). Positions
// are drawn evenly from training files, searched at every depth 0..D with Multi-ProbCut off,
// and each deep value is regressed on its shallow partner's, per range of empties.
#include <algorithm>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/position.h"
#include "engine/pattern_eval.h"
#include "engine/probcut.h"
#include "engine/relabel.h"
#include "engine/search.h"
#include "engine/training_data.h"

namespace reversi::cli {

namespace {

struct MpcfitOptions {
    std::vector<std::string> data;
    std::string out;
    int positions = 2000;
    int max_depth = 10;
    int bucket = 10;
    int min_empties = 12;
    int min_samples = 30;
    SetupOptions setup;
};

int run_mpcfit(const MpcfitOptions& opt) {
    const core::Variant variant(opt.setup.setup());
    const core::Geometry& g = variant.geometry();
    if (variant.players() != 2) throw std::runtime_error("mpcfit: two-player variants only");
    const std::string key = engine::pattern_variant_key(g, variant.anti());
    if (key.empty())
        throw std::runtime_error("mpcfit: no --blocked (blocked squares come from the records)");
    // Files of blocked games may fit too (their records keep the blocked squares).
    const std::string blocked_key = engine::blocked_variant_key(g.shape(), variant.anti());

    // Step 1. The candidate positions: a legal move, enough empties for the deepest search.
    std::vector<engine::TrainingPosition> candidates;
    std::string held;  // the files' variant: all the same
    for (const std::string& path : opt.data) {
        const engine::TrainingFile file = engine::read_training_file(path);
        if (held.empty() && (file.variant == key || file.variant == blocked_key))
            held = file.variant;
        if (file.variant != held)
            throw std::runtime_error("mpcfit: " + path + " holds " + file.variant +
                                     " positions, not " + (held.empty() ? key : held));
        for (const engine::TrainingPosition& p : file.positions) {
            const int empties = g.playable_count() - core::popcount(p.own | p.opp | p.blocked);
            if (empties >= std::max(opt.min_empties, opt.max_depth + 1)) candidates.push_back(p);
        }
    }
    if (candidates.empty()) throw std::runtime_error("mpcfit: no positions to fit on");
    // The fit belongs to the weights the searches play with (playing_variant_key: a blocked
    // board's own weights where they ship, else the shape's).
    const core::Variant first_board = engine::with_blocked(variant, candidates.front().blocked);
    const std::string fitted =
        held == blocked_key ? engine::playing_variant_key(first_board.geometry(), variant.anti())
                            : key;

    // Step 2. Values at every depth of positions drawn evenly from the candidates.
    const size_t stride = std::max<size_t>(1, candidates.size() / opt.positions);
    engine::SearchTables tables(16);
    std::vector<std::vector<engine::ProbCutSample>> samples(opt.max_depth + 1);
    const std::clock_t start = std::clock();
    int searched = 0;
    const int wanted = static_cast<int>(std::min<size_t>(opt.positions, candidates.size()));
    for (size_t i = 0; i < candidates.size() && searched < wanted; i += stride) {
        const engine::TrainingPosition& p = candidates[i];
        const core::Variant board = engine::with_blocked(variant, p.blocked);
        const core::Position pos = core::Position::from_discs(board, {p.own, p.opp}, 0, 0);
        if (pos.legal_moves() == 0) continue;
        const int empties = board.geometry().playable_count() - core::popcount(p.own | p.opp);
        const std::vector<int> v = engine::midgame_values(pos, opt.max_depth, tables);
        for (int d = 3; d <= opt.max_depth; ++d)
            samples[d].push_back({empties, v[engine::probcut_shallow_depth(d)], v[d]});
        if (++searched % 50 == 0)
            std::cerr << "\rsearched " << searched << '/' << wanted << " positions" << std::flush;
    }
    std::cerr << "\rsearched " << searched << " positions in " << std::fixed << std::setprecision(1)
              << static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC
              << " s of processor time\n";

    // Step 3. Fit, check by reading the text back, write.
    std::vector<engine::ProbCutPair> pairs;
    for (int d = 3; d <= opt.max_depth; ++d)
        for (const engine::ProbCutPair& p : engine::fit_probcut(
                 d, engine::probcut_shallow_depth(d), samples[d], opt.bucket, opt.min_samples))
            pairs.push_back(p);
    const std::string text = engine::format_probcut(engine::ProbCutTable(fitted, pairs));
    engine::parse_probcut(text);
    const std::string temp = opt.out + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!(out << text) || !out.flush())
            throw std::runtime_error("mpcfit: cannot write " + temp);
    }
    if (std::rename(temp.c_str(), opt.out.c_str()) != 0)
        throw std::runtime_error("mpcfit: cannot rename " + temp + " to " + opt.out);
    std::cout << text;
    return 0;
}

}  // namespace

void add_mpcfit_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<MpcfitOptions>();
    CLI::App* cmd =
        app.add_subcommand("mpcfit", "Fit Multi-ProbCut parameters on self-play positions");
    cmd->add_option("--data", opt->data, "Training files (reversi selfplay)")
        ->required()
        ->check(CLI::ExistingFile);
    cmd->add_option("--out", opt->out, "Parameter file to write (e.g. data/mpc/8x8.mpc)")
        ->required();
    cmd->add_option("--positions", opt->positions, "Positions to search")
        ->check(CLI::Range(10, 1000000));
    cmd->add_option("--max-depth", opt->max_depth, "Deepest search fitted")
        ->check(CLI::Range(3, engine::ProbCutTable::MaxDepth));
    cmd->add_option("--bucket", opt->bucket, "Empties per fitted range")->check(CLI::Range(1, 64));
    cmd->add_option("--min-empties", opt->min_empties, "Fewest empties of a sampled position")
        ->check(CLI::Range(1, 128));
    cmd->add_option("--min-samples", opt->min_samples, "Fewest samples of a fitted range")
        ->check(CLI::Range(3, 1000000));
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_mpcfit(*opt); });
}

}  // namespace reversi::cli
