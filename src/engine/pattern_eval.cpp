// SPDX-License-Identifier: MIT
// The pattern evaluation and the store of trained weights. The store loads each variant's
// file once, on first use or at start-up; a variant listed as trained whose file is missing
// or damaged is an error, never a quiet switch to the hand-made evaluation.
#include "engine/pattern_eval.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <map>
#include <mutex>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/variant.h"
#include "engine/data_paths.h"

namespace reversi::engine {

namespace {

constexpr const char* AllVariantKeys[] = {
    "6x6",           "8x8",           "10x10",           "octagon",
    "6x6-anti",      "8x8-anti",      "10x10-anti",      "octagon-anti",
    "8x8-3p",        "8x8-4p",        "10x10-3p",        "10x10-4p",
    "octagon-3p",    "octagon-4p",    "8x8-3p-anti",     "8x8-4p-anti",
    "10x10-3p-anti", "10x10-4p-anti", "octagon-3p-anti", "octagon-4p-anti",
    "6x6-blk",       "8x8-blk",       "10x10-blk",       "octagon-blk",
    "6x6-blk-anti",  "8x8-blk-anti",  "10x10-blk-anti",  "octagon-blk-anti"};

}  // namespace

template <class B>
PatternIndexer<B>::PatternIndexer(const core::Geometry& geometry)
    : PatternIndexer(make_pattern_set(geometry)) {}

template <class B>
PatternIndexer<B>::PatternIndexer(PatternSet set) : set_(std::move(set)) {
    std::vector<std::vector<SquareTerm>> by_square(128);
    for (size_t i = 0; i < set_.instances.size(); ++i) {
        const PatternInstance& inst = set_.instances[i];
        instance_offset_.push_back(set_.patterns[static_cast<size_t>(inst.pattern)].offset);
        int power = 1;
        for (int sq : inst.squares) {
            by_square[static_cast<size_t>(sq)].push_back(
                {static_cast<uint16_t>(i), static_cast<uint16_t>(power)});
            power *= 3;
        }
    }
    for (const auto& list : by_square) {
        square_begin_.push_back(static_cast<uint32_t>(terms_.size()));
        terms_.insert(terms_.end(), list.begin(), list.end());
    }
    square_begin_.push_back(static_cast<uint32_t>(terms_.size()));
}

namespace {

// Binary to ternary: bit k of the index becomes 3^k.
struct Ternary {
    std::array<uint16_t, 1 << MaxPatternCells> of{};
    Ternary() {
        for (int bits = 0; bits < (1 << MaxPatternCells); ++bits) {
            int t = 0;
            for (int k = MaxPatternCells - 1; k >= 0; --k) t = t * 3 + ((bits >> k) & 1);
            of[static_cast<size_t>(bits)] = static_cast<uint16_t>(t);
        }
    }
};
const Ternary TernaryTable;

#if defined(__BMI2__)
// The bits of each byte in reverse order: the board mirrored left to right (square s to s ^ 7).
inline uint64_t reverse_each_byte(uint64_t b) {
#if defined(__GFNI__)
    // One affine transform over GF(2) per byte, its matrix the bit reversal.
    const __m128i x = _mm_gf2p8affine_epi64_epi8(_mm_cvtsi64_si128(static_cast<long long>(b)),
                                                 _mm_set1_epi64x(0x8040201008040201LL), 0);
    return static_cast<uint64_t>(_mm_cvtsi128_si64(x));
#else
    b = (b & 0x5555555555555555ULL) << 1 | ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) << 2 | ((b >> 2) & 0x3333333333333333ULL);
    return (b & 0x0f0f0f0f0f0f0f0fULL) << 4 | ((b >> 4) & 0x0f0f0f0f0f0f0f0fULL);
#endif
}
#endif

// The entry of a pattern's weights for each index of an instance's re-ordered table: index
// t read with the instance's squares ascending, counted up digit by digit (every process
// builds these tables at its first evaluation: no division per digit).
std::vector<uint32_t> reordered_entries(const PatternInstance& inst, const Pattern& p) {
    std::vector<int> sorted = inst.squares;
    std::sort(sorted.begin(), sorted.end());
    // power[j]: the pattern's power of three of the j-th lowest square.
    std::vector<int> power(sorted.size());
    for (size_t j = 0; j < sorted.size(); ++j) {
        const auto k =
            std::find(inst.squares.begin(), inst.squares.end(), sorted[j]) - inst.squares.begin();
        int pw = 1;
        for (long q = 0; q < k; ++q) pw *= 3;
        power[j] = pw;
    }
    std::vector<uint32_t> entries(static_cast<size_t>(p.size));
    std::vector<int> digit(sorted.size(), 0);
    int index = p.offset;
    for (int t = 0; t < p.size; ++t) {
        entries[static_cast<size_t>(t)] = static_cast<uint32_t>(index);
        for (size_t j = 0; j < sorted.size(); ++j) {
            if (digit[j] < 2) {
                ++digit[j];
                index += power[j];
                break;
            }
            digit[j] = 0;
            index -= 2 * power[j];
        }
    }
    return entries;
}

// Builds the re-ordered tables of a weight set. Instances whose tables would hold the same
// entries in the same order share one: a smaller phase stays more in the caches. On 64-bit
// boards an instance may also be read from the board mirrored (square s read at s ^ x, x one
// of Direct::Mirrors: rows, columns or both reversed), so that the four edges or corners of
// 8x8, read each from its own mirror image, share the first one's table.
template <class Direct>
std::shared_ptr<const Direct> build_direct(const PatternSet& set, const PatternWeights& w,
                                           bool mirrors) {
    auto d = std::make_shared<Direct>();
    std::vector<std::vector<uint32_t>> tables;  // the entries of each distinct table
    std::vector<uint32_t> table_offsets;
    struct Read {
        uint64_t mask, mask_hi;
        uint8_t low_bits;
        uint32_t offset;
        int mirror;
    };
    std::vector<Read> reads;
    for (const PatternInstance& inst : set.instances) {
        const Pattern& p = set.patterns[static_cast<size_t>(inst.pattern)];
        std::vector<uint32_t> entries;
        int mirror = 0;
        auto same = tables.end();
        for (int m = 0; m < (mirrors ? Direct::MirrorCount : 1) && same == tables.end(); ++m) {
            PatternInstance seen = inst;
            for (int& sq : seen.squares) sq ^= Direct::Mirrors[static_cast<size_t>(m)];
            std::vector<uint32_t> e = reordered_entries(seen, p);
            same = std::find(tables.begin(), tables.end(), e);
            if (m == 0 || same != tables.end()) {
                entries = std::move(e);
                mirror = m;
            }
        }
        uint64_t mask = 0, mask_hi = 0;
        for (int sq : inst.squares) {
            const int at = sq ^ Direct::Mirrors[static_cast<size_t>(mirror)];
            (at < 64 ? mask : mask_hi) |= uint64_t{1} << (at & 63);
        }
        uint32_t offset;
        if (same != tables.end()) {
            offset = table_offsets[static_cast<size_t>(same - tables.begin())];
        } else {
            offset = d->phase_stride;
            table_offsets.push_back(offset);
            d->phase_stride += static_cast<uint32_t>(entries.size());
            tables.push_back(std::move(entries));
        }
        reads.push_back({mask, mask_hi, static_cast<uint8_t>(std::popcount(mask)), offset, mirror});
    }
    // Grouped by mirror, so that evaluate() reads each group from one mirrored board.
    std::stable_sort(reads.begin(), reads.end(),
                     [](const Read& a, const Read& b) { return a.mirror < b.mirror; });
    d->group_end.fill(0);
    for (const Read& r : reads) {
        d->masks.push_back(r.mask);
        d->masks_hi.push_back(r.mask_hi);
        d->low_bits.push_back(r.low_bits);
        d->offsets.push_back(r.offset);
        for (int m = r.mirror; m < Direct::MirrorCount; ++m)
            d->group_end[static_cast<size_t>(m)] = static_cast<uint32_t>(d->masks.size());
    }
    d->values.resize(static_cast<size_t>(w.phases) * d->phase_stride);
    for (int ph = 0; ph < w.phases; ++ph) {
        const int16_t* from = w.values.data() + static_cast<size_t>(ph) * w.phase_size;
        for (size_t i = 0; i < tables.size(); ++i) {
            int16_t* to =
                d->values.data() + static_cast<size_t>(ph) * d->phase_stride + table_offsets[i];
            for (size_t t = 0; t < tables[i].size(); ++t) to[t] = from[tables[i][t]];
        }
    }
    return d;
}

// One re-ordered table per weight set, kept for the life of the program (weights are few).
template <class Direct>
std::shared_ptr<const Direct> direct_tables(const PatternSet& set,
                                            const std::shared_ptr<const PatternWeights>& w,
                                            bool mirrors) {
    static std::mutex mutex;
    static std::map<std::shared_ptr<const PatternWeights>, std::shared_ptr<const Direct>> cache;
    const std::lock_guard lock(mutex);
    auto& slot = cache[w];
    if (!slot) slot = build_direct<Direct>(set, *w, mirrors);
    return slot;
}

// The pattern set of `geometry` that `w` was trained for; throws WeightError when none is.
PatternSet set_of_weights(const core::Geometry& geometry, const PatternWeights* w) {
    std::optional<PatternSet> set;
    if (w) set = pattern_set_with_id(geometry, w->pattern_set);
    if (!set)
        throw WeightError("weights " + (w ? w->variant : std::string("(none)")) +
                          ": made for no pattern set of this shape in this build (retrain them)");
    return std::move(*set);
}

}  // namespace

