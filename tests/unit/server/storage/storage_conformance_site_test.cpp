// SPDX-License-Identifier: MIT
// The site half of the storage conformance tests (players, sessions, ratings, seats held and
// their outcomes, chat, analyses), the same bodies against SQLite and PostgreSQL: upserts by
// key, a name taken twice refused without changing anything, ratings read back to the same
// double, chat kept to its last ChatKept lines, puzzle streaks upserted, imported games read
// back in order.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage_backends.h"

namespace reversi::server {
namespace {

using testing_backends::Backend;

class AccountsConformance : public testing_backends::BackendTest {
  protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (IsSkipped()) return;
        store_ = db_->open();
    }
    // Runs `body` in one committed transaction.
    template <class Body>
    void write(Body&& body) {
        store_->begin();
        body(*store_);
        store_->commit();
    }
    std::unique_ptr<Storage> store_;
};

TEST_P(AccountsConformance, PlayersUpsertByIdAndNamesStayUnique) {
    write([](Storage& s) {
        s.save_player({2, "Guest-4821", "guest-4821", "", 100});
        s.save_player({1, "Ada", "ada", "$argon2id$x", 50});
        s.save_player({2, "Łukasz", "łukasz", "$argon2id$y", 999});  // registers: created kept
    });
    store_->begin();
    EXPECT_THROW(store_->save_player({3, "ADA", "ada", "", 1}), std::runtime_error);
    store_->rollback();
    const auto players = db_->open()->players();
    ASSERT_EQ(players.size(), 2u);
    EXPECT_EQ(players[0].id, 1);
    EXPECT_EQ(players[0].password_hash, "$argon2id$x");
    EXPECT_EQ(players[1].name, "Łukasz");
    EXPECT_EQ(players[1].name_key, "łukasz");
    EXPECT_EQ(players[1].created, 100);
}

TEST_P(AccountsConformance, SessionsSaveDeleteAndKeepOne) {
    write([](Storage& s) {
        s.save_session({"h1", 1, 10, 10});
        s.save_session({"h2", 1, 20, 20});
        s.save_session({"h3", 1, 30, 30});
        s.save_session({"h4", 2, 40, 40});
        s.save_session({"h1", 1, 99, 50});  // seen again: last_seen moves, created stays
    });
    write([](Storage& s) { s.delete_sessions_of(1, "h2"); });
    auto sessions = db_->open()->sessions();
    std::sort(sessions.begin(), sessions.end(),
              [](const auto& a, const auto& b) { return a.token_hash < b.token_hash; });
    ASSERT_EQ(sessions.size(), 2u);
    EXPECT_EQ(sessions[0].token_hash, "h2");
    EXPECT_EQ(sessions[1].token_hash, "h4");
    write([](Storage& s) {
        s.delete_session("h4");
        s.delete_session("nothing");
        s.save_session({"h5", 3, 60, 70});
        s.save_session({"h5", 3, 61, 80});
    });
    sessions = db_->open()->sessions();
    ASSERT_EQ(sessions.size(), 2u);
    const auto h5 = std::find_if(sessions.begin(), sessions.end(),
                                 [](const auto& x) { return x.token_hash == "h5"; });
    ASSERT_NE(h5, sessions.end());
    EXPECT_EQ(h5->created, 60);
    EXPECT_EQ(h5->last_seen, 80);
    // An empty `keep` deletes them all.
    write([](Storage& s) { s.delete_sessions_of(1, ""); });
    EXPECT_EQ(db_->open()->sessions().size(), 1u);

    // A bot's API token keeps its mark, and one player's sessions are read alone.
    write([](Storage& s) {
        s.save_session({"t1", 9, 10, 10, true});
        s.save_session({"t2", 9, 20, 20});
        s.save_session({"t1", 9, 10, 30, true});
    });
    auto of_bot = db_->open()->sessions_of(9);
    std::sort(of_bot.begin(), of_bot.end(),
              [](const auto& a, const auto& b) { return a.token_hash < b.token_hash; });
    ASSERT_EQ(of_bot.size(), 2u);
    EXPECT_TRUE(of_bot[0].api);
    EXPECT_EQ(of_bot[0].last_seen, 30);
    EXPECT_FALSE(of_bot[1].api);
    const auto loaded = db_->open()->load_session("t1");
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(loaded->api);
}

TEST_P(AccountsConformance, RatingsReadBackToTheSameDouble) {
    const double awkward = 0.1 + 0.2;  // not 0.3: needs every digit to read back
    write([&](Storage& s) {
        s.save_rating({1, "8x8", 1512.3456789012345, 290.00000000000006, 0.06, 1});
        s.save_rating({1, "6x6", awkward, 1e-300, 5e-324, 0});
        s.save_rating({1, "8x8", 1520.5, 280.25, 0.0599, 2});
    });
    auto ratings = db_->open()->ratings();
    std::sort(ratings.begin(), ratings.end(),
              [](const auto& a, const auto& b) { return a.pool < b.pool; });
    ASSERT_EQ(ratings.size(), 2u);
    EXPECT_EQ(ratings[0].pool, "6x6");
    EXPECT_EQ(ratings[0].rating, awkward);
    EXPECT_EQ(ratings[0].rd, 1e-300);
    EXPECT_EQ(ratings[0].volatility, 5e-324);
    EXPECT_EQ(ratings[1].rating, 1520.5);
    EXPECT_EQ(ratings[1].volatility, 0.0599);
    EXPECT_EQ(ratings[1].games, 2);
}

TEST_P(AccountsConformance, StatsAndGamesCountOnlySeatsWithAnOutcome) {
    auto table = [](const std::string& id, const std::string& status, int64_t created) {
        StoredTable t;
        t.id = id;
        t.created = created;
        t.status = status;
        t.spec = "{}";
        t.result = status == "finished" ? "{}" : "";
        return t;
    };
    write([&](Storage& s) {
        for (int i = 0; i < 4; ++i) s.save_table(table("g" + std::to_string(i), "finished", i));
        s.save_table(table("live", "playing", 10));
        s.add_move("g2", {0, "d3", {}});
        for (int i = 0; i < 4; ++i) {
            s.save_table_player("g" + std::to_string(i), 0, 7);
            s.save_table_player("g" + std::to_string(i), 1, 8);
        }
        s.save_table_player("live", 1, 7);
        s.set_outcome("g0", 0, "won");
        s.set_outcome("g1", 0, "lost");
        s.set_outcome("g2", 0, "won");
        s.set_outcome("g2", 1, "lost");
        // g3 was cancelled: seats held, no outcome.
    });
    const PlayerStats stats = store_->player_stats(7);
    EXPECT_EQ(stats.games, 3);
    EXPECT_EQ(stats.won, 2);
    EXPECT_EQ(stats.lost, 1);
    EXPECT_EQ(stats.drawn, 0);
    const auto games = store_->player_games(7, 10);
    std::vector<std::string> ids;
    for (const auto& g : games) ids.push_back(g.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"g2", "g1", "g0"}));
    EXPECT_EQ(games[0].moves.size(), 1u);
    EXPECT_EQ(store_->player_games(7, 1).size(), 1u);
    EXPECT_EQ(store_->player_games(8, 10).size(), 1u);
    EXPECT_EQ(store_->player_stats(99).games, 0);
}

