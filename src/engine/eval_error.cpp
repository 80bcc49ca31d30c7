// SPDX-License-Identifier: MIT
// The evaluation error table's positions (see eval_error.h). The games come from the training
// self-play (selfplay.h) with its exact tail switched off: the labels are made here, each
// position's on its own.
#include "engine/eval_error.h"

#include <map>

#include "core/bitboard.h"
#include "engine/eval.h"
#include "engine/random.h"
#include "engine/search.h"
#include "engine/selfplay.h"

namespace reversi::engine {

namespace {

constexpr int MovesPerBand = 10;
constexpr int TableMegabytes = 16;

}  // namespace

std::vector<EvalErrorSample> eval_error_samples(const core::Variant& variant,
                                                const EvalErrorOptions& options, Engine& engine,
                                                const std::function<void(size_t)>& on_sample) {
    SelfplayOptions play;
    play.exact_empties = 0;
    play.random_plies_min = 2;
    play.random_plies_max = 6;
    play.seed = options.seed;
    const int start_discs = core::popcount(core::Position::start(variant).occupied());
    const int playable = variant.geometry().playable_count();
    SearchTables tables(TableMegabytes);
    std::vector<EvalErrorSample> out;
    for (int game = 0; game < options.games; ++game) {
        const std::vector<TrainingPosition> positions =
            play_selfplay_game(variant, play, static_cast<uint64_t>(game), engine);
        // One position of each band of ten moves played, picked by the seed.
        std::map<int, std::vector<const TrainingPosition*>> bands;
        for (const TrainingPosition& p : positions)
            bands[(core::popcount(p.own | p.opp) - start_discs) / MovesPerBand].push_back(&p);
        uint64_t state = options.seed ^ (static_cast<uint64_t>(game) * 0x9e3779b97f4a7c15ULL);
        for (const auto& [band, members] : bands) {
            const TrainingPosition& p = *members[next_random(state) % members.size()];
            const core::Position pos = core::Position::from_discs(variant, {p.own, p.opp}, 0, 0);
            EvalErrorSample s;
            s.own = p.own;
            s.opp = p.opp;
            s.played = core::popcount(p.own | p.opp) - start_discs;
            const int empties = playable - core::popcount(p.own | p.opp);
            SearchLimits limits;
            s.exact = empties <= options.exact_empties;
            limits.exact = s.exact;
            limits.depth = s.exact ? 0 : options.label_depth;
            s.label = engine.search(pos, limits).score;
            const std::vector<int> values = midgame_values(pos, options.search_depth, tables);
            s.eval = values.front() / static_cast<double>(DiscScale);
            s.search = values.back() / static_cast<double>(DiscScale);
            out.push_back(s);
            if (on_sample) on_sample(out.size());
        }
    }
    return out;
}

}  // namespace reversi::engine