template <class B>
PatternEval<B>::PatternEval(const Layout<B>& layout, const core::Geometry& geometry,
                            std::shared_ptr<const PatternWeights> weights)
    : layout_(layout),
      weights_(std::move(weights)),
      indexer_(set_of_weights(geometry, weights_.get())),
      limit_(layout.playable_count * DiscScale - 1) {
    const PatternSet& set = indexer_.set();
    if (weights_->phase_size != static_cast<uint32_t>(set.phase_size) ||
        weights_->values.size() != static_cast<size_t>(weights_->phases) * weights_->phase_size)
        throw WeightError("weights " + weights_->variant + ": sizes do not fit their pattern set");
#if defined(__BMI2__)
    direct_ = direct_tables<Direct>(set, weights_, sizeof(B) == 8);
    for (size_t discs = 0; discs < phase_values_.size(); ++discs)
        phase_values_[discs] =
            direct_->values.data() +
            static_cast<size_t>(
                phase_of(static_cast<int>(discs), layout_.playable_count, weights_->phases)) *
                direct_->phase_stride;
#endif
}

template <class B>
int PatternEval<B>::evaluate(B own, B opp) const {
#if defined(__BMI2__)
    if constexpr (sizeof(B) == 8) {
        const Direct& d = *direct_;
        const int16_t* w = phase_values_[static_cast<size_t>(core::popcount(own | opp))];
        const auto& t = TernaryTable.of;
        int sum = 0;
        // Each group of instances read from the board mirrored as Direct::Mirrors says.
        const auto add_group = [&](size_t begin, size_t end, uint64_t mine, uint64_t theirs) {
            for (size_t i = begin; i < end; ++i) {
                const uint64_t m = d.masks[i];
                sum += w[d.offsets[i] + t[_pext_u64(mine, m)] + 2 * t[_pext_u64(theirs, m)]];
            }
        };
        add_group(0, d.group_end[0], own, opp);
        if (d.group_end[3] > d.group_end[0]) {
            const uint64_t own_rows = __builtin_bswap64(own), opp_rows = __builtin_bswap64(opp);
            add_group(d.group_end[0], d.group_end[1], own_rows, opp_rows);
            const uint64_t own_columns = reverse_each_byte(own);
            const uint64_t opp_columns = reverse_each_byte(opp);
            add_group(d.group_end[1], d.group_end[2], own_columns, opp_columns);
            add_group(d.group_end[2], d.group_end[3], __builtin_bswap64(own_columns),
                      __builtin_bswap64(opp_columns));
        }
        return std::clamp(sum, -limit_, limit_);
    } else {
        const Direct& d = *direct_;
        const int16_t* w = phase_values_[static_cast<size_t>(core::popcount(own | opp))];
        const auto& t = TernaryTable.of;
        const uint64_t own_lo = static_cast<uint64_t>(own), opp_lo = static_cast<uint64_t>(opp);
        const uint64_t own_hi = static_cast<uint64_t>(own >> 64);
        const uint64_t opp_hi = static_cast<uint64_t>(opp >> 64);
        int sum = 0;
        const size_t n = d.masks.size();
        for (size_t i = 0; i < n; ++i) {
            const uint64_t lo = d.masks[i], hi = d.masks_hi[i];
            const int shift = d.low_bits[i];
            const uint64_t own_bits = _pext_u64(own_lo, lo) | (_pext_u64(own_hi, hi) << shift);
            const uint64_t opp_bits = _pext_u64(opp_lo, lo) | (_pext_u64(opp_hi, hi) << shift);
            sum += w[d.offsets[i] + t[own_bits] + 2 * t[opp_bits]];
        }
        return std::clamp(sum, -limit_, limit_);
    }
#endif
    int idx[MaxPatternInstances];
    indexer_.indices(own, opp, idx);
    const int phase = phase_of(core::popcount(own | opp), layout_.playable_count, weights_->phases);
    const int16_t* w = weights_->values.data() + static_cast<size_t>(phase) * weights_->phase_size;
    int sum = 0;
    const int n = indexer_.instance_count();
    for (int i = 0; i < n; ++i) sum += w[idx[i]];
    return std::clamp(sum, -limit_, limit_);
}

