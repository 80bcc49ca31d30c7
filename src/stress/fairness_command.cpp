// SPDX-License-Identifier: MIT
// `reversi-stress fairness`: one address floods the engine while a player at another
// address plays a level-2 computer on 8x8, and the level-2 replies are timed (from the move
// sent to the computer's reply received). The floods are those of issue 27, finding 2:
// `level10` (tables against level 10 on 10x10, the human replying at once), `analysis`
// (analysis-board requests at depth 12, each sent again as soon as answered) and `hints`
// (one-screen tables asking for a hint again as soon as one comes); `none` measures the
// level-2 replies alone. Beside them a player at a third address asks for hints as a person
// does (issue 48, item 5): at a one-screen table of its own, a hint whenever it is to move, then
// the move; each hint is timed from the request to the answer (one still unanswered at the end
// counts with its wait so far). Starts its own server with --computer-pause-ms 0.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange

// GCC 12 takes Asio's own operator new/delete of a coroutine frame, once inlined into this
// file's coroutines, for a mismatched pair: a false positive, silenced for this file only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
// clang-format on

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "stress/commands.h"
#include "stress/loadtest_lobby.h"
#include "stress/percentile.h"
#include "stress/server_child.h"
#include "stress/ws_client.h"

namespace reversi::stress {

// A namespace of its own, not an anonymous one: the stress sources are compiled as one unit.
namespace fairness {

using namespace reversi::server;
using client::MessageView;
using net::awaitable;
using net::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct FairOptions {
    std::string flood = "level10";
    int size = 0;  // flooding tables or requests; 0: the (20, 20, 30)
    double seconds = 30;
    int engine_threads = 1;
    std::vector<std::string> serve_args;
    std::string server_binary;
};

struct Shared {
    FairOptions options;
    client::Target target;
    net::ip::address flooder, player, hinter;
    std::optional<Clock::time_point> hint_asked;  // the hint being waited for, if any
    Clock::time_point stop_at;
    std::vector<double> reply_ms, hint_ms;
    int flood_started = 0, flood_refused = 0;
    long flood_answers = 0;
    std::vector<std::string> errors;
    void error(const std::string& e) {
        if (errors.size() < 5) errors.push_back(e.substr(0, 200));
    }
};

bool running(const Shared& s) {
    return Clock::now() < s.stop_at;
}

// Makes a table from `source`; its id and token, or nothing when refused (counted).
awaitable<std::optional<std::pair<std::string, std::string>>> make_table(Shared& s,
                                                                         net::ip::address source,
                                                                         std::string body,
                                                                         bool flood) {
    const client::HttpAnswer res =
        co_await client::http_call(s.target, source, http::verb::post, "/api/tables", body);
    if (res.status != 200) {
        if (flood)
            ++s.flood_refused;
        else
            s.error("the player's table was refused: " + res.body);
        co_return std::nullopt;
    }
    const json made = json::parse(res.body);
    co_return std::make_pair(made["table"].get<std::string>(), made["token"].get<std::string>());
}

std::string versus_computer(const char* board, int level) {
    json seats = json::array();
    seats.push_back({{"type", "human"}});
    seats.push_back({{"type", "computer"}, {"level", level}});
    return json{{"seat", 0}, {"seats", seats}, {"setup", {{"board", board}}}, {"hints", false}}
        .dump();
}

// Plays seat 0 at a table against the computer, moving as soon as it is to move; with
// `timed`, each computer reply is timed.
awaitable<void> play_computer(Shared& s, net::ip::address source, const char* board, int level,
                              bool timed) {
    while (running(s)) {
        const std::string body = versus_computer(board, level);
        const auto table = co_await make_table(s, source, body, !timed);
        if (!table) co_return;
        client::TimedWs ws(co_await net::this_coro::executor);
        co_await ws.connect(s.target, source,
                            "/ws?table=" + table->first + "&token=" + table->second);
        int sent_ply = -1;
        Clock::time_point sent_at;
        while (running(s)) {
            const MessageView m = client::read_message(co_await ws.read(std::chrono::seconds(300)));
            if (m.type == "error") {
                s.error("table: " + m.code + " " + m.message);
                continue;
            }
            if (m.type != "state") continue;
            if (m.status == "finished") break;
            if (m.to_move != 0 || m.legal.empty() || m.ply <= sent_ply) continue;
            if (timed && sent_ply >= 0)
                s.reply_ms.push_back(
                    std::chrono::duration<double, std::milli>(Clock::now() - sent_at).count());
            if (!timed) ++s.flood_answers;
            sent_ply = m.ply;
            sent_at = Clock::now();
            co_await ws.write(client::move_message(m.legal.front(), m.ply));
        }
        ws.drop();
    }
}

// Asks for a hint whenever the player is to move at a one-screen table of its own (hints on),
// times it, then plays; a refused hint is asked again after a pause, the wait still counting.
awaitable<void> time_hints(Shared& s) {
    json seats = json::array();
    seats.push_back({{"type", "human"}});
    seats.push_back({{"type", "human"}});
    const std::string body = json{{"local", true}, {"seats", seats}, {"hints", true}}.dump();
    const std::string ask = json{{"type", "hint"}}.dump();
    while (running(s)) {
        const auto table = co_await make_table(s, s.hinter, body, false);
        if (!table) co_return;
        client::TimedWs ws(co_await net::this_coro::executor);
        co_await ws.connect(s.target, s.hinter,
                            "/ws?table=" + table->first + "&token=" + table->second);
        int asked_ply = -1;
        std::string answer;
        while (running(s)) {
            const MessageView m = client::read_message(co_await ws.read(std::chrono::seconds(300)));
            if (m.type == "error" && s.hint_asked) {
                s.error("hint: " + m.code + " " + m.message);
                co_await client::pause(std::chrono::milliseconds(200));
                co_await ws.write(ask);
                continue;
            }
            if (m.type == "hint" && s.hint_asked) {
                s.hint_ms.push_back(
                    std::chrono::duration<double, std::milli>(Clock::now() - *s.hint_asked)
                        .count());
                s.hint_asked.reset();
                co_await ws.write(client::move_message(answer, asked_ply));
                continue;
            }
            if (m.type != "state") continue;
            if (m.status == "finished") break;
            if (m.legal.empty() || s.hint_asked || m.ply <= asked_ply) continue;
            asked_ply = m.ply;
            answer = m.legal.front();
            s.hint_asked = Clock::now();
            co_await ws.write(ask);
        }
        ws.drop();
    }
}

awaitable<void> flood_level10(Shared& s) {
    ++s.flood_started;
    co_await play_computer(s, s.flooder, "10", 10, false);
}

awaitable<void> flood_analysis(Shared& s) {
    ++s.flood_started;
    const std::string body =
        json{{"setup", {{"board", "8"}}}, {"moves", json::array()}, {"depth", 12}}.dump();
    while (running(s)) {
        const client::HttpAnswer res = co_await client::http_call(
            s.target, s.flooder, http::verb::post, "/api/analyze", body, 600);
        if (res.status == 200) {
            ++s.flood_answers;
        } else {
            ++s.flood_refused;
            co_await client::pause(std::chrono::milliseconds(200));
        }
    }
}

awaitable<void> flood_hints(Shared& s) {
    json seats = json::array();
    seats.push_back({{"type", "human"}});
    seats.push_back({{"type", "human"}});
    const std::string body = json{{"local", true}, {"seats", seats}, {"hints", true}}.dump();
    const auto table = co_await make_table(s, s.flooder, body, true);
    if (!table) co_return;
    ++s.flood_started;
    client::TimedWs ws(co_await net::this_coro::executor);
    co_await ws.connect(s.target, s.flooder,
                        "/ws?table=" + table->first + "&token=" + table->second);
    const std::string ask = json{{"type", "hint"}}.dump();
    co_await ws.write(ask);
    while (running(s)) {
        const MessageView m = client::read_message(co_await ws.read(std::chrono::seconds(300)));
        if (m.type == "hint") ++s.flood_answers;
        if (m.type == "error") ++s.flood_refused;
        if (m.type == "hint" || m.type == "error") {
            if (m.type == "error") co_await client::pause(std::chrono::milliseconds(200));
            co_await ws.write(ask);
        }
    }
    ws.drop();
}

awaitable<void> guarded(Shared& s, awaitable<void> task, const char* what) {
    try {
        co_await std::move(task);
    } catch (const std::exception& e) {
        if (running(s)) s.error(std::string(what) + ": " + e.what());
    }
}

int run_fairness(const FairOptions& o) {
    client::raise_open_file_limit();
    const std::string base = client::scratch_path("reversi_fairness").string();
    std::vector<std::string> args =
        started_server_args(base + ".db", o.engine_threads, o.serve_args);
    args.insert(args.begin(), {"--computer-pause-ms", "0"});
    client::ServerChild child =
        client::start_server(client::server_binary(o.server_binary), args, base + ".out", "");
    Shared s;
    s.options = o;
    s.target = client::loopback_target(child.port);
    const client::SourceAddresses sources(3);
    s.flooder = sources.at(0);
    s.player = sources.at(1);
    s.hinter = sources.at(2);
    net::io_context ioc{1};
    const int size = o.size > 0 ? o.size : o.flood == "hints" ? 30 : o.flood == "none" ? 0 : 20;
    s.stop_at = Clock::now() + std::chrono::milliseconds(static_cast<int>(o.seconds * 1000));
    for (int i = 0; i < size; ++i) {
        if (o.flood == "level10")
            net::co_spawn(ioc, guarded(s, flood_level10(s), "flood"), net::detached);
        if (o.flood == "analysis")
            net::co_spawn(ioc, guarded(s, flood_analysis(s), "flood"), net::detached);
        if (o.flood == "hints")
            net::co_spawn(ioc, guarded(s, flood_hints(s), "flood"), net::detached);
    }
    net::co_spawn(ioc, guarded(s, play_computer(s, s.player, "8", 2, true), "player"),
                  net::detached);
    net::co_spawn(ioc, guarded(s, time_hints(s), "hints"), net::detached);
    ioc.run_for(std::chrono::milliseconds(static_cast<int>(o.seconds * 1000) + 5000));
    // A hint still unanswered counts with its wait so far (a lower bound of its time).
    if (s.hint_asked)
        s.hint_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - *s.hint_asked).count());
    client::stop_server(child, SIGTERM);
    for (const char* suffix : {".db", ".db-wal", ".db-shm", ".out"})
        std::filesystem::remove(base + suffix);
    std::cout << "flood " << o.flood << " x" << size << " from " << s.flooder.to_string()
              << ", engine threads " << o.engine_threads << ", " << o.seconds << " s\n";
    std::cout << "flood: started " << s.flood_started << ", refused " << s.flood_refused
              << ", answers " << s.flood_answers << '\n';
    const auto report = [&](const char* what, const net::ip::address& from,
                            const std::vector<double>& ms) {
        std::cout << what << " (" << from.to_string() << ") " << ms.size() << ": ms p50 "
                  << percentile(ms, 0.5) << ", p90 " << percentile(ms, 0.9) << ", p99 "
                  << percentile(ms, 0.99) << ", max "
                  << (ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end())) << '\n';
    };
    report("level-2 replies", s.player, s.reply_ms);
    report("hints", s.hinter, s.hint_ms);
    for (const std::string& e : s.errors) std::cout << "  error: " << e << '\n';
    return s.reply_ms.empty() || s.hint_ms.empty() ? 1 : 0;
}

}  // namespace fairness

void add_fairness_command(CLI::App& app, ExitStatus& status) {
    using fairness::FairOptions;
    auto o = std::make_shared<FairOptions>();
    CLI::App* cmd = app.add_subcommand(
        "fairness",
        "Time a level-2 computer's replies and hints while another address floods the engine");
    cmd->add_option("--flood", o->flood, "level10, analysis, hints or none")
        ->check(CLI::IsMember({"level10", "analysis", "hints", "none"}))
        ->capture_default_str();
    cmd->add_option("--size", o->size, "Flooding tables or requests (0: 20, 20, 30)")
        ->check(CLI::Range(0, 1000));
    cmd->add_option("--seconds", o->seconds, "Measuring time")
        ->check(CLI::Range(1.0, 3600.0))
        ->capture_default_str();
    cmd->add_option("--engine-threads", o->engine_threads, "Engine threads of the started server")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_option("--serve-arg", o->serve_args,
                    "One more option for the started server, repeatable")
        ->allow_extra_args(false);
    add_server_binary_option(*cmd, o->server_binary);
    cmd->callback([o, &status] {
        run_reporting(status, "fairness", [&] { return fairness::run_fairness(*o); });
    });
}

}  // namespace reversi::stress
