// SPDX-License-Identifier: MIT
// Issue 12's defects, each driven through the hub itself (no sockets): inputs that used to
// end the process, a failed write that left a gap in a game, a store whose rows do not read,
// storage failures answered by silence, and the limits on what one visitor may take. Each
// test here failed on the code before the fix.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <future>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "server/common/engine_pool.h"
#include "server/common/rate_limiter.h"
#include "server/common/secrets.h"
#include "server/hub/hub.h"
#include "server/storage/fault_injecting.h"
#include "server/storage/sqlite/storage.h"

// Its own namespace: its Hub and FakeSubscriber differ from hub_fixture.h's, which a unity batch
// may hold too.
namespace reversi::server::hub_hardening {
namespace {

using namespace std::chrono_literals;

struct TempDb {
    std::string path;
    explicit TempDb(const std::string& name)
        : path(testing::TempDir() + "reversi_hub_" + name + "_" + std::to_string(getpid()) +
               ".db") {
        remove();
    }
    ~TempDb() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    }
};

// A WebSocket client as the hub sees it: keeps every message, and whether it was closed.
struct FakeSubscriber : Subscriber {
    std::vector<json> received;
    bool closed = false;
    void send(Outgoing m) override {
        // Every message must be valid JSON, whatever the input was.
        received.push_back(json::parse(*m.body + m.tail));
    }
    void close() override { closed = true; }
    using Subscriber::send;
    std::vector<json> of_type(const std::string& type) const {
        std::vector<json> out;
        for (const json& m : received)
            if (m.value("type", "") == type) out.push_back(m);
        return out;
    }
};

// A hub on a real SQLite file behind a store that fails on demand, and its event loop.
struct Hub {
    std::optional<TempDb> own_db;
    std::string path;
    SqliteStorage sqlite;
    FaultInjectingStorage faulty;
    net::io_context ioc;
    StorageQueue queue;
    EnginePool engines;
    std::unique_ptr<GameHub> hub;

    // A hub on a new database of its own, or on `path` when given (kept afterwards).
    explicit Hub(const std::string& name, HubOptions options = {}, std::string on = {})
        : own_db(on.empty() ? std::optional<TempDb>(std::in_place, name) : std::nullopt),
          path(on.empty() ? own_db->path : on),
          sqlite(path),
          faulty(sqlite),
          queue(faulty, [this](std::function<void()> f) { net::post(ioc, std::move(f)); }),
          engines(1, options.limits.engine_queue, options.limits.computer_move_seconds) {
        options.hint_seconds = 0.05;
        hub = std::make_unique<GameHub>(ioc, queue, engines, options);
    }

    // Runs the loop until `done` or a few seconds have passed.
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit = 5s) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (!done() && std::chrono::steady_clock::now() < end) {
            ioc.restart();
            ioc.run_for(5ms);
        }
        return done();
    }
    Reply call(const std::function<void(Respond)>& f) {
        std::optional<Reply> reply;
        f([&](Reply r) { reply = std::move(r); });
        EXPECT_TRUE(run_until([&] { return reply.has_value(); })) << "no answer";
        return reply.value_or(Reply{0, "", ""});
    }
    Reply create(const std::string& body, const std::string& client = "10.0.0.1") {
        return call([&](Respond r) { hub->create_table(body, r, client); });
    }
};

json body_of(const Reply& r) {
    return json::parse(r.body);  // throws (fails the test) if the body is not JSON
}

// Creates a one-screen table for two humans and subscribes a client holding both seats.
std::pair<std::string, std::string> local_table(Hub& h, FakeSubscriber& sub) {
    const Reply r = h.create(R"({"local":true})");
    EXPECT_EQ(r.status, 200) << r.body;
    const json j = body_of(r);
    const std::string id = j["table"], token = j["token"];
    h.hub->subscribe(sub, id, token);
    h.run_until([&] { return !sub.of_type("state").empty(); });
    return {id, token};
}

// Plays the first legal move of the last state the client saw, and waits for its state.
void play_first_legal(Hub& h, FakeSubscriber& sub) {
    const json state = sub.of_type("state").back()["table"];
    const int ply = state["ply"];
    h.hub->on_message(sub, json{{"type", "move"}, {"square", state["legal"][0]}}.dump());
    ASSERT_TRUE(
        h.run_until([&] { return sub.of_type("state").back()["table"]["ply"] == ply + 1; }));
}