template class PatternIndexer<uint64_t>;
template class PatternIndexer<core::u128>;
template class PatternEval<uint64_t>;
template class PatternEval<core::u128>;

std::string shape_variant_key(core::Shape shape, bool anti) {
    const std::string base = shape == core::Shape::Six     ? "6x6"
                             : shape == core::Shape::Eight ? "8x8"
                             : shape == core::Shape::Ten   ? "10x10"
                                                           : "octagon";
    return anti ? base + "-anti" : base;
}

std::string blocked_variant_key(core::Shape shape, bool anti) {
    return shape_variant_key(shape, false) + "-blk" + (anti ? "-anti" : "");
}

std::string playing_variant_key(const core::Geometry& g, bool anti) {
    if (g.blocked()) {
        const std::string key = blocked_variant_key(g.shape(), anti);
        const auto& list = trained_variants();
        if (std::find(list.begin(), list.end(), key) != list.end()) return key;
    }
    return shape_variant_key(g.shape(), anti);
}

std::string pattern_variant_key(const core::Geometry& g, bool anti) {
    return g.blocked() ? "" : shape_variant_key(g.shape(), anti);
}

namespace {

// The variants of $REVERSI_CANDIDATE_WEIGHTS ("10x10,octagon"): weights under test, read
// from the weights directory like shipped ones. Unknown keys are a WeightError.
std::vector<std::string> candidate_variants() {
    std::vector<std::string> keys;
    const char* env = std::getenv("REVERSI_CANDIDATE_WEIGHTS");
    if (!env) return keys;
    const std::string list(env);
    for (size_t begin = 0; begin <= list.size();) {
        const size_t end = std::min(list.find(',', begin), list.size());
        const std::string key = list.substr(begin, end - begin);
        begin = end + 1;
        if (key.empty()) continue;
        const bool known = std::any_of(std::begin(AllVariantKeys), std::end(AllVariantKeys),
                                       [&](const char* k) { return key == k; });
        if (!known)
            throw WeightError("REVERSI_CANDIDATE_WEIGHTS: '" + key.substr(0, 40) +
                              "' is not a variant key (6x6, 8x8, 10x10, octagon; -3p, -4p, -blk; "
                              "-anti)");
        keys.push_back(key);
    }
    return keys;
}

}  // namespace

