// SPDX-License-Identifier: MIT
// The leaf value of the 3-4 player searches. The noise is drawn once per position from a
// splitmix hash of its key and the seed, and added to whichever seat is asked about.
#include "engine/multiplayer_leaf.h"

#include <algorithm>

namespace reversi::engine {

namespace {

uint64_t splitmix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

MultiLeafEval::MultiLeafEval(const core::Position& root, const SearchLimits& limits, int noise)
    : handmade_(root),
      patterns_(make_multiplayer_pattern_eval(root, limits)),
      seed_(limits.seed),
      // Noise comes in hundredths of a disc; the evaluation's disc unit at the root converts
      // it (the trained evaluation counts in hundredths of a disc already).
      noise_amplitude_(noise > 0 ? std::max(1, noise * disc_weight(root) / 100) : 0) {}

int MultiLeafEval::value(const core::Position& pos, int seat) const {
    int v = patterns_ ? patterns_->evaluate(pos, seat) : handmade_.evaluate(pos, seat);
    if (noise_amplitude_ > 0) {
        const uint64_t r = splitmix(pos.key() ^ (seed_ * 0x9e3779b97f4a7c15ULL));
        v += static_cast<int>(r % (2 * noise_amplitude_ + 1)) - noise_amplitude_;
    }
    return v;
}

}  // namespace reversi::engine
