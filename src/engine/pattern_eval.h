// SPDX-License-Identifier: MIT
// The trained pattern evaluation: the sum, over every pattern instance, of the weight of its
// situation in the current phase (by number of discs), plus a bias. Indexing is table
// driven: each square lists the instances it belongs to and its power of three there.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/patterns.h"
#include "engine/weights.h"

namespace reversi::engine {

// The phase of a position with `discs` discs on a board of `playable` squares.
inline int phase_of(int discs, int playable, int phases) {
    const int span = playable - 3;
    const int p = span > 0 ? (discs - 4) * phases / span : 0;
    return p < 0 ? 0 : p >= phases ? phases - 1 : p;
}

// One square's part in the indices: instance `instance` gains `power` per state unit.
struct SquareTerm {
    uint16_t instance;
    uint16_t power;  // 3^cell (at most 3^9)
};

// Computes every instance's table offset inside a phase from a pair of board words.
template <class B>
class PatternIndexer {
  public:
    // The standard set of `geometry`, or `set`.
    explicit PatternIndexer(const core::Geometry& geometry);
    explicit PatternIndexer(PatternSet set);
    const PatternSet& set() const { return set_; }
    int instance_count() const { return static_cast<int>(instance_offset_.size()); }
    // out[i]: the pattern's table offset plus the situation index of instance i.
    void indices(B own, B opp, int* out) const {
        std::copy(instance_offset_.begin(), instance_offset_.end(), out);
        const SquareTerm* terms = terms_.data();
        const uint32_t* begin = square_begin_.data();
        for (B b = own; b;) {
            const int sq = core::pop_lsb(b);
            for (uint32_t t = begin[sq]; t < begin[sq + 1]; ++t)
                out[terms[t].instance] += terms[t].power;
        }
        for (B b = opp; b;) {
            const int sq = core::pop_lsb(b);
            for (uint32_t t = begin[sq]; t < begin[sq + 1]; ++t)
                out[terms[t].instance] += 2 * terms[t].power;
        }
    }

  private:
    PatternSet set_;
    std::vector<int> instance_offset_;    // the instance's pattern table inside a phase
    std::vector<uint32_t> square_begin_;  // terms of square s: [begin[s], begin[s + 1])
    std::vector<SquareTerm> terms_;
};

template <class B>
class PatternEval final : public Evaluator<B> {
  public:
    // Looks at the geometry's pattern set that the weights name (pattern_set_with_id); throws
    // WeightError when no set of the geometry is theirs.
    PatternEval(const Layout<B>& layout, const core::Geometry& geometry,
                std::shared_ptr<const PatternWeights> weights);
    int evaluate(B own, B opp) const override;

    // The BMI2 fast path: each instance's weights re-ordered by ascending square, so that
    // its index is bit extractions and a binary-to-ternary table (built once per weights).
    // 128-bit boards extract each half and join them above the low half's bits.
    struct Direct {
        std::vector<uint64_t> masks;     // the instance's squares (squares 0-63)
        std::vector<uint64_t> masks_hi;  // ... squares 64-127
        std::vector<uint8_t> low_bits;   // squares of the instance in `masks`
        std::vector<uint32_t> offsets;   // its table inside a phase
        // On 64-bit boards the instances are grouped by the mirror image of the board they
        // are read from (square s read at s ^ Mirrors[g]); group g ends at group_end[g].
        static constexpr int MirrorCount = 4;
        static constexpr std::array<int, MirrorCount> Mirrors = {0, 56, 7, 63};
        std::array<uint32_t, MirrorCount> group_end{};
        uint32_t phase_stride = 0;
        std::vector<int16_t> values;  // phases * phase_stride
    };

  private:
    const Layout<B>& layout_;
    std::shared_ptr<const PatternWeights> weights_;
    PatternIndexer<B> indexer_;
    std::shared_ptr<const Direct> direct_;  // with BMI2 only
    // The direct tables' phase by the number of discs (phase_of without its division).
    std::array<const int16_t*, 129> phase_values_{};
    int limit_ = 0;
};

extern template class PatternIndexer<uint64_t>;
extern template class PatternIndexer<core::u128>;
extern template class PatternEval<uint64_t>;
extern template class PatternEval<core::u128>;

// The key of a two-player variant's weights ("8x8", "octagon-anti", ...), or "" where no
// pattern set applies (boards with blocked squares).
std::string pattern_variant_key(const core::Geometry& geometry, bool anti);
// The key of a two-player shape's weights, blocked squares or not ("8x8-anti"); Multi-ProbCut
// and the solver's ordering take this key's fits on every board of the shape.
std::string shape_variant_key(core::Shape shape, bool anti);
// The key of weights trained on a shape's boards with blocked squares ("8x8-blk-anti"; the
// 16-byte key field rules out "-blocked" on the octagon).
std::string blocked_variant_key(core::Shape shape, bool anti);
// The key of the weights a two-player board plays with: a board with blocked squares takes
// its blocked key where that ships, else its shape's (blocked squares then play as squares
// that stay empty); "" only for boards that no pattern set fits (none today).
std::string playing_variant_key(const core::Geometry& geometry, bool anti);

// The trained weights of a variant, loaded once from `dir` (empty: weights_directory()); null
// when the variant has no trained weights (the hand-made evaluation plays it). Throws
// WeightError when the variant should have weights and its file is missing or damaged.
std::shared_ptr<const PatternWeights> trained_weights(const std::string& key,
                                                      const std::string& dir = {});
// Loads every trained variant's file now (decoded and checksummed); throws WeightError.
void load_trained_weights();
// Checks every trained variant's file by its header and size only (check_weights_header): the
// command line's start-up check, which catches a missing, truncated or foreign file without
// decoding 24 files of which a command uses one or two. Each variant is decoded, and its
// checksum checked, when first used (trained_weights); throws WeightError.
void check_trained_weights();
// The variants that ship trained weights.
const std::vector<std::string>& trained_variants();
// $REVERSI_WEIGHTS_DIR, else the weights of data_paths() (installed or the source tree's).
std::string weights_directory();
// Reads `dir`/`key`.weights and checks that it is for that variant.
std::shared_ptr<const PatternWeights> load_variant_weights(const std::string& dir,
                                                           const std::string& key);

// The evaluation a search uses: trained patterns when the board has them
// (playing_variant_key), unless `handmade` asks for the hand-made one;
// `weights_dir` as for trained_weights. Throws WeightError (see trained_weights).
template <class B>
std::unique_ptr<Evaluator<B>> make_evaluator(const Layout<B>& layout,
                                             const core::Geometry& geometry, bool anti,
                                             bool handmade, const std::string& weights_dir = {});

}  // namespace reversi::engine
