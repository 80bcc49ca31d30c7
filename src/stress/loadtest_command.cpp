// SPDX-License-Identifier: MIT
// `reversi-stress loadtest`: many concurrent games played over loopback WebSocket by scripted
// clients, bounded in time. Each game has two remote players (two connections, two tokens)
// who pick random moves from the state's legal list after a random think time; a finished
// game is replaced by a new one, so the number of concurrent games stays constant. Reports
// moves per second, the latency from a move sent to its state broadcast received (p50, p99,
// max), errors, and the server's memory. Starts its own server unless --port is given.
// The clients connect from many loopback addresses (--source-addresses), so the server's
// per-address limits stay on at their usual values. With --connect repeated, one load is
// spread over several nodes (docs/MULTINODE.md): each table is made on a random node, joined
// through another, and each player connects to a random one; 307s and WebSocket `moved`
// errors are followed to the table's owner, as the web client does, and counted.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange
// clang-format on

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "stress/commands.h"
#include "stress/loadtest_lobby.h"
#include "stress/loadtest_signups.h"
#include "stress/node_targets.h"
#include "stress/percentile.h"
#include "stress/server_child.h"
#include "stress/server_metrics.h"
#include "stress/ws_client.h"

namespace reversi::stress {

namespace {

using namespace reversi::server;
using client::HttpAnswer;
using client::MessageView;
using net::awaitable;
using net::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct LoadOptions {
    int games = 1000;
    double seconds = 30;
    double ramp = 5;  // seconds over which games start
    int think_ms = 500;
    uint64_t seed = 0;  // of the games' choices (nodes, moves, think times)
    int port = 0;
    std::string host = "127.0.0.1";
    std::vector<std::string> connect;  // nodes' URLs (http://IP:PORT); none: --port / started
    int engine_threads = 1;
    // Client addresses 127.0.0.2 .. 127.0.0.(N+1); 0: one per 8 games.
    int source_addresses = 0;
    std::vector<std::string> serve_args;  // more options for the started server
    std::string server_binary;            // empty: the `reversi` beside this executable
    int lobby_players = 0;  // > 0: the lobby mode (loadtest_lobby.cpp) with this many players
    int lobby_moves = 6;
    bool arena = false;         // lobby mode as an arena tournament
    double rejoin_seconds = 0;  // lobby mode: how long a dropped table socket is reopened
    int signup_flood = 0;       // > 0: the sign-up flood mode (loadtest_signups.cpp), addresses
    int flood_logins = 20;
};

struct Stats {
    std::vector<double> latency_ms;
    // Moves sent once every game has started: the ramp's connections and creations stay
    // out, so this is the latency of a site whose games are all live.
    std::vector<double> live_latency_ms;
    uint64_t moves = 0;
    uint64_t errors = 0;
    uint64_t games_started = 0;
    uint64_t games_finished = 0;
    // Games that reached their end (not stopped by the deadline), by the second of the run
    // they ended in: whether the ends come evenly or in a herd.
    std::vector<int> ends_by_second;
    int connected = 0;
    int peak_connected = 0;
    uint64_t http_redirects = 0;  // 307s followed to a table's owner
    uint64_t ws_redirects = 0;    // WebSocket `moved` errors followed
    std::vector<std::string> first_errors;
    void error(const std::string& what) {
        ++errors;
        if (first_errors.size() < 5) first_errors.push_back(what);
    }
};

struct Shared {
    LoadOptions options;
    std::vector<client::Target> targets;  // the nodes; one without --connect
    client::SourceAddresses sources;
    Clock::time_point start;
    Clock::time_point ramp_end;  // every game slot has started its first game
    Clock::time_point stop_at;
    Stats stats;
};

awaitable<json> http_call(Shared& shared, const client::Target& node,
                          const net::ip::address& source, http::verb method,
                          const std::string& target, const std::string& body) {
    const HttpAnswer res = co_await client::http_call_following(node, source, method, target, body,
                                                                shared.stats.http_redirects);
    if (res.status != 200)
        throw std::runtime_error("HTTP " + std::to_string(res.status) + ": " + res.body);
    co_return json::parse(res.body);
}

// What one connection of a player ended with.
enum class SeatEnd { Done, Moved, Failed };

void count_game_end(Shared& shared) {
    const auto second =
        static_cast<size_t>(std::chrono::duration<double>(Clock::now() - shared.start).count());
    std::vector<int>& ends = shared.stats.ends_by_second;
    if (ends.size() <= second) ends.resize(second + 1, 0);
    ends[second]++;
}

// One connection of a player: reads states and moves when its seat is to move, until the
// game ends, the time is up, or the node sends it elsewhere (`owner`: where; empty: the same
// node again, once it has the table). `counts_end`: this seat's player counts the game's end.
awaitable<SeatEnd> play_connection(Shared& shared, const client::Target& node,
                                   const std::string& path, net::ip::address source,
                                   std::mt19937_64& rng, std::string& owner, bool counts_end) {
    auto executor = co_await net::this_coro::executor;
    client::WsStream ws(executor);
    co_await client::ws_connect(ws, node, source, path);
    Stats& stats = shared.stats;
    stats.peak_connected = std::max(stats.peak_connected, ++stats.connected);
    net::steady_timer think(executor);
    int sent_ply = -1;
    Clock::time_point sent_at;
    beast::flat_buffer buffer;
    SeatEnd end = SeatEnd::Done;
    try {
        for (;;) {
            buffer.consume(buffer.size());
            co_await ws.async_read(buffer, use_awaitable);
            const std::string text = beast::buffers_to_string(buffer.data());
            const MessageView msg = client::read_message(text);
            if (msg.type == "error") {
                if (msg.code == "moved") {
                    owner = client::owner_named(text);
                    end = SeatEnd::Moved;
                    break;
                }
                stats.error(text);
                continue;
            }
            if (msg.type != "state") continue;
            const int ply = msg.ply;
            if (sent_ply >= 0 && ply == sent_ply + 1) {
                const double ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - sent_at).count();
                stats.latency_ms.push_back(ms);
                if (sent_at >= shared.ramp_end) stats.live_latency_ms.push_back(ms);
                stats.moves++;
                sent_ply = -1;
            }
            if (msg.status == "finished") {
                if (counts_end) count_game_end(shared);
                break;
            }
            // Past the deadline with no move in flight: stop (the partner's disconnect
            // broadcast wakes it up too).
            if (sent_ply < 0 && Clock::now() >= shared.stop_at) break;
            if (msg.status != "playing" || msg.to_move < 0 || sent_ply >= 0) continue;
            if (std::find(msg.you.begin(), msg.you.end(), msg.to_move) == msg.you.end()) continue;
            if (msg.legal.empty()) {
                stats.error("a state to move in has no legal move: " + text.substr(0, 200));
                break;
            }
            const std::string move = msg.legal[rng() % msg.legal.size()];
            const int think_ms = think_time_ms(rng, shared.options.think_ms);
            if (think_ms > 0) {
                think.expires_after(std::chrono::milliseconds(think_ms));
                co_await think.async_wait(use_awaitable);
            }
            sent_ply = ply;
            sent_at = Clock::now();
            const std::string move_text = client::move_message(move, ply);
            co_await ws.async_write(net::buffer(move_text), use_awaitable);
        }
    } catch (const std::exception& e) {
        stats.error(std::string("connection: ") + e.what());
        end = SeatEnd::Failed;
    }
    stats.connected--;
    client::ws_drop(ws);
    co_return end;
}

// One player of one game, on `node`: follows `moved` to the table's owner (a few times at
// most: an owner changes only when a node stops or dies).
awaitable<void> play_seat(Shared& shared, std::string table, std::string token, client::Target node,
                          net::ip::address source, uint64_t seed, bool counts_end) {
    const std::string path = "/ws?table=" + table + "&token=" + token;
    std::mt19937_64 rng(seed);
    net::steady_timer wait(co_await net::this_coro::executor);
    for (int hop = 0; hop < 5; ++hop) {
        std::string owner;
        if (co_await play_connection(shared, node, path, source, rng, owner, counts_end) !=
            SeatEnd::Moved)
            co_return;
        shared.stats.ws_redirects++;
        if (owner.empty()) {
            // The table is between owners: ask the same node again shortly.
            wait.expires_after(std::chrono::milliseconds(100));
            co_await wait.async_wait(use_awaitable);
            continue;
        }
        const auto next = client::target_of_url(owner);
        if (!next) {
            shared.stats.error("moved to an owner that cannot be reached: " + owner.substr(0, 100));
            co_return;
        }
        node = *next;
    }
    shared.stats.error("table " + table + ": moved too many times");
}

std::string create_request() {
    return json{{"seats", {{{"type", "human"}}, {{"type", "human"}}}},
                {"seat", 0},
                {"name", "load"},
                {"hints", false}}
        .dump();
}

std::string join_request() {
    return json{{"seat", 1}, {"name", "load"}}.dump();
}

std::string what_of(const std::exception_ptr& e) {
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        return x.what();
    } catch (...) {
        return "an exception that is not a std::exception";
    }
}

