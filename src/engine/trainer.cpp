// SPDX-License-Identifier: MIT
// The trainer. Features of a position are the canonical table entries of its pattern
// instances (a situation and its mirror images share one entry); the fitted weights are
// expanded back to full tables, so that the evaluation needs no canonicalising.
#include "engine/trainer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/pattern_eval.h"

namespace reversi::engine {

namespace {

struct Sample {
    const int* features = nullptr;  // canonical entries inside a phase (instance count)
    float target = 0;               // discs
    int phase = 0;
    bool holdout = false;
};

}  // namespace

PatternWeights train_weights(const core::Geometry& geometry, const std::string& variant,
                             const std::vector<TrainingPosition>& positions, const TrainOptions& o,
                             std::vector<PhaseReport>& report,
                             const std::function<void(const PhaseReport&)>& log) {
    if (o.phases < 1 || o.phases > MaxWeightPhases || o.epochs < 1 || o.learning_rate <= 0 ||
        o.l2 < 0 || o.holdout_every < 0 || o.min_count < 1)
        throw std::invalid_argument("bad training options");
    if (positions.empty()) throw std::invalid_argument("no training positions");
    const PatternIndexer<core::u128> indexer(make_pattern_set(geometry, o.patterns));
    const PatternSet& set = indexer.set();
    const PatternWeights* prior = o.prior;
    if (prior && (prior->pattern_set != set.id ||
                  prior->phase_size != static_cast<uint32_t>(set.phase_size) || prior->phases < 1))
        throw std::invalid_argument("the prior weights are not of this pattern set");
    // canonical[e]: the entry that situation e shares its weight with.
    std::vector<int> canonical(static_cast<size_t>(set.phase_size));
    for (const Pattern& p : set.patterns)
        for (int i = 0; i < p.size; ++i)
            canonical[static_cast<size_t>(p.offset + i)] = p.offset + canonical_index(p, i);

    const int playable = geometry.playable_count();
    std::vector<Sample> samples;
    samples.reserve(positions.size());
    int game = -1;
    const size_t count = static_cast<size_t>(indexer.instance_count());
    std::vector<int> features(positions.size() * count);
    for (const TrainingPosition& p : positions) {
        game += p.game_start;
        Sample s;
        int* f = features.data() + samples.size() * count;
        indexer.indices(p.own, p.opp, f);
        for (size_t k = 0; k < count; ++k) f[k] = canonical[static_cast<size_t>(f[k])];
        s.features = f;
        s.target = static_cast<float>(p.score);
        // The phase as the evaluation sees it on the record's board: blocked squares are not
        // playable.
        const int board_playable = playable - core::popcount(p.blocked & geometry.playable());
        s.phase = phase_of(core::popcount(p.own | p.opp), board_playable, o.phases);
        s.holdout = o.holdout_every > 0 && game >= 0 && game % o.holdout_every == 0;
        samples.push_back(std::move(s));
    }

    PatternWeights out;
    out.variant = variant;
    out.pattern_set = set.id;
    out.phases = o.phases;
    out.phase_size = static_cast<uint32_t>(set.phase_size);
    out.values.assign(static_cast<size_t>(o.phases) * out.phase_size, 0);
    report.clear();
    const size_t n = static_cast<size_t>(set.phase_size);
    for (int phase = 0; phase < o.phases; ++phase) {
        std::vector<const Sample*> train, holdout;
        std::vector<float> weight_of;
        for (const Sample& s : samples) {
            if (std::abs(s.phase - phase) > 1) continue;
            if (s.holdout) {
                if (s.phase == phase) holdout.push_back(&s);
            } else {
                train.push_back(&s);
                weight_of.push_back(s.phase == phase ? 1.0f
                                                     : static_cast<float>(o.neighbour_weight));
            }
        }
        PhaseReport r;
        r.phase = phase;
        r.train_positions = train.size();
        r.holdout_positions = holdout.size();
        // The prior's phase whose span holds this phase's middle.
        std::vector<double> w0(n, 0);
        if (prior) {
            const int p =
                std::min(prior->phases - 1, (2 * phase + 1) * prior->phases / (2 * o.phases));
            const int16_t* src = prior->values.data() + static_cast<size_t>(p) * n;
            for (size_t k = 0; k < n; ++k) w0[k] = src[k] / 100.0;
        }
        std::vector<double> w = w0, m(n, 0), v(n, 0), grad(n, 0), best = w;
        std::vector<int> seen(n, 0);
        for (const Sample* s : train)
            for (size_t k = 0; k < count; ++k) ++seen[static_cast<size_t>(s->features[k])];
        double total_weight = 0;
        for (float x : weight_of) total_weight += x;
        double best_mae = 1e30;
        const auto predict = [&](const Sample& s) {
            double y = 0;
            for (size_t k = 0; k < count; ++k) y += w[static_cast<size_t>(s.features[k])];
            return y;
        };
        for (int epoch = 1; epoch <= o.epochs && !train.empty(); ++epoch) {
            std::fill(grad.begin(), grad.end(), 0.0);
            double loss = 0;
            for (size_t i = 0; i < train.size(); ++i) {
                const double e = predict(*train[i]) - train[i]->target;
                loss += weight_of[i] * e * e;
                const double g = weight_of[i] * e / total_weight;
                for (size_t k = 0; k < count; ++k)
                    grad[static_cast<size_t>(train[i]->features[k])] += g;
            }
            loss /= total_weight;
            if (epoch == 1) r.first_loss = loss;
            r.last_loss = loss;
            // Adam with a learning rate that decays linearly to a tenth.
            const double lr =
                o.learning_rate * (1.0 - 0.9 * (epoch - 1) / std::max(1, o.epochs - 1));
            const double b1 = 0.9, b2 = 0.999;
            const double c1 = 1 - std::pow(b1, epoch), c2 = 1 - std::pow(b2, epoch);
            for (size_t k = 0; k < n; ++k) {
                const double g = grad[k] + o.l2 * (w[k] - w0[k]);
                if (g == 0 || seen[k] < o.min_count) continue;
                m[k] = b1 * m[k] + (1 - b1) * g;
                v[k] = b2 * v[k] + (1 - b2) * g * g;
                w[k] -= lr * (m[k] / c1) / (std::sqrt(v[k] / c2) + 1e-9);
            }
            if (holdout.empty()) {
                best = w;
            } else if (epoch % 5 == 0 || epoch == o.epochs) {
                double mae = 0;
                for (const Sample* s : holdout) mae += std::abs(predict(*s) - s->target);
                mae /= static_cast<double>(holdout.size());
                if (mae < best_mae) {
                    best_mae = mae;
                    best = w;
                }
            }
        }
        r.holdout_mae = holdout.empty() ? 0 : best_mae;
        int16_t* dst = out.values.data() + static_cast<size_t>(phase) * n;
        for (size_t k = 0; k < n; ++k) {
            const double centi = std::round(best[static_cast<size_t>(canonical[k])] * 100);
            dst[k] = static_cast<int16_t>(std::clamp(centi, -32000.0, 32000.0));
        }
        report.push_back(r);
        if (log) log(r);
    }
    return out;
}

}  // namespace reversi::engine
