// SPDX-License-Identifier: MIT
// Post-game analysis on the server: the engine pool's analysis class runs after every queued
// move and hint and has its own bound; finished games are analysed, stored and served (also
// by a fresh service from the store, and on the first request for a stored game); bad ids,
// unfinished and multi-player games are refused; the analysis board's requests are bounded
// and checked, answered with every legal move's score, and rate-limited per address.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "api_error_code.h"
#include "core/bitboard.h"
#include "core/notation.h"
#include "server/analysis/board.h"
#include "server/analysis/service.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {
namespace {

using testing_support::code_of;

core::Setup setup_of(core::Shape shape, int players = 2) {
    core::Setup s;
    s.shape = shape;
    s.players = players;
    return s;
}

// Plays random legal moves (seeded) until the game ends or `max_plies` are played.
Table played_table(const std::string& id, const core::Setup& setup, uint64_t seed,
                   std::vector<MoveRecord>* records = nullptr, int max_plies = 1000) {
    TableSpec spec;
    spec.setup = setup;
    spec.seats.resize(static_cast<size_t>(setup.players));
    spec.local = true;
    Table t(id, spec, 1000, 0);
    t.join(0, "", "token", 0);
    std::vector<int> all(static_cast<size_t>(setup.players));
    for (int i = 0; i < setup.players; ++i) all[static_cast<size_t>(i)] = i;
    std::mt19937_64 rng(seed);
    while (t.status() != TableStatus::Finished && t.ply() < max_plies) {
        const core::Position& pos = t.game().position();
        core::Square move = core::PassMove;
        if (!pos.must_pass()) {
            core::u128 legal = pos.legal_moves();
            int pick = static_cast<int>(rng() % static_cast<uint64_t>(core::popcount(legal)));
            while (pick--) legal &= legal - 1;
            move = core::lsb(legal);
        }
        const MoveRecord rec =
            t.play(all, core::square_name(pos.geometry(), move), std::nullopt, 0);
        if (records) records->push_back(rec);
    }
    return t;
}

StoredTable stored_of(const Table& t, const std::vector<MoveRecord>& moves) {
    StoredTable st;
    st.id = t.id();
    st.created = t.created();
    st.status = status_name(t.status());
    st.spec = dump_safe(t.spec_json());
    st.result = t.result() ? t.result_json().dump() : std::string();
    st.moves = moves;
    return st;
}

// A store, its queue, one engine thread and the service, all driven by the test's loop.
class AnalysisFixture : public ::testing::Test {
  protected:
    AnalysisFixture()
        : path_(std::filesystem::temp_directory_path() /
                ("reversi_analysis_" + std::to_string(getpid()) + "_" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db")),
          storage_(fresh(path_)),
          queue_(storage_, [this](std::function<void()> f) { net::post(ioc_, std::move(f)); }),
          pool_(1) {}
    ~AnalysisFixture() override {
        pool_.stop();
        queue_.stop();
        for (const char* suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(path_.string() + suffix);
    }
    static std::string fresh(const std::filesystem::path& p) {
        for (const char* suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(p.string() + suffix);
        return p.string();
    }

    static AnalysisOptions fast() {
        AnalysisOptions o;
        o.depth = {3, 8};
        return o;
    }

    // Runs the loop until `done` holds (a guard stops a hung test after a minute).
    void run_until(const std::function<bool()>& done) {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
        while (!done() && std::chrono::steady_clock::now() < give_up) {
            ioc_.restart();
            ioc_.run_for(std::chrono::milliseconds(5));
        }
        ASSERT_TRUE(done()) << "the service did not answer";
    }
    // Calls `f` with a Respond and waits for the answer.
    Reply call(const std::function<void(Respond)>& f) {
        std::optional<Reply> reply;
        f([&](Reply r) { reply = std::move(r); });
        run_until([&] { return reply.has_value(); });
        return reply.value_or(Reply{});
    }
    Reply get(AnalysisService& svc, const std::string& id) {
        return call([&](Respond r) { svc.get(id, r); });
    }
    Reply analyze(AnalysisService& svc, const json& body, const std::string& client = "1.2.3.4") {
        return call([&](Respond r) { svc.analyze(body.dump(), r, client); });
    }
    // Polls GET until the analysis is done; returns the last answer.
    json wait_done(AnalysisService& svc, const std::string& id) {
        json last;
        run_until([&] {
            const Reply r = get(svc, id);
            last = json::parse(r.body);
            return r.status != 200 || last["status"] == "done";
        });
        return last;
    }
    // A service whose reviews' background pool never runs, as one starved in SCHED_IDLE: only
    // the fallback to `pool_` moves them, after `patience`.
    std::unique_ptr<AnalysisService> starved_reviews(std::chrono::milliseconds patience) {
        starved_.stop();
        AnalysisOptions o = fast();
        o.patience = patience;
        auto svc = std::make_unique<AnalysisService>(ioc_, queue_, pool_, o);
        svc->set_game_engines(starved_, pool_);
        return svc;
    }
    void store(const StoredTable& st) {
        bool written = false;
        queue_.write(
            [st](Storage& s) {
                s.save_table(st);
                for (const MoveRecord& m : st.moves) s.add_move(st.id, m);
            },
            [&](bool ok) {
                EXPECT_TRUE(ok);
                written = true;
            });
        run_until([&] { return written; });
    }

    std::filesystem::path path_;
    net::io_context ioc_;
    SqliteStorage storage_;
    StorageQueue queue_;
    EnginePool pool_;
    EnginePool starved_{1};
};

// Step: the engine pool's order.

TEST(AnalysisPriority, AnalysisJobsRunAfterQueuedMovesAndHints) {
    EnginePool pool(1);
    const auto variant = std::make_shared<const core::Variant>(setup_of(core::Shape::Eight));
    const core::Position start = core::Position::start(*variant);
    engine::SearchLimits limits;
    limits.depth = 1;
    std::promise<void> release;
    std::shared_future<void> gate = release.get_future().share();
    std::promise<void> blocking;
    std::mutex mutex;
    std::vector<std::string> order;
    std::promise<void> all_done;
    const auto record = [&](std::string name) {
        return [&, name](const engine::SearchResult&) {
            std::lock_guard lock(mutex);
            order.push_back(name);
            if (order.size() == 5) all_done.set_value();
        };
    };
    // The worker is held inside the first job's completion while the others queue.
    ASSERT_TRUE(pool.submit(variant, start, limits, [&](const engine::SearchResult&) {
        blocking.set_value();
        gate.wait();
    }));
    blocking.get_future().wait();
    using P = EnginePool::Priority;
    ASSERT_TRUE(pool.submit(variant, start, limits, record("analysis 1"), P::Analysis));
    ASSERT_TRUE(pool.submit(variant, start, limits, record("hint"), P::Hint));
    ASSERT_TRUE(pool.submit(variant, start, limits, record("analysis 2"), P::Analysis));
    ASSERT_TRUE(pool.submit(variant, start, limits, record("move 1"), P::Move));
    ASSERT_TRUE(pool.submit(variant, start, limits, record("move 2"), P::Move));
    EXPECT_EQ(pool.queued(), 5u);
    release.set_value();
    all_done.get_future().wait();
    EXPECT_EQ(order,
              (std::vector<std::string>{"move 1", "move 2", "hint", "analysis 1", "analysis 2"}));
}

TEST(AnalysisPriority, AnalysisJobsHaveTheirOwnBound) {
    EnginePool pool(1, 2);
    const auto variant = std::make_shared<const core::Variant>(setup_of(core::Shape::Six));
    const core::Position start = core::Position::start(*variant);
    engine::SearchLimits limits;
    limits.depth = 1;
    std::promise<void> release, blocking;
    std::shared_future<void> gate = release.get_future().share();
    ASSERT_TRUE(pool.submit(variant, start, limits, [&](const engine::SearchResult&) {
        blocking.set_value();
        gate.wait();
    }));
    blocking.get_future().wait();
    using P = EnginePool::Priority;
    const auto nothing = [](const engine::SearchResult&) {};
    EXPECT_TRUE(pool.submit(variant, start, limits, nothing, P::Analysis));
    EXPECT_TRUE(pool.submit(variant, start, limits, nothing, P::Analysis));
    EXPECT_FALSE(pool.submit(variant, start, limits, nothing, P::Analysis));
    // A full analysis queue leaves the moves' room alone.
    EXPECT_TRUE(pool.submit(variant, start, limits, nothing, P::Move));
    EXPECT_TRUE(pool.submit(variant, start, limits, nothing, P::Hint));
    EXPECT_FALSE(pool.submit(variant, start, limits, nothing, P::Move));
    release.set_value();
    pool.stop();
}

// Step: finished games.

TEST_F(AnalysisFixture, FinishedGameIsAnalysedStoredAndServed) {
    AnalysisService svc(ioc_, queue_, pool_, fast());
    const Table t = played_table("g6", setup_of(core::Shape::Six), 3);
    ASSERT_EQ(t.status(), TableStatus::Finished);
    svc.game_finished(t);
    EXPECT_EQ(svc.active(), 1u);
    const json first = json::parse(get(svc, "g6").body);
    EXPECT_TRUE(first["status"] == "queued" || first["status"] == "running" ||
                first["status"] == "done");
    const json done = wait_done(svc, "g6");
    ASSERT_EQ(done["status"], "done");
    EXPECT_EQ(done["progress"], 1.0);
    const std::vector<core::Square> moves = t.game().moves();
    ASSERT_EQ(done["plies"].size(), moves.size());
    const core::Geometry& g = t.game().variant().geometry();
    for (size_t i = 0; i < moves.size(); ++i) {
        const json& p = done["plies"][i];
        EXPECT_EQ(p["ply"], static_cast<int>(i));
        EXPECT_EQ(p["played"], core::square_name(g, moves[i]));
        EXPECT_GE(p["best_score"].get<int>(), p["played_score"].get<int>());
        EXPECT_EQ(p["loss"], p["best_score"].get<int>() - p["played_score"].get<int>());
        EXPECT_EQ(p["class"], engine::move_class_name(engine::classify_loss(p["loss"].get<int>())));
        EXPECT_TRUE(p["seat"] == 0 || p["seat"] == 1);
    }
    EXPECT_EQ(svc.active(), 0u);
    // Stored: a new service (nothing in memory) answers from the store without searching.
    bool flushed = false;
    queue_.read([](Storage&) {}, [&] { flushed = true; });
    run_until([&] { return flushed; });
    const auto saved = storage_.load_analysis("g6");
    ASSERT_TRUE(saved.has_value());
    EXPECT_EQ(json::parse(*saved), done);
    AnalysisService again(ioc_, queue_, pool_, fast());
    const Reply r = get(again, "g6");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(json::parse(r.body), done);
    EXPECT_EQ(again.active(), 0u);
}

TEST_F(AnalysisFixture, StoredGameStartsOnFirstRequest) {
    AnalysisService svc(ioc_, queue_, pool_, fast());
    std::vector<MoveRecord> records;
    const Table t = played_table("s8", setup_of(core::Shape::Eight), 9, &records);
    store(stored_of(t, records));
    const Reply first = get(svc, "s8");
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_NE(json::parse(first.body)["status"], "done");
    EXPECT_EQ(svc.active(), 1u);
    const json done = wait_done(svc, "s8");
    ASSERT_EQ(done["status"], "done");
    EXPECT_EQ(done["plies"].size(), records.size());
}

// Step: the reviews' two pools (issue 29).

TEST_F(AnalysisFixture, AReviewStarvedOnTheBackgroundPoolFinishesOnTheWaitedOne) {
    const auto reviews = starved_reviews(std::chrono::milliseconds(20));
    AnalysisService& svc = *reviews;
    Metrics metrics;
    svc.set_metrics(&metrics);
    const Table t = played_table("st6", setup_of(core::Shape::Six), 3);
    svc.game_finished(t);
    // Nobody asks for it: only the patience moves its plies.
    run_until([&] { return svc.active() == 0; });
    EXPECT_EQ(metrics.review_waited_plies.value(), t.game().moves().size());
    EXPECT_EQ(wait_done(svc, "st6")["plies"].size(), t.game().moves().size());
}

TEST_F(AnalysisFixture, AReviewSomeoneAsksForGoesToTheWaitedPoolAtOnce) {
    const auto reviews = starved_reviews(std::chrono::hours(1));
    AnalysisService& svc = *reviews;
    const Table first = played_table("one6", setup_of(core::Shape::Six), 3);
    const Table asked = played_table("two6", setup_of(core::Shape::Six), 4);
    svc.game_finished(first);
    svc.game_finished(asked);
    // Asked for, the later game is reviewed first and on the waited pool, its ply in flight on
    // the starved pool too; the other one waits for the background pool.
    const json done = wait_done(svc, "two6");
    ASSERT_EQ(done["status"], "done");
    EXPECT_EQ(done["plies"].size(), asked.game().moves().size());
    EXPECT_EQ(svc.active(), 1u);
    const json other = json::parse(get(svc, "one6").body);
    EXPECT_NE(other["status"], "done");
}

// Above --review-max-move-rate a game that ends is not queued (counted as deferred); once the
// rate is back under the bound the next one is; a deferred game is still reviewed when asked.
TEST_F(AnalysisFixture, GamesEndingAboveTheMoveRateAreReviewedOnlyWhenAsked) {
    AnalysisOptions o = fast();
    o.max_move_rate = 1000;
    o.move_rate_window = std::chrono::milliseconds(20);
    AnalysisService svc(ioc_, queue_, pool_, o);
    Metrics metrics;
    svc.set_metrics(&metrics);
    const auto window_passes = [] { std::this_thread::sleep_for(std::chrono::milliseconds(25)); };
    // 100 moves in 25 ms: 4,000 a second.
    metrics.moves.add(100);
    window_passes();
    std::vector<MoveRecord> records;
    const Table busy = played_table("busy6", setup_of(core::Shape::Six), 3, &records);
    svc.game_finished(busy);
    EXPECT_EQ(svc.active(), 0u);
    EXPECT_EQ(metrics.reviews_deferred.value(), 1u);
    // No move for a window: under the bound again.
    window_passes();
    const Table quiet = played_table("quiet6", setup_of(core::Shape::Six), 4);
    svc.game_finished(quiet);
    EXPECT_EQ(svc.active(), 1u);
    EXPECT_EQ(metrics.reviews_deferred.value(), 1u);
    EXPECT_EQ(wait_done(svc, "quiet6")["status"], "done");
    // The deferred game, once stored, is reviewed on request.
    store(stored_of(busy, records));
    EXPECT_EQ(wait_done(svc, "busy6")["plies"].size(), busy.game().moves().size());
}

TEST_F(AnalysisFixture, RefusesUnknownUnfinishedAndMultiPlayerGames) {
    AnalysisService svc(ioc_, queue_, pool_, fast());
    const auto code = [&](const std::string& id) {
        const Reply r = get(svc, id);
        return std::make_pair(r.status, json::parse(r.body).value("code", std::string()));
    };
    EXPECT_EQ(code("nosuchid"), std::make_pair(404, std::string("not_found")));
    EXPECT_EQ(code(std::string(300, 'x')), std::make_pair(404, std::string("not_found")));
    EXPECT_EQ(code(""), std::make_pair(404, std::string("not_found")));

    std::vector<MoveRecord> records;
    const Table running = played_table("run1", setup_of(core::Shape::Eight), 4, &records, 6);
    ASSERT_NE(running.status(), TableStatus::Finished);
    store(stored_of(running, records));
    EXPECT_EQ(code("run1"), std::make_pair(400, std::string("not_allowed")));

    records.clear();
    const Table three = played_table("three", setup_of(core::Shape::Eight, 3), 2, &records);
    ASSERT_EQ(three.status(), TableStatus::Finished);
    store(stored_of(three, records));
    EXPECT_EQ(code("three"), std::make_pair(400, std::string("not_allowed")));
    svc.game_finished(three);  // ignored, not an error
    EXPECT_EQ(svc.active(), 0u);

    // A damaged stored analysis is computed again rather than served.
    records.clear();
    const Table done = played_table("dmg", setup_of(core::Shape::Six), 5, &records);
    store(stored_of(done, records));
    bool written = false;
    queue_.write([](Storage& s) { s.save_analysis("dmg", "{not json"); },
                 [&](bool) { written = true; });
    run_until([&] { return written; });
    EXPECT_EQ(get(svc, "dmg").status, 200);
    EXPECT_EQ(wait_done(svc, "dmg")["plies"].size(), records.size());
}

// Step: the analysis board.

TEST(AnalysisBoard, RequestsAreBoundedAndChecked) {
    const BoardLimits limits{10, 14, 20};
    const auto code = [&](const std::string& text) {
        return code_of([&] { parse_board_request(json::parse(text), limits); });
    };
    EXPECT_EQ(code("[]"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"moves": "f5"})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"moves": [5]})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"moves": ["z9"]})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"moves": ["ffffffffffff5"]})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"moves": ["a1"]})"), ErrorCode::IllegalMove);
    EXPECT_EQ(code(R"({"moves": ["f5", "pass"]})"), ErrorCode::IllegalMove);
    EXPECT_EQ(code(R"({"depth": 0})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"depth": 15})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"depth": "deep"})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"setup": {"players": 3}})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"setup": {"random_blocked": 2}})"), ErrorCode::BadRequest);
    EXPECT_EQ(code(R"({"setup": {"board": "octagon", "handicap": 2}})"), ErrorCode::BadSetup);
    EXPECT_EQ(code(R"({"setup": {"board": "12"}})"), ErrorCode::BadSetup);
    EXPECT_EQ(code(R"({"setup": 8})"), ErrorCode::BadRequest);
    json many = {{"moves", json::array()}};
    for (int i = 0; i < 21; ++i) many["moves"].push_back("f5");
    EXPECT_EQ(code_of([&] { parse_board_request(many, limits); }), ErrorCode::BadRequest);

    // Square names in any case, on any shape.
    core::Setup anti = setup_of(core::Shape::Six);
    anti.anti = true;
    const core::Game six(anti);
    std::string first = core::square_name(six.variant().geometry(), core::lsb(six.legal_moves()));
    first[0] = static_cast<char>(std::toupper(first[0]));
    const BoardRequest ok = parse_board_request(
        {{"setup", {{"board", "6"}, {"anti", true}}}, {"moves", {first}}, {"depth", 3}}, limits);
    EXPECT_EQ(ok.depth, 3);
    EXPECT_TRUE(ok.game.variant().anti());
    EXPECT_EQ(ok.game.ply(), 1);
}