// Plays games one after another on one slot until the time is up.
awaitable<void> game_slot(Shared& shared, int slot) {
    auto executor = co_await net::this_coro::executor;
    // Several load processes need different seeds: with the same one they move in step.
    std::mt19937_64 rng(slot * 7919 + 17 + shared.options.seed * 1000003);
    net::steady_timer wait(executor);
    wait.expires_after(std::chrono::milliseconds(
        static_cast<int>(shared.options.ramp * 1000 * slot / std::max(1, shared.options.games))));
    co_await wait.async_wait(use_awaitable);
    while (Clock::now() < shared.stop_at) {
        bool failed = false;
        // One address per table, in turn: the game's connections and its creation count
        // against that address's limits.
        const net::ip::address source = shared.sources.next();
        // With several nodes: each step of the game on a node of its own, picked at random.
        const auto any_node = [&]() -> const client::Target& {
            return shared.targets[rng() % shared.targets.size()];
        };
        try {
            // Bodies are built outside the co_await expressions: GCC 12 miscompiles
            // initializer lists inside them ("array used as initializer").
            const std::string create_body = create_request();
            const json made = co_await http_call(shared, any_node(), source, http::verb::post,
                                                 "/api/tables", create_body);
            const std::string table = made["table"];
            const std::string join_body = join_request();
            const std::string join_target = "/api/tables/" + table + "/join";
            const json joined = co_await http_call(shared, any_node(), source, http::verb::post,
                                                   join_target, join_body);
            shared.stats.games_started++;
            // Both players run concurrently; the slot waits for both to finish.
            auto done = std::make_shared<int>(0);
            net::steady_timer finished(executor, Clock::time_point::max());
            const std::vector<std::string> tokens = {made["token"].get<std::string>(),
                                                     joined["token"].get<std::string>()};
            for (const std::string& token : tokens) {
                const bool counts_end = &token == &tokens.front();
                net::co_spawn(
                    executor,
                    play_seat(shared, table, token, any_node(), source, rng(), counts_end),
                    [done, &finished, &shared](std::exception_ptr e) {
                        if (e) shared.stats.error("a player could not connect: " + what_of(e));
                        if (++*done == 2) finished.cancel();
                    });
            }
            error_code ec;
            co_await finished.async_wait(net::redirect_error(use_awaitable, ec));
            shared.stats.games_finished++;
        } catch (const std::exception& e) {
            shared.stats.error(std::string("game: ") + e.what());
            failed = true;
        }
        if (failed) {  // no co_await inside a handler
            wait.expires_after(std::chrono::milliseconds(500));
            co_await wait.async_wait(use_awaitable);
        }
    }
}