TEST_P(AccountsConformance, ChatKeepsTheLastLinesPerTable) {
    const int total = static_cast<int>(ChatKept) + 5;
    write([&](Storage& s) {
        for (int i = 1; i <= total; ++i)
            s.add_chat("a", {i, 1000 + i, i % 3 - 1, "Zoë", "line " + std::to_string(i)});
        s.add_chat("b", {1, 5, -1, "spectator", "'; DROP TABLE chat; --"});
    });
    const auto a = db_->open()->chat_lines("a");
    ASSERT_EQ(a.size(), ChatKept);
    EXPECT_EQ(a.front().seq, total - static_cast<int>(ChatKept) + 1);
    EXPECT_EQ(a.back().seq, total);
    EXPECT_EQ(a.back().text, "line " + std::to_string(total));
    EXPECT_EQ(a.back().time, 1000 + total);
    EXPECT_EQ(a.back().seat, total % 3 - 1);
    EXPECT_EQ(a.back().from, "Zoë");
    const auto b = store_->chat_lines("b");
    ASSERT_EQ(b.size(), 1u);
    EXPECT_TRUE(b[0].spectator());
    EXPECT_EQ(b[0].text, "'; DROP TABLE chat; --");
    EXPECT_TRUE(store_->chat_lines("none").empty());
}

TEST_P(AccountsConformance, AnalysisReplacedWhenSavedAgain) {
    EXPECT_FALSE(store_->load_analysis("a"));
    write([](Storage& s) {
        s.save_analysis("a", R"({"status":"running"})");
        s.save_analysis("a", R"({"status":"done","plies":[]})");
        s.save_analysis("b", "");
    });
    auto other = db_->open();
    EXPECT_EQ(other->load_analysis("a"),
              std::optional<std::string>(R"({"status":"done","plies":[]})"));
    EXPECT_EQ(other->load_analysis("b"), std::optional<std::string>(""));
    EXPECT_FALSE(other->load_analysis("c"));
}