// Defect 1: inputs whose text ended the process.
TEST(HubHardening, HostileInputsGetErrorsNotExceptions) {
    Hub h("hostile");
    for (const std::string& body :
         {std::string(R"({"seat":1e400})"), std::string("{\"seat\": \x80}"),
          std::string("{\"name\":\"\xff\xfe\"}"),
          R"({"setup":{"board":")" + std::string(300, 'x') + "\xc3\"}}",
          std::string("{\"setup\":{\"blocked\":[\"\xe2\x82\"]}}")}) {
        const Reply r = h.create(body);
        EXPECT_GE(r.status, 400) << body;
        EXPECT_LT(r.status, 500) << body;
        EXPECT_EQ(body_of(r)["type"], "error");
    }
    for (const std::string& id : {std::string("\xff"), std::string("a\xe2\x82"), std::string()}) {
        EXPECT_EQ(h.call([&](Respond r) { h.hub->get_table(id, r); }).status, 404);
        EXPECT_EQ(h.call([&](Respond r) { h.hub->get_game(id, r); }).status, 404);
        EXPECT_EQ(h.call([&](Respond r) { h.hub->join_table(id, R"({"seat":1})", r); }).status,
                  404);
        FakeSubscriber sub;
        h.hub->subscribe(sub, id, "\xff");
        h.run_until([&] { return sub.closed; });
        EXPECT_TRUE(sub.closed);
        ASSERT_FALSE(sub.received.empty());
        h.hub->unsubscribe(sub);
    }

    FakeSubscriber sub;
    local_table(h, sub);
    // A type or square cut by the server in the middle of a multi-byte character.
    const std::string euro = "\xe2\x82\xac";
    std::string long_type;
    while (long_type.size() < 100) long_type += euro;
    const std::vector<std::string> messages = {
        json{{"type", long_type}}.dump(),
        json{{"type", "move"}, {"square", "d" + long_type}}.dump(),
        "{\"type\":\"mo\xffve\"}",
        R"({"type":"move","square":"d3","ply":1e400})",
        "\xff\xfe",
    };
    for (const std::string& m : messages) {
        const size_t before = sub.of_type("error").size();
        EXPECT_NO_THROW(h.hub->on_message(sub, m)) << m;
        EXPECT_EQ(sub.of_type("error").size(), before + 1) << m;
    }
    h.hub->unsubscribe(sub);
}

// Defect 2: a failed write of move k must not let move k+1 commit, and the game is kept.
TEST(HubHardening, FailedWriteLeavesNoGapAndTheGameGoesOn) {
    const TempDb db("gap");
    std::string id, token;
    std::vector<std::string> committed;
    {
        Hub h("gap", {}, db.path);
        FakeSubscriber sub;
        std::tie(id, token) = local_table(h, sub);
        for (int i = 0; i < 4; ++i) play_first_legal(h, sub);
        committed = sub.of_type("state").back()["table"]["moves"].get<std::vector<std::string>>();
        ASSERT_EQ(committed.size(), 4u);

        // Move 4's write fails (in its batch and alone); move 5 is sent before the failure
        // is known, so it reaches the store after a move that is not there.
        core::Game game{core::Setup{}};
        for (const std::string& m : committed)
            game.play(*core::parse_square(game.variant().geometry(), m));
        const auto first_legal = [&] {
            return core::square_name(game.variant().geometry(),
                                     core::lsb(game.position().legal_moves()));
        };
        const size_t states = sub.of_type("state").size();
        h.faulty.fail_next_writes(2);
        const std::string move4 = first_legal();
        h.hub->on_message(sub, json{{"type", "move"}, {"square", move4}}.dump());
        game.play(*core::parse_square(game.variant().geometry(), move4));
        h.hub->on_message(sub, json{{"type", "move"}, {"square", first_legal()}}.dump());
        EXPECT_TRUE(sub.of_type("error").empty()) << "both moves are legal and in turn";
        ASSERT_TRUE(h.run_until([&] { return sub.closed; }));
        EXPECT_EQ(sub.of_type("state").size(), states) << "a failed move was broadcast";
        EXPECT_EQ(sub.of_type("error").back()["code"], "unavailable");
        // A failed fsync may still have stored the change: the client is not told it was lost
        // (issue 27, finding 12), and reads the game again on reconnecting.
        EXPECT_NE(
            sub.of_type("error").back()["message"].get<std::string>().find("may have been saved"),
            std::string::npos);
        h.hub->unsubscribe(sub);

        // The store holds the four committed moves and nothing after a gap.
        EXPECT_EQ(h.sqlite.load(id)->moves.size(), 4u);

        // A client that reconnects sees the committed game and can go on.
        FakeSubscriber again;
        h.hub->subscribe(again, id, token);
        ASSERT_TRUE(h.run_until([&] { return !again.of_type("state").empty(); }));
        EXPECT_EQ(again.of_type("state").back()["table"]["moves"], json(committed));
        play_first_legal(h, again);
        committed = again.of_type("state").back()["table"]["moves"].get<std::vector<std::string>>();
        h.hub->unsubscribe(again);
    }
    // After a restart the game is there, with every acknowledged move.
    Hub h("gap", {}, db.path);
    h.hub->restore(h.sqlite);
    EXPECT_TRUE(h.hub->damaged().empty());
    const json game = body_of(h.call([&](Respond r) { h.hub->get_game(id, r); }));
    EXPECT_EQ(game["moves"], json(committed));
}