TEST_F(AnalysisFixture, BoardScoresEveryLegalMove) {
    AnalysisOptions o = fast();
    AnalysisService svc(ioc_, queue_, pool_, o);
    const Reply r =
        analyze(svc, {{"setup", {{"board", "8"}}}, {"moves", {"f5", "d6"}}, {"depth", 4}});
    ASSERT_EQ(r.status, 200) << r.body;
    const json a = json::parse(r.body);
    core::Game game(setup_of(core::Shape::Eight));
    const core::Geometry& g = game.variant().geometry();
    game.play(*core::parse_square(g, "f5"));
    game.play(*core::parse_square(g, "d6"));
    ASSERT_EQ(a["moves"].size(), static_cast<size_t>(core::popcount(game.legal_moves())));
    int previous = 1000;
    for (const json& m : a["moves"]) {
        EXPECT_TRUE(
            game.position().is_legal(*core::parse_square(g, m["square"].get<std::string>())));
        EXPECT_LE(m["score"].get<int>(), previous);  // best first
        previous = m["score"].get<int>();
    }
    EXPECT_EQ(a["best"], a["moves"][0]["square"]);
    EXPECT_EQ(a["to_move"], 0);
    EXPECT_EQ(a["ply"], 2);
    EXPECT_EQ(a["over"], false);

    // A finished position answers at once, with no moves.
    const Table over = played_table("x", setup_of(core::Shape::Six), 1);
    json moves = json::array();
    for (core::Square m : over.game().moves())
        moves.push_back(core::square_name(over.game().variant().geometry(), m));
    const json end =
        json::parse(analyze(svc, {{"setup", {{"board", "6"}}}, {"moves", moves}}).body);
    EXPECT_EQ(end["over"], true);
    EXPECT_TRUE(end["moves"].empty());
    EXPECT_TRUE(end["best"].is_null());

    // Not JSON, and a bad field: clear errors.
    const Reply bad = call([&](Respond rsp) { svc.analyze("{", rsp, "1.2.3.4"); });
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(json::parse(bad.body)["code"], "bad_json");
    EXPECT_EQ(json::parse(analyze(svc, {{"moves", {"a1"}}}).body)["code"], "illegal_move");
}

TEST_F(AnalysisFixture, BoardIsRateLimitedPerAddress) {
    AnalysisOptions o = fast();
    o.board_burst = 3;
    o.board_per_minute = 1;
    AnalysisService svc(ioc_, queue_, pool_, o);
    const json body = {{"depth", 1}};
    for (int i = 0; i < 3; ++i) EXPECT_EQ(analyze(svc, body, "10.0.0.1").status, 200);
    const Reply refused = analyze(svc, body, "10.0.0.1");
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(json::parse(refused.body)["code"], "rate_limited");
    // Another address is not affected.
    EXPECT_EQ(analyze(svc, body, "10.0.0.2").status, 200);
}

}  // namespace
}  // namespace reversi::server