// The server this test starts: `reversi serve` on a free port with a temporary database.
struct Spawned {
    client::ServerChild child;
    std::string db, out;
};

Spawned spawn_server(const LoadOptions& o) {
    Spawned s;
    const std::string base = client::scratch_path("reversi_loadtest").string();
    s.db = base + ".db";
    s.out = base + ".out";
    // No computer pause: it is for people watching flips, and would only slow the figures.
    std::vector<std::string> args = started_server_args(s.db, o.engine_threads, o.serve_args);
    args.insert(args.begin(), {"--computer-pause-ms", "0"});
    // Its metrics on a port of their own, read at the end (server_metrics.h).
    const bool names_metrics =
        std::any_of(o.serve_args.begin(), o.serve_args.end(),
                    [](const auto& a) { return a.starts_with("--metrics-port"); });
    if (!names_metrics) args.insert(args.begin(), {"--metrics-port", "0"});
    try {
        s.child = client::start_server(client::server_binary(o.server_binary), args, s.out, "");
    } catch (...) {
        std::filesystem::remove(s.out);
        throw;
    }
    return s;
}

}  // namespace

std::vector<std::string> started_server_args(const std::string& db, int engine_threads,
                                             const std::vector<std::string>& serve_args) {
    std::vector<std::string> args = {"--port", "0", "--engine-threads",
                                     std::to_string(engine_threads)};
    const bool names_db = std::any_of(serve_args.begin(), serve_args.end(), [](const auto& a) {
        return a == "--db" || a.starts_with("--db=");
    });
    if (!names_db) args.insert(args.end(), {"--db", db});
    args.insert(args.end(), serve_args.begin(), serve_args.end());
    return args;
}

