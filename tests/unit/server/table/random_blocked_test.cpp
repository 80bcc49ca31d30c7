// SPDX-License-Identifier: MIT
// Random blocked layouts: point-symmetric, never on the centre or a used handicap corner,
// the exact count, reproducible from the seed, and refused when impossible.
#include "server/table/random_blocked.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "server/common/protocol.h"

namespace reversi::server {
namespace {

TEST(RandomBlocked, SymmetricOffCentreAndPlayable) {
    for (core::Shape shape :
         {core::Shape::Six, core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon}) {
        core::Setup setup;
        setup.shape = shape;
        const int n = core::shape_size(shape);
        for (int count = 2; count <= 16; count += 2) {
            for (uint64_t seed = 0; seed < 5; ++seed) {
                const auto squares = random_blocked(setup, count, seed);
                ASSERT_EQ(static_cast<int>(squares.size()), count);
                for (const core::Coord c : squares) {
                    const core::Coord mirror{n - 1 - c.col, n - 1 - c.row};
                    EXPECT_NE(std::find(squares.begin(), squares.end(), mirror), squares.end());
                    const bool centre = (c.col == n / 2 || c.col == n / 2 - 1) &&
                                        (c.row == n / 2 || c.row == n / 2 - 1);
                    EXPECT_FALSE(centre);
                    EXPECT_EQ(std::count(squares.begin(), squares.end(), c), 1);
                }
                core::Setup with = setup;
                with.blocked = squares;
                EXPECT_EQ(with.problem(), "");
            }
        }
    }
}

TEST(RandomBlocked, AvoidsHandicapCorners) {
    core::Setup setup;
    setup.handicap = 4;
    // 60 free squares on 8x8 minus 4 corners: ask for all 56 that remain.
    const auto squares = random_blocked(setup, 56, 7);
    for (const core::Coord corner :
         {core::Coord{0, 0}, core::Coord{7, 7}, core::Coord{7, 0}, core::Coord{0, 7}})
        EXPECT_EQ(std::find(squares.begin(), squares.end(), corner), squares.end());
}

TEST(RandomBlocked, SameSeedSameLayout) {
    core::Setup setup;
    EXPECT_EQ(random_blocked(setup, 6, 42), random_blocked(setup, 6, 42));
}

TEST(RandomBlocked, RefusesOddAndTooMany) {
    core::Setup setup;
    for (int bad : {1, 3, -2, 62}) {
        try {
            random_blocked(setup, bad, 1);
            FAIL() << "accepted " << bad;
        } catch (const ApiError& e) {
            EXPECT_EQ(e.code(), ErrorCode::BadSetup);
        }
    }
    EXPECT_EQ(random_blocked(setup, 60, 1).size(), 60u);  // 64 minus the centre
}

}  // namespace
}  // namespace reversi::server
