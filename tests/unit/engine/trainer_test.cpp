// SPDX-License-Identifier: MIT
// A tiny training run: self-play on 6x6, the training file written and read back (resumed
// after a cut), weights fitted (the loss falls, the held-out error beats guessing zero), and
// the written weights loaded and playing a whole game; fine-tuning from prior weights;
// relabelling by shallow searches.
#include "engine/trainer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/position.h"
#include "core/variant.h"
#include "engine/pattern_eval.h"
#include "engine/patterns.h"
#include "engine/relabel.h"
#include "engine/selfplay.h"
#include "scratch_dir.h"

namespace reversi::engine {
namespace {

core::Variant six() {
    core::Setup s;
    s.shape = core::Shape::Six;
    return core::Variant(s);
}

// One game of depth-1 self-play on 6x6, solved exactly from 8 empties.
std::vector<TrainingPosition> six_game(uint64_t index) {
    Engine engine;
    SelfplayOptions o;
    o.depth = 1;
    o.exact_empties = 8;
    return play_selfplay_game(six(), o, index, engine);
}

std::filesystem::path scratch() {
    return test::scratch_dir("reversi_trainer_test");
}

TEST(Selfplay, TailPositionsCarryExactValues) {
    const core::Variant v = six();
    Engine engine;
    const auto game = six_game(3);
    ASSERT_FALSE(game.empty());
    EXPECT_TRUE(game.front().game_start);
    int exact = 0;
    for (const TrainingPosition& p : game) {
        if (!p.exact) continue;
        ++exact;
        // The label of an exact position is what the solver says.
        const auto pos = core::Position::from_discs(v, {p.own, p.opp, 0, 0}, 0, 0);
        SearchLimits limits;
        limits.exact = true;
        EXPECT_EQ(engine.search(pos, limits).score, p.score);
    }
    EXPECT_GT(exact, 3);
}

TEST(Training, TinyRunLearnsAndItsWeightsPlay) {
    const core::Variant v = six();
    const auto dir = scratch();
    const std::string data = (dir / "six.data").string();
    SelfplayOptions o;
    o.depth = 1;
    o.exact_empties = 8;
    o.random_plies_min = 2;
    o.random_plies_max = 10;
    Engine engine;
    {
        TrainingWriter w(data, "6x6", 8);
        for (int i = 0; i < 100; ++i)
            w.append(play_selfplay_game(v, o, static_cast<uint64_t>(i), engine));
    }
    // A cut in the middle of a record: reopening drops it and counts the games.
    std::filesystem::resize_file(data, std::filesystem::file_size(data) - 5);
    {
        TrainingWriter w(data, "6x6", 8);
        EXPECT_EQ(w.existing_games(), 99);
        w.append(play_selfplay_game(v, o, 99, engine));
        for (int i = 100; i < 160; ++i)
            w.append(play_selfplay_game(v, o, static_cast<uint64_t>(i), engine));
    }
    const TrainingFile file = read_training_file(data);
    EXPECT_EQ(file.games(), 160);
    ASSERT_GT(file.positions.size(), 2000u);

    TrainOptions t;
    t.phases = 3;
    t.epochs = 40;
    t.learning_rate = 0.1;
    t.holdout_every = 5;
    std::vector<PhaseReport> report;
    const PatternWeights w = train_weights(v.geometry(), "6x6", file.positions, t, report);
    ASSERT_EQ(report.size(), 3u);
    for (const PhaseReport& r : report) {
        EXPECT_LT(r.last_loss, 0.5 * r.first_loss) << "phase " << r.phase;
        EXPECT_GT(r.holdout_positions, 0u);
    }
    // Held-out error against always guessing zero (games 0, 5, 10, ... were held out).
    double guess_zero = 0;
    int held = 0, game = -1;
    for (const TrainingPosition& p : file.positions) {
        game += p.game_start;
        if (game % 5 == 0) guess_zero += std::abs(p.score), ++held;
    }
    double learnt = 0;
    for (const PhaseReport& r : report)
        learnt += r.holdout_mae * static_cast<double>(r.holdout_positions);
    EXPECT_LT(learnt / held, guess_zero / held);

    write_weights((dir / "6x6.weights").string(), w);
    const auto loaded = load_variant_weights(dir.string(), "6x6");
    EXPECT_EQ(loaded->values, w.values);
    // The loaded weights play a whole game: each move the best by a one-ply look.
    const Layout<uint64_t> layout(v.geometry());
    const PatternEval<uint64_t> eval(layout, v.geometry(), loaded);
    core::Position pos = core::Position::start(v);
    int moves = 0;
    while (!pos.is_over()) {
        if (pos.must_pass()) {
            pos.play(core::PassMove);
            continue;
        }
        core::Square best = core::NoSquare;
        int best_value = -1'000'000;
        for (core::u128 m = pos.legal_moves(); m;) {
            const core::Square sq = core::pop_lsb(m);
            const core::Position next = pos.after(sq);
            const int value = -eval.evaluate(static_cast<uint64_t>(next.discs(next.side())),
                                             static_cast<uint64_t>(next.discs(1 - next.side())));
            if (value > best_value) best_value = value, best = sq;
        }
        ASSERT_TRUE(pos.is_legal(best));
        pos.play(best);
        ++moves;
    }
    EXPECT_GT(moves, 20);
    std::filesystem::remove_all(dir);
}

// A long relabelling runs in chunks of games: each chunk is whole games of the file, in order.
TEST(Training, ChunksOfGamesAreTheFilesGames) {
    const core::Variant v = six();
    Engine engine;
    SelfplayOptions o;
    o.depth = 1;
    TrainingFile file;
    std::vector<std::vector<TrainingPosition>> games;
    for (uint64_t i = 0; i < 3; ++i) {
        games.push_back(play_selfplay_game(v, o, i, engine));
        file.positions.insert(file.positions.end(), games.back().begin(), games.back().end());
    }
    const auto chunk = [&](int first, int count) {
        TrainingFile f = file;
        f.keep_games(first, count);
        return f;
    };
    const auto same = [](const std::vector<TrainingPosition>& a,
                         const std::vector<TrainingPosition>& b) {
        return a.size() == b.size() &&
               std::equal(a.begin(), a.end(), b.begin(), [](auto& x, auto& y) {
                   return x.own == y.own && x.opp == y.opp && x.score == y.score;
               });
    };
    EXPECT_TRUE(same(chunk(0, 1).positions, games[0]));
    EXPECT_TRUE(same(chunk(1, 1).positions, games[1]));
    TrainingFile rest = chunk(1, 0);
    EXPECT_EQ(rest.games(), 2);
    EXPECT_EQ(rest.positions.size(), games[1].size() + games[2].size());
    EXPECT_TRUE(same(chunk(2, 5).positions, games[2]));
    EXPECT_TRUE(chunk(3, 1).positions.empty());
}

// Fine-tuning: the fit starts from the prior's phase whose span holds its own middle, and a
// situation the data never shows keeps the prior's weight (trained from 0 it would be 0).
TEST(Training, FineTuningKeepsThePriorWhereTheDataIsSilent) {
    const core::Variant v = six();
    const auto game = six_game(5);
    const PatternSet set = make_pattern_set(v.geometry());
    PatternWeights prior;
    prior.variant = "6x6";
    prior.pattern_set = set.id;
    prior.phases = 2;
    prior.phase_size = static_cast<uint32_t>(set.phase_size);
    prior.values.assign(prior.phase_size, 37);
    prior.values.resize(2 * prior.phase_size, -50);

    TrainOptions t;
    t.phases = 3;
    t.epochs = 20;
    t.holdout_every = 0;
    t.prior = &prior;
    std::vector<PhaseReport> report;
    const PatternWeights w = train_weights(v.geometry(), "6x6-blk", game, t, report);
    const int expected[] = {37, -50, -50};  // the middles 1/6, 3/6, 5/6 of the game
    for (int phase = 0; phase < 3; ++phase) {
        const auto first = w.values.begin() + phase * set.phase_size;
        const auto kept = std::count(first, first + set.phase_size, expected[phase]);
        EXPECT_GT(kept, set.phase_size * 9 / 10) << "phase " << phase;
        EXPECT_LT(kept, set.phase_size) << "phase " << phase;  // what the game shows moved
    }
    PatternWeights other = prior;
    other.pattern_set ^= 1;
    t.prior = &other;
    EXPECT_THROW(train_weights(v.geometry(), "6x6-blk", game, t, report), std::invalid_argument);
}

TEST(Training, TheChosenPatternSetIsTheOneFitted) {
    // Weights fitted to the corner2x5 set name it, fill its tables and evaluate; a prior of
    // the standard set does not fit them.
    const core::Variant v = six();
    const auto game = six_game(6);
    TrainOptions t;
    t.phases = 2;
    t.epochs = 5;
    t.holdout_every = 0;
    t.patterns = PatternFamily::Corner2x5;
    std::vector<PhaseReport> report;
    const PatternWeights w = train_weights(v.geometry(), "6x6", game, t, report);
    const PatternSet set = make_pattern_set(v.geometry(), PatternFamily::Corner2x5);
    EXPECT_EQ(w.pattern_set, set.id);
    EXPECT_NE(w.pattern_set, make_pattern_set(v.geometry()).id);
    EXPECT_EQ(w.phase_size, static_cast<uint32_t>(set.phase_size));
    const Layout<uint64_t> layout(v.geometry());
    const PatternEval<uint64_t> eval(layout, v.geometry(),
                                     std::make_shared<const PatternWeights>(w));
    const core::Position pos = core::Position::start(v);
    EXPECT_NE(
        eval.evaluate(static_cast<uint64_t>(pos.discs(0)), static_cast<uint64_t>(pos.discs(1))), 0);
    t.patterns = PatternFamily::Standard;
    const PatternWeights standard = train_weights(v.geometry(), "6x6", game, t, report);
    t.patterns = PatternFamily::Corner2x5;
    t.prior = &standard;
    EXPECT_THROW(train_weights(v.geometry(), "6x6", game, t, report), std::invalid_argument);
}

TEST(Relabel, MidgameLabelsBecomeSearchValuesAndExactOnesStay) {
    const core::Variant v = six();
    Engine engine;
    const auto game = six_game(4);
    ASSERT_FALSE(game[0].exact);
    RelabelOptions r;
    r.depth = 2;
    r.search_share = 0;  // all game result: nothing changes
    auto same = game;
    EXPECT_EQ(relabel_positions(v, r, same, engine), 0u);
    r.search_share = 1;
    auto relabelled = game;
    relabel_positions(v, r, relabelled, engine);
    for (size_t i = 0; i < game.size(); ++i) {
        if (game[i].exact) {
            EXPECT_EQ(relabelled[i].score, game[i].score) << i;
        }
    }
    // The first position's label is what a fresh depth-2 search says.
    Engine fresh;
    SearchLimits limits;
    limits.depth = 2;
    const auto pos = core::Position::from_discs(v, {game[0].own, game[0].opp, 0, 0}, 0, 0);
    EXPECT_EQ(relabelled[0].score, fresh.search(pos, limits).score);
    r.depth = 0;
    EXPECT_THROW(relabel_positions(v, r, relabelled, engine), std::invalid_argument);
}

}  // namespace
}  // namespace reversi::engine
