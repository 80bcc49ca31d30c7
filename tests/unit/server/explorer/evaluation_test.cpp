// SPDX-License-Identifier: MIT
// The explorer's evaluations: every legal move scored, one search per position however many
// ask (the second asker of a cached position costs no search), askers of a position being
// searched share its search, and the bounds (positions searched at once, searches per address)
// answer busy and rate_limited.
#include "server/explorer/evaluation.h"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "core/bitboard.h"
#include "core/notation.h"

namespace reversi::server {
namespace {

class ExplorerEvaluationsTest : public ::testing::Test {
  protected:
    core::Game game(const std::string& moves) {
        core::Game g{core::Setup{}};
        EXPECT_FALSE(core::play_moves(g, moves));
        return g;
    }
    // Runs the loop until every reply has come (a guard stops a hung test after a minute).
    void run_until(const std::function<bool()>& done) {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
        while (!done() && std::chrono::steady_clock::now() < give_up) {
            ioc_.restart();
            ioc_.run_for(std::chrono::milliseconds(5));
        }
        ASSERT_TRUE(done()) << "no evaluation came";
    }
    static Respond into(std::optional<Reply>& slot) {
        return [&slot](Reply r) { slot = std::move(r); };
    }

    net::io_context ioc_;
    EnginePool pool_{1};
};

TEST_F(ExplorerEvaluationsTest, ScoresEveryMoveOncePerPosition) {
    ExplorerEvalOptions options;
    options.depth = 4;
    ExplorerEvaluations evals(ioc_, pool_, options);
    std::optional<Reply> first, second, third;
    evals.evaluate("8x8", game(""), "1.2.3.4", into(first));
    evals.evaluate("8x8", game(""), "5.6.7.8", into(second));  // waits for the same search
    run_until([&] { return first && second; });
    EXPECT_EQ(evals.searches_started(), 1u);
    const json a = json::parse(first->body);
    ASSERT_EQ(a["moves"].size(), 4u) << a.dump();
    // The start is symmetric: the four first moves score the same.
    for (const json& m : a["moves"]) EXPECT_EQ(m["score"], a["moves"][0]["score"]) << a.dump();
    EXPECT_EQ(second->body, first->body);

    // Asked again, the answer comes at once from the cache.
    evals.evaluate("8x8", game(""), "1.2.3.4", into(third));
    ASSERT_TRUE(third.has_value());
    EXPECT_EQ(third->body, first->body);
    EXPECT_EQ(evals.searches_started(), 1u);
    EXPECT_EQ(evals.cached(), 1u);

    // Another position is another search, its moves its own.
    std::optional<Reply> deeper;
    evals.evaluate("8x8", game("f5 d6"), "1.2.3.4", into(deeper));
    run_until([&] { return deeper.has_value(); });
    EXPECT_EQ(evals.searches_started(), 2u);
    const json d = json::parse(deeper->body);
    core::Game g = game("f5 d6");
    EXPECT_EQ(d["moves"].size(), static_cast<size_t>(core::popcount(g.position().legal_moves())));
}

TEST_F(ExplorerEvaluationsTest, BoundsAnswerBusyAndRateLimited) {
    ExplorerEvalOptions options;
    options.depth = 4;
    options.searching = 1;
    options.per_minute = 1;
    options.burst = 2;
    options.cached = 1;
    ExplorerEvaluations evals(ioc_, pool_, options);
    std::optional<Reply> a, b;
    evals.evaluate("8x8", game("f5"), "1.2.3.4", into(a));
    // A second position while one is searched: the bound of positions at once.
    try {
        evals.evaluate("8x8", game("d3"), "1.2.3.4", into(b));
        ADD_FAILURE() << "a second search was taken";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.code(), ErrorCode::Busy);
    }
    run_until([&] { return a.has_value(); });
    evals.evaluate("8x8", game("d3"), "1.2.3.4", into(b));
    run_until([&] { return b.has_value(); });
    // The cache keeps one position: "f5" was dropped for "d3".
    EXPECT_EQ(evals.cached(), 1u);
    // The burst of two searches is spent: a third from the same address waits.
    std::optional<Reply> c;
    try {
        evals.evaluate("8x8", game("f5"), "1.2.3.4", into(c));
        ADD_FAILURE() << "a third search within the burst";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.code(), ErrorCode::RateLimited);
    }
    // Another address has its own budget; the cached position stays free for everyone.
    evals.evaluate("8x8", game("f5"), "9.9.9.9", into(c));
    run_until([&] { return c.has_value(); });
    std::optional<Reply> cached;
    evals.evaluate("8x8", game("f5"), "1.2.3.4", into(cached));
    EXPECT_TRUE(cached.has_value());
    EXPECT_EQ(evals.searches_started(), 3u);
}

}  // namespace
}  // namespace reversi::server
