// SPDX-License-Identifier: MIT
// Multi-ProbCut: the parameter file's text form (good, damaged, wrong variant), the fit on
// samples with a known line, and searches with it on: legal moves, and off means untouched.
#include "engine/probcut.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "core/game.h"
#include "engine/engine.h"
#include "random_game.h"

using namespace reversi;
using engine::ProbCutError;
using engine::ProbCutPair;
using engine::ProbCutTable;

namespace {

ProbCutTable sample_table() {
    return ProbCutTable("8x8", {{4, 2, 10, 29, 1.1, 12.5, 310.25, 500},
                                {4, 2, 30, 60, 0.95, -4, 420, 700},
                                {5, 1, 20, 60, 1.02, 3, 380, 900}});
}

std::string good_text() {
    return engine::format_probcut(sample_table());
}

// The text with the first occurrence of `from` replaced by `to`.
std::string edited(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

}  // namespace

TEST(ProbCutFile, TextRoundTripsAndFindsPairs) {
    const ProbCutTable back = engine::parse_probcut(good_text());
    EXPECT_EQ(back.variant(), "8x8");
    ASSERT_EQ(back.pairs().size(), 3u);
    const ProbCutTable original = sample_table();
    for (size_t i = 0; i < 3; ++i) {
        const ProbCutPair& a = original.pairs()[i];
        const ProbCutPair& b = back.pairs()[i];
        EXPECT_EQ(a.depth, b.depth);
        EXPECT_EQ(a.shallow, b.shallow);
        EXPECT_EQ(a.min_empties, b.min_empties);
        EXPECT_EQ(a.max_empties, b.max_empties);
        EXPECT_NEAR(a.slope, b.slope, 1e-5);
        EXPECT_NEAR(a.intercept, b.intercept, 1e-4);
        EXPECT_NEAR(a.sigma, b.sigma, 1e-3);
        EXPECT_EQ(a.samples, b.samples);
    }
    ASSERT_NE(back.find(4, 10), nullptr);
    EXPECT_EQ(back.find(4, 10)->max_empties, 29);
    EXPECT_EQ(back.find(4, 30)->min_empties, 30);
    EXPECT_EQ(back.find(4, 9), nullptr);
    EXPECT_EQ(back.find(5, 19), nullptr);
    EXPECT_EQ(back.find(6, 40), nullptr);
    EXPECT_EQ(back.find(-1, 40), nullptr);
    EXPECT_EQ(back.find(4, 500), nullptr);
}

TEST(ProbCutFile, DamagedTextIsRefusedWithAReason) {
    const std::string good = good_text();
    const std::vector<std::string> bad = {
        "",
        edited(good, "reversi-mpc 1", "reversi-mpc 2"),
        edited(good, "reversi-mpc", "something-else"),
        edited(good, "end\n", ""),                         // truncated
        good + "pair 6 2 10 20 1 0 100 10\n",              // text after the end
        edited(good, "variant 8x8\n", ""),                 // no variant
        edited(good, "variant 8x8", "variant 8x8 extra"),  // trailing word
        edited(good, "variant 8x8", "variant ../x"),       // not a key
        edited(good, "pair 4 2 10 29", "pair 4 2 10"),     // short pair
        edited(good, "pair 4 2 10 29", "pair 4 4 10 29"),  // shallow not below depth
        edited(good, "pair 4 2 10 29", "pair 99 2 10 29"),
        edited(good, "pair 4 2 10 29", "pair 4 2 29 10"),  // empty range
        edited(good, "pair 4 2 10 29", "pair 4 2 10 31"),  // overlaps the next pair
        edited(good, "pair 4 2 10 29 1.1", "pair 4 2 10 29 -1.1"),
        edited(good, "pair 4 2 10 29 1.1", "pair 4 2 10 29 nan"),
        edited(good, "310.25", "0"),  // sigma must be positive
        edited(good, "310.25", "1e300"),
        edited(good, "pair 4", "pear 4"),
    };
    for (const std::string& text : bad)
        EXPECT_THROW(engine::parse_probcut(text), ProbCutError) << text;
}

TEST(ProbCutFile, ReadChecksTheVariantAndNamesTheFile) {
    const std::string path = ::testing::TempDir() + "probcut_test.mpc";
    {
        std::ofstream out(path, std::ios::binary);
        out << good_text();
    }
    EXPECT_EQ(engine::read_probcut_file(path, "8x8").pairs().size(), 3u);
    try {
        engine::read_probcut_file(path, "10x10");
        ADD_FAILURE() << "a file for 8x8 was accepted for 10x10";
    } catch (const ProbCutError& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos);
    }
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << good_text().substr(0, good_text().size() / 2);
    }
    EXPECT_THROW(engine::read_probcut_file(path, "8x8"), ProbCutError);
    std::remove(path.c_str());
    EXPECT_THROW(engine::read_probcut_file(path, "8x8"), ProbCutError);
}