// The same with a failed commit (fsync) of a batch holding two tables' moves.
TEST(HubHardening, FailedCommitBreaksOnlyThatTablesLaterWrites) {
    TempDb db("fence");
    SqliteStorage sqlite(db.path);
    FaultInjectingStorage faulty(sqlite);
    std::vector<std::function<void()>> posted;
    std::vector<int> results;
    {
        StorageQueue q(faulty, [&](std::function<void()> f) { posted.push_back(std::move(f)); });
        auto a = std::make_shared<WriteFence>(), b = std::make_shared<WriteFence>();
        const auto save = [](std::string id) {
            return [id](Storage& s) { s.save_table({id, 1, "playing", "{}", "", {}, {}}); };
        };
        const auto move = [](std::string id, int ply, bool fail = false) {
            return [id, ply, fail](Storage& s) {
                if (fail) throw std::runtime_error("disk full");
                s.add_move(id, {ply, "d3", {}});
            };
        };
        const auto record = [&](size_t i) {
            return [&results, i](bool ok) {
                if (results.size() <= i) results.resize(i + 1, -1);
                results[i] = ok;
            };
        };
        q.write(save("a"), record(0), a);
        q.write(save("b"), record(1), b);
        q.write(move("a", 0), record(2), a);
        q.write(move("a", 1, true), record(3), a);
        q.write(move("b", 0), record(4), b);
        q.write(move("a", 2), record(5), a);  // must not commit: move 1 is missing
        q.write(move("b", 1), record(6), b);
        q.stop();
    }
    // A task may post the next slice of answers: run by index, each moved out first.
    for (size_t i = 0; i < posted.size(); ++i) std::exchange(posted[i], {})();
    EXPECT_EQ(results, (std::vector<int>{1, 1, 1, 0, 1, 0, 1}));
    EXPECT_EQ(sqlite.load("a")->moves.size(), 1u);
    EXPECT_EQ(sqlite.load("b")->moves.size(), 2u);

    // A failed commit (as of fsync) of a whole batch: retried one by one.
    posted.clear();
    results.clear();
    faulty.fail_next_commits(1);
    {
        StorageQueue q(faulty, [&](std::function<void()> f) { posted.push_back(std::move(f)); });
        q.write(
            [](Storage& s) {
                s.add_move("b", {2, "c4", {}});
            },
            [&](bool ok) { results.push_back(ok); });
        q.stop();
    }
    // A task may post the next slice of answers: run by index, each moved out first.
    for (size_t i = 0; i < posted.size(); ++i) std::exchange(posted[i], {})();
    EXPECT_EQ(faulty.injected(), 1u);
    EXPECT_EQ(results, std::vector<int>{1});
    EXPECT_EQ(sqlite.load("b")->moves.size(), 3u);
}

void exec_sql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "");
    sqlite3_free(err);
    sqlite3_close(db);
}

