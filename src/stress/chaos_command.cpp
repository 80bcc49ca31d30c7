// SPDX-License-Identifier: MIT
// `reversi-stress chaos`: the durability check of the server under crashes and storage faults.
// Scripted clients play many concurrent games (two remote players each, and a few against
// the computer) against a `reversi serve` child whose storage commits fail at random
// (--fault-rate); at random instants the server is SIGKILLed and started again on the same
// port and database, and the clients reconnect with their tokens and play on from whatever
// state the server gives them. Every state a client receives acknowledges its moves (the
// server commits before it broadcasts), so the clients record, per table, the longest move
// list ever acknowledged. At the end the server is started once more without faults and
// every table is checked: its stored moves begin with every acknowledged move, an
// acknowledged end of game is stored, and every unfinished game takes one more move.
// A move that was never acknowledged may be lost; an acknowledged one never.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange
// clang-format on

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>

#include "stress/commands.h"
#include "stress/server_child.h"
#include "stress/ws_client.h"

namespace reversi::stress {

namespace {

using namespace client;
using net::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

struct ChaosOptions {
    int games = 50;           // tables of two remote players
    int computer_games = -1;  // tables against the computer; -1: one per ten games, at least 1
    int kills = 10;
    double seconds = 120;  // the chaos phase ends after this, even short of --kills
    double fault_rate = 0.02;
    uint64_t seed = 1;
    std::string dir;
    bool keep = false;
    int think_ms = 40;                // mean think time per move (uniform 0..2x)
    double min_gap = 1, max_gap = 4;  // seconds between two kills
    int source_addresses = 250;
    // A player resigns right behind one move in this many: the two writes of one table then
    // often share a storage transaction, the case in which a failed batch must not commit a
    // later write of a table whose earlier one failed. 0: never.
    int resign_odds = 30;
    std::vector<std::string> serve_args;
    std::string server_binary;  // empty: the `reversi` beside this executable
};

// What the clients learned about one table.
struct TableRecord {
    std::string id;
    std::string token[2];
    bool computer = false;
    bool joined = false;             // every seat taken (acknowledged): a game to check
    std::vector<std::string> acked;  // the longest move list a state acknowledged
    bool acked_finished = false;     // a state acknowledged the end of the game
    bool over = false;               // the clients stopped playing it
    int contradictions = 0;          // states whose moves contradicted an acknowledged list
};

struct Counters {
    uint64_t states = 0, moves_sent = 0, resigns_sent = 0;
    uint64_t storage_errors = 0, refused = 0, other_errors = 0, not_found = 0;
    uint64_t connects = 0, drops = 0;
    uint64_t creates_failed = 0, joins_failed = 0, join_answers_lost = 0;
    std::vector<std::string> first_errors;
    void note(const std::string& what) {
        if (first_errors.size() < 8) first_errors.push_back(what.substr(0, 300));
    }
};

struct Chaos {
    ChaosOptions options;
    Target target;
    SourceAddresses sources;
    std::atomic<bool> stopping{false};
    std::vector<std::shared_ptr<TableRecord>> tables;
    Counters counters;
};

// Records the acknowledgement a state carries. A list that neither extends nor is a prefix
// of what was acknowledged before contradicts it: the server forgot an acknowledged move.
void acknowledge(TableRecord& t, const MessageView& state) {
    if (!acknowledge_moves(t.acked, state.moves)) {
        t.contradictions++;
        return;
    }
    if (state.status == "finished") t.acked_finished = true;
}

std::string ws_path(const TableRecord& t, int seat) {
    return "/ws?table=" + t.id + "&token=" + t.token[seat];
}

// One player of one table, through every crash: connects, plays random legal moves when its
// seat is to move, and after a storage error (`internal`, `unavailable`) or a dropped
// connection reconnects with its token and goes on from the state the server sends.
awaitable<void> play_seat(Chaos& c, std::shared_ptr<TableRecord> t, int seat, uint64_t seed) {
    std::mt19937_64 rng(seed);
    Counters& n = c.counters;
    int not_found_in_a_row = 0;
    while (!t->over && !c.stopping) {
        try {
            TimedWs ws(co_await net::this_coro::executor);
            const net::ip::address source = c.sources.next();
            const std::string path = ws_path(*t, seat);
            co_await ws.connect(c.target, source, path);
            n.connects++;
            bool seen_state = false;
            bool draining = false;  // after a storage error: take what still comes, reconnect
            int sent_ply = -1;
            for (;;) {
                std::string text;
                if (draining) {
                    try {
                        text = co_await ws.read(milliseconds(300));
                    } catch (const std::exception&) {
                        break;  // nothing more (or closed by the server): reconnect
                    }
                } else {
                    // Silence this long means a lost message or a hung server: reconnect.
                    text = co_await ws.read(milliseconds(10000));
                }
                const MessageView m = read_message(text, true);
                if (m.type == "error") {
                    if (m.code == "internal" || m.code == "unavailable") {
                        // The storage fault path: the change was not saved.
                        n.storage_errors++;
                        draining = true;
                    } else if (m.code == "not_found") {
                        n.not_found++;
                        // At connect: the table is gone (the final check tells whether it
                        // held anything acknowledged); later: the room was dropped.
                        if (!seen_state && ++not_found_in_a_row >= 3) {
                            n.note("table " + t->id + ": " + text);
                            t->over = true;
                        }
                        break;
                    } else if (is_refusal(m.code)) {
                        n.refused++;  // a move or resignation overtaken by events
                    } else {
                        n.other_errors++;
                        n.note("table " + t->id + ": " + text);
                    }
                    continue;
                }
                if (m.type != "state") continue;
                seen_state = true;
                not_found_in_a_row = 0;
                n.states++;
                acknowledge(*t, m);
                if (m.status == "finished") {
                    t->over = true;
                    break;
                }
                if (c.stopping) break;
                if (draining || m.status != "playing" || m.ply == sent_ply ||
                    !holds(m.you, m.to_move))
                    continue;
                if (m.legal.empty()) {
                    n.other_errors++;
                    n.note("a state to move in has no legal move: " + text);
                    break;
                }
                const std::string square = m.legal[rng() % m.legal.size()];
                const int think = think_time_ms(rng, c.options.think_ms);
                if (think > 0) co_await pause(milliseconds(think));
                if (c.stopping) break;
                sent_ply = m.ply;
                const std::string move = move_message(square, m.ply);
                co_await ws.write(move);
                n.moves_sent++;
                if (!t->computer && c.options.resign_odds > 0 &&
                    rng() % c.options.resign_odds == 0) {
                    const std::string resign = R"({"type":"resign"})";
                    co_await ws.write(resign);
                    n.resigns_sent++;
                }
            }
            ws.drop();
        } catch (const std::exception&) {
            n.drops++;  // killed server, refused connection, silence: all expected here
        }
        if (t->over || c.stopping) break;
        co_await pause(milliseconds(50 + rng() % 200));
    }
}

std::string create_request(int slot, bool computer) {
    json seats = json::array();
    seats.push_back(json{{"type", "human"}});
    seats.push_back(computer ? json{{"type", "computer"}, {"level", 1}} : json{{"type", "human"}});
    return json{{"setup", {{"board", slot % 3 == 2 ? "6" : "8"}}},
                {"seats", seats},
                {"seat", 0},
                {"name", "chaos"},
                {"hints", false}}
        .dump();
}

// Plays tables one after another on one slot until the chaos phase ends.
awaitable<void> game_slot(Chaos& c, int slot, bool computer) {
    auto executor = co_await net::this_coro::executor;
    std::mt19937_64 rng(c.options.seed * 1000003 + slot);
    Counters& n = c.counters;
    co_await pause(milliseconds(slot * 1000 / std::max(1, c.options.games)));
    while (!c.stopping) {
        auto t = std::make_shared<TableRecord>();
        t->computer = computer;
        const std::string create_body = create_request(slot, computer);
        HttpAnswer made;
        const net::ip::address source = c.sources.next();
        const std::string create_path = "/api/tables";
        try {
            made = co_await http_call(c.target, source, http::verb::post, create_path, create_body,
                                      10);
        } catch (const std::exception&) {
        }
        if (made.status != 200) {
            // Killed server or failed commit: no table was acknowledged; try again.
            n.creates_failed++;
            if (made.status != 0 && made.status != 503)
                n.note("create: HTTP " + std::to_string(made.status) + " " + made.body);
            co_await pause(milliseconds(200 + rng() % 300));
            continue;
        }
        const json answer = json::parse(made.body);
        t->id = answer["table"];
        t->token[0] = answer["token"];
        c.tables.push_back(t);
        if (computer) {
            t->joined = true;
        } else {
            const std::string join_body = json{{"seat", 1}, {"name", "chaos"}}.dump();
            const std::string join_path = "/api/tables/" + t->id + "/join";
            while (!c.stopping) {
                HttpAnswer joined;
                const net::ip::address join_source = c.sources.next();
                try {
                    joined = co_await http_call(c.target, join_source, http::verb::post, join_path,
                                                join_body, 10);
                } catch (const std::exception&) {
                }
                if (joined.status == 200) {
                    t->token[1] = json::parse(joined.body)["token"];
                    t->joined = true;
                    break;
                }
                if (joined.status == 409 || joined.status == 404) {
                    // 409: our own join was committed but its answer lost to a kill (the
                    // seat is held by a token we never got). 404: the final check judges.
                    if (joined.status == 409) n.join_answers_lost++;
                    break;
                }
                n.joins_failed++;
                co_await pause(milliseconds(200 + rng() % 300));
            }
            if (!t->joined) {
                t->over = true;
                continue;
            }
        }
        auto done = std::make_shared<int>(0);
        const int players = computer ? 1 : 2;
        net::steady_timer finished(executor, Clock::time_point::max());
        for (int seat = 0; seat < players; ++seat)
            net::co_spawn(executor, play_seat(c, t, seat, rng()),
                          [done, players, &finished](std::exception_ptr) {
                              if (++*done == players) finished.cancel();
                          });
        error_code ec;
        co_await finished.async_wait(net::redirect_error(use_awaitable, ec));
    }
}

// Step: the checks against the last, fault-free server.

struct Verdict {
    int games = 0, waiting = 0, finished = 0, unfinished = 0;
    uint64_t acked_moves = 0, acked_computer_moves = 0, lost_moves = 0;
    int tables_losing = 0, missing = 0, unreadable = 0, lost_changes = 0;
    int continued = 0, not_continuable = 0, contradictions = 0;
    std::vector<std::string> problems;
    void problem(const std::string& what) {
        if (problems.size() < 20) problems.push_back(what);
    }
};

std::string move_list(const std::vector<std::string>& moves, size_t from) {
    std::string text;
    for (size_t i = from; i < moves.size() && i < from + 8; ++i) text += " " + moves[i];
    if (moves.size() > from + 8) text += " ...";
    return text.empty() ? " (none)" : text;
}

// Sends one legal move at an unfinished game and waits for its acknowledgement (at a
// computer table whose computer is to move, waits for the computer's move).
awaitable<bool> continue_game(Chaos& c, const TableRecord& t, std::string& why) {
    int seat = 0;
    for (int attempt = 0; attempt < 2; ++attempt) {
        TimedWs ws(co_await net::this_coro::executor);
        const net::ip::address source = c.sources.next();
        const std::string path = ws_path(t, seat);
        co_await ws.connect(c.target, source, path);
        MessageView m;
        do {
            const std::string text = co_await ws.read(milliseconds(10000));
            m = read_message(text, true);
            if (m.type == "error") {
                why = "error " + m.code + ": " + m.message;
                co_return false;
            }
        } while (m.type != "state");
        if (m.status != "playing") {
            why = "status " + m.status;
            co_return m.status == "finished";
        }
        const int ply = m.ply;
        std::string sent;
        if (holds(m.you, m.to_move)) {
            if (m.legal.empty()) {
                why = "no legal move";
                co_return false;
            }
            sent = m.legal.front();
            const std::string move = move_message(sent, ply);
            co_await ws.write(move);
        } else if (!t.computer) {
            seat = m.to_move;  // the other player's connection moves
            ws.drop();
            continue;
        }
        for (;;) {
            const std::string text = co_await ws.read(milliseconds(15000));
            m = read_message(text, true);
            if (m.type == "error") {
                why = "error " + m.code + ": " + m.message;
                co_return false;
            }
            if (m.type == "state" && m.ply > ply) {
                if (!sent.empty() &&
                    (static_cast<int>(m.moves.size()) <= ply || m.moves[ply] != sent)) {
                    why = "the state after the move does not hold it";
                    co_return false;
                }
                ws.drop();
                co_return true;
            }
        }
    }
    why = "no seat of ours is to move";
    co_return false;
}

awaitable<void> verify_table(Chaos& c, std::shared_ptr<TableRecord> t, Verdict& v) {
    v.contradictions += t->contradictions;
    if (t->contradictions)
        v.problem("table " + t->id + ": " + std::to_string(t->contradictions) +
                  " states contradicted an acknowledged move list");
    v.acked_moves += t->acked.size();
    if (t->computer) v.acked_computer_moves += t->acked.size() / 2;
    HttpAnswer got;
    const std::string path = "/api/games/" + t->id, no_body;
    for (int attempt = 0; attempt < 3 && got.status == 0; ++attempt) {
        const net::ip::address source = c.sources.next();
        try {
            got = co_await http_call(c.target, source, http::verb::get, path, no_body, 10);
        } catch (const std::exception&) {
        }
        if (got.status == 0) co_await pause(milliseconds(300));  // no co_await in a handler
    }
    if (got.status == 404) {
        // Created (acknowledged by its 200 answer) and now unknown: everything is gone.
        v.missing++;
        v.lost_moves += t->acked.size();
        if (!t->acked.empty()) v.tables_losing++;
        v.problem("table " + t->id + " is missing; " + std::to_string(t->acked.size()) +
                  " acknowledged moves lost");
        co_return;
    }
    if (got.status != 200) {
        v.unreadable++;
        v.problem("table " + t->id + ": GET /api/games answered " + std::to_string(got.status) +
                  " " + got.body.substr(0, 200));
        co_return;
    }
    const json game = json::parse(got.body);
    const auto stored = game["moves"].get<std::vector<std::string>>();
    const bool finished = game.value("finished", false);
    const std::string status = game.value("status", "");
    const size_t common =
        std::mismatch(t->acked.begin(), t->acked.end(), stored.begin(), stored.end()).first -
        t->acked.begin();
    if (common < t->acked.size()) {
        v.lost_moves += t->acked.size() - common;
        v.tables_losing++;
        v.problem("table " + t->id + ": acknowledged from ply " + std::to_string(common) + ":" +
                  move_list(t->acked, common) + "; stored:" + move_list(stored, common));
    }
    if (t->acked_finished && !finished) {
        v.lost_changes++;
        v.problem("table " + t->id + ": the acknowledged end of the game is not stored");
    }
    if (!t->joined) {
        v.waiting++;
        co_return;
    }
    v.games++;
    if (status == "waiting") {
        v.lost_changes++;
        v.problem("table " + t->id + ": the acknowledged join is not stored");
        co_return;
    }
    if (finished) {
        v.finished++;
        co_return;
    }
    v.unfinished++;
    std::string why;
    bool ok = false;
    try {
        ok = co_await continue_game(c, *t, why);
    } catch (const std::exception& e) {
        why = e.what();
    }
    if (ok) {
        v.continued++;
    } else {
        v.not_continuable++;
        v.problem("table " + t->id + " cannot be continued: " + why);
    }
}

// Step: the run.

struct ServerRun {
    std::filesystem::path binary, dir, db, out, err;
    std::vector<std::string> args(int port, double fault_rate,
                                  const std::vector<std::string>& extra) const {
        std::vector<std::string> a = {"--port",    std::to_string(port), "--db",
                                      db.string(), "--engine-threads",   "1"};
        if (fault_rate > 0) {
            std::ostringstream rate;
            rate << fault_rate;
            a.insert(a.end(), {"--storage-fault-rate", rate.str()});
        }
        // Creating tables is not what this test is about: the per-address rate limit stays
        // out of its way unless --serve-arg sets it.
        if (std::none_of(extra.begin(), extra.end(), [](const std::string& arg) {
                return arg.rfind("--tables-per-minute", 0) == 0;
            }))
            a.insert(a.end(), {"--tables-per-minute", "100000"});
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }
    // Starts the server; the port of a killed one can be busy for a moment, so retry.
    ServerChild start(const std::vector<std::string>& args) const {
        for (int attempt = 1;; ++attempt) {
            try {
                return start_server(binary, args, out.string(), err.string());
            } catch (const std::exception&) {
                if (attempt >= 20) throw;
                std::this_thread::sleep_for(milliseconds(250));
            }
        }
    }
};

int count_lines(const std::filesystem::path& file, const std::string& text) {
    std::ifstream f(file);
    std::string line;
    int n = 0;
    while (std::getline(f, line)) n += line.find(text) != std::string::npos;
    return n;
}

int run_chaos(const ChaosOptions& options) {
    raise_open_file_limit();
    ServerRun run;
    run.binary = server_binary(options.server_binary);
    run.dir = run_directory(options.dir, "reversi_chaos");
    run.db = run.dir / "chaos.db";
    run.out = run.dir / "server.out";
    run.err = run.dir / "server.err";
    for (const auto& f : {run.db.string(), run.db.string() + "-wal", run.db.string() + "-shm",
                          run.out.string(), run.err.string()})
        std::filesystem::remove(f);

    Chaos c;
    c.options = options;
    c.sources = SourceAddresses(options.source_addresses);
    const int computer_games =
        options.computer_games >= 0 ? options.computer_games : std::max(1, options.games / 10);
    ServerChild server = run.start(run.args(0, options.fault_rate, options.serve_args));
    const int port = server.port;
    c.target = loopback_target(port);
    std::cout << "chaos: " << options.games << " games of two players and " << computer_games
              << " against the computer, fault rate " << options.fault_rate << ", seed "
              << options.seed << ", server on port " << port << ", files in " << run.dir.string()
              << std::endl;

    // The killer: its own thread, so that a restart never stalls the clients' loop.
    const auto start = Clock::now();
    const auto end = start + milliseconds(static_cast<int>(options.seconds * 1000));
    std::atomic<int> kills{0};
    std::string killer_error;
    std::thread killer([&] {
        std::mt19937_64 rng(options.seed);
        std::uniform_real_distribution<double> gap(options.min_gap, options.max_gap);
        try {
            for (;;) {
                const auto at =
                    std::min(end, Clock::now() + milliseconds(static_cast<int>(gap(rng) * 1000)));
                std::this_thread::sleep_until(at);
                // The last kill ends the chaos phase: the clients see `stopping` as their
                // connections drop.
                if (kills + 1 >= options.kills || Clock::now() >= end) c.stopping = true;
                stop_server(server, SIGKILL);
                kills++;
                const double t = std::chrono::duration<double>(Clock::now() - start).count();
                if (c.stopping) {
                    std::cout << "kill " << kills << " at " << t << " s: the chaos phase ends"
                              << std::endl;
                    break;
                }
                const auto up = Clock::now();
                server = run.start(run.args(port, options.fault_rate, options.serve_args));
                std::cout << "kill " << kills << " at " << t << " s, serving again after "
                          << std::chrono::duration<double>(Clock::now() - up).count() << " s"
                          << std::endl;
            }
        } catch (const std::exception& e) {
            killer_error = e.what();
            c.stopping = true;
        }
    });
    {
        net::io_context ioc{1};
        for (int slot = 0; slot < options.games + computer_games; ++slot)
            net::co_spawn(ioc, game_slot(c, slot, slot >= options.games), net::detached);
        // Bounded: the clients stop once the last kill drops their connections.
        ioc.run_for(milliseconds(static_cast<int>(options.seconds * 1000) + 60000));
        c.stopping = true;
    }
    killer.join();
    stop_server(server, SIGKILL);  // normally already dead (the last kill)
    const double chaos_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!killer_error.empty()) {
        std::cout << "chaos: the server could not be restarted: " << killer_error << '\n';
        return 1;
    }

