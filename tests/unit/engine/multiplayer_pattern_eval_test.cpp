// SPDX-License-Identifier: MIT
// The 3-4 player pattern evaluation: self-play records (every seat's view, labelled with its
// margin) written and read back, a tiny training run whose loss falls and whose weights play
// legal 3- and 4-player games, mirror images valued alike, and the weight store's errors.
#include "engine/multiplayer_pattern_eval.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "core/bitboard.h"
#include "core/variant.h"
#include "engine/multiplayer.h"
#include "engine/multiplayer_eval.h"
#include "engine/selfplay.h"
#include "engine/trainer.h"
#include "scratch_dir.h"

namespace reversi::engine {
namespace {

core::Variant eight(int players, bool anti = false) {
    core::Setup s;
    s.shape = core::Shape::Eight;
    s.players = players;
    s.anti = anti;
    return core::Variant(s);
}

std::filesystem::path scratch() {
    return test::scratch_dir("reversi_mp_pattern_test");
}

SelfplayOptions quick_games() {
    SelfplayOptions o;
    o.depth = 1;
    o.random_plies_min = 2;
    o.random_plies_max = 12;
    return o;
}

TEST(MultiplayerPatternEval, VariantKeys) {
    EXPECT_EQ(weight_variant_key(eight(3)), "8x8-3p");
    EXPECT_EQ(weight_variant_key(eight(4, true)), "8x8-4p-anti");
    EXPECT_EQ(weight_variant_key(eight(2)), "8x8");
    core::Setup oct;
    oct.shape = core::Shape::Octagon;
    oct.players = 4;
    oct.anti = true;
    // The longest key still fits the weight file's 15 characters.
    EXPECT_EQ(weight_variant_key(core::Variant(oct)), "octagon-4p-anti");
    core::Setup blocked;
    blocked.shape = core::Shape::Eight;
    blocked.players = 3;
    blocked.blocked = {{1, 1}, {6, 6}};
    EXPECT_EQ(weight_variant_key(core::Variant(blocked)), "");
}

TEST(MultiplayerSelfplay, EverySeatsViewRoundTrips) {
    for (const int players : {3, 4}) {
        const core::Variant v = eight(players);
        const auto dir = scratch();
        const std::string path = (dir / "mp.data").string();
        std::filesystem::remove(path);
        Engine engine;
        std::vector<TrainingPosition> written;
        {
            TrainingWriter w(path, weight_variant_key(v), 8);
            for (int i = 0; i < 4; ++i) {
                const auto game =
                    play_selfplay_game(v, quick_games(), static_cast<uint64_t>(i), engine);
                ASSERT_FALSE(game.empty());
                ASSERT_EQ(game.size() % static_cast<size_t>(players), 0u);
                w.append(game);
                written.insert(written.end(), game.begin(), game.end());
            }
        }
        const TrainingFile file = read_training_file(path);
        EXPECT_EQ(file.variant, players == 3 ? "8x8-3p" : "8x8-4p");
        EXPECT_EQ(file.games(), 4);
        ASSERT_EQ(file.positions.size(), written.size());
        for (size_t i = 0; i < written.size(); ++i) {
            const TrainingPosition& a = written[i];
            const TrainingPosition& b = file.positions[i];
            EXPECT_EQ(a.own, b.own);
            EXPECT_EQ(a.opp, b.opp);
            EXPECT_EQ(a.score, b.score);
            EXPECT_EQ(a.other_seat, b.other_seat);
            EXPECT_EQ(a.game_start, b.game_start);
            EXPECT_FALSE(b.exact);
        }
        // Each position is one group of `players` records, the mover's first; the views split
        // the same discs, and at most one seat leads the others (a positive margin).
        for (size_t g = 0; g < file.positions.size(); g += static_cast<size_t>(players)) {
            EXPECT_FALSE(file.positions[g].other_seat);
            int leaders = 0;
            core::u128 seats = 0;
            for (int k = 0; k < players; ++k) {
                const TrainingPosition& p = file.positions[g + static_cast<size_t>(k)];
                EXPECT_EQ(p.other_seat, k > 0);
                EXPECT_EQ(p.own | p.opp, file.positions[g].own | file.positions[g].opp);
                EXPECT_EQ(seats & p.own, 0u);
                seats |= p.own;
                leaders += p.score > 0;
            }
            EXPECT_LE(leaders, 1);
        }
        // The mover-only option keeps the same games, one record per position.
        SelfplayOptions mover = quick_games();
        mover.all_seats = false;
        const auto single = play_selfplay_game(v, mover, 0, engine);
        const auto full = play_selfplay_game(v, quick_games(), 0, engine);
        ASSERT_EQ(single.size() * static_cast<size_t>(players), full.size());
        for (size_t i = 0; i < single.size(); ++i) {
            EXPECT_EQ(single[i].own, full[i * static_cast<size_t>(players)].own);
            EXPECT_EQ(single[i].score, full[i * static_cast<size_t>(players)].score);
        }
        std::filesystem::remove_all(dir);
    }
}

// Weights trained once on a few 3-player games (the trainer's output is symmetric by
// construction, which the mirror test relies on).
class TrainedThreePlayer : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        const core::Variant v = eight(3);
        Engine engine;
        std::vector<TrainingPosition> positions;
        for (int i = 0; i < 60; ++i) {
            const auto game =
                play_selfplay_game(v, quick_games(), static_cast<uint64_t>(i), engine);
            positions.insert(positions.end(), game.begin(), game.end());
        }
        TrainOptions t;
        t.phases = 2;
        t.epochs = 30;
        t.learning_rate = 0.1;
        t.holdout_every = 5;
        report_ = new std::vector<PhaseReport>;
        weights_ =
            new PatternWeights(train_weights(v.geometry(), "8x8-3p", positions, t, *report_));
    }
    static void TearDownTestSuite() {
        delete report_;
        delete weights_;
    }
    static std::vector<PhaseReport>* report_;
    static PatternWeights* weights_;
};
std::vector<PhaseReport>* TrainedThreePlayer::report_ = nullptr;
PatternWeights* TrainedThreePlayer::weights_ = nullptr;

