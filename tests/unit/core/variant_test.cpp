// SPDX-License-Identifier: MIT
// Variant and Setup details beyond the rules: shape and colour names, and the one canonical
// form a validated setup takes (blocked squares sorted and unique, no handicap colour
// without a handicap), so that equal games compare equal.
#include "core/variant.h"

#include <gtest/gtest.h>

namespace reversi::core {
namespace {

TEST(Variant, ShapeNamesRoundTripAndAliasesAreRead) {
    for (Shape shape : {Shape::Six, Shape::Eight, Shape::Ten, Shape::Octagon}) {
        Shape back = Shape::Six;
        ASSERT_TRUE(parse_shape(shape_name(shape), back));
        EXPECT_EQ(back, shape);
    }
    const std::pair<const char*, Shape> aliases[] = {{"6x6", Shape::Six},
                                                     {"8X8", Shape::Eight},
                                                     {"10x10", Shape::Ten},
                                                     {"88", Shape::Octagon},
                                                     {"Octagon", Shape::Octagon}};
    for (const auto& [text, want] : aliases) {
        Shape got = Shape::Six;
        EXPECT_TRUE(parse_shape(text, got)) << text;
        EXPECT_EQ(got, want) << text;
    }
    Shape unchanged = Shape::Ten;
    for (const char* bad : {"", "7", "12", "hex", "8x10"}) {
        EXPECT_FALSE(parse_shape(bad, unchanged)) << bad;
        EXPECT_EQ(unchanged, Shape::Ten);
    }
}

TEST(Variant, ColourNamesFollowTurnOrder) {
    EXPECT_EQ(color_name(Color::Black), "black");
    EXPECT_EQ(color_name(Color::White), "white");
    EXPECT_EQ(color_name(Color::Red), "red");
    EXPECT_EQ(color_name(Color::Green), "green");
}

TEST(Variant, SetupTakesOneCanonicalForm) {
    core::Setup a;
    a.blocked = {{5, 5}, {2, 2}, {5, 5}};
    a.handicap_to = Color::White;  // meaningless without a handicap
    core::Setup b;
    b.blocked = {{2, 2}, {5, 5}};
    const Variant va(a), vb(b);
    EXPECT_EQ(va.setup(), vb.setup());
    EXPECT_EQ(va.geometry().blocked(), vb.geometry().blocked());
}

TEST(Variant, StartDiscsLieOnPlayableSquaresAndNeverOverlap) {
    for (Shape shape : {Shape::Six, Shape::Eight, Shape::Ten, Shape::Octagon}) {
        for (int players = 2; players <= 4; ++players) {
            core::Setup s;
            s.shape = shape;
            s.players = players;
            if (!s.problem().empty()) continue;
            const Variant v(s);
            u128 seen = v.start_neutral();
            for (int seat = 0; seat < MaxPlayers; ++seat) {
                EXPECT_EQ(seen & v.start_discs()[seat], 0);
                seen |= v.start_discs()[seat];
                if (seat >= players) {
                    EXPECT_EQ(v.start_discs()[seat], 0);
                }
            }
            EXPECT_EQ(seen, v.geometry().centre()) << shape_name(shape) << " " << players;
            EXPECT_EQ(v.start_neutral() != 0, players == 3);
        }
    }
}

}  // namespace
}  // namespace reversi::core
