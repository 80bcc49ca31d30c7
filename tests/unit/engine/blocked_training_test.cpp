// SPDX-License-Identifier: MIT
// Training on boards with blocked squares: records keep their blocked squares (and files of
// the version before them still read), relabelling searches each record on its own board,
// the trainer phases a record by its board's playable squares, and the weight keys.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/bitboard.h"
#include "core/position.h"
#include "core/random_blocked.h"
#include "core/variant.h"
#include "engine/pattern_eval.h"
#include "engine/relabel.h"
#include "engine/selfplay.h"
#include "engine/trainer.h"
#include "scratch_dir.h"

namespace reversi::engine {
namespace {

core::Variant six_blocked(uint64_t seed) {
    core::Setup s;
    s.shape = core::Shape::Six;
    s.blocked = core::random_blocked_layout(s, 4, seed);
    return core::Variant(s);
}

std::vector<TrainingPosition> blocked_game(const core::Variant& v, uint64_t index) {
    Engine engine;
    SelfplayOptions o;
    o.depth = 1;
    o.exact_empties = 6;
    o.random_plies_min = 2;
    o.random_plies_max = 6;
    return play_selfplay_game(v, o, index, engine);
}

TEST(BlockedTraining, RecordsKeepTheirBlockedSquaresThroughAFile) {
    const auto dir = test::scratch_dir("reversi_blocked_training_test");
    const std::string path = (dir / "blocked.data").string();
    std::filesystem::remove(path);
    const core::Variant a = six_blocked(1), b = six_blocked(2);
    ASSERT_NE(a.geometry().blocked(), b.geometry().blocked());
    const auto game_a = blocked_game(a, 1), game_b = blocked_game(b, 2);
    {
        TrainingWriter w(path, "6x6-blk", 8);
        w.append(game_a);
        w.append(game_b);
    }
    const TrainingFile file = read_training_file(path);
    EXPECT_EQ(file.version, 2);
    ASSERT_EQ(file.positions.size(), game_a.size() + game_b.size());
    for (size_t i = 0; i < file.positions.size(); ++i) {
        const TrainingPosition& p = file.positions[i];
        const TrainingPosition& q = i < game_a.size() ? game_a[i] : game_b[i - game_a.size()];
        EXPECT_EQ(p.blocked, (i < game_a.size() ? a : b).geometry().blocked()) << i;
        EXPECT_EQ(p.own, q.own);
        EXPECT_EQ(p.opp, q.opp);
        EXPECT_EQ(p.score, q.score);
        EXPECT_EQ(p.exact, q.exact);
    }
    std::filesystem::remove_all(dir);
}

// A version 1 file: header, then records of own, opponent, score and flags.
void write_version1(const std::string& path, uint64_t own, uint64_t opp, int8_t score) {
    std::ofstream f(path, std::ios::binary);
    const char header[32] = {'R', 'V', 'S', 'P', 1, 0, 8, 0, '6', 'x', '6'};
    f.write(header, sizeof header);
    for (int i = 0; i < 8; ++i) f.put(static_cast<char>(own >> (8 * i)));
    for (int i = 0; i < 8; ++i) f.put(static_cast<char>(opp >> (8 * i)));
    f.put(static_cast<char>(score));
    f.put(static_cast<char>(2 | 4));  // first and last position of its game
}

TEST(BlockedTraining, VersionOneFilesStillReadAndGrow) {
    const auto dir = test::scratch_dir("reversi_blocked_training_test");
    const std::string path = (dir / "old.data").string();
    const uint64_t own = 0x0000001008000000ULL, opp = 0x0000000810000000ULL;
    write_version1(path, own, opp, -7);
    const TrainingFile file = read_training_file(path);
    EXPECT_EQ(file.version, 1);
    EXPECT_EQ(file.variant, "6x6");
    ASSERT_EQ(file.positions.size(), 1u);
    EXPECT_EQ(file.positions[0].own, own);
    EXPECT_EQ(file.positions[0].opp, opp);
    EXPECT_EQ(file.positions[0].score, -7);
    EXPECT_EQ(file.positions[0].blocked, 0);
    {
        // Appending keeps the file's version; blocked squares do not fit in it.
        TrainingWriter w(path, "6x6", 8);
        EXPECT_EQ(w.existing_games(), 1);
        w.append({file.positions[0]});
        TrainingPosition blocked = file.positions[0];
        blocked.blocked = core::u128{1};
        EXPECT_THROW(w.append({blocked}), std::runtime_error);
    }
    EXPECT_EQ(read_training_file(path).games(), 2);
    std::filesystem::remove_all(dir);
}

// The value a fresh depth-2 search gives a position on `v`.
int search_value(const core::Variant& v, const TrainingPosition& p) {
    Engine engine;
    SearchLimits limits;
    limits.depth = 2;
    return engine.search(core::Position::from_discs(v, {p.own, p.opp, 0, 0}, 0, 0), limits).score;
}

TEST(BlockedTraining, RelabelSearchesTheRecordsOwnBoard) {
    core::Setup plain_setup;
    plain_setup.shape = core::Shape::Six;
    const core::Variant plain(plain_setup);
    RelabelOptions r;
    r.depth = 2;
    int differing = 0;
    for (uint64_t seed = 1; seed <= 4 && differing < 3; ++seed) {
        const core::Variant blocked = six_blocked(seed);
        for (const TrainingPosition& p : blocked_game(blocked, seed)) {
            if (p.exact) continue;
            const core::Position pos =
                core::Position::from_discs(blocked, {p.own, p.opp, 0, 0}, 0, 0);
            if (pos.must_pass()) continue;
            const int on_blocked = search_value(blocked, p);
            const int on_plain = search_value(plain, p);
            if (on_blocked == on_plain) continue;  // the blocked squares made no difference
            ++differing;
            // Given the plain board, relabelling takes the record's blocked squares.
            std::vector<TrainingPosition> one = {p};
            one[0].game_start = true;
            Engine engine;
            relabel_positions(plain, r, one, engine);
            EXPECT_EQ(one[0].score, on_blocked);
        }
    }
    EXPECT_GE(differing, 3);
}

TEST(BlockedTraining, RelabelRefusesARecordOffTheRules) {
    core::Setup s;
    s.shape = core::Shape::Six;
    const core::Variant plain(s);
    const auto game = blocked_game(six_blocked(1), 1);
    std::vector<TrainingPosition> one = {game.front()};
    // A blocked centre square: no board of the rules has one.
    one[0].blocked = core::square_bit<core::u128>(plain.geometry().square({2, 2}));
    one[0].own &= ~one[0].blocked, one[0].opp &= ~one[0].blocked;
    Engine engine;
    EXPECT_THROW(relabel_positions(plain, RelabelOptions{}, one, engine), core::SetupError);
}

TEST(BlockedTraining, WeightKeysFitTheFileField) {
    for (core::Shape shape :
         {core::Shape::Six, core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon})
        for (bool anti : {false, true}) EXPECT_LE(blocked_variant_key(shape, anti).size(), 16u);
    EXPECT_EQ(blocked_variant_key(core::Shape::Eight, true), "8x8-blk-anti");
    EXPECT_EQ(blocked_variant_key(core::Shape::Octagon, false), "octagon-blk");
}

TEST(BlockedTraining, BlockedBoardsPlayWithTheirBlockedWeightsWhereTheyShip) {
    core::Setup eight;
    EXPECT_EQ(playing_variant_key(core::Variant(eight).geometry(), false), "8x8");
    eight.blocked = core::random_blocked_layout(eight, 4, 3);
    const core::Variant v(eight);
    EXPECT_EQ(playing_variant_key(v.geometry(), false), "8x8-blk");
    core::Setup ten;
    ten.shape = core::Shape::Ten;
    ten.blocked = core::random_blocked_layout(ten, 4, 3);
    EXPECT_EQ(playing_variant_key(core::Variant(ten).geometry(), false), "10x10-blk");
    EXPECT_EQ(playing_variant_key(v.geometry(), true), "8x8-blk-anti");
    EXPECT_EQ(playing_variant_key(core::Variant(ten).geometry(), true), "10x10-blk-anti");
    // No 6x6 blocked weights: the shape's play there.
    core::Setup six;
    six.shape = core::Shape::Six;
    six.blocked = core::random_blocked_layout(six, 4, 3);
    EXPECT_EQ(playing_variant_key(core::Variant(six).geometry(), false), "6x6");
    // The evaluation a blocked 8x8 board plays with is the blocked weights'.
    const Layout<uint64_t> layout(v.geometry());
    const auto eval = make_evaluator(layout, v.geometry(), false, false);
    const PatternEval<uint64_t> blocked(layout, v.geometry(), trained_weights("8x8-blk"));
    const PatternEval<uint64_t> shape(layout, v.geometry(), trained_weights("8x8"));
    const core::Position pos = core::Position::start(v);
    const auto own = static_cast<uint64_t>(pos.discs(0)), opp = static_cast<uint64_t>(pos.discs(1));
    EXPECT_EQ(eval->evaluate(own, opp), blocked.evaluate(own, opp));
    int differ = 0;
    core::Position p = pos;
    for (int ply = 0; ply < 20 && !p.is_over(); ++ply) {
        p.play(p.must_pass() ? core::PassMove : core::lsb(p.legal_moves()));
        const auto o = static_cast<uint64_t>(p.discs(p.side()));
        const auto x = static_cast<uint64_t>(p.discs(1 - p.side()));
        EXPECT_EQ(eval->evaluate(o, x), blocked.evaluate(o, x));
        differ += blocked.evaluate(o, x) != shape.evaluate(o, x);
    }
    EXPECT_GT(differ, 10);
}

}  // namespace
}  // namespace reversi::engine