    // The last start, without faults, and the checks.
    std::cout << "checking " << c.tables.size() << " tables against a server without faults"
              << std::endl;
    server = run.start(run.args(port, 0, options.serve_args));
    Verdict v;
    {
        net::io_context ioc{1};
        for (const auto& t : c.tables)
            net::co_spawn(ioc, verify_table(c, t, v), [&v, t](std::exception_ptr e) {
                if (!e) return;
                v.unreadable++;
                try {
                    std::rethrow_exception(e);
                } catch (const std::exception& x) {
                    v.problem("table " + t->id + ": " + x.what());
                }
            });
        ioc.run_for(milliseconds(120000));
    }
    stop_server(server, SIGTERM);

    const Counters& n = c.counters;
    // The server logs each failed transaction ("storage: write failed: injected fault: ...")
    // and each table it repairs or sets aside when restoring or loading it.
    const int injected = count_lines(run.err, "injected fault");
    const int write_failed = count_lines(run.err, "storage: write failed");
    const int repairs =
        count_lines(run.err, "restore: table") + count_lines(run.err, "load: table");
    std::cout << "kills " << kills << " (every " << options.min_gap << "-" << options.max_gap
              << " s) in " << chaos_seconds << " s\n";
    std::cout << "storage faults: " << injected << " injected, " << write_failed
              << " failed transactions (server log); " << n.storage_errors
              << " `internal`/`unavailable` errors seen by clients; " << repairs
              << " tables repaired or set aside at restore\n";
    std::cout << "tables " << c.tables.size() << ": games " << v.games << " (finished "
              << v.finished << ", unfinished " << v.unfinished << "), never joined " << v.waiting
              << "; creates failed " << n.creates_failed << ", joins failed " << n.joins_failed
              << ", join answers lost " << n.join_answers_lost << '\n';
    std::cout << "acknowledged moves " << v.acked_moves << " (about " << v.acked_computer_moves
              << " by the computer); moves sent " << n.moves_sent << ", resignations sent "
              << n.resigns_sent << ", states received " << n.states << '\n';
    std::cout << "connections " << n.connects << ", dropped " << n.drops << "; refused moves "
              << n.refused << ", not_found " << n.not_found << ", other errors " << n.other_errors
              << '\n';
    for (const std::string& e : n.first_errors) std::cout << "  " << e << '\n';
    std::cout << "moves lost " << v.lost_moves << " (tables " << v.tables_losing
              << "), tables missing " << v.missing << ", other acknowledged changes lost "
              << v.lost_changes << ", contradicting states " << v.contradictions << ", unreadable "
              << v.unreadable << '\n';
    std::cout << "unfinished games continued " << v.continued << ", not continuable "
              << v.not_continuable << '\n';
    for (const std::string& p : v.problems) std::cout << "  " << p << '\n';
    const bool ok = v.lost_moves == 0 && v.missing == 0 && v.lost_changes == 0 &&
                    v.contradictions == 0 && v.unreadable == 0 && v.not_continuable == 0 &&
                    v.acked_moves > 0 && kills > 0;
    if (v.acked_moves == 0) std::cout << "  no move was acknowledged at all\n";
    std::cout << "chaos: " << (ok ? "PASS" : "FAIL") << '\n';
    if (options.keep || !ok) {
        std::cout << "files kept in " << run.dir.string() << '\n';
    } else {
        remove_run_directory(run.dir);
    }
    return ok ? 0 : 1;
}

}  // namespace