TEST(ProbCutFit, RecoversAKnownLinePerRange) {
    std::mt19937_64 rng(5);
    std::normal_distribution<double> noise(0, 50);
    std::vector<engine::ProbCutSample> samples;
    for (int i = 0; i < 4000; ++i) {
        const int empties = 20 + i % 20;  // two ranges of 10: 20-29 and 30-39
        const double slope = empties < 30 ? 1.2 : 0.8;
        const int shallow = static_cast<int>(rng() % 4000) - 2000;
        const int deep = static_cast<int>(slope * shallow + 30 + noise(rng));
        samples.push_back({empties, shallow, deep});
    }
    const auto pairs = engine::fit_probcut(6, 2, samples, 10, 30);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(pairs[0].min_empties, 20);
    EXPECT_EQ(pairs[0].max_empties, 29);
    EXPECT_NEAR(pairs[0].slope, 1.2, 0.01);
    EXPECT_NEAR(pairs[1].slope, 0.8, 0.01);
    EXPECT_NEAR(pairs[0].intercept, 30, 5);
    EXPECT_NEAR(pairs[1].sigma, 50, 5);
    EXPECT_EQ(pairs[0].samples + pairs[1].samples, 4000);
    // The fitted pairs make a valid table.
    EXPECT_NO_THROW(ProbCutTable("8x8", pairs));
}

TEST(ProbCutFit, ShallowDepthIsBelowTheDepth) {
    for (int d = 3; d <= ProbCutTable::MaxDepth; ++d) {
        const int s = engine::probcut_shallow_depth(d);
        EXPECT_GE(s, 1) << d;
        EXPECT_LT(s, d) << d;
    }
}

TEST(ProbCutSearch, PlaysOnlyLegalMovesAndOffChangesNothingWithoutParameters) {
    std::mt19937_64 rng(11);
    engine::Engine eng;
    int searched_with_parameters = 0;
    int changed_by_probcut = 0;
    for (const core::Shape shape : {core::Shape::Eight, core::Shape::Ten}) {
        core::Setup setup;
        setup.shape = shape;
        for (int i = 0; i < 4; ++i) {
            core::Game game(setup);
            const int empties = core::popcount(game.position().empty()) - 8 - 6 * i;
            if (!reversi::test::random_position(game, empties, rng) || game.must_pass()) continue;
            engine::SearchLimits limits;
            limits.depth = shape == core::Shape::Eight ? 7 : 4;
            eng.clear();
            const engine::SearchResult on = eng.search(game.position(), limits);
            EXPECT_TRUE(game.position().is_legal(on.best));
            limits.probcut = false;
            eng.clear();
            const engine::SearchResult off = eng.search(game.position(), limits);
            EXPECT_TRUE(game.position().is_legal(off.best));
            const bool has_parameters =
                engine::probcut_parameters(shape == core::Shape::Eight ? "8x8" : "10x10") !=
                nullptr;
            if (has_parameters) {
                ++searched_with_parameters;
                changed_by_probcut += on.nodes != off.nodes;
            } else {
                EXPECT_EQ(on.nodes, off.nodes);
                EXPECT_EQ(on.best, off.best);
            }
        }
    }
    // Where parameters ship, they are used: some search takes another path.
    if (searched_with_parameters > 0) {
        EXPECT_GT(changed_by_probcut, 0);
    }
}
