// SPDX-License-Identifier: MIT
// A GameHub without sockets for the server harnesses: a real SQLite store in memory behind
// a StorageQueue, an engine pool, and an io_context that the harness runs itself. `drain()`
// runs the hub until nothing is pending (every storage write committed, every engine search
// answered), so an input always plays out the same way. Replies and subscriber messages are
// checked as they arrive: valid JSON, errors well formed, never the "internal" error (with a
// healthy store nothing may reach the hub's last-resort barrier).
#pragma once

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "server/hub/hub.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::fuzz {

using server::json;
namespace net = server::net;

// The input being run, for failure messages.
inline std::string& current_input() {
    static std::string input;
    return input;
}

[[noreturn]] inline void hub_fail(const char* file, int line, const std::string& what) {
    fail(file, line, what + "\ninput:\n" + current_input());
}
// FUZZ_CHECK with the whole input (a script) in the message.
#define HUB_CHECK(cond, msg) \
    FUZZ_CHECK(cond, std::string(msg) + "\ninput:\n" + ::reversi::fuzz::current_input())

// Parses text the hub produced as JSON; a failure is a finding.
inline json parse_output(const std::string& text, const std::string& what) {
    try {
        return json::parse(text);
    } catch (const std::exception& e) {
        hub_fail(__FILE__, __LINE__, what + " is not valid JSON (" + e.what() + "): " + text);
    }
}

// An error object {"type":"error","code":...,"message":...}, never "internal".
inline void check_error_object(const json& j, const std::string& what) {
    HUB_CHECK(j.is_object() && j.value("type", "") == "error", what + ": " + j.dump());
    HUB_CHECK(j.contains("code") && j["code"].is_string() && j.contains("message") &&
                  j["message"].is_string(),
              what + ": " + j.dump());
    HUB_CHECK(j["code"] != "internal", what + " reached the internal-error barrier: " + j.dump());
}

class FakeSubscriber : public server::Subscriber {
  public:
    explicit FakeSubscriber(std::string name) : name_(std::move(name)) {}
    using Subscriber::send;
    void send(server::Outgoing message) override {
        const std::string text = (message.body ? *message.body : std::string()) + message.tail;
        json j = parse_output(text, "message to " + name_);
        HUB_CHECK(j.is_object() && j.contains("type") && j["type"].is_string(),
                  "message without type to " + name_ + ": " + text);
        if (j["type"] == "error") check_error_object(j, "error message to " + name_);
        if (j["type"] == "state")
            HUB_CHECK(j.contains("table") && j["table"].is_object() && j["table"].contains("you") &&
                          j["table"]["you"].is_array(),
                      "state message without table or you: " + text);
        messages.push_back(std::move(j));
    }
    void close() override { closed = true; }

    const std::string& name() const { return name_; }
    std::vector<json> messages;
    bool closed = false;
    bool subscribed = false;

  private:
    std::string name_;
};

// The engine pool lives for the whole run: each worker's engine allocates its tables once,
// not once per input. Levels that search with noise clear their tables before each search,
// so computer moves do not depend on earlier inputs.
inline std::unique_ptr<server::EnginePool>& engine_pool() {
    static std::unique_ptr<server::EnginePool> pool = std::make_unique<server::EnginePool>(1);
    return pool;
}

// Submits a job that runs after every job already queued, of any priority.
template <class Pool>
void submit_last(Pool& pool, std::shared_ptr<const core::Variant> variant,
                 const core::Position& position, const engine::SearchLimits& limits,
                 typename Pool::Done done) {
    if constexpr (requires { Pool::Priority::Hint; })
        pool.submit(std::move(variant), position, limits, std::move(done), Pool::Priority::Hint);
    else
        pool.submit(std::move(variant), position, limits, std::move(done));
}

class HubFixture {
  public:
    HubFixture()
        : guard_(net::make_work_guard(ioc_)),
          sqlite_(":memory:"),
          queue_(sqlite_, [this](std::function<void()> f) { net::post(ioc_, std::move(f)); }),
          hub_(std::in_place, ioc_, queue_, *engine_pool(), options()) {}

    ~HubFixture() {
        // Every search must be over before the hub goes: their callbacks refer to it.
        bool quiet = false;
        try {
            quiet = drain();
        } catch (const std::exception& e) {
            hub_fail(__FILE__, __LINE__, std::string("exception escaped the hub: ") + e.what());
        }
        if (!quiet) {
            // Still busy (a long computer game): stop the pool, its queued jobs are dropped.
            engine_pool().reset();
            engine_pool() = std::make_unique<server::EnginePool>(1);
        }
        queue_.stop();
        hub_.reset();
    }

