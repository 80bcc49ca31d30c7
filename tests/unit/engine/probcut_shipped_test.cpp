// SPDX-License-Identifier: MIT
// The shipped Multi-ProbCut fits (data/mpc): every file is listed and loads, every listed
// variant has its file, and a fixed-depth search of each variant takes another path with the
// fit than without it (a fit the search ignores is as good as none).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "engine/probcut.h"
#include "random_game.h"

using namespace reversi;

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The board a variant key names ("10x10-blk-anti": 10x10, anti, some blocked squares).
core::Setup setup_of(const std::string& key) {
    core::Setup setup;
    setup.shape = key.starts_with("6x6")       ? core::Shape::Six
                  : key.starts_with("8x8")     ? core::Shape::Eight
                  : key.starts_with("10x10")   ? core::Shape::Ten
                  : key.starts_with("octagon") ? core::Shape::Octagon
                                               : throw std::invalid_argument(key);
    setup.anti = ends_with(key, "-anti");
    if (key.find("-blk") == std::string::npos) return setup;
    const auto squares = setup.shape == core::Shape::Ten
                             ? std::vector<std::string>{"b2", "i9", "e1", "f10"}
                             : std::vector<std::string>{"c3", "f6", "a5", "h4"};
    for (const std::string& square : squares) setup.blocked.push_back(*core::parse_coord(square));
    return setup;
}

}  // namespace

TEST(ProbCutShipped, EveryFileIsListedAndEveryListedVariantLoads) {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(engine::probcut_directory()))
        if (entry.path().extension() == ".mpc") files.push_back(entry.path().stem().string());
    const auto& listed = engine::probcut_variants();
    for (const std::string& file : files)
        EXPECT_TRUE(std::find(listed.begin(), listed.end(), file) != listed.end())
            << file << ".mpc ships but probcut_variants() does not list it";
    EXPECT_GT(listed.size(), 1u);
    for (const std::string& variant : listed) {
        const auto table = engine::probcut_parameters(variant);  // throws when missing
        ASSERT_NE(table, nullptr) << variant;
        EXPECT_EQ(table->variant(), variant);
        EXPECT_FALSE(table->pairs().empty()) << variant;
        // A search on the variant's board takes this fit (blocked boards: their own).
        const core::Variant board(setup_of(variant));
        EXPECT_EQ(engine::playing_probcut_parameters(board.geometry(), board.anti()), table)
            << variant;
    }
}

TEST(ProbCutShipped, EachVariantsSearchUsesItsFit) {
    std::mt19937_64 rng(5);
    engine::Engine eng;
    for (const std::string& variant : engine::probcut_variants()) {
        const core::Setup setup = setup_of(variant);
        int changed = 0;
        for (int i = 0; i < 3 && changed == 0; ++i) {
            core::Game game(setup);
            const int empties = core::popcount(game.position().empty()) * (3 + i) / 6;
            if (!reversi::test::random_position(game, empties, rng) || game.must_pass()) continue;
            engine::SearchLimits limits;
            limits.depth = setup.shape == core::Shape::Ten ? 5 : 6;
            eng.clear();
            const uint64_t on = eng.search(game.position(), limits).nodes;
            limits.probcut = false;
            eng.clear();
            const uint64_t off = eng.search(game.position(), limits).nodes;
            changed += on != off;
        }
        EXPECT_GT(changed, 0) << variant << ": the search ignores its fit";
    }
}