const std::vector<std::string>& trained_variants() {
    // Every variant listed here ships data/weights/<key>.weights.
    static const std::vector<std::string> list = [] {
        std::vector<std::string> keys = {
            "8x8", "8x8-anti", "10x10", "10x10-anti", "6x6", "6x6-anti", "octagon", "octagon-anti",
            // boards with blocked squares (the others play with their shape's weights)
            "8x8-blk", "10x10-blk", "8x8-blk-anti", "10x10-blk-anti",
            // three and four players
            "8x8-3p", "8x8-4p", "8x8-3p-anti", "8x8-4p-anti", "10x10-3p", "10x10-4p", "octagon-3p",
            "octagon-4p", "10x10-3p-anti", "10x10-4p-anti", "octagon-3p-anti", "octagon-4p-anti"};
        for (const std::string& key : candidate_variants())
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
        return keys;
    }();
    return list;
}

std::string weights_directory() {
    if (const char* dir = std::getenv("REVERSI_WEIGHTS_DIR"); dir && *dir) return dir;
    return data_paths().weights;
}

namespace {

// `w`, read from `dir`'s file of `key`, unless it holds another variant's weights.
PatternWeights of_variant(PatternWeights w, const std::string& dir, const std::string& key) {
    if (w.variant != key)
        throw WeightError("weight file " + dir + "/" + key + ".weights: holds the weights of " +
                          w.variant + ", not " + key);
    return w;
}

}  // namespace