// Defect 3: a damaged row used to stop the server from starting.
TEST(HubHardening, DamagedRowsAreSetAsideAndTheRestIsRestored) {
    const TempDb db("damaged");
    std::string good, clocked, broken;
    {
        Hub h("damaged", {}, db.path);
        for (std::string* id : {&good, &clocked, &broken}) {
            FakeSubscriber sub;
            std::tie(*id, std::ignore) = local_table(h, sub);
            for (int i = 0; i < 5; ++i) play_first_legal(h, sub);
            h.hub->unsubscribe(sub);
        }
    }
    const std::string& path = db.path;
    exec_sql(path, "UPDATE moves SET clock = 'not a number' WHERE table_id = '" + clocked +
                       "' AND ply = 3");
    exec_sql(path, "UPDATE tables SET spec = '{\"setup\": 7' WHERE id = '" + broken + "'");

    Hub h("damaged", {}, db.path);
    ASSERT_NO_THROW(h.hub->restore(h.sqlite));
    EXPECT_EQ(h.hub->damaged().size(), 1u);
    EXPECT_TRUE(h.hub->damaged().count(broken));
    const json health = body_of(h.call([&](Respond r) { h.hub->health(r); }));
    EXPECT_EQ(health["damaged"][0]["id"], broken);
    EXPECT_EQ(body_of(h.call([&](Respond r) { h.hub->get_game(good, r); }))["moves"].size(), 5u);
    // The game with the damaged move is kept up to its last consistent ply, and the rows
    // after it are gone from the store, so the game can go on.
    EXPECT_EQ(body_of(h.call([&](Respond r) { h.hub->get_game(clocked, r); }))["moves"].size(), 3u);
    h.run_until([&] { return h.sqlite.load(clocked)->moves.size() == 3; });
    EXPECT_EQ(h.sqlite.load(clocked)->moves.size(), 3u);
    EXPECT_EQ(h.call([&](Respond r) { h.hub->get_game(broken, r); }).status, 404);
}

// Defect 4: a storage failure during create or join is answered with 503.
TEST(HubHardening, StorageFailureOnCreateAndJoinAnswers503) {
    Hub h("503");
    h.faulty.fail_next_writes(2);  // in its batch, then alone
    Reply r = h.create(R"({"seat":0})");
    EXPECT_EQ(r.status, 503);
    EXPECT_EQ(body_of(r)["code"], "unavailable");
    r = h.create(R"({"seat":0})");
    ASSERT_EQ(r.status, 200);
    const std::string id = body_of(r)["table"];
    h.faulty.fail_next_commits(3);  // the batch, then the job alone
    r = h.call([&](Respond respond) { h.hub->join_table(id, R"({"seat":1})", respond); });
    EXPECT_EQ(r.status, 503);
    // Nothing of the failed join was kept: the seat is still free.
    r = h.call([&](Respond respond) { h.hub->join_table(id, R"({"seat":1})", respond); });
    EXPECT_EQ(r.status, 200) << r.body;
}

// Defect 5: per-address table creation, the table cap, computer-only tables.
TEST(HubHardening, TableCreationIsLimited) {
    HubOptions options;
    options.limits.tables_per_minute_per_address = 3;
    options.limits.max_live_tables = 5;
    Hub h("limits", options);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(h.create("{}", "10.0.0.1").status, 200);
    const Reply refused = h.create("{}", "10.0.0.1");
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(body_of(refused)["code"], "rate_limited");
    EXPECT_EQ(h.create("{}", "10.0.0.2").status, 200);
    EXPECT_EQ(h.create("{}", "10.0.0.3").status, 200);
    const Reply full = h.create("{}", "10.0.0.4");
    EXPECT_EQ(full.status, 503);
    EXPECT_EQ(body_of(full)["code"], "busy");
    EXPECT_EQ(h.hub->live_tables(), 5u);

    Hub other("limits2");
    const Reply computers =
        other.create(R"({"seats":[{"type":"computer","level":1},{"type":"computer","level":1}]})");
    EXPECT_EQ(computers.status, 400);
}

// Defect 5: waiting tables expire, and a creator can cancel one.
TEST(HubHardening, WaitingTablesExpireAndCanBeCancelled) {
    HubOptions options;
    options.limits.waiting_table_seconds = 1;
    Hub h("expiry", options);
    FakeSubscriber creator;
    const json made = body_of(h.create(R"({"seat":0})"));
    const std::string waiting = made["table"];
    const json other = body_of(h.create(R"({"seat":0})"));
    h.hub->subscribe(creator, other["table"], other["token"]);
    ASSERT_TRUE(h.run_until([&] { return !creator.of_type("state").empty(); }));
    h.hub->on_message(creator, R"({"type":"cancel"})");
    ASSERT_TRUE(h.run_until(
        [&] { return creator.of_type("state").back()["table"]["status"] == "finished"; }));
    EXPECT_EQ(creator.of_type("state").back()["table"]["result"]["reason"], "cancelled");
    h.hub->unsubscribe(creator);

    ASSERT_TRUE(h.run_until(
        [&] {
            const auto row = h.sqlite.load(waiting);
            return row && row->status == "finished";
        },
        5s));
    EXPECT_NE(h.sqlite.load(waiting)->result.find("expired"), std::string::npos);
    // Withdrawn tables are not listed among the games played.
    const json games = body_of(h.call([&](Respond r) { h.hub->list_games(50, 0, r); }));
    EXPECT_TRUE(games["games"].empty()) << games.dump();
}

