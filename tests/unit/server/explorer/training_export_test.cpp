// SPDX-License-Identifier: MIT
// The site's finished games as training positions (server/explorer/training_export.h): only the
// pool's games played to their end are written, each position once; everything else is counted
// and skipped.
#include "server/explorer/training_export.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "../../engine/random_game.h"
#include "core/bitboard.h"
#include "core/notation.h"
#include "engine/game_positions.h"
#include "server/storage/sqlite/storage.h"
#include "server/table/table.h"

namespace reversi::server {
namespace {

core::Setup setup_of(core::Shape shape) {
    core::Setup s;
    s.shape = shape;
    return s;
}

// A table played at random by one local player; it resigns after `resign_at` plies if given.
Table played(const std::string& id, const core::Setup& setup, uint64_t seed,
             std::vector<MoveRecord>& records, int resign_at = -1) {
    TableSpec spec;
    spec.setup = setup;
    spec.seats.resize(2);
    spec.local = true;
    Table t(id, spec, 1000, 0);
    t.join(0, "", "token", 0);
    const std::vector<int> all{0, 1};
    std::mt19937_64 rng(seed);
    while (t.status() != TableStatus::Finished) {
        if (resign_at >= 0 && t.ply() == resign_at) {
            t.resign(all, std::nullopt, 0);
            break;
        }
        const core::Position& pos = t.game().position();
        const core::Square move = pos.must_pass() ? core::PassMove : test::random_move(pos, rng);
        records.push_back(t.play(all, core::square_name(pos.geometry(), move), std::nullopt, 0));
    }
    return t;
}

class TrainingExportTest : public ::testing::Test {
  protected:
    TrainingExportTest()
        : dir_(std::filesystem::temp_directory_path() /
               ("reversi_training_export_" + std::to_string(getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    ~TrainingExportTest() override { std::filesystem::remove_all(dir_); }

    void save(SqliteStorage& store, const Table& t, const std::vector<MoveRecord>& moves) {
        const StoredTable st = stored_record(t);
        store.begin();
        store.save_table(st);
        for (const MoveRecord& m : moves) store.add_move(st.id, m);
        store.commit();
    }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    std::filesystem::path dir_;
};

TEST_F(TrainingExportTest, WritesThePoolsGamesPlayedToTheEndAndCountsTheRest) {
    SqliteStorage store(path("site.db"));
    std::vector<MoveRecord> full_moves, resigned_moves, six_moves;
    const Table full = played("full8", setup_of(core::Shape::Eight), 5, full_moves);
    ASSERT_EQ(full.result()->reason, EndReason::End);
    save(store, full, full_moves);
    save(store, played("resigned8", setup_of(core::Shape::Eight), 6, resigned_moves, 20),
         resigned_moves);
    save(store, played("six", setup_of(core::Shape::Six), 7, six_moves), six_moves);
    StoredTable broken;
    broken.id = "broken";
    broken.status = "finished";
    broken.spec = "{not json";
    broken.result = "{}";
    store.begin();
    store.save_table(broken);
    store.commit();

    const std::string out = path("site.data");
    TrainingExport r;
    {
        const auto writer = training_writer_for_pool(out, "8x8");
        r = export_training_games(store, {}, *writer);
    }
    EXPECT_EQ(r.games, 4u);
    EXPECT_EQ(r.kept, 1u);
    EXPECT_EQ(r.refused, 1u);  // resigned: its last position is no result
    EXPECT_EQ(r.other_pool, 1u);
    EXPECT_EQ(r.unreadable, 1u);
    ASSERT_EQ(r.reasons.size(), 2u);

    // The file holds exactly the full game's positions, as its replay gives them.
    const engine::TrainingFile file = engine::read_training_file(out);
    EXPECT_EQ(file.variant, "8x8");
    EXPECT_EQ(file.games(), 1);
    const engine::GamePositions expected =
        engine::training_positions_of_game(full.game().variant(), full.game().moves());
    ASSERT_EQ(file.positions.size(), expected.positions.size());
    EXPECT_EQ(r.positions, file.positions.size());
    size_t moves_not_passes = 0;
    for (core::Square m : full.game().moves()) moves_not_passes += m != core::PassMove;
    EXPECT_EQ(file.positions.size(), moves_not_passes);
    for (size_t i = 0; i < file.positions.size(); ++i) {
        EXPECT_EQ(file.positions[i].own, expected.positions[i].own);
        EXPECT_EQ(file.positions[i].score, expected.positions[i].score);
    }
    // Black moves first from the start position; its label is the result's margin, with the
    // empty squares to the winner (RULES.md 3).
    const core::Position start = core::Position::start(full.game().variant());
    EXPECT_EQ(file.positions.front().own, start.discs(0));
    const auto& counts = full.result()->counts;
    const int empties = 64 - counts[0] - counts[1];
    const int margin = counts[0] - counts[1];
    EXPECT_EQ(file.positions.front().score, margin > 0   ? margin + empties
                                            : margin < 0 ? margin - empties
                                                         : 0);
}

TEST_F(TrainingExportTest, ARatingFloorKeepsUnratedGamesOutAndABadPoolIsRefused) {
    SqliteStorage store(path("site.db"));
    std::vector<MoveRecord> moves;
    save(store, played("local", setup_of(core::Shape::Eight), 5, moves), moves);
    TrainingExportOptions options;
    options.min_rating = 1500;
    const auto writer = training_writer_for_pool(path("rated.data"), "8x8");
    const TrainingExport r = export_training_games(store, options, *writer);
    EXPECT_EQ(r.kept, 0u);
    EXPECT_EQ(r.below_rating, 1u);
    EXPECT_THROW(training_writer_for_pool(path("x.data"), "3p"), std::invalid_argument);
    EXPECT_THROW(training_writer_for_pool(path("y.data"), "8x8-corr"), std::invalid_argument);
    EXPECT_THROW(training_writer_for_pool(path("z.data"), "chess"), std::invalid_argument);
}

}  // namespace
}  // namespace reversi::server