std::shared_ptr<const PatternWeights> load_variant_weights(const std::string& dir,
                                                           const std::string& key) {
    return std::make_shared<PatternWeights>(
        of_variant(read_weights(dir + "/" + key + ".weights"), dir, key));
}

namespace {

struct Store {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const PatternWeights>> loaded;
};

Store& store() {
    static Store s;
    return s;
}

}  // namespace

std::shared_ptr<const PatternWeights> trained_weights(const std::string& key,
                                                      const std::string& dir) {
    const auto& list = trained_variants();
    if (key.empty() || std::find(list.begin(), list.end(), key) == list.end()) return nullptr;
    const std::string from = dir.empty() ? weights_directory() : dir;
    Store& s = store();
    const std::lock_guard lock(s.mutex);
    auto& slot = s.loaded[from + '\n' + key];
    if (!slot) slot = load_variant_weights(from, key);
    return slot;
}

void load_trained_weights() {
    for (const std::string& key : trained_variants()) trained_weights(key);
}

void check_trained_weights() {
    const std::string dir = weights_directory();
    for (const std::string& key : trained_variants())
        of_variant(read_weights_header(dir + "/" + key + ".weights"), dir, key);
}

template <class B>
std::unique_ptr<Evaluator<B>> make_evaluator(const Layout<B>& layout,
                                             const core::Geometry& geometry, bool anti,
                                             bool handmade, const std::string& weights_dir) {
    // Blocked squares play as squares that stay empty, under weights trained on blocked boards
    // where they ship, else under the shape's own: at equal time against the hand-made
    // evaluation both measured as strong or stronger on every shape (docs/TRAINING.md).
    if (!handmade)
        if (auto w = trained_weights(playing_variant_key(geometry, anti), weights_dir))
            return std::make_unique<PatternEval<B>>(layout, geometry, std::move(w));
    return std::make_unique<HeuristicEval<B>>(layout, anti);
}

template std::unique_ptr<Evaluator<uint64_t>> make_evaluator(const Layout<uint64_t>&,
                                                             const core::Geometry&, bool, bool,
                                                             const std::string&);
template std::unique_ptr<Evaluator<core::u128>> make_evaluator(const Layout<core::u128>&,
                                                               const core::Geometry&, bool, bool,
                                                               const std::string&);

}  // namespace reversi::engine
