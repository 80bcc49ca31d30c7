// SPDX-License-Identifier: MIT
// The opening names and the explorer's index: every named line is a legal game, a game is named
// in each of its four orientations and by its longest named prefix; the explorer counts next
// moves and results across orientations, answers in the asker's orientation, and filters by
// player and rating band.
#include "server/explorer/explorer.h"

#include <gtest/gtest.h>

#include "core/game.h"
#include "core/notation.h"
#include "server/explorer/openings.h"

namespace reversi::server {
namespace {

core::Setup six_by_six() {
    core::Setup setup;
    setup.shape = core::Shape::Six;
    return setup;
}

std::vector<core::Square> squares(const std::string& text, const core::Setup& setup = {}) {
    core::Game game(setup);
    const auto error = core::play_moves(game, text);
    EXPECT_FALSE(error) << text << ": " << (error ? error->message() : "");
    return game.moves();
}

std::vector<core::Coord> coords(const std::vector<core::Square>& moves) {
    std::vector<core::Coord> out;
    for (const core::Square m : moves) out.push_back({m % 8, m / 8});
    return out;
}

// `moves` turned by symmetry `s`, as squares.
std::vector<core::Square> turned(int s, const std::vector<core::Square>& moves) {
    std::vector<core::Square> out;
    for (const core::Coord c : coords(moves)) {
        const core::Coord t = transform(s, c);
        out.push_back(t.row * 8 + t.col);
    }
    return out;
}

TEST(Openings, EveryNamedLineIsALegalGame) {
    ASSERT_GE(opening_table().size(), 9u);
    for (const auto& [name, text] : opening_table()) {
        const auto moves = squares(text);
        const auto named = opening_name(coords(moves));
        ASSERT_TRUE(named) << name;
        EXPECT_EQ(named->name, name);
        EXPECT_EQ(named->plies, moves.size());
    }
}

TEST(Openings, NamedInEveryOrientationByTheLongestPrefix) {
    const auto tiger = squares("f5 d6 c3 d3 c4 f4 e3");
    for (const int s : {0, 1, 6, 7}) {  // identity, the diagonals, the half turn
        // Each orientation that keeps the start is a legal game too, named the same.
        core::Game game{core::Setup{}};
        for (const core::Square m : turned(s, tiger)) ASSERT_EQ(game.play(m), "") << s;
        const auto named = opening_name(coords(turned(s, tiger)));
        ASSERT_TRUE(named) << s;
        EXPECT_EQ(named->name, "Tiger");
        EXPECT_EQ(named->plies, 5u);
    }
    EXPECT_EQ(opening_name(coords(squares("f5 d6 c3 d3 c4 b3")))->name, "Aubrey");
    EXPECT_EQ(opening_name(coords(squares("c4 e3")))->name, "Perpendicular");
    EXPECT_FALSE(opening_name(coords(squares("f5"))));
    EXPECT_FALSE(opening_name({}));
    for (int s = 0; s < 8; ++s)
        EXPECT_EQ(transform(inverse_symmetry(s), transform(s, {2, 5})), (core::Coord{2, 5})) << s;
}

TEST(Explorer, CountsAcrossOrientationsAndAnswersInTheAskersOne) {
    Explorer explorer;
    const auto a = squares("f5 d6 c3 d3 c4");
    const auto b = turned(6, a);  // the same game begun at c4 (the half turn)
    explorer.add({"8x8", a, 0, {1, 2}, {1500, 1500}, 0});
    explorer.add({"8x8", b, 1, {3, 4}, {1900, 2000}, 0});
    explorer.add({"8x8", squares("f5 f6 e6"), -1, {1, 3}, {0, 0}, 0});
    explorer.add({"6x6", squares("c2", six_by_six()), 0, {1, 2}, {0, 0}, 0});
    EXPECT_EQ(explorer.games("8x8"), 3u);

    const ExplorerAnswer all = explorer.query("8x8", {}, {});
    EXPECT_EQ(all.games, 3);
    ASSERT_EQ(all.moves.size(), 1u);  // every first move is f5 once turned
    EXPECT_EQ(all.moves[0].games, 3);

    // Asked from c4, the answer is in c4's orientation: the reply to c4 that d6 mirrors.
    const ExplorerAnswer from_c4 = explorer.query("8x8", {b[0]}, {});
    ASSERT_EQ(from_c4.moves.size(), 2u);
    EXPECT_EQ(from_c4.moves[0].move, b[1]);
    EXPECT_EQ(from_c4.moves[0].games, 2);
    EXPECT_EQ(from_c4.moves[0].black_wins, 1);
    EXPECT_EQ(from_c4.moves[0].white_wins, 1);
    EXPECT_EQ(from_c4.moves[1].draws, 1);

    ExplorerFilter mine;
    mine.player = 3;
    EXPECT_EQ(explorer.query("8x8", {}, mine).games, 2);
    ExplorerFilter band;
    band.min_rating = 1800;
    EXPECT_EQ(explorer.query("8x8", {}, band).games, 1);
    band.min_rating = 0;
    band.max_rating = 1600;
    EXPECT_EQ(explorer.query("8x8", {}, band).games, 1);
    EXPECT_EQ(explorer.query("8x8", squares("f5 d6 c3 d3 c4"), {}).games, 2);
    EXPECT_TRUE(explorer.query("8x8", squares("f5 d6 c3 d3 c4"), {}).moves.empty());
    EXPECT_EQ(explorer.query("6x6", {}, {}).moves.size(), 1u);
    EXPECT_EQ(explorer.query("10x10", {}, {}).games, 0);
}

}  // namespace
}  // namespace reversi::server