    server::GameHub& hub() { return *hub_; }

    // The hub only searches for computer seats and hints. Until text that could ask for one
    // has been sent (note_text), drain() need not wait for the engine.
    void note_text(std::string_view text) {
        if (text.find("computer") != std::string_view::npos ||
            text.find("hint") != std::string_view::npos ||
            text.find("\\u") != std::string_view::npos)
            engine_used_ = true;
    }

    // Runs the hub until neither the engine nor the store has work left; false when that
    // did not happen within a bound (a computer still playing).
    bool drain(int max_rounds = 200) {
        for (int round = 0; round < max_rounds; ++round) {
            size_t ran = 0;
            bool engine_done = !engine_used_, storage_done = false;
            if (engine_used_)
                submit_last(*engine_pool(), barrier_variant(),
                            core::Position::start(*barrier_variant()), barrier_limits(),
                            [this, &engine_done](const engine::SearchResult&) {
                                net::post(ioc_, [&engine_done] { engine_done = true; });
                            });
            while (!engine_done) ran += ioc_.run_one();
            queue_.read([](server::Storage&) {}, [&storage_done] { storage_done = true; });
            while (!storage_done) ran += ioc_.run_one();
            ran += ioc_.poll();
            if (ran <= (engine_used_ ? 2u : 1u)) return true;  // only the barriers ran
        }
        return false;
    }

  private:
    static server::HubOptions options() {
        server::HubOptions o;
        o.hint_seconds = 0.005;  // hints are searched, but briefly
        return o;
    }
    static std::shared_ptr<const core::Variant> barrier_variant() {
        static const auto v = std::make_shared<const core::Variant>(core::Setup{});
        return v;
    }
    static engine::SearchLimits barrier_limits() {
        engine::SearchLimits l;
        l.depth = 1;
        return l;
    }

    bool engine_used_ = false;
    net::io_context ioc_;
    net::executor_work_guard<net::io_context::executor_type> guard_;
    server::SqliteStorage sqlite_;
    server::StorageQueue queue_;
    std::optional<server::GameHub> hub_;
};

// Runs a call into the hub: nothing may leave it.
template <class F>
void into_hub(const std::string& what, F&& f) {
    try {
        f();
    } catch (const json::exception& e) {
        hub_fail(__FILE__, __LINE__, what + ": json::exception escaped the hub: " + e.what());
    } catch (const std::exception& e) {
        hub_fail(__FILE__, __LINE__, what + ": exception escaped the hub: " + e.what());
    } catch (...) {
        hub_fail(__FILE__, __LINE__, what + ": unknown exception escaped the hub");
    }
}

// Collects the replies of HTTP calls and checks each: valid JSON (or UTF-8 text for the
// plain-text export), error bodies well formed.
struct Replies {
    std::vector<server::Reply> list;
    server::Respond respond() {
        return [this](server::Reply r) { list.push_back(std::move(r)); };
    }
};

inline json check_reply(const server::Reply& r, const std::string& what) {
    HUB_CHECK(r.status >= 200 && r.status < 600, what + ": status " + std::to_string(r.status));
    if (r.content_type.rfind("application/json", 0) != 0) {
        // Plain text claims UTF-8: nlohmann refuses to write anything else.
        try {
            (void)json(r.body).dump();
        } catch (const std::exception&) {
            hub_fail(__FILE__, __LINE__, what + ": text reply is not UTF-8: " + r.body);
        }
        HUB_CHECK(r.status == 200, what + ": a non-JSON error reply");
        return nullptr;
    }
    json j = parse_output(r.body, what + " reply");
    if (r.status >= 400) check_error_object(j, what + " reply");
    HUB_CHECK(r.status != 500, what + ": status 500: " + r.body);
    return j;
}

// A table state without what changes by itself as time passes (the running clock).
inline json steady_state(json state) {
    if (state.is_object() && state.contains("clock") && state["clock"].is_object())
        state["clock"].erase("remaining_ms");
    if (state.is_object()) state.erase("you");
    return state;
}

// The game part of a state (what every watcher must end up seeing alike).
inline json game_part(const json& state) {
    json out = json::object();
    for (const char* key : {"board", "moves", "ply", "status", "result", "legal", "id"})
        if (state.contains(key)) out[key] = state[key];
    return out;
}

}  // namespace reversi::fuzz