void add_chaos_command(CLI::App& app, ExitStatus& status) {
    auto o = std::make_shared<ChaosOptions>();
    CLI::App* cmd = app.add_subcommand(
        "chaos",
        "Play many games against a server that is SIGKILLed at random instants and whose "
        "storage fails at random; check that no acknowledged move is lost");
    cmd->add_option("--games", o->games, "Concurrent games of two remote players")
        ->check(CLI::Range(1, 5000))
        ->capture_default_str();
    cmd->add_option("--computer-games", o->computer_games,
                    "Concurrent games against the computer (level 1); -1: one per ten games")
        ->check(CLI::Range(-1, 5000))
        ->capture_default_str();
    cmd->add_option("--kills", o->kills,
                    "SIGKILLs of the server; the last one ends the chaos phase")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    cmd->add_option("--seconds", o->seconds, "Longest chaos phase, even short of --kills")
        ->check(CLI::Range(1.0, 86400.0))
        ->capture_default_str();
    cmd->add_option("--fault-rate", o->fault_rate,
                    "Probability that a storage commit fails (serve --storage-fault-rate)")
        ->check(CLI::Range(0.0, 0.5))
        ->capture_default_str();
    cmd->add_option("--min-gap", o->min_gap, "Shortest time between two kills, seconds")
        ->check(CLI::Range(0.1, 3600.0))
        ->capture_default_str();
    cmd->add_option("--max-gap", o->max_gap, "Longest time between two kills, seconds")
        ->check(CLI::Range(0.1, 3600.0))
        ->capture_default_str();
    cmd->add_option("--think-ms", o->think_ms, "Mean think time per move (uniform 0..2x)")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
    cmd->add_option("--resign-odds", o->resign_odds,
                    "A player resigns right behind one move in N, so that two writes of one "
                    "table share a storage transaction (0: never)")
        ->check(CLI::Range(0, 1000000))
        ->capture_default_str();
    cmd->add_option("--seed", o->seed, "Seed of the kill instants and the players' moves")
        ->capture_default_str();
    cmd->add_option("--dir", o->dir,
                    "Directory for the database and the server's logs (default: a temporary one)");
    cmd->add_flag("--keep", o->keep, "Keep the directory (it is always kept after a failure)");
    cmd->add_option("--source-addresses", o->source_addresses,
                    "Connect from N loopback addresses 127.0.0.2.. in turn, so the server's "
                    "per-address limits stay on")
        ->check(CLI::Range(1, 1 << 20))
        ->capture_default_str();
    cmd->add_option("--serve-arg", o->serve_args,
                    "One more option for the server, repeatable: --serve-arg=--engine-queue=64")
        ->allow_extra_args(false);
    add_server_binary_option(*cmd, o->server_binary);
    cmd->callback([o, &status] {
        if (o->min_gap > o->max_gap) {
            std::cerr << "chaos: --min-gap must not exceed --max-gap\n";
            status.code = 2;
            return;
        }
        run_reporting(status, "chaos", [&] { return run_chaos(*o); });
    });
}

}  // namespace reversi::stress
