// SPDX-License-Identifier: MIT
// The symmetries of a position: a move that a symmetry of the board and of both sides' discs
// maps onto another move has that move's value, so an exact search tries one move of each
// such set. Near the start of a square board most positions are symmetric (every first move
// of 6x6 and 8x8 is a twin of the others, and the position after it is symmetric about a
// diagonal); later they hardly ever are, so the searches look only near the start.
#pragma once

#include <array>
#include <cstdint>

#include "core/geometry.h"

namespace reversi::engine {

template <class B>
class PositionSymmetry {
  public:
    // The symmetries of `g`'s square box that map its playable squares onto themselves (none
    // on a board that is not square).
    explicit PositionSymmetry(const core::Geometry& g);

    // The moves of `moves` that a symmetry of the position (own, opp) maps onto a lower
    // square: each has the value of the lowest square of its set, which stays.
    B twins(B own, B opp, B moves) const;
    // The image of a word under the symmetry at `index` (0 to count() - 1).
    B transform(B word, int index) const;
    int count() const { return count_; }

  private:
    int count_ = 0;
    // Where each square goes, for each symmetry of the board other than the identity.
    std::array<std::array<uint8_t, 128>, 7> square_{};
};

extern template class PositionSymmetry<uint64_t>;
extern template class PositionSymmetry<core::u128>;

}  // namespace reversi::engine
