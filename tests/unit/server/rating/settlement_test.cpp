// SPDX-License-Identifier: MIT
// The settlement of a finished game (settlement.h) on its own, without a hub: a rated game
// moves both cached ratings at once and writes outcomes, ratings and the row with their
// changes in one write; undo puts the cache back; a casual game writes outcomes only; a game
// against nobody's account writes nothing.
#include "server/rating/settlement.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <utility>

#include "server/storage/sqlite/storage.h"

namespace reversi::server::settlement_test {
namespace {

// The cached ratings, as the accounts keep them.
struct FakeCache : RatingCache {
    std::map<std::pair<int64_t, std::string>, StoredRating> ratings;
    StoredRating rating(int64_t player, const std::string& pool) const override {
        const auto it = ratings.find({player, pool});
        if (it != ratings.end()) return it->second;
        StoredRating fresh;
        fresh.player = player;
        fresh.pool = pool;
        return fresh;
    }
    void set_rating(const StoredRating& r) override { ratings[{r.player, r.pool}] = r; }
    bool shared_store() const override { return false; }
    std::function<void(const std::vector<StoredRating>&)> rating_sink() override {
        return [](const std::vector<StoredRating>&) {};
    }
};

// A database file (with its -wal and -shm companions) removed before and after the test.
struct TempDb {
    std::string path;
    explicit TempDb(const char* name)
        : path(testing::TempDir() + "reversi_settle_" + name + "_" + std::to_string(getpid()) +
               ".db") {
        remove();
    }
    ~TempDb() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    }
};

// Ada (player 1, Black) and Bob (player 2) play two moves on 8x8; then Ada resigns.
Table resigned_game(bool rated) {
    TableSpec spec;
    spec.setup = core::Setup{};
    spec.seats.resize(2);
    spec.rated = rated;
    Table t("T1", spec, 1000, 0);
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 0);
    t.set_seat_player(0, Identity{1, "Ada", false}, 1500);
    t.set_seat_player(1, Identity{2, "Bob", false}, 1500);
    t.play({0}, "d3", 0, 1);
    t.play({1}, "e3", 1, 2);
    t.resign({0}, 0, 3);
    return t;
}

StoredTable row_of(const Table& t) {
    StoredTable st;
    st.id = t.id();
    st.created = t.created();
    st.status = status_name(t.status());
    st.result = t.result_json().dump();
    return st;
}

// Stores the table's row and its players' seats, then runs `write` in one transaction.
void store(SqliteStorage& db, const Table& t, const std::function<void(Storage&)>& write) {
    db.begin();
    db.save_table(row_of(t));
    db.save_table_player(t.id(), 0, 1);
    db.save_table_player(t.id(), 1, 2);
    if (write) write(db);
    db.commit();
}

TEST(Settlement, ARatedEndMovesTheCacheAndWritesOutcomesRatingsAndTheRow) {
    TempDb file("rated");
    SqliteStorage db(file.path);
    FakeCache cache;
    Table t = resigned_game(true);
    ASSERT_EQ(t.status(), TableStatus::Finished);
    Settlement s = settle_finished_game(t, &cache, row_of);
    ASSERT_TRUE(s.write);
    ASSERT_TRUE(s.undo);
    // The cache moved at once: Bob won.
    EXPECT_GT(cache.rating(2, "8x8").rating, 1500);
    EXPECT_LT(cache.rating(1, "8x8").rating, 1500);
    EXPECT_EQ(cache.rating(1, "8x8").games, 1);
    // The result now holds both changes.
    EXPECT_EQ(t.result_json()["ratings"].size(), 2u);

    store(db, t, s.write);
    EXPECT_EQ(db.player_stats(1).lost, 1);
    EXPECT_EQ(db.player_stats(2).won, 1);
    ASSERT_EQ(db.ratings().size(), 2u);
    for (const StoredRating& r : db.ratings()) {
        EXPECT_EQ(r.games, 1);
        EXPECT_EQ(r.rating, cache.rating(r.player, "8x8").rating);
    }
    EXPECT_EQ(json::parse(db.load("T1")->result)["ratings"].size(), 2u);
}

TEST(Settlement, UndoPutsTheCacheBack) {
    FakeCache cache;
    Table t = resigned_game(true);
    Settlement s = settle_finished_game(t, &cache, row_of);
    ASSERT_TRUE(s.undo);
    s.undo();
    EXPECT_EQ(cache.rating(1, "8x8").rating, 1500);
    EXPECT_EQ(cache.rating(2, "8x8").rating, 1500);
    EXPECT_EQ(cache.rating(2, "8x8").games, 0);
}

TEST(Settlement, ACasualEndWritesOutcomesOnly) {
    TempDb file("casual");
    SqliteStorage db(file.path);
    FakeCache cache;
    Table t = resigned_game(false);
    Settlement s = settle_finished_game(t, &cache, row_of);
    ASSERT_TRUE(s.write);
    EXPECT_FALSE(s.undo);
    EXPECT_TRUE(cache.ratings.empty());
    EXPECT_FALSE(t.result_json().contains("ratings") && !t.result_json()["ratings"].is_null() &&
                 !t.result_json()["ratings"].empty());
    store(db, t, s.write);
    EXPECT_EQ(db.player_stats(2).won, 1);
    EXPECT_TRUE(db.ratings().empty());
}

TEST(Settlement, WithoutPlayersNothingIsWritten) {
    FakeCache cache;
    TableSpec spec;
    spec.setup = core::Setup{};
    spec.seats.resize(2);
    Table t("T2", spec, 1000, 0);
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 0);
    t.play({0}, "d3", 0, 1);
    t.play({1}, "e3", 1, 2);
    t.resign({0}, 0, 3);
    Settlement s = settle_finished_game(t, &cache, row_of);
    EXPECT_FALSE(s.write);
    EXPECT_FALSE(s.undo);
}

}  // namespace
}  // namespace reversi::server::settlement_test
