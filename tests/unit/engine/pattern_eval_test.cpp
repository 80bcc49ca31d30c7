// SPDX-License-Identifier: MIT
// The pattern evaluation: pattern sets from each shape's geometry, table-driven indices
// against a square-by-square count, symmetric positions valued alike, and the weight file
// (round trip; missing, damaged, foreign files refused with a clear error).
#include "engine/pattern_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>

#include "core/position.h"
#include "core/random_blocked.h"
#include "core/variant.h"
#include "engine/multiplayer_pattern_eval.h"
#include "random_game.h"
#include "scratch_dir.h"

namespace reversi::engine {
namespace {

core::Variant variant_of(core::Shape shape) {
    core::Setup s;
    s.shape = shape;
    return core::Variant(s);
}

// Weights where each situation and its mirror images agree (as training makes them).
std::shared_ptr<PatternWeights> symmetric_random_weights(
    const core::Geometry& g, int phases, PatternFamily family = PatternFamily::Standard) {
    const PatternSet set = make_pattern_set(g, family);
    auto w = std::make_shared<PatternWeights>();
    w->variant = "test";
    w->pattern_set = set.id;
    w->phases = phases;
    w->phase_size = static_cast<uint32_t>(set.phase_size);
    std::mt19937 rng(7);
    for (int ph = 0; ph < phases; ++ph) {
        std::vector<int16_t> table(static_cast<size_t>(set.phase_size));
        for (auto& v : table) v = static_cast<int16_t>(static_cast<int>(rng() % 401) - 200);
        for (const Pattern& p : set.patterns)
            for (int i = 0; i < p.size; ++i)
                table[static_cast<size_t>(p.offset + i)] =
                    table[static_cast<size_t>(p.offset + canonical_index(p, i))];
        w->values.insert(w->values.end(), table.begin(), table.end());
    }
    return w;
}

TEST(PatternSet, InstancesCoverPlayableSquaresOfEveryShape) {
    for (core::Shape shape :
         {core::Shape::Six, core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon}) {
        const core::Variant v = variant_of(shape);
        const PatternSet set = make_pattern_set(v.geometry());
        ASSERT_LE(set.instances.size(), static_cast<size_t>(MaxPatternInstances));
        core::u128 covered = 0;
        for (const PatternInstance& inst : set.instances) {
            const Pattern& p = set.patterns[static_cast<size_t>(inst.pattern)];
            EXPECT_EQ(static_cast<int>(inst.squares.size()), p.cells) << p.name;
            EXPECT_LE(p.cells, MaxPatternCells);
            for (int sq : inst.squares) {
                EXPECT_TRUE((v.geometry().playable() >> sq) & 1) << p.name << " square " << sq;
                covered |= core::u128{1} << sq;
            }
        }
        EXPECT_EQ(covered, v.geometry().playable()) << core::shape_name(shape);
    }
}

TEST(PatternSet, EightByEightHasTheUsualPatterns) {
    const PatternSet set = make_pattern_set(variant_of(core::Shape::Eight).geometry());
    std::map<std::string, int> count;
    for (const PatternInstance& i : set.instances)
        ++count[set.patterns[static_cast<size_t>(i.pattern)].name];
    EXPECT_EQ(count["edge+x"], 4);
    EXPECT_EQ(count["corner3x3"], 4);
    EXPECT_EQ(count["row2"], 4);
    EXPECT_EQ(count["diag8"], 2);  // the two long diagonals map onto themselves
    EXPECT_EQ(count["diag4"], 4);
    EXPECT_EQ(count["bias"], 1);
}

// The squares of each instance of the pattern `name` in `set`, sorted.
std::set<std::vector<int>> instance_squares(const PatternSet& set, const std::string& name) {
    std::set<std::vector<int>> out;
    for (const PatternInstance& i : set.instances) {
        if (set.patterns[static_cast<size_t>(i.pattern)].name != name) continue;
        std::vector<int> squares = i.squares;
        std::sort(squares.begin(), squares.end());
        out.insert(squares);
    }
    return out;
}

TEST(PatternSet, TheCorner2x5SetAddsEightCornerBlocksToTheStandardOne) {
    const core::Geometry& g = variant_of(core::Shape::Eight).geometry();
    const PatternSet standard = make_pattern_set(g);
    const PatternSet wide = make_pattern_set(g, PatternFamily::Corner2x5);
    EXPECT_NE(wide.id, standard.id);
    EXPECT_EQ(wide.instances.size(), standard.instances.size() + 8);
    EXPECT_EQ(wide.phase_size, standard.phase_size + 59049);
    const std::set<std::vector<int>> blocks = instance_squares(wide, "corner2x5");
    // a1-e1 with a2-e2 (squares 0-4 and 8-12) and its images, each once.
    EXPECT_EQ(blocks.size(), 8u);
    EXPECT_EQ(blocks.count({0, 1, 2, 3, 4, 8, 9, 10, 11, 12}), 1u);
    EXPECT_EQ(blocks.count({0, 1, 8, 9, 16, 17, 24, 25, 32, 33}), 1u);
    EXPECT_EQ(blocks.count({51, 52, 53, 54, 55, 59, 60, 61, 62, 63}), 1u);
    // A weight file's id names its set; an id of no set of the shape names none.
    EXPECT_EQ(pattern_set_with_id(g, wide.id)->phase_size, wide.phase_size);
    EXPECT_EQ(pattern_set_with_id(g, standard.id)->phase_size, standard.phase_size);
    EXPECT_FALSE(pattern_set_with_id(g, standard.id ^ 1));
    EXPECT_FALSE(pattern_set_with_id(
        g, make_pattern_set(variant_of(core::Shape::Six).geometry(), PatternFamily::Corner2x5).id));
    EXPECT_EQ(pattern_family_named("corner2x5"), PatternFamily::Corner2x5);
    EXPECT_EQ(pattern_family_named("standard"), PatternFamily::Standard);
    EXPECT_FALSE(pattern_family_named("wide"));
}

TEST(PatternSet, TheTriangleSetAddsFourCornerTrianglesToTheCorner2x5One) {
    const core::Geometry& g = variant_of(core::Shape::Eight).geometry();
    const PatternSet wide = make_pattern_set(g, PatternFamily::Corner2x5);
    const PatternSet set = make_pattern_set(g, PatternFamily::Triangle);
    EXPECT_NE(set.id, wide.id);
    EXPECT_EQ(set.instances.size(), wide.instances.size() + 4);
    EXPECT_EQ(set.phase_size, wide.phase_size + 59049);
    for (const Pattern& p : set.patterns)
        if (p.name == "triangle")  // its own mirror across the diagonal (identity not listed)
            EXPECT_EQ(p.self_maps.size(), 1u);
    const std::set<std::vector<int>> triangles = instance_squares(set, "triangle");
    // a1-d1, a2-c2, a3-b3, a4 and its images at the other corners.
    EXPECT_EQ(triangles.size(), 4u);
    EXPECT_EQ(triangles.count({0, 1, 2, 3, 8, 9, 10, 16, 17, 24}), 1u);
    EXPECT_EQ(triangles.count({39, 46, 47, 53, 54, 55, 60, 61, 62, 63}), 1u);
    EXPECT_EQ(pattern_set_with_id(g, set.id)->phase_size, set.phase_size);
    EXPECT_EQ(pattern_family_named("triangle"), PatternFamily::Triangle);
}

TEST(PatternSet, MirrorSituationsShareAnEntry) {
    const PatternSet set = make_pattern_set(variant_of(core::Shape::Eight).geometry());
    for (const Pattern& p : set.patterns) {
        if (p.name != "diag8") continue;
        // Own disc at the first cell and at the last: one situation seen from both ends.
        int last = 1;
        for (int k = 1; k < p.cells; ++k) last *= 3;
        EXPECT_EQ(canonical_index(p, 1), canonical_index(p, last));
        EXPECT_NE(canonical_index(p, 1), canonical_index(p, 2));
        return;
    }
    FAIL() << "no diag8 pattern";
}

TEST(PatternEval, IndicesMatchASquareBySquareCount) {
    const core::Variant v = variant_of(core::Shape::Octagon);
    const PatternIndexer<core::u128> indexer(v.geometry());
    std::mt19937_64 rng(3);
    core::Game game(v.setup());
    ASSERT_TRUE(test::random_position(game, 40, rng));
    const core::Position& pos = game.position();
    std::vector<int> idx(static_cast<size_t>(indexer.instance_count()));
    indexer.indices(pos.discs(0), pos.discs(1), idx.data());
    const PatternSet& set = indexer.set();
    for (size_t i = 0; i < set.instances.size(); ++i) {
        int expect = 0, power = 1;
        for (int sq : set.instances[i].squares) {
            const int state = (pos.discs(0) >> sq) & 1 ? 1 : (pos.discs(1) >> sq) & 1 ? 2 : 0;
            expect += state * power;
            power *= 3;
        }
        EXPECT_EQ(idx[i],
                  set.patterns[static_cast<size_t>(set.instances[i].pattern)].offset + expect);
    }
}

// The image of a 64-bit board under a box symmetry (transpose).
uint64_t transpose(uint64_t b) {
    uint64_t out = 0;
    for (int sq = 0; sq < 64; ++sq)
        if ((b >> sq) & 1) out |= uint64_t{1} << ((sq % 8) * 8 + sq / 8);
    return out;
}

TEST(PatternEval, SymmetricPositionsGetTheSameValue) {
    const core::Variant v = variant_of(core::Shape::Eight);
    const Layout<uint64_t> layout(v.geometry());
    for (PatternFamily family : AllPatternFamilies) {
        const PatternEval<uint64_t> eval(layout, v.geometry(),
                                         symmetric_random_weights(v.geometry(), 4, family));
        std::mt19937_64 rng(11);
        for (int trial = 0; trial < 20; ++trial) {
            core::Game game(v.setup());
            if (!test::random_position(game, 20 + trial, rng)) continue;
            const auto own = static_cast<uint64_t>(game.position().discs(0));
            const auto opp = static_cast<uint64_t>(game.position().discs(1));
            const int value = eval.evaluate(own, opp);
            EXPECT_EQ(eval.evaluate(transpose(own), transpose(opp)), value)
                << pattern_family_name(family);
            EXPECT_EQ(eval.evaluate(__builtin_bswap64(own), __builtin_bswap64(opp)), value)
                << pattern_family_name(family);
        }
    }
}

TEST(PatternEval, BitExtractionPathsAgreeWithTheIndexer) {
    // Weights with no symmetry at all, so that any mix-up of cell order shows; the reference
    // sums the table entries the square-by-square indexer names.
    for (core::Shape shape : {core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon}) {
        const core::Variant v = variant_of(shape);
        auto w = symmetric_random_weights(v.geometry(), 3);
        std::mt19937 rng(5);
        for (auto& x : w->values) x = static_cast<int16_t>(static_cast<int>(rng() % 201) - 100);
        const Layout<uint64_t> narrow(v.geometry());
        const Layout<core::u128> wide(v.geometry());
        const PatternIndexer<core::u128> indexer(v.geometry());
        const PatternEval<core::u128> eval_wide(wide, v.geometry(), w);
        std::mt19937_64 games(13);
        const int playable = v.geometry().playable_count();
        for (int trial = 0; trial < 30; ++trial) {
            core::Game game(v.setup());
            if (!test::random_position(game, 5 + 2 * trial % (playable - 5), games)) continue;
            const core::u128 own = game.position().discs(0);
            const core::u128 opp = game.position().discs(1);
            int idx[MaxPatternInstances];
            indexer.indices(own, opp, idx);
            const int phase = phase_of(core::popcount(own | opp), playable, w->phases);
            int expected = 0;
            for (int i = 0; i < indexer.instance_count(); ++i)
                expected += w->values[static_cast<size_t>(phase) * w->phase_size +
                                      static_cast<size_t>(idx[i])];
            expected = std::clamp(expected, -(playable * DiscScale - 1), playable * DiscScale - 1);
            EXPECT_EQ(eval_wide.evaluate(own, opp), expected) << "trial " << trial;
            if (v.geometry().narrow()) {
                const PatternEval<uint64_t> eval_narrow(narrow, v.geometry(), w);
                EXPECT_EQ(
                    eval_narrow.evaluate(static_cast<uint64_t>(own), static_cast<uint64_t>(opp)),
                    expected);
            }
        }
    }
}

// The value of a position under weights of `set`, square by square from the set's
// instances (no indexer, no re-ordered tables).
int reference_value(const PatternSet& set, const PatternWeights& w, core::u128 own, core::u128 opp,
                    int playable) {
    const int phase = phase_of(core::popcount(own | opp), playable, w.phases);
    int sum = 0;
    for (const PatternInstance& inst : set.instances) {
        int index = 0, power = 1;
        for (int sq : inst.squares) {
            index += ((own >> sq) & 1 ? 1 : (opp >> sq) & 1 ? 2 : 0) * power;
            power *= 3;
        }
        const Pattern& p = set.patterns[static_cast<size_t>(inst.pattern)];
        sum += w.values[static_cast<size_t>(phase) * w.phase_size +
                        static_cast<size_t>(p.offset + index)];
    }
    return std::clamp(sum, -(playable * DiscScale - 1), playable * DiscScale - 1);
}

TEST(PatternEval, AFileOfEachPatternSetEvaluatesAsItsSetSays) {
    // Each set's weights go through a file and come back; the evaluation picks the set the
    // file names, on both board words and (with BMI2) the bit-extraction paths.
    const core::Variant v = variant_of(core::Shape::Eight);
    const core::Geometry& g = v.geometry();
    const Layout<uint64_t> narrow(g);
    const Layout<core::u128> wide(g);
    const auto dir = test::scratch_dir("reversi_pattern_families");
    for (PatternFamily family : AllPatternFamilies) {
        auto w = symmetric_random_weights(g, 3, family);
        std::mt19937 rng(17);
        for (auto& x : w->values) x = static_cast<int16_t>(static_cast<int>(rng() % 201) - 100);
        const std::string path = (dir / (pattern_family_name(family) + ".weights")).string();
        write_weights(path, *w);
        const auto loaded = std::make_shared<const PatternWeights>(read_weights(path));
        const PatternSet set = make_pattern_set(g, family);
        const PatternEval<uint64_t> eval_narrow(narrow, g, loaded);
        const PatternEval<core::u128> eval_wide(wide, g, loaded);
        std::mt19937_64 games(29);
        for (int trial = 0; trial < 30; ++trial) {
            core::Game game(v.setup());
            if (!test::random_position(game, 4 + 2 * trial % 56, games)) continue;
            const core::u128 own = game.position().discs(0);
            const core::u128 opp = game.position().discs(1);
            const int expected = reference_value(set, *w, own, opp, g.playable_count());
            EXPECT_EQ(eval_wide.evaluate(own, opp), expected)
                << pattern_family_name(family) << " trial " << trial;
            EXPECT_EQ(eval_narrow.evaluate(static_cast<uint64_t>(own), static_cast<uint64_t>(opp)),
                      expected)
                << pattern_family_name(family) << " trial " << trial;
        }
    }
    std::filesystem::remove_all(dir);
}

TEST(PatternEval, WeightsOfAnotherPatternSetAreRefused) {
    const core::Variant six = variant_of(core::Shape::Six);
    const core::Variant eight = variant_of(core::Shape::Eight);
    const Layout<uint64_t> layout(eight.geometry());
    EXPECT_THROW(PatternEval<uint64_t>(layout, eight.geometry(),
                                       symmetric_random_weights(six.geometry(), 2)),
                 WeightError);
    EXPECT_THROW(PatternEval<uint64_t>(
                     layout, eight.geometry(),
                     symmetric_random_weights(six.geometry(), 2, PatternFamily::Corner2x5)),
                 WeightError);
    // An id that no set of the shape has, its sizes those of a set that fits.
    auto unknown = symmetric_random_weights(eight.geometry(), 2, PatternFamily::Corner2x5);
    unknown->pattern_set ^= 1;
    EXPECT_THROW(PatternEval<uint64_t>(layout, eight.geometry(), unknown), WeightError);
}

TEST(WeightFile, RoundTrip) {
    const core::Variant v = variant_of(core::Shape::Six);
    PatternWeights w = *symmetric_random_weights(v.geometry(), 3);
    std::fill(w.values.begin() + 100, w.values.begin() + 5000, 0);  // a run of zeros
    const PatternWeights back = decode_weights(encode_weights(w), "memory");
    EXPECT_EQ(back.variant, w.variant);
    EXPECT_EQ(back.pattern_set, w.pattern_set);
    EXPECT_EQ(back.phases, w.phases);
    EXPECT_EQ(back.values, w.values);
}

// The message of the WeightError that decoding `bytes` throws ("" when none).
std::string decode_error(const std::vector<uint8_t>& bytes) {
    try {
        decode_weights(bytes, "f");
    } catch (const WeightError& e) {
        return e.what();
    }
    return "";
}

TEST(WeightFile, DamagedFilesAreRefusedWithTheReason) {
    const core::Variant v = variant_of(core::Shape::Six);
    const std::vector<uint8_t> good = encode_weights(*symmetric_random_weights(v.geometry(), 2));
    std::vector<uint8_t> flipped = good;
    flipped[good.size() / 2] ^= 0x10;
    EXPECT_NE(decode_error(flipped).find("checksum"), std::string::npos);
    std::vector<uint8_t> cut(good.begin(), good.begin() + static_cast<long>(good.size() / 2));
    EXPECT_NE(decode_error(cut), "");
    std::vector<uint8_t> magic = good;
    magic[0] = 'X';
    EXPECT_NE(decode_error(magic).find("magic"), std::string::npos);
    EXPECT_NE(decode_error({}).find("too short"), std::string::npos);
    EXPECT_EQ(decode_error(good), "");
}

TEST(WeightFile, MissingOrForeignFilesAreAnErrorAtLoad) {
    const auto dir = std::filesystem::temp_directory_path() / "reversi_weight_test";
    std::filesystem::create_directories(dir);
    std::filesystem::remove(dir / "6x6.weights");
    try {
        load_variant_weights(dir.string(), "6x6");
        FAIL() << "a missing file loaded";
    } catch (const WeightError& e) {
        EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
    }
    // A file of another variant under this variant's name.
    PatternWeights w = *symmetric_random_weights(variant_of(core::Shape::Six).geometry(), 2);
    w.variant = "8x8";
    write_weights((dir / "6x6.weights").string(), w);
    EXPECT_THROW(load_variant_weights(dir.string(), "6x6"), WeightError);
    w.variant = "6x6";
    write_weights((dir / "6x6.weights").string(), w);
    EXPECT_EQ(load_variant_weights(dir.string(), "6x6")->values, w.values);
    std::filesystem::remove_all(dir);
}

TEST(WeightFile, TheHeaderCheckCatchesCutFilesAndDecodingTheRest) {
    // The command line's start-up check reads only headers; a damaged payload is refused when
    // its variant is first decoded.
    const auto dir = test::scratch_dir("reversi_weight_header");
    const std::string path = (dir / "6x6.weights").string();
    const PatternWeights w = *symmetric_random_weights(variant_of(core::Shape::Six).geometry(), 2);
    const std::vector<uint8_t> good = encode_weights(w);
    const auto write = [&](const std::vector<uint8_t>& bytes) {
        std::ofstream(path, std::ios::binary | std::ios::trunc)
            .write(reinterpret_cast<const char*>(bytes.data()),
                   static_cast<std::streamsize>(bytes.size()));
    };
    const auto error = [](const auto& read) -> std::string {
        try {
            read();
        } catch (const WeightError& e) {
            return e.what();
        }
        return "";
    };
    write(good);
    const PatternWeights header = read_weights_header(path);
    EXPECT_EQ(header.variant, w.variant);
    EXPECT_EQ(header.phases, w.phases);
    EXPECT_EQ(header.phase_size, w.phase_size);
    EXPECT_TRUE(header.values.empty());
    write({good.begin(), good.begin() + static_cast<long>(good.size() / 2)});
    EXPECT_NE(error([&] { read_weights_header(path); }).find("payload length"), std::string::npos);
    std::vector<uint8_t> flipped = good;
    flipped[good.size() / 2] ^= 0x10;
    write(flipped);
    EXPECT_EQ(error([&] { read_weights_header(path); }), "");
    EXPECT_NE(error([&] { read_weights(path); }).find("checksum"), std::string::npos);
    std::filesystem::remove_all(dir);
    EXPECT_NE(error([&] { read_weights_header(path); }).find("missing"), std::string::npos);
}

TEST(WeightFile, LazilyLoadedWeightsEvaluateAsDecodedAtOnce) {
    // check_trained_weights decodes nothing; the store decodes 8x8 on first use, and that must
    // be the file's weights, valuing positions as the file decoded directly does.
    EXPECT_NO_THROW(check_trained_weights());
    const auto lazy = trained_weights("8x8");
    ASSERT_NE(lazy, nullptr);
    EXPECT_EQ(trained_weights("8x8"), lazy);  // decoded once
    const auto eager =
        std::make_shared<const PatternWeights>(read_weights(weights_directory() + "/8x8.weights"));
    EXPECT_EQ(lazy->values, eager->values);
    const core::Variant v = variant_of(core::Shape::Eight);
    const Layout<uint64_t> layout(v.geometry());
    const PatternEval<uint64_t> from_store(layout, v.geometry(), lazy);
    const PatternEval<uint64_t> from_file(layout, v.geometry(), eager);
    std::mt19937_64 rng(28);
    for (int i = 0; i < 50; ++i) {
        core::Game game(v.setup());
        if (!test::random_position(game, 10 + i % 40, rng)) continue;
        const core::Position& pos = game.position();
        const auto own = static_cast<uint64_t>(pos.discs(pos.side()));
        const auto opp = static_cast<uint64_t>(pos.discs(1 - pos.side()));
        EXPECT_EQ(from_store.evaluate(own, opp), from_file.evaluate(own, opp));
    }
}

// The start position's value under a variant's shipped weights, in the board word of its shape.
template <class B>
int start_value(const core::Variant& v, std::shared_ptr<const PatternWeights> w) {
    const Layout<B> layout(v.geometry());
    const PatternEval<B> eval(layout, v.geometry(), std::move(w));
    const core::Position pos = core::Position::start(v);
    // Every disc not the mover's is an opponent's (3-4 players: the other seats and neutral).
    const core::u128 own = pos.discs(pos.side());
    return eval.evaluate(static_cast<B>(own), static_cast<B>(pos.occupied() & ~own));
}

TEST(WeightFile, ShippedWeightsLoad) {
    // Every variant listed as trained must load (the start-up check of the CLI) and value its
    // start position at a small number of discs, short of the clamp at the board's size.
    EXPECT_NO_THROW(load_trained_weights());
    for (const std::string& key : trained_variants()) {
        const auto w = trained_weights(key);
        ASSERT_NE(w, nullptr) << key;
        core::Setup s;
        s.anti = key.ends_with("-anti");
        s.players = key.find("-3p") != std::string::npos   ? 3
                    : key.find("-4p") != std::string::npos ? 4
                                                           : 2;
        const std::string base = key.substr(0, key.find('-'));
        s.shape = base == "6x6"     ? core::Shape::Six
                  : base == "8x8"   ? core::Shape::Eight
                  : base == "10x10" ? core::Shape::Ten
                                    : core::Shape::Octagon;
        // Weights of boards with blocked squares: a board with a site's random layout.
        const bool blocked = key.find("-blk") != std::string::npos;
        if (blocked) s.blocked = core::random_blocked_layout(s, 4, 1);
        const core::Variant v(s);
        ASSERT_EQ(blocked ? playing_variant_key(v.geometry(), v.anti()) : weight_variant_key(v),
                  key);
        const int value =
            v.geometry().narrow() ? start_value<uint64_t>(v, w) : start_value<core::u128>(v, w);
        EXPECT_LT(std::abs(value), 20 * DiscScale) << key << " values the start at " << value;
    }
}

TEST(PatternEval, BlockedBoardsUseTheirShapesWeights) {
    // Blocked 8x8 squares stay empty under the 8x8 weights.
    core::Setup s;
    s.shape = core::Shape::Eight;
    s.blocked = {{2, 2}, {5, 5}};
    const core::Variant v(s);
    const Layout<uint64_t> layout(v.geometry());
    const auto trained = make_evaluator(layout, v.geometry(), false, false);
    const auto handmade = make_evaluator(layout, v.geometry(), false, true);
    EXPECT_NE(dynamic_cast<const PatternEval<uint64_t>*>(trained.get()), nullptr);
    EXPECT_EQ(dynamic_cast<const PatternEval<uint64_t>*>(handmade.get()), nullptr);
    const core::Position pos = core::Position::start(v);
    const int value =
        trained->evaluate(static_cast<uint64_t>(pos.discs(0)), static_cast<uint64_t>(pos.discs(1)));
    EXPECT_LT(std::abs(value), 20 * DiscScale);
    // Multi-ProbCut and the solver's ordering follow the same weights' key.
    EXPECT_EQ(pattern_variant_key(v.geometry(), false), "");
    EXPECT_EQ(shape_variant_key(v.geometry().shape(), false), "8x8");
    EXPECT_EQ(shape_variant_key(core::Shape::Ten, true), "10x10-anti");
    // So do 10x10 blocked boards, normal and anti, and the octagon's.
    core::Setup ten;
    ten.shape = core::Shape::Ten;
    ten.blocked = {{1, 1}, {8, 8}};
    const core::Variant tv(ten);
    const Layout<core::u128> ten_layout(tv.geometry());
    const auto ten_eval = make_evaluator(ten_layout, tv.geometry(), false, false);
    EXPECT_NE(dynamic_cast<const PatternEval<core::u128>*>(ten_eval.get()), nullptr);
    const auto ten_handmade = make_evaluator(ten_layout, tv.geometry(), false, true);
    EXPECT_EQ(dynamic_cast<const PatternEval<core::u128>*>(ten_handmade.get()), nullptr);
    core::Setup octagon;
    octagon.shape = core::Shape::Octagon;
    octagon.blocked = {{2, 2}, {7, 7}};
    const core::Variant ov(octagon);
    const Layout<core::u128> octagon_layout(ov.geometry());
    const auto octagon_eval = make_evaluator(octagon_layout, ov.geometry(), false, false);
    EXPECT_NE(dynamic_cast<const PatternEval<core::u128>*>(octagon_eval.get()), nullptr);
    const auto ten_anti = make_evaluator(ten_layout, tv.geometry(), true, false);
    EXPECT_NE(dynamic_cast<const PatternEval<core::u128>*>(ten_anti.get()), nullptr);
}

TEST(PatternEval, WeightsFromAnotherDirectory) {
    // A player may play with candidate weights (`weights:DIR`): the file of that directory is
    // read, not the shipped one, and a directory without the variant's file is an error.
    namespace fs = std::filesystem;
    const fs::path dir = test::scratch_dir("rv-candidate");
    const core::Variant v = variant_of(core::Shape::Eight);
    const auto candidate = symmetric_random_weights(v.geometry(), 2);
    candidate->variant = "8x8";
    write_weights((dir / "8x8.weights").string(), *candidate);
    const auto loaded = trained_weights("8x8", dir.string());
    const auto shipped = trained_weights("8x8");
    ASSERT_NE(loaded, nullptr);
    EXPECT_NE(loaded, shipped);
    EXPECT_EQ(loaded->phases, 2);
    EXPECT_EQ(trained_weights("8x8", dir.string()), loaded);  // read once
    const Layout<uint64_t> layout(v.geometry());
    const core::Position pos = core::Position::start(v);
    const auto black = static_cast<uint64_t>(pos.discs(0));
    const auto white = static_cast<uint64_t>(pos.discs(1));
    const auto from_dir = make_evaluator(layout, v.geometry(), false, false, dir.string());
    EXPECT_EQ(from_dir->evaluate(black, white),
              PatternEval<uint64_t>(layout, v.geometry(), loaded).evaluate(black, white));
    fs::remove(dir / "8x8.weights");
    EXPECT_THROW(trained_weights("8x8", (dir / "none").string()), WeightError);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace reversi::engine
