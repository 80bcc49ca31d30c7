// SPDX-License-Identifier: MIT
// `reversi-stress failover`: the multi-node check of issue 15 (docs/MULTINODE.md). Starts several
// `reversi serve` nodes on one PostgreSQL database, has scripted clients play many games
// across them (each table made on one node, joined and played through others, so redirects
// are followed), SIGKILLs one node mid-game, and lets every game play on to its end on the
// nodes left. Then it reads the database and checks: every acknowledged move is stored, every
// game is finished, the killed node's games were taken over by another node, and no two
// nodes wrote one table (along each table's moves the fences never decrease, and each fence
// was taken by one owner). It reports the failover time: from the kill to the first move
// accepted on the new owner, per table of the killed node. With `--stop term` the node is
// stopped cleanly instead (SIGTERM): it hands its leases over as it stops, so the same checks
// hold and every table must be playing again on another node within half a lease ttl.
#ifdef REVERSI_WITH_POSTGRES
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange
// clang-format on

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "server/common/retry_backoff.h"
#include "server/storage/postgres/connection.h"
#include "stress/server_child.h"
#include "stress/ws_client.h"
#endif
#include "stress/commands.h"

namespace reversi::stress {

#ifdef REVERSI_WITH_POSTGRES

namespace {

using namespace client;
using net::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
namespace pg = server::pg;

struct FailoverOptions {
    std::string db;  // the PostgreSQL server (default $REVERSI_TEST_PG)
    int nodes = 3;
    int games = 30;
    double ttl = 2;           // serve --lease-ttl
    double kill_after = 3;    // seconds after the first game starts
    bool clean_stop = false;  // SIGTERM (a clean stop) rather than SIGKILL
    double seconds = 50;      // the whole run's bound
    int think_ms = 60;        // mean think time per move (uniform 0..2x)
    uint64_t seed = 1;
    std::string dir;
    bool keep = false;
    std::vector<std::string> serve_args;  // more options for every node
    double ramp = -1;                     // seconds over which games start (-1: 20 ms a game)
    std::string server_binary;            // empty: the `reversi` beside this executable
};

struct Node {
    ServerChild child;
    std::string url;  // http://127.0.0.1:PORT, its public address
    Target target;
    bool dead = false;
};

struct FailoverTable {
    std::string id;
    std::string token[2];
    std::vector<std::string> acked;  // the longest move list a state acknowledged
    bool finished = false;           // a state acknowledged the end of the game
    int node = -1;                   // the node of the last state received
    int node_at_kill = -1;           // where it was played when the kill came
    bool finished_at_kill = false;
    int taken_at_ply = -1;    // the ply of the first state another node sent after the kill
    double available_s = -1;  // kill to that state
    double failover_s = -1;   // kill to the first move accepted by that node
    int contradictions = 0;
};

struct Run {
    FailoverOptions options;
    std::vector<Node> nodes;
    std::vector<std::shared_ptr<FailoverTable>> tables;
    bool killed = false;
    int victim = 0;
    Clock::time_point kill_time;
    Clock::time_point deadline;
    double exited_s = -1;  // a clean stop: from SIGTERM to the node's exit
    int exit_status = -1;  // its waitpid status
    uint64_t moves_sent = 0, redirects_followed = 0, reconnects = 0, refused = 0;
    std::vector<std::string> errors;
    void note(const std::string& what) {
        if (errors.size() < 12) errors.push_back(what.substr(0, 300));
    }
    int node_of(const std::string& url) const {
        for (size_t i = 0; i < nodes.size(); ++i)
            if (nodes[i].url == url) return static_cast<int>(i);
        return -1;
    }
};

void acknowledge(Run& run, FailoverTable& t, const MessageView& state, int node) {
    if (!acknowledge_moves(t.acked, state.moves)) {
        t.contradictions++;
        return;
    }
    // On a table the dead node was playing: the first state another node sends is the table
    // as it took it over; the first one with more moves than that, a move it accepted.
    if (run.killed && t.node_at_kill == run.victim && node != run.victim) {
        const double since = std::chrono::duration<double>(Clock::now() - run.kill_time).count();
        const int ply = static_cast<int>(state.moves.size());
        if (t.taken_at_ply < 0) {
            t.taken_at_ply = ply;
            t.available_s = since;
        } else if (t.failover_s < 0 && ply > t.taken_at_ply) {
            t.failover_s = since;
        }
    }
    if (state.status == "finished") t.finished = true;
    t.node = node;
}

// An HTTP call that follows the 307 of a node that does not own the table.
awaitable<HttpAnswer> call_following(Run& run, int node, http::verb method, const std::string& path,
                                     const std::string& body) {
    const net::ip::address any;  // the system picks the source address
    for (int hop = 0; hop < 3; ++hop) {
        HttpAnswer a = co_await http_call(run.nodes[node].target, any, method, path, body, 10);
        if (a.status != 307) co_return a;
        const int owner = run.node_of(json::parse(a.body).value("owner", ""));
        if (owner < 0) co_return a;
        run.redirects_followed++;
        node = owner;
    }
    co_return HttpAnswer{};
}

// One player: connects to any node, follows "moved" to the owner, plays random legal moves,
// and after a drop (a killed node) tries another node until the table's game is over.
awaitable<void> play_seat(Run& run, std::shared_ptr<FailoverTable> t, int seat, uint64_t seed) {
    std::mt19937_64 rng(seed);
    int node = static_cast<int>(rng() % run.nodes.size());
    const std::string path = "/ws?table=" + t->id + "&token=" + t->token[seat];
    int failures = 0;  // tries in a row that found no node serving the table
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    while (!t->finished && Clock::now() < run.deadline) {
        bool moved = false;
        try {
            TimedWs ws(co_await net::this_coro::executor);
            const net::ip::address any;
            co_await ws.connect(run.nodes[node].target, any, path);
            int sent_ply = -1;
            for (;;) {
                const std::string text = co_await ws.read(milliseconds(5000));
                const MessageView m = read_message(text, true);
                if (m.type == "error") {
                    if (m.code == "moved") {
                        const int owner = run.node_of(json::parse(text).value("owner", ""));
                        if (owner >= 0) {
                            node = owner;
                            moved = true;
                            run.redirects_followed++;
                        }
                        break;
                    }
                    if (m.code == "unavailable" || m.code == "internal") break;
                    if (is_refusal(m.code))
                        run.refused++;
                    else
                        run.note("table " + t->id + ": " + text);
                    continue;
                }
                if (m.type != "state") continue;
                failures = 0;
                acknowledge(run, *t, m, node);
                if (t->finished) break;
                if (m.status != "playing" || m.ply == sent_ply || !holds(m.you, m.to_move))
                    continue;
                if (m.legal.empty()) {
                    run.note("table " + t->id + ": a state to move in has no legal move");
                    break;
                }
                const std::string square = m.legal[rng() % m.legal.size()];
                const int think = think_time_ms(rng, run.options.think_ms);
                if (think > 0) co_await pause(milliseconds(think));
                sent_ply = m.ply;
                const std::string move = move_message(square, m.ply);
                co_await ws.write(move);
                run.moves_sent++;
            }
            ws.drop();
        } catch (const std::exception&) {
            // A killed node, or silence: any other node may know where the table went (a
            // random one of all of them came back to the dead one every other try).
            const int n = static_cast<int>(run.nodes.size());
            if (n > 1) node = (node + 1 + static_cast<int>(rng() % (n - 1))) % n;
        }
        if (t->finished) break;
        run.reconnects++;
        // To a named owner at once; otherwise (a dead node, a table not taken over yet) a
        // wait that doubles with each failed try, jittered (issue 51).
        if (!moved) co_await pause(milliseconds(server::retry_delay_ms(++failures, unit(rng))));
    }
}

// Makes one table on node `slot % nodes`, joins it through the next node (a redirect), and
// plays both seats to the end.
awaitable<void> game(Run& run, int slot) {
    auto executor = co_await net::this_coro::executor;
    std::mt19937_64 rng(run.options.seed * 1000003 + slot);
    const int n = static_cast<int>(run.nodes.size());
    // Spread over the ramp: all at once, thousands of tables would be made in one burst.
    const double ramp_s = run.options.ramp >= 0 ? run.options.ramp : 0.02 * run.options.games;
    co_await pause(milliseconds(static_cast<int>(1000 * ramp_s * slot / run.options.games)));
    const std::string create = json{
        {"seats", {{{"type", "human"}}, {{"type", "human"}}}},
        {"seat", 0},
        {"name", "a"},
        {"hints", false}}.dump();
    // Bodies and paths are built outside the co_await expressions: GCC 12 miscompiles
    // initializer lists inside them.
    const std::string tables_path = "/api/tables";
    const HttpAnswer made =
        co_await call_following(run, slot % n, http::verb::post, tables_path, create);
    if (made.status != 200) {
        run.note("create: HTTP " + std::to_string(made.status) + " " + made.body);
        co_return;
    }
    auto t = std::make_shared<FailoverTable>();
    const json answer = json::parse(made.body);
    t->id = answer["table"];
    t->token[0] = answer["token"];
    const std::string join_path = "/api/tables/" + t->id + "/join";
    const std::string join_body = json{{"seat", 1}, {"name", "b"}}.dump();
    const HttpAnswer joined =
        co_await call_following(run, (slot + 1) % n, http::verb::post, join_path, join_body);
    if (joined.status != 200) {
        run.note("join " + t->id + ": HTTP " + std::to_string(joined.status) + " " + joined.body);
        co_return;
    }
    t->token[1] = json::parse(joined.body)["token"];
    run.tables.push_back(t);
    auto done = std::make_shared<int>(0);
    net::steady_timer finished(executor, Clock::time_point::max());
    for (int seat = 0; seat < 2; ++seat)
        net::co_spawn(executor, play_seat(run, t, seat, rng()),
                      [done, &finished](std::exception_ptr) {
                          if (++*done == 2) finished.cancel();
                      });
    error_code ec;
    co_await finished.async_wait(net::redirect_error(use_awaitable, ec));
}

// Polls for the exit of the node stopped by SIGTERM, without blocking the players.
awaitable<void> reap_stopped(Run& run) {
    ServerChild& child = run.nodes[run.victim].child;
    while (child.pid > 0 && Clock::now() < run.deadline) {
        int status = 0;
        if (waitpid(child.pid, &status, WNOHANG) == child.pid) {
            run.exited_s = std::chrono::duration<double>(Clock::now() - run.kill_time).count();
            run.exit_status = status;
            child.pid = -1;
            co_return;
        }
        co_await pause(milliseconds(10));
    }
}

// Step: the checks, on the database itself.

struct Audit {
    uint64_t acked_moves = 0, lost_moves = 0;
    int unfinished = 0, fence_decreases = 0, shared_fences = 0, unlogged_fences = 0;
    int taken_over = 0;  // tables of the killed node whose later moves another node wrote
    // Tables of the killed node whose end it committed itself just before the kill, before
    // its players heard of it: nothing was left to take over.
    int ended_by_victim = 0;
    std::vector<std::string> problems;
    void problem(const std::string& what) {
        if (problems.size() < 20) problems.push_back(what);
    }
};

Audit audit(Run& run, const std::string& uri, const std::string& victim_node) {
    Audit a;
    pg::Connection c(uri);
    // Each (table, fence) taken by one owner only.
    const pg::Result shared = c.exec(
        "SELECT table_id, fence FROM lease_log GROUP BY table_id, fence "
        "HAVING COUNT(DISTINCT owner) > 1");
    a.shared_fences = shared.rows();
    for (int r = 0; r < shared.rows(); ++r)
        a.problem("table " + shared.text(r, 0) + ": fence " + shared.text(r, 1) +
                  " taken by two owners");
    for (const auto& t : run.tables) {
        a.acked_moves += t->acked.size();
        const pg::Result moves = c.exec(
            "SELECT m.square, m.fence, l.owner FROM moves m LEFT JOIN lease_log l ON "
            "l.table_id = m.table_id AND l.fence = m.fence WHERE m.table_id = $1 ORDER BY m.ply",
            {t->id});
        std::vector<std::string> stored;
        int64_t last_fence = 0;
        bool other_owner_after_victim = false, victim_wrote = false;
        for (int r = 0; r < moves.rows(); ++r) {
            stored.push_back(moves.text(r, 0));
            const int64_t fence = moves.integer(r, 1);
            if (fence < last_fence) {
                a.fence_decreases++;
                a.problem("table " + t->id + ": fence " + std::to_string(fence) + " after " +
                          std::to_string(last_fence));
            }
            last_fence = fence;
            if (moves.is_null(r, 2)) {
                a.unlogged_fences++;
                a.problem("table " + t->id + ": fence " + std::to_string(fence) +
                          " of no lease taken");
                continue;
            }
            const std::string owner = moves.text(r, 2);
            if (owner == victim_node)
                victim_wrote = true;
            else if (victim_wrote)
                other_owner_after_victim = true;
        }
        const size_t common =
            std::mismatch(t->acked.begin(), t->acked.end(), stored.begin(), stored.end()).first -
            t->acked.begin();
        if (common < t->acked.size()) {
            a.lost_moves += t->acked.size() - common;
            a.problem("table " + t->id + ": " + std::to_string(t->acked.size() - common) +
                      " acknowledged moves not stored");
        }
        // Who wrote the table's row last (its status): the owner of the row's fence.
        const pg::Result status = c.exec(
            "SELECT t.status, COALESCE(l.owner, '') FROM tables t LEFT JOIN lease_log l ON "
            "l.table_id = t.id AND l.fence = t.fence WHERE t.id = $1",
            {t->id});
        const bool finished = status.rows() == 1 && status.text(0, 0) == "finished";
        if (!finished) {
            a.unfinished++;
            a.problem("table " + t->id + " is not finished in the store");
        }
        if (t->node_at_kill == run.victim && !t->finished_at_kill) {
            if (other_owner_after_victim)
                a.taken_over++;
            else if (finished && status.text(0, 1) == victim_node)
                a.ended_by_victim++;
        }
    }
    return a;
}

std::string node_name(const std::filesystem::path& log) {
    std::ifstream in(log);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("node ", 0) == 0) return line.substr(5, line.find(' ', 5) - 5);
    return {};
}

int run_failover(FailoverOptions options) {
    if (options.db.empty())
        if (const char* env = std::getenv("REVERSI_TEST_PG")) options.db = env;
    if (options.db.empty()) {
        std::cerr << "failover: no database (--db postgresql://... or REVERSI_TEST_PG)\n";
        return 2;
    }
    const std::filesystem::path binary = server_binary(options.server_binary);
    raise_open_file_limit();
    // A schema of its own on that server, first on every node's search path.
    const std::string schema = "reversi_failover_" + std::to_string(getpid());
    const std::string uri = options.db + (options.db.find('?') == std::string::npos ? "?" : "&") +
                            "options=-csearch_path%3D" + schema;
    {
        pg::Connection admin(options.db);
        admin.exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        admin.exec("CREATE SCHEMA " + schema);
    }
    const std::filesystem::path dir = run_directory(options.dir, "reversi_failover");

    Run run;
    run.options = options;
    std::ostringstream ttl;
    ttl << options.ttl;
    for (int i = 0; i < options.nodes; ++i) {
        const std::string log = (dir / ("node" + std::to_string(i))).string();
        std::filesystem::remove(log + ".out");
        std::filesystem::remove(log + ".err");
        Node node;
        std::vector<std::string> args = {"--port", "0", "--db", uri, "--lease-ttl", ttl.str()};
        args.insert(args.end(), {"--engine-threads", "1", "--tables-per-minute", "100000",
                                 "--max-connections-per-address", "100000"});
        args.insert(args.end(), options.serve_args.begin(), options.serve_args.end());
        node.child = start_server(binary, args, log + ".out", log + ".err");
        node.url = "http://127.0.0.1:" + std::to_string(node.child.port);
        node.target = loopback_target(node.child.port);
        run.nodes.push_back(node);
    }
    std::cout << "failover: " << options.nodes << " nodes, " << options.games
              << " games, lease ttl " << options.ttl << " s, kill after " << options.kill_after
              << " s; files in " << dir.string() << std::endl;
    const std::string victim_node = node_name(dir / "node0.out");

    const auto start = Clock::now();
    run.deadline = start + milliseconds(static_cast<int>(options.seconds * 1000));
    {
        net::io_context ioc{1};
        for (int slot = 0; slot < options.games; ++slot)
            net::co_spawn(ioc, game(run, slot), net::detached);
        net::steady_timer kill(ioc,
                               start + milliseconds(static_cast<int>(options.kill_after * 1000)));
        kill.async_wait([&](error_code ec) {
            if (ec) return;
            for (auto& t : run.tables) {
                t->node_at_kill = t->node;
                t->finished_at_kill = t->finished;
            }
            run.killed = true;
            run.kill_time = Clock::now();
            run.nodes[run.victim].dead = true;
            if (!options.clean_stop) {
                stop_server(run.nodes[run.victim].child, SIGKILL);
                return;
            }
            // The node stops by itself: the players go on meanwhile, and the exit is polled.
            ::kill(run.nodes[run.victim].child.pid, SIGTERM);
            net::co_spawn(ioc, reap_stopped(run), net::detached);
        });
        ioc.run_until(run.deadline + milliseconds(2000));
    }
    const double played = std::chrono::duration<double>(Clock::now() - start).count();
    for (Node& node : run.nodes)
        if (!node.dead) stop_server(node.child, SIGTERM);
    // A node that did not stop when asked is killed (and the run fails below).
    stop_server(run.nodes[run.victim].child, SIGKILL);

    const Audit a = audit(run, uri, victim_node);
    std::vector<double> failovers, availables;
    int victim_tables = 0;  // unfinished on the killed node when it was killed
    for (const auto& t : run.tables) {
        if (t->node_at_kill != run.victim || t->finished_at_kill) continue;
        victim_tables++;
        if (t->failover_s >= 0) failovers.push_back(t->failover_s);
        if (t->available_s >= 0) availables.push_back(t->available_s);
    }
    std::sort(failovers.begin(), failovers.end());
    std::sort(availables.begin(), availables.end());
    int contradictions = 0;
    for (const auto& t : run.tables) contradictions += t->contradictions;

    std::cout << "tables " << run.tables.size() << " of " << options.games << " made, played "
              << played << " s; moves sent " << run.moves_sent << ", acknowledged " << a.acked_moves
              << "; redirects followed " << run.redirects_followed << ", reconnects "
              << run.reconnects << ", refused moves " << run.refused << '\n';
    std::cout << (options.clean_stop ? "stopped (SIGTERM) node 0 (" : "killed node 0 (")
              << victim_node << ") at " << options.kill_after << " s, playing " << victim_tables
              << " tables; taken over by another node " << a.taken_over
              << ", ended by it just before the kill " << a.ended_by_victim << '\n';
    const bool clean_exit =
        run.exited_s >= 0 && WIFEXITED(run.exit_status) && WEXITSTATUS(run.exit_status) == 0;
    if (options.clean_stop)
        std::cout << "node 0 " << (clean_exit ? "exited cleanly" : "did not exit cleanly")
                  << " after " << run.exited_s << " s\n";
    if (!failovers.empty())
        std::cout << "failover time (kill to first move accepted on the new owner): min "
                  << failovers.front() << " s, median " << failovers[failovers.size() / 2]
                  << " s, p90 " << failovers[failovers.size() * 9 / 10] << " s, max "
                  << failovers.back() << " s over " << failovers.size() << " tables\n";
    if (!availables.empty())
        std::cout << "table served by the new owner after: min " << availables.front()
                  << " s, median " << availables[availables.size() / 2] << " s, p90 "
                  << availables[availables.size() * 9 / 10] << " s, max " << availables.back()
                  << " s\n";
    std::cout << "moves lost " << a.lost_moves << ", games not finished " << a.unfinished
              << ", fences decreasing " << a.fence_decreases << ", fences with two owners "
              << a.shared_fences << ", fences of no lease " << a.unlogged_fences
              << ", contradicting states " << contradictions << '\n';
    for (const std::string& e : run.errors) std::cout << "  client: " << e << '\n';
    for (const std::string& p : a.problems) std::cout << "  " << p << '\n';
    const bool ok = run.tables.size() == static_cast<size_t>(options.games) && a.lost_moves == 0 &&
                    a.unfinished == 0 && a.fence_decreases == 0 && a.shared_fences == 0 &&
                    a.unlogged_fences == 0 && contradictions == 0 && victim_tables > 0 &&
                    a.taken_over + a.ended_by_victim == victim_tables &&
                    failovers.size() == static_cast<size_t>(victim_tables - a.ended_by_victim) &&
                    // A clean stop hands the tables over: none waits for its lease to expire,
                    // which takes at least 2/3 of a ttl (the last renewal is ttl/3 old at most).
                    (!options.clean_stop || (clean_exit && failovers.back() < options.ttl / 2));
    std::cout << "failover: " << (ok ? "PASS" : "FAIL") << std::endl;
    if (!options.keep && ok) {
        remove_run_directory(dir);
        try {
            pg::Connection(options.db).exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (const std::exception&) {
        }
    } else {
        std::cout << "files kept in " << dir.string() << ", schema " << schema << '\n';
    }
    return ok ? 0 : 1;
}

}  // namespace

void add_failover_command(CLI::App& app, ExitStatus& status) {
    auto o = std::make_shared<FailoverOptions>();
    CLI::App* cmd = app.add_subcommand(
        "failover",
        "Several server nodes on one PostgreSQL database, one SIGKILLed (or stopped) mid-game: "
        "check that its games go on elsewhere and nothing acknowledged is lost "
        "(docs/MULTINODE.md)");
    cmd->add_option("--db", o->db,
                    "PostgreSQL server URI (default $REVERSI_TEST_PG); a schema of its own is "
                    "made there");
    cmd->add_option("--nodes", o->nodes, "Server nodes")
        ->check(CLI::Range(2, 8))
        ->capture_default_str();
    // Two sockets a game: 6,000 games keep one client under a process's 20,000 open files
    // (scripts/multinode-load.sh --kill-after gives it up to its --per-client).
    cmd->add_option("--games", o->games, "Concurrent games of two players")
        ->check(CLI::Range(1, 6000))
        ->capture_default_str();
    cmd->add_option("--lease-ttl", o->ttl, "The nodes' --lease-ttl, seconds")
        ->check(CLI::Range(0.5, 60.0))
        ->capture_default_str();
    cmd->add_option("--kill-after", o->kill_after, "Seconds before node 0 is stopped")
        ->check(CLI::Range(0.1, 600.0))
        ->capture_default_str();
    cmd->add_option_function<std::string>(
           "--stop", [o](const std::string& how) { o->clean_stop = how == "term"; },
           "How node 0 is stopped: kill (SIGKILL, its leases expire) or term (SIGTERM, a clean "
           "stop that hands its tables over at once)")
        ->check(CLI::IsMember({"kill", "term"}))
        ->default_str("kill");
    cmd->add_option("--seconds", o->seconds, "Longest run")
        ->check(CLI::Range(5.0, 3600.0))
        ->capture_default_str();
    cmd->add_option("--think-ms", o->think_ms, "Mean think time per move (uniform 0..2x)")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
    cmd->add_option("--seed", o->seed, "Seed of the players' moves")->capture_default_str();
    cmd->add_option("--ramp", o->ramp,
                    "Seconds over which the games start (default 20 ms a game); kill after it");
    cmd->add_option("--serve-arg", o->serve_args,
                    "One more option for every node, e.g. --serve-arg=--metrics-port=0");
    cmd->add_option("--dir", o->dir, "Directory for the nodes' logs (default: a temporary one)");
    cmd->add_flag("--keep", o->keep, "Keep the logs and the schema (always kept after a failure)");
    add_server_binary_option(*cmd, o->server_binary);
    cmd->callback(
        [o, &status] { run_reporting(status, "failover", [&] { return run_failover(*o); }); });
}

#else
void add_failover_command(CLI::App&, ExitStatus&) {}
#endif

}  // namespace reversi::stress