TEST_F(TrainedThreePlayer, LossFallsAndTheWeightsPlayLegalGames) {
    ASSERT_EQ(report_->size(), 2u);
    for (const PhaseReport& r : *report_) {
        EXPECT_LT(r.last_loss, 0.7 * r.first_loss) << "phase " << r.phase;
        EXPECT_GT(r.holdout_positions, 0u);
    }
    const auto dir = scratch();
    write_weights((dir / "8x8-3p.weights").string(), *weights_);
    const auto loaded = load_variant_weights(dir.string(), "8x8-3p");
    EXPECT_EQ(loaded->values, weights_->values);
    // The 8x8 pattern set is the same for 3 and 4 players: the weights play both, each move
    // the best by a one-ply look from the mover's view.
    for (const int players : {3, 4}) {
        const core::Variant v = eight(players);
        const MultiPatternEval eval(v.geometry(), loaded);
        core::Position pos = core::Position::start(v);
        int moves = 0;
        while (!pos.is_over()) {
            core::Square best = core::NoSquare;
            int best_value = -MultiWin;
            for (core::u128 m = pos.legal_moves(); m;) {
                const core::Square sq = core::pop_lsb(m);
                const int value = eval.evaluate(pos.after(sq), pos.side());
                EXPECT_LT(std::abs(value), 64 * DiscScale);
                if (value > best_value) best_value = value, best = sq;
            }
            ASSERT_TRUE(pos.is_legal(best));
            pos.play(best);
            ++moves;
        }
        EXPECT_EQ(moves, 64 - 4) << players << " players";
    }
    std::filesystem::remove_all(dir);
}

uint64_t transpose(uint64_t b) {
    uint64_t out = 0;
    for (int sq = 0; sq < 64; ++sq)
        if ((b >> sq) & 1) out |= uint64_t{1} << ((sq % 8) * 8 + sq / 8);
    return out;
}

// `pos` under a map of 8x8 board words.
template <class F>
core::Position mapped(const core::Position& pos, F map) {
    std::array<core::u128, core::MaxPlayers> discs{};
    for (int s = 0; s < pos.players(); ++s) discs[s] = map(static_cast<uint64_t>(pos.discs(s)));
    return core::Position::from_discs(pos.variant(), discs,
                                      map(static_cast<uint64_t>(pos.neutral())), pos.side());
}

