// SPDX-License-Identifier: MIT
// `reversi evaltest (--data FILE | --obf FILE) [--weights FILE | --handmade] [setup flags]
// [--all]`: the mean absolute error of an evaluation, in discs, per number of empties, on the
// exactly solved positions of a training file (--all: also the others, against the game
// result; 3-4 players: always all, there is no exact tail), or on the positions of an .obf
// problem file against their best move's exact score (8x8 two-player: the FFO suite).
// Use a held-out file (games the weights were not trained on).
// `reversi evaltest --table [--games N] [--label-depth D] [--exact-from E] [--search-depth N]`
// (two players): the error table per ten moves played (engine/eval_error.h, docs/ENGINE.md
// "Evaluation error"): mean absolute and RMS error of the static evaluation and of a depth-N
// search against exact labels (E empties or fewer) or a depth-D search (before), beside
// Egaroucid's published figures.
#include <algorithm>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/board_string.h"
#include "core/variant.h"
#include "engine/eval_error.h"
#include "engine/multiplayer_pattern_eval.h"
#include "engine/pattern_eval.h"
#include "engine/training_data.h"

namespace reversi::cli {

namespace {

struct EvaltestOptions {
    std::string data;
    std::string obf;
    std::string weights;
    bool handmade = false;
    bool all = false;
    bool table = false;
    engine::EvalErrorOptions errors;
    SetupOptions setup;
};

// Speed of the evaluation alone over `boards`, in processor time (the machine may be shared):
// a benchmark, never a test.
template <class B>
void print_speed(const engine::Evaluator<B>& eval, const std::vector<std::pair<B, B>>& boards) {
    const std::clock_t start = std::clock();
    long long checksum = 0, evaluations = 0;
    while (evaluations < 5'000'000 && !boards.empty())
        for (const auto& [own, opp] : boards) checksum += eval.evaluate(own, opp), ++evaluations;
    const double s = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    std::cout << "Evaluations/second (processor time): "
              << static_cast<long long>(static_cast<double>(evaluations) / std::max(s, 1e-9))
              << ", " << std::fixed << std::setprecision(1)
              << s * 1e9 / static_cast<double>(std::max(evaluations, 1LL)) << " ns each"
              << std::defaultfloat << " (checksum " << checksum << ")\n";
}

// A position with its value for the side to move, in discs.
struct LabelledPosition {
    core::u128 own = 0, opp = 0;
    double score = 0;
    bool exact = false;
};

// The positions of an .obf file with the exact score of their best move (the largest score
// the line gives). Bad lines are errors that name the line.
std::vector<LabelledPosition> read_obf_positions(const core::Variant& variant,
                                                 const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("evaltest: cannot read " + path);
    std::vector<LabelledPosition> out;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        core::ObfLine obf;
        try {
            obf = core::parse_obf_line(variant, line);
        } catch (const std::exception& e) {
            throw std::runtime_error("evaltest: " + path + " line " + std::to_string(number) +
                                     ": " + e.what());
        }
        if (obf.scores.empty())
            throw std::runtime_error("evaltest: " + path + " line " + std::to_string(number) +
                                     " gives no score");
        int best = obf.scores.front().score;
        for (const core::ObfScore& m : obf.scores) best = std::max(best, m.score);
        const core::Position& pos = obf.position;
        out.push_back(
            {pos.discs(pos.side()), pos.discs(1 - pos.side()), static_cast<double>(best), true});
    }
    if (out.empty()) throw std::runtime_error("evaltest: " + path + " holds no position");
    return out;
}

// Measures the evaluation in the board word type of the shape (64 bits for 6x6 and 8x8).
template <class B>
int measure(const EvaltestOptions& opt, const core::Variant& variant,
            const std::vector<LabelledPosition>& positions) {
    const core::Geometry& g = variant.geometry();
    const engine::Layout<B> layout(g);
    std::unique_ptr<engine::Evaluator<B>> eval;
    if (!opt.weights.empty()) {
        auto w = std::make_shared<engine::PatternWeights>(engine::read_weights(opt.weights));
        eval = std::make_unique<engine::PatternEval<B>>(layout, g, std::move(w));
    } else if (variant.players() > 2) {
        // The hand-made 3-4 player evaluation needs every seat's discs, which a record (one
        // seat against the rest) does not keep.
        if (opt.handmade)
            throw std::runtime_error("evaltest: 3-4 players test trained weights only");
        const std::string key = engine::weight_variant_key(variant);
        auto w = engine::trained_weights(key);
        if (!w)
            throw std::runtime_error("evaltest: no weights shipped for " + key +
                                     ": give --weights");
        eval = std::make_unique<engine::PatternEval<B>>(layout, g, std::move(w));
    } else {
        eval = engine::make_evaluator(layout, g, variant.anti(), opt.handmade);
    }
    // 3-4 players have no exactly solved positions: every one counts, against the game result.
    const bool all = opt.all || variant.players() > 2;
    std::vector<std::pair<B, B>> boards;
    for (const LabelledPosition& p : positions)
        boards.emplace_back(engine::narrow_word<B>(p.own), engine::narrow_word<B>(p.opp));
    std::map<int, std::pair<double, int>> by_empties;
    double guess_zero = 0;  // the error of always answering 0, a baseline for 3-4 players
    for (size_t i = 0; i < boards.size(); ++i) {
        const LabelledPosition& p = positions[i];
        if (!p.exact && !all) continue;
        const int empties = g.playable_count() - core::popcount(p.own | p.opp);
        auto& [sum, n] = by_empties[empties];
        sum += std::abs(eval->evaluate(boards[i].first, boards[i].second) / 100.0 - p.score);
        ++n;
        guess_zero += std::abs(p.score);
    }
    std::cout << "empties  positions  mae (discs)\n";
    double total = 0;
    int count = 0;
    for (const auto& [empties, v] : by_empties) {
        std::cout << std::setw(7) << empties << std::setw(11) << v.second << std::fixed
                  << std::setprecision(2) << std::setw(13) << v.first / v.second
                  << std::defaultfloat << '\n';
        total += v.first;
        count += v.second;
    }
    std::cout << "all " << count << " positions: mae " << std::fixed << std::setprecision(2)
              << (count ? total / count : 0.0) << std::defaultfloat << '\n';
    if (variant.players() > 2)
        std::cout << "guessing 0: mae " << std::fixed << std::setprecision(2)
                  << (count ? guess_zero / count : 0.0) << std::defaultfloat << '\n';
    print_speed(*eval, boards);
    return count > 0 ? 0 : 1;
}

// Egaroucid's published mean absolute error of its evaluation (discs), as issue 28 quotes
// its documentation: about 3 at 12-25 moves played, about 4.5 near move 50.
const char* egaroucid_figure(int band) {
    return band == 1 || band == 2 ? "about 3" : band == 5 ? "about 4.5 (at 50)" : "-";
}

template <class B>
int print_error_table(const EvaltestOptions& opt, const core::Variant& variant) {
    const engine::EvalErrorOptions& o = opt.errors;
    engine::Engine eng;
    const std::vector<engine::EvalErrorSample> samples = engine::eval_error_samples(
        variant, o, eng,
        [](size_t done) { std::cerr << "\rlabelled " << done << " positions" << std::flush; });
    std::cerr << '\n';
    struct Band {
        int n = 0, exact = 0;
        double eval_abs = 0, eval_sq = 0, search_abs = 0, search_sq = 0;
    };
    std::map<int, Band> bands;
    for (const engine::EvalErrorSample& s : samples) {
        Band& b = bands[s.played / 10];
        ++b.n;
        b.exact += s.exact;
        b.eval_abs += std::abs(s.eval - s.label);
        b.eval_sq += (s.eval - s.label) * (s.eval - s.label);
        b.search_abs += std::abs(s.search - s.label);
        b.search_sq += (s.search - s.label) * (s.search - s.label);
    }
    const std::string search = "depth " + std::to_string(o.search_depth);
    std::cout << "moves played | positions | labels | eval MAE | eval RMS | " << search << " MAE | "
              << search << " RMS | Egaroucid eval MAE (published)\n";
    std::cout << std::fixed << std::setprecision(2);
    for (const auto& [band, b] : bands) {
        const std::string labels =
            b.exact == b.n ? "exact"
            : b.exact == 0
                ? "depth " + std::to_string(o.label_depth)
                : std::to_string(b.exact) + " exact, others depth " + std::to_string(o.label_depth);
        std::cout << band * 10 << '-' << band * 10 + 9 << " | " << b.n << " | " << labels << " | "
                  << b.eval_abs / b.n << " | " << std::sqrt(b.eval_sq / b.n) << " | "
                  << b.search_abs / b.n << " | " << std::sqrt(b.search_sq / b.n) << " | "
                  << egaroucid_figure(band) << '\n';
    }
    std::cout << std::defaultfloat;
    const core::Geometry& g = variant.geometry();
    const engine::Layout<B> layout(g);
    const auto eval = engine::make_evaluator(layout, g, variant.anti(), false);
    std::vector<std::pair<B, B>> boards;
    for (const engine::EvalErrorSample& s : samples)
        boards.emplace_back(engine::narrow_word<B>(s.own), engine::narrow_word<B>(s.opp));
    print_speed(*eval, boards);
    return samples.empty() ? 1 : 0;
}

int run_evaltest(const EvaltestOptions& opt) {
    const core::Variant variant(opt.setup.setup());
    if (opt.table) {
        if (variant.players() != 2 || variant.setup().free_opening)
            throw std::runtime_error("evaltest --table: two players without a free opening");
        return variant.geometry().narrow() ? print_error_table<uint64_t>(opt, variant)
                                           : print_error_table<core::u128>(opt, variant);
    }
    std::vector<LabelledPosition> positions;
    if (opt.obf.empty() && opt.data.empty())
        throw std::runtime_error("evaltest: give --data (held-out positions), --obf or --table");
    if (!opt.obf.empty()) {
        positions = read_obf_positions(variant, opt.obf);
    } else {
        const std::string key = engine::weight_variant_key(variant);
        const engine::TrainingFile data = engine::read_training_file(opt.data);
        // Blocked squares: a file of one layout (selfplay --blocked), given the same --blocked.
        if (data.variant !=
            (key.empty() ? engine::blocked_variant_key(variant.geometry().shape(), variant.anti())
                         : key))
            throw std::runtime_error("evaltest: " + opt.data + " holds " + data.variant +
                                     " positions");
        for (const engine::TrainingPosition& p : data.positions)
            positions.push_back({p.own, p.opp, static_cast<double>(p.score), p.exact});
    }
    return variant.geometry().narrow() ? measure<uint64_t>(opt, variant, positions)
                                       : measure<core::u128>(opt, variant, positions);
}

}  // namespace