TemporaryServer::TemporaryServer(const std::string& name, int engine_threads,
                                 const std::vector<std::string>& serve_args,
                                 const std::string& server_binary) {
    const std::string base = client::scratch_path(name).string();
    db = base + ".db";
    out = base + ".out";
    child = client::start_server(client::server_binary(server_binary),
                                 started_server_args(db, engine_threads, serve_args), out, "");
}

TemporaryServer::~TemporaryServer() {
    client::stop_server(child, SIGTERM);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
    std::filesystem::remove(out);
}

namespace {

// How evenly games ended over the whole seconds between the ramp's end and the deadline: a
// steady site's ends are spread (a ramp as long as a game spreads them), a herd's are not.
void print_end_spread(const std::vector<int>& ends_by_second, const LoadOptions& o) {
    const auto first = static_cast<size_t>(std::ceil(o.ramp));
    const auto last = static_cast<size_t>(o.seconds);  // exclusive: the deadline's second
    if (last <= first) return;
    std::vector<double> per_second;
    for (size_t s = first; s < last; ++s)
        per_second.push_back(s < ends_by_second.size() ? ends_by_second[s] : 0);
    double sum = 0, squares = 0;
    for (double n : per_second) sum += n, squares += n * n;
    const double mean = sum / static_cast<double>(per_second.size());
    const double spread =
        std::sqrt(std::max(0.0, squares / static_cast<double>(per_second.size()) - mean * mean));
    std::cout << "game ends a second after the ramp (" << first << "-" << last << " s): mean "
              << mean << ", sd " << spread << ", min "
              << *std::min_element(per_second.begin(), per_second.end()) << ", max "
              << *std::max_element(per_second.begin(), per_second.end()) << '\n';
}

int run_loadtest(const LoadOptions& options) {
    // Two connections a game, for the client and for the server it starts (which inherits the
    // limit), and room for the tables' HTTP calls made meanwhile.
    const rlim_t wanted = 3 * static_cast<rlim_t>(options.games) + 1024;
    const rlim_t limit = client::raise_open_file_limit(wanted);
    if (limit != 0 && limit < wanted)
        std::cerr << "loadtest: the open file limit is " << limit << ", below the " << wanted
                  << " this run needs: connections will fail (ulimit -n)\n";
    Shared shared;
    shared.options = options;
    shared.targets = client::targets_of_urls(options.connect);
    Spawned server;
    int port = options.port;
    if (port == 0 && shared.targets.empty()) {
        server = spawn_server(options);
        port = server.child.port;
    }
    const pid_t server_pid = server.child.pid;
    net::io_context ioc{1};
    if (shared.targets.empty())
        shared.targets.push_back(
            {tcp::endpoint(net::ip::make_address(options.host), static_cast<unsigned short>(port)),
             options.host});
    shared.sources = client::SourceAddresses(
        options.source_addresses > 0 ? options.source_addresses : (options.games + 7) / 8);
    const auto start = Clock::now();
    shared.start = start;
    // CPU time per move is what a change to the hub moves; latency also follows whatever
    // else runs on the machine.
    const double server_cpu_start = server_pid > 0 ? client::proc_cpu_seconds(server_pid) : -1;
    const double client_cpu_start = client::proc_cpu_seconds(0);
    // The server's network thread (its main thread) alone: the work of the hub, the sockets and
    // the requests, without the storage and review threads; also from the ramp's end on.
    const auto network_cpu = [server_pid] {
        return server_pid > 0 ? client::thread_cpu_seconds(server_pid, server_pid) : -1;
    };
    const double network_cpu_start = network_cpu();
    double network_cpu_at_ramp = -1;
    uint64_t moves_at_ramp = 0;
    shared.stop_at = start + std::chrono::milliseconds(static_cast<int>(options.seconds * 1000));
    shared.ramp_end = start + std::chrono::milliseconds(static_cast<int>(options.ramp * 1000));
    net::steady_timer ramp_timer(ioc, shared.ramp_end);
    ramp_timer.async_wait([&](error_code ec) {
        if (ec) return;
        network_cpu_at_ramp = network_cpu();
        moves_at_ramp = shared.stats.moves;
    });
    for (int slot = 0; slot < options.games; ++slot)
        net::co_spawn(ioc, game_slot(shared, slot), net::detached);
    long peak_rss = 0;
    net::steady_timer sampler(ioc);
    std::function<void(error_code)> sample = [&](error_code ec) {
        if (ec) return;
        if (server_pid > 0)
            peak_rss = std::max(peak_rss, client::proc_status_kib(server_pid, "VmRSS:"));
        if (Clock::now() < shared.stop_at + std::chrono::seconds(5)) {
            sampler.expires_after(std::chrono::milliseconds(500));
            sampler.async_wait(sample);
        }
    };
    sample({});
    // The client's own lag: how late a 2 ms timer fires on its loop. When it is large, the
    // latency figures include the client's delay in reading, not only the server's.
    std::vector<double> lag_ms;
    net::steady_timer ticker(ioc);
    Clock::time_point due = Clock::now();
    std::function<void(error_code)> tick = [&](error_code ec) {
        if (ec) return;
        const auto t = Clock::now();
        lag_ms.push_back(std::chrono::duration<double, std::milli>(t - due).count());
        due = t + std::chrono::milliseconds(2);
        if (t >= shared.stop_at) return;
        ticker.expires_at(due);
        ticker.async_wait(tick);
    };
    tick({});
    // Bounded: whatever happens, the run ends 30 s after the playing time.
    ioc.run_for(std::chrono::milliseconds(static_cast<int>(options.seconds * 1000) + 30000));
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    const double play_time = std::min(elapsed, options.seconds);
    Stats& st = shared.stats;
    long hwm = -1, final_rss = -1;
    const double client_cpu = client::proc_cpu_seconds(0) - client_cpu_start;
    double server_cpu = -1;
    double network_cpu_end = -1;
    std::string server_page;
    if (server_pid > 0) {
        server_page = fetch_metrics(metrics_port_in(server.out));
        server_cpu = client::proc_cpu_seconds(server_pid) - server_cpu_start;
        network_cpu_end = network_cpu();
        hwm = client::proc_status_kib(server_pid, "VmHWM:");
        final_rss = client::proc_status_kib(server_pid, "VmRSS:");
        client::stop_server(server.child, SIGTERM);
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(server.db + suffix);
        std::filesystem::remove(server.out);
    }
    std::cout << "concurrent games " << options.games << ", think " << options.think_ms
              << " ms (uniform 0.." << 2 * options.think_ms << "), " << options.seconds << " s\n";
    std::cout << "games started " << st.games_started << ", finished " << st.games_finished
              << ", peak connections " << st.peak_connected << '\n';
    std::cout << "moves " << st.moves << ", " << st.moves / play_time << " moves/s\n";
    const auto latency_line = [](const std::string& label, const std::vector<double>& ms) {
        std::cout << label << ": p50 " << percentile(ms, 0.50) << ", p99 " << percentile(ms, 0.99)
                  << ", max " << (ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end())) << '\n';
    };
    latency_line("latency ms", st.latency_ms);
    std::ostringstream live_label;
    live_label << "latency ms once every game has started (after the " << options.ramp
               << " s ramp, " << st.live_latency_ms.size() << " moves)";
    latency_line(live_label.str(), st.live_latency_ms);
    print_end_spread(st.ends_by_second, options);
    std::cout << "client loop lag ms: p50 " << percentile(lag_ms, 0.50) << ", p99 "
              << percentile(lag_ms, 0.99) << '\n';
    std::cout << "errors " << st.errors << '\n';
    for (const std::string& e : st.first_errors) std::cout << "  " << e.substr(0, 200) << '\n';
    if (server_pid > 0)
        std::cout << "server memory: peak RSS " << peak_rss / 1024.0 << " MiB (VmHWM "
                  << hwm / 1024.0 << " MiB)\n";
    // Lines added after the established ones, so that scripts reading those keep working.
    std::cout << "client addresses " << shared.sources.describe() << " ("
              << std::max(1, shared.sources.count()) << ")\n";
    if (server_pid > 0) std::cout << "server RSS at the end " << final_rss / 1024.0 << " MiB\n";
    std::cout << "nodes " << shared.targets.size() << ", redirects followed "
              << st.http_redirects + st.ws_redirects << " (HTTP 307 " << st.http_redirects
              << ", WebSocket moved " << st.ws_redirects << ")\n";
    const double per_kmove = 1000.0 / static_cast<double>(std::max<uint64_t>(1, st.moves));
    std::cout << "cpu s per 1000 moves: client " << client_cpu * per_kmove;
    if (server_cpu >= 0) std::cout << ", server " << server_cpu * per_kmove;
    std::cout << " (load average " << client::load_average() << ")\n";
    if (network_cpu_end >= 0) {
        std::cout << "server network thread cpu s per 1000 moves: "
                  << (network_cpu_end - network_cpu_start) * per_kmove;
        if (network_cpu_at_ramp >= 0 && st.moves > moves_at_ramp)
            std::cout << " (after the ramp: "
                      << (network_cpu_end - network_cpu_at_ramp) * 1000.0 /
                             static_cast<double>(st.moves - moves_at_ramp)
                      << ")";
        std::cout << '\n';
    }
    if (!server_page.empty()) print_server_view(server_page);
    return st.errors == 0 ? 0 : 1;
}

}  // namespace