// Defect 5: one hint per seat at a time.
TEST(HubHardening, OnePendingHintPerSeat) {
    Hub h("hints");
    FakeSubscriber sub;
    local_table(h, sub);
    h.hub->on_message(sub, R"({"type":"hint"})");
    h.hub->on_message(sub, R"({"type":"hint"})");
    ASSERT_FALSE(sub.of_type("error").empty());
    EXPECT_EQ(sub.of_type("error").back()["code"], "busy");
    ASSERT_TRUE(h.run_until([&] { return !sub.of_type("hint").empty(); }));
    h.hub->on_message(sub, R"({"type":"hint"})");  // the first is answered: a new one is fine
    ASSERT_TRUE(h.run_until([&] { return sub.of_type("hint").size() == 2; }));
    EXPECT_EQ(sub.of_type("error").size(), 1u);
    h.hub->unsubscribe(sub);
}

// Defect 6: the store keeps a hash of each seat token, never the token.
TEST(HubHardening, StoreHoldsTokenHashesOnly) {
    Hub h("tokens");
    const json made = body_of(h.create(R"({"seat":0,"name":"Ada"})"));
    const std::string token = made["token"];
    EXPECT_EQ(token.size(), 32u);
    h.run_until([&] { return h.sqlite.load(made["table"]).has_value(); });
    const std::string spec = h.sqlite.load(made["table"])->spec;
    EXPECT_EQ(spec.find(token), std::string::npos);
    EXPECT_NE(spec.find(token_hash(token)), std::string::npos);
}

// Every computer move and hint has a hard deadline; the queue is bounded.
TEST(EnginePoolLimits, DeadlineAndBoundedQueue) {
    EnginePool pool(1, 2, 0.3);
    core::Setup setup;
    auto variant = std::make_shared<const core::Variant>(setup);
    const core::Position start = core::Position::start(*variant);
    engine::SearchLimits unbounded;  // no depth, no time: would run for minutes
    std::promise<engine::SearchResult> first;
    const auto started = std::chrono::steady_clock::now();
    ASSERT_TRUE(pool.submit(variant, start, unbounded,
                            [&](const engine::SearchResult& r) { first.set_value(r); }));
    // While the first runs, two more fill the queue and a third is refused.
    for (int i = 0; i < 1000 && pool.queued() > 0; ++i) std::this_thread::sleep_for(10ms);
    EXPECT_TRUE(pool.submit(variant, start, unbounded, {}, EnginePool::Priority::Hint));
    EXPECT_TRUE(pool.submit(variant, start, unbounded, {}, EnginePool::Priority::Hint));
    EXPECT_FALSE(pool.submit(variant, start, unbounded, {}, EnginePool::Priority::Hint));
    auto done = first.get_future();
    ASSERT_EQ(done.wait_for(30s), std::future_status::ready) << "the deadline did not stop it";
    const engine::SearchResult r = done.get();
    EXPECT_TRUE(start.is_legal(r.best));
    EXPECT_LT(std::chrono::steady_clock::now() - started, 30s);
}

TEST(RateLimiterTest, BucketRefillsAndPrunes) {
    RateLimiter limiter(60, 2);  // one a second, two at once
    EXPECT_TRUE(limiter.allow("a", 0));
    EXPECT_TRUE(limiter.allow("a", 0));
    EXPECT_FALSE(limiter.allow("a", 0));
    EXPECT_TRUE(limiter.allow("b", 0));
    EXPECT_NEAR(limiter.wait_seconds("a", 0), 1.0, 1e-6);
    EXPECT_FALSE(limiter.allow("a", 500));
    EXPECT_TRUE(limiter.allow("a", 1000));
    limiter.prune(100000);
    EXPECT_EQ(limiter.keys(), 0u);
}

TEST(Secrets, TokensAndIdsAreRandomAndHashed) {
    std::set<std::string> ids, tokens;
    for (int i = 0; i < 1000; ++i) {
        ids.insert(random_id(8));
        tokens.insert(random_token());
    }
    EXPECT_EQ(ids.size(), 1000u);
    EXPECT_EQ(tokens.size(), 1000u);
    EXPECT_EQ(token_hash("abc"), token_hash("abc"));
    EXPECT_NE(token_hash("abc"), token_hash("abd"));
    EXPECT_EQ(token_hash("abc").rfind("b2:", 0), 0u);
}

}  // namespace
}  // namespace reversi::server::hub_hardening