TEST_P(AccountsConformance, BotFlagAndTournamentsReadBack) {
    write([](Storage& s) {
        StoredPlayer bot{5, "RhinoBot", "rhinobot", "$argon2id$z", 70};
        bot.bot = true;
        s.save_player(bot);
        s.save_player({6, "Ada", "ada", "$argon2id$x", 80});
        s.save_tournament({"t1", 100, "running", R"({"round":1})"});
        s.save_tournament({"t1", 100, "finished", R"({"round":3})"});  // replaced
        s.save_tournament({"t2", 200, "finished", "{}"});
        s.save_tournament({"t3", 300, "created", "{}"});
    });
    auto other = db_->open();
    const auto players = other->players();
    ASSERT_EQ(players.size(), 2u);
    EXPECT_TRUE(players[0].bot);
    EXPECT_FALSE(players[1].bot);
    // The unfinished ones, then the newest finished ones up to the limit.
    const auto one = other->tournaments(1);
    ASSERT_EQ(one.size(), 2u);
    EXPECT_EQ(one[0].id, "t3");
    EXPECT_EQ(one[1].id, "t2");
    const auto all = other->tournaments(10);
    ASSERT_EQ(all.size(), 3u);
    for (const StoredTournament& t : all)
        if (t.id == "t1") {
            EXPECT_EQ(t.status, "finished");
            EXPECT_EQ(t.doc, R"({"round":3})");
            EXPECT_EQ(t.created, 100);
        }
}

TEST_P(AccountsConformance, PuzzleStreaksUpsertAndImportedGamesKeepTheirOrder) {
    write([](Storage& s) {
        s.save_puzzle_streak({7, "8x8", 3, 1000});
        s.save_puzzle_streak({7, "8x8", 5, 2000});  // replaced: the new best
        s.save_puzzle_streak({7, "6x6", 1, 3000});
        s.add_imported_game({7, "8x8", "f5 d6 c3 d3 c4", 0, "Zoë", "O'Brien", 10});
        s.add_imported_game({7, "10x10", "pass", -1, "", "", 11});
        s.add_imported_game({8, "8x8", "f5 f6", 1, "a", "b", 12});
    });
    auto other = db_->open();
    auto streaks = other->puzzle_streaks();
    ASSERT_EQ(streaks.size(), 2u);
    std::sort(streaks.begin(), streaks.end(),
              [](const auto& a, const auto& b) { return a.pool < b.pool; });
    EXPECT_EQ(streaks[0].pool, "6x6");
    EXPECT_EQ(streaks[1].best, 5);
    EXPECT_EQ(streaks[1].at, 2000);
    const auto games = other->imported_games();
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(games[0].moves, "f5 d6 c3 d3 c4");
    EXPECT_EQ(games[0].white, "O'Brien");
    EXPECT_EQ(games[0].black, "Zoë");
    EXPECT_EQ(games[1].winner, -1);
    EXPECT_EQ(games[2].player, 8);
    EXPECT_EQ(games[2].at, 12);
    // Numbered in order; the games after one of them, bounded (what other nodes follow).
    EXPECT_LT(games[0].id, games[1].id);
    EXPECT_LT(games[1].id, games[2].id);
    const auto after = other->imported_games_after(games[0].id, 1);
    ASSERT_EQ(after.size(), 1u);
    EXPECT_EQ(after[0].id, games[1].id);
    EXPECT_EQ(after[0].pool, "10x10");
    EXPECT_TRUE(other->imported_games_after(games[2].id, 10).empty());
}

TEST_P(AccountsConformance, RunningStreaksUpsertByPlayerAndEnd) {
    write([](Storage& s) {
        s.save_running_streak({7, "8x8", 1, "p2", 1512.5, "p1 p2", 1000});
        s.save_running_streak({7, "8x8", 2, "p3", 1530.25, "p1 p2 p3", 2000});  // replaced
        s.save_running_streak({8, "6x6", 0, "q1", 0, "q1", 3000});
        s.save_running_streak({9, "8x8", 0, "p9", 0, "p9", 4000});
        s.end_running_streak(9);
        s.end_running_streak(10);  // none: nothing happens
    });
    auto other = db_->open();
    auto running = other->running_streaks();
    ASSERT_EQ(running.size(), 2u);
    std::sort(running.begin(), running.end(),
              [](const auto& a, const auto& b) { return a.player < b.player; });
    EXPECT_EQ(running[0].count, 2);
    EXPECT_EQ(running[0].current, "p3");
    EXPECT_DOUBLE_EQ(running[0].last_rating, 1530.25);
    EXPECT_EQ(running[0].seen, "p1 p2 p3");
    EXPECT_EQ(running[0].touched, 2000);
    EXPECT_EQ(running[1].pool, "6x6");
}

INSTANTIATE_TEST_SUITE_P(Backends, AccountsConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