void add_loadtest_command(CLI::App& app, ExitStatus& status) {
    auto o = std::make_shared<LoadOptions>();
    CLI::App* cmd = app.add_subcommand(
        "loadtest", "Play many concurrent games against a loopback server and report figures");
    cmd->add_option("--games", o->games, "Concurrent games (two connections each)")
        ->check(CLI::Range(1, 20000))
        ->capture_default_str();
    cmd->add_option("--seconds", o->seconds, "Playing time")
        ->check(CLI::Range(1.0, 3600.0))
        ->capture_default_str();
    cmd->add_option("--ramp", o->ramp, "Seconds over which the games start")
        ->check(CLI::Range(0.0, 600.0))
        ->capture_default_str();
    cmd->add_option("--think-ms", o->think_ms, "Mean think time per move")
        ->check(CLI::Range(0, 60000))
        ->capture_default_str();
    cmd->add_option("--seed", o->seed, "Seed of the games' choices (one per load process)")
        ->capture_default_str();
    cmd->add_option("--port", o->port, "Use the server on this loopback port (0: start one)")
        ->check(CLI::Range(0, 65535));
    cmd->add_option("--connect", o->connect,
                    "A node to play against, http://IP:PORT, repeatable: one load spread over "
                    "several nodes (docs/MULTINODE.md); replaces --port and the started server")
        ->allow_extra_args(false);
    cmd->add_option("--engine-threads", o->engine_threads, "Engine threads of the started server")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--source-addresses", o->source_addresses,
                    "Connect from N loopback addresses 127.0.0.2.. in turn, one per table, so "
                    "the server's per-address limits can stay on (0: one per 8 games)")
        ->check(CLI::Range(0, 1 << 20))
        ->capture_default_str();
    cmd->add_option("--serve-arg", o->serve_args,
                    "One more option for the started server, repeatable: "
                    "--serve-arg=--tables-per-minute=600")
        ->allow_extra_args(false);
    add_server_binary_option(*cmd, o->server_binary);
    cmd->add_option("--lobby-players", o->lobby_players,
                    "Lobby mode: N registered players seek, accept and quick-pair over "
                    "/ws/lobby, playing a few moves of each game (pairings/s, pairing latency)")
        ->check(CLI::Range(0, 10000))
        ->check([](const std::string& v) {
            return std::stoi(v) % 2 == 0 ? std::string() : std::string("must be even");
        });
    cmd->add_option("--lobby-moves", o->lobby_moves,
                    "Lobby mode: plies of a seek game before the player to move resigns")
        ->check(CLI::Range(0, 200))
        ->capture_default_str();
    cmd->add_flag("--arena", o->arena,
                  "Lobby mode as one arena tournament of --seconds: the players join it and play "
                  "its pairings (latency from a game's end to the next pairing)");
    cmd->add_option("--rejoin-seconds", o->rejoin_seconds,
                    "Lobby mode: a table socket that drops (its node was killed) is opened again "
                    "through the player's node for this long (0: a drop is an error)")
        ->check(CLI::Range(0.0, 600.0))
        ->capture_default_str();
    cmd->add_option("--signup-flood", o->signup_flood,
                    "Sign-up flood mode: N addresses each sign up 10 players at once while "
                    "other addresses log in (logins/s, login latency p50/p99)")
        ->check(CLI::Range(0, 100000));
    cmd->add_option("--flood-logins", o->flood_logins,
                    "Sign-up flood mode: addresses that log in (9 logins each)")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->callback([o, &status] {
        try {
            if (o->signup_flood > 0) {
                SignupFloodOptions flood;
                flood.flood_addresses = o->signup_flood;
                flood.login_addresses = o->flood_logins;
                flood.port = o->port;
                flood.host = o->host;
                flood.engine_threads = o->engine_threads;
                flood.serve_args = o->serve_args;
                flood.server_binary = o->server_binary;
                status.code = run_signup_flood(flood);
            } else if (o->lobby_players > 0) {
                LobbyLoadOptions lobby;
                lobby.players = o->lobby_players;
                lobby.seconds = o->seconds;
                lobby.moves = o->lobby_moves;
                lobby.arena = o->arena;
                lobby.rejoin_seconds = o->rejoin_seconds;
                lobby.port = o->port;
                lobby.host = o->host;
                lobby.connect = o->connect;
                lobby.engine_threads = o->engine_threads;
                lobby.serve_args = o->serve_args;
                lobby.server_binary = o->server_binary;
                status.code = run_lobby_loadtest(lobby);
            } else {
                status.code = run_loadtest(*o);
            }
        } catch (const std::exception& e) {
            std::cerr << "loadtest: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

}  // namespace reversi::stress
