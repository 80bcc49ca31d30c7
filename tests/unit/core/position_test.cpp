// SPDX-License-Identifier: MIT
#include "core/position.h"

#include <gtest/gtest.h>

#include "core/perft.h"

namespace reversi::core {

TEST(Perft, StandardStartMatchesPublishedCounts) {
    const Variant v{reversi::core::Setup{}};
    const Position start = Position::start(v);
    const uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
    for (int d = 0; d <= 8; ++d) EXPECT_EQ(perft(start, d), expected[d]) << "depth " << d;
}

}  // namespace reversi::core
