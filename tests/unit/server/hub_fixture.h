// SPDX-License-Identifier: MIT
// A GameHub driven without sockets, for the hub-level tests of the table's messages: a real
// SQLite file behind a store that fails on demand, the hub's event loop run in short slices,
// and fake subscribers that keep every message they are sent (each must be valid JSON).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/common/engine_pool.h"
#include "server/hub/hub.h"
#include "server/storage/fault_injecting.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server::hub_testing {

using namespace std::chrono_literals;

struct TempDb {
    std::string path;
    explicit TempDb(const std::string& name)
        : path(testing::TempDir() + "reversi_table_" + name + "_" + std::to_string(getpid()) +
               ".db") {
        remove();
    }
    ~TempDb() { remove(); }
    void remove() const {
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    }
};

struct FakeSubscriber : Subscriber {
    std::vector<json> received;
    bool closed = false;
    void send(Outgoing m) override { received.push_back(json::parse(*m.body + m.tail)); }
    void close() override { closed = true; }
    using Subscriber::send;
    std::vector<json> of_type(const std::string& type) const {
        std::vector<json> out;
        for (const json& m : received)
            if (m.value("type", "") == type) out.push_back(m);
        return out;
    }
    // The table of the last state received.
    json table() const {
        const auto states = of_type("state");
        return states.empty() ? json() : states.back()["table"];
    }
    size_t count(const std::string& type) const { return of_type(type).size(); }
};

// Test options: no computer pause, so computer replies come as soon as they are found.
inline HubOptions quick_options() {
    HubOptions o;
    o.limits.computer_pause_ms = 0;
    return o;
}

struct Hub {
    std::string path;
    SqliteStorage sqlite;
    FaultInjectingStorage faulty;
    net::io_context ioc;
    StorageQueue queue;
    EnginePool engines;
    std::unique_ptr<GameHub> hub;

    // A hub on the database at `path`, restoring what it holds.
    Hub(const std::string& db, HubOptions options)
        : path(db),
          sqlite(path),
          faulty(sqlite),
          queue(faulty, [this](std::function<void()> f) { net::post(ioc, std::move(f)); }),
          engines(1, options.limits.engine_queue, options.limits.computer_move_seconds) {
        options.hint_seconds = 0.05;
        hub = std::make_unique<GameHub>(ioc, queue, engines, options);
        hub->restore(sqlite);
    }
    ~Hub() {
        hub.reset();
        engines.stop();
        queue.stop();
    }

    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit = 5s) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (!done() && std::chrono::steady_clock::now() < end) {
            ioc.restart();
            ioc.run_for(5ms);
        }
        return done();
    }
    // Runs the loop for a while (to let anything that would happen, happen).
    void settle(std::chrono::milliseconds time = 50ms) {
        run_until([] { return false; }, time);
    }
    Reply call(const std::function<void(Respond)>& f) {
        std::optional<Reply> reply;
        f([&](Reply r) { reply = std::move(r); });
        EXPECT_TRUE(run_until([&] { return reply.has_value(); })) << "no answer";
        return reply.value_or(Reply{0, "", "", ""});
    }
    json create(const json& body, const std::string& client = "10.0.0.1") {
        const Reply r = call([&](Respond f) { hub->create_table(body.dump(), f, client); });
        EXPECT_EQ(r.status, 200) << r.body;
        return json::parse(r.body);
    }
    json join(const std::string& id, int seat, const std::string& name) {
        const Reply r = call([&](Respond f) {
            hub->join_table(id, json{{"seat", seat}, {"name", name}}.dump(), f);
        });
        EXPECT_EQ(r.status, 200) << r.body;
        return json::parse(r.body);
    }
    void subscribe(FakeSubscriber& sub, const std::string& id, const std::string& token = {}) {
        hub->subscribe(sub, id, token);
        ASSERT_TRUE(run_until([&] { return sub.count("state") > 0 || sub.closed; }));
    }
    // Sends a message and runs the loop until the client got `type` once more than before.
    void send(FakeSubscriber& sub, const json& msg, const std::string& type = "state") {
        const size_t before = sub.count(type);
        hub->on_message(sub, msg.dump());
        EXPECT_TRUE(run_until([&] { return sub.count(type) > before; }))
            << "no " << type << " after " << msg.dump();
    }
    // Sends a message that must be refused; returns the error's code.
    std::string refused(FakeSubscriber& sub, const json& msg) {
        const size_t before = sub.count("error");
        hub->on_message(sub, msg.dump());
        run_until([&] { return sub.count("error") > before; }, 1s);
        if (sub.count("error") == before) return "(none)";
        return sub.of_type("error").back()["code"];
    }
};

// Two remote humans at a new table: Ada (seat 0) and Bob (seat 1), each subscribed, and a
// spectator.
struct TwoPlayers {
    std::string id, token_a, token_b;
    FakeSubscriber a, b, spectator;
    TwoPlayers(Hub& h, const json& extra = json::object()) {
        json body = {{"seat", 0}, {"name", "Ada"}};
        body.update(extra);
        const json made = h.create(body);
        id = made["table"];
        token_a = made["token"];
        token_b = h.join(id, 1, "Bob")["token"];
        h.subscribe(a, id, token_a);
        h.subscribe(b, id, token_b);
        h.subscribe(spectator, id);
        h.settle(20ms);
    }
    void leave(Hub& h) {
        for (FakeSubscriber* s : {&a, &b, &spectator}) h.hub->unsubscribe(*s);
    }
};

// Plays the first legal move for whoever holds the seat to move.
inline void play_first_legal(Hub& h, TwoPlayers& p) {
    const json t = p.a.table();
    FakeSubscriber& mover = t["to_move"] == 0 ? p.a : p.b;
    const int ply = t["ply"];
    h.hub->on_message(mover, json{{"type", "move"}, {"square", t["legal"][0]}}.dump());
    ASSERT_TRUE(h.run_until([&] { return p.a.table()["ply"] == ply + 1; }));
}

}  // namespace reversi::server::hub_testing
