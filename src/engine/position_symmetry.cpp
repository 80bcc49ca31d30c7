// SPDX-License-Identifier: MIT
#include "engine/position_symmetry.h"

#include "core/box_symmetry.h"
#include "engine/board.h"

namespace reversi::engine {

template <class B>
PositionSymmetry<B>::PositionSymmetry(const core::Geometry& g) {
    if (g.width() != g.height()) return;
    const B playable = narrow_word<B>(g.playable());
    for (int s = 1; s < core::BoxSymmetries; ++s) {
        auto& map = square_[count_];
        for (int sq = 0; sq < 128; ++sq)
            map[sq] = static_cast<uint8_t>(core::box_symmetry_square(sq, g.width(), g.stride(), s));
        ++count_;
        // Blocked squares or cut corners that the symmetry moves make it no symmetry here.
        if (transform(playable, count_ - 1) != playable) --count_;
    }
}

template <class B>
B PositionSymmetry<B>::transform(B word, int index) const {
    const auto& map = square_[index];
    B out = 0;
    while (word) out |= core::square_bit<B>(map[core::pop_lsb(word)]);
    return out;
}

template <class B>
B PositionSymmetry<B>::twins(B own, B opp, B moves) const {
    B out = 0;
    for (int i = 0; i < count_; ++i) {
        if (transform(own, i) != own || transform(opp, i) != opp) continue;
        for (B m = moves; m;) {
            const int sq = core::pop_lsb(m);
            if (square_[i][sq] < sq) out |= core::square_bit<B>(sq);
        }
    }
    return out;
}

template class PositionSymmetry<uint64_t>;
template class PositionSymmetry<core::u128>;

}  // namespace reversi::engine