TEST_F(TrainedThreePlayer, MirrorImagesGetTheSameValue) {
    const auto weights = std::make_shared<const PatternWeights>(*weights_);
    std::mt19937_64 rng(5);
    for (const int players : {3, 4}) {
        const core::Variant v = eight(players);
        const MultiPatternEval eval(v.geometry(), weights);
        int nonzero = 0;
        for (int trial = 0; trial < 15; ++trial) {
            core::Position pos = core::Position::start(v);
            for (int ply = 0; ply < 10 + 3 * trial && !pos.is_over(); ++ply) {
                core::u128 moves = pos.legal_moves();
                for (auto k = rng() % static_cast<uint64_t>(core::popcount(moves)); k > 0; --k)
                    moves &= moves - 1;
                pos.play(core::lsb(moves));
            }
            for (int seat = 0; seat < players; ++seat) {
                const int value = eval.evaluate(pos, seat);
                nonzero += value != 0;
                EXPECT_EQ(eval.evaluate(mapped(pos, transpose), seat), value);
                EXPECT_EQ(eval.evaluate(
                              mapped(pos, [](uint64_t b) { return __builtin_bswap64(b); }), seat),
                          value);
            }
        }
        EXPECT_GT(nonzero, 0);
    }
}

TEST(MultiplayerPatternEval, HandmadeIsForcedAndMissingShippedFilesAreErrors) {
    const core::Variant three = eight(3);  // a position refers to its variant
    const core::Position pos = core::Position::start(three);
    SearchLimits handmade;
    handmade.handmade_eval = true;
    EXPECT_EQ(make_multiplayer_pattern_eval(pos, handmade), nullptr);
    // A missing file of a 3-4 player key is an error, never a quiet hand-made evaluation.
    const auto dir = scratch();
    try {
        load_variant_weights(dir.string(), "8x8-3p");
        FAIL() << "a missing file loaded";
    } catch (const WeightError& e) {
        EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
    }
    // Every shipped 3-4 player key is read from the directory the search is given.
    for (const std::string& key : trained_variants()) {
        if (key.find("-3p") == std::string::npos && key.find("-4p") == std::string::npos) continue;
        EXPECT_THROW(trained_weights(key, (dir / "none").string()), WeightError) << key;
    }
    std::filesystem::remove_all(dir);
    // A board with blocked squares has no pattern weights: it plays MultiEval.
    core::Setup blocked;
    blocked.shape = core::Shape::Eight;
    blocked.players = 4;
    blocked.blocked = {{1, 1}, {6, 6}};
    const core::Variant blocked_variant(blocked);
    const core::Position blocked_start = core::Position::start(blocked_variant);
    EXPECT_EQ(make_multiplayer_pattern_eval(blocked_start, {}), nullptr);
    // ... unless eval:trained asks for the shape's weights there (to measure them).
    SearchLimits forced;
    forced.trained_on_blocked = true;
    EXPECT_NE(make_multiplayer_pattern_eval(blocked_start, forced), nullptr);
}

TEST(MultiplayerPatternEval, ShippedWeightsSteerTheSearch) {
    // Where a 3-4 player variant ships weights, the search values leaves with them (so its
    // values differ from the hand-made ones); both give legal moves.
    for (const int players : {3, 4}) {
        const core::Variant v = eight(players);
        const core::Position pos = core::Position::start(v);
        SearchLimits limits;
        limits.depth = 3;
        SearchLimits handmade = limits;
        handmade.handmade_eval = true;
        const SearchResult a = multiplayer_search(pos, limits, {}, {});
        const SearchResult b = multiplayer_search(pos, handmade, {}, {});
        EXPECT_TRUE(pos.is_legal(a.best));
        EXPECT_TRUE(pos.is_legal(b.best));
        if (make_multiplayer_pattern_eval(pos, limits)) {
            EXPECT_NE(a.score, b.score);
        }
    }
}

}  // namespace
}  // namespace reversi::engine