void add_evaltest_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<EvaltestOptions>();
    CLI::App* cmd =
        app.add_subcommand("evaltest", "Evaluation error per empties on solved positions");
    auto* data =
        cmd->add_option("--data", opt->data, "Training file (held out)")->check(CLI::ExistingFile);
    cmd->add_option("--obf", opt->obf,
                    "Problem file (.obf, 8x8): positions with their best move's score")
        ->check(CLI::ExistingFile)
        ->excludes(data);
    cmd->add_option("--weights", opt->weights, "Weight file to test (default: the variant's own)")
        ->check(CLI::ExistingFile);
    cmd->add_flag("--handmade", opt->handmade, "Test the hand-made evaluation");
    cmd->add_flag("--all", opt->all, "Also positions labelled by the game result");
    cmd->add_flag("--table", opt->table,
                  "Error per ten moves played on self-play positions labelled here");
    cmd->add_option("--games", opt->errors.games, "--table: self-play games (a position per band)")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--seed", opt->errors.seed, "--table: seed of the games")
        ->capture_default_str();
    cmd->add_option("--label-depth", opt->errors.label_depth,
                    "--table: search depth of the labels before the exact range")
        ->capture_default_str()
        ->check(CLI::Range(1, 30));
    cmd->add_option("--exact-from", opt->errors.exact_empties,
                    "--table: positions with this many empties or fewer are solved")
        ->capture_default_str()
        ->check(CLI::Range(0, 30));
    cmd->add_option("--search-depth", opt->errors.search_depth,
                    "--table: the search measured beside the evaluation")
        ->capture_default_str()
        ->check(CLI::Range(1, 12));
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_evaltest(*opt); });
}

}  // namespace reversi::cli
