// SPDX-License-Identifier: MIT
// `reversi-stress loadtest --lobby-players N`: N players register through the API (keeping their
// session cookie), open the lobby WebSocket and, until the time is up, pair again and
// again: in even rounds partners 2k and 2k+1 meet through a seek (2k posts a casual seek,
// 2k+1 accepts it), in odd rounds everyone asks for a quick pairing (rated, since the
// players are registered). Each pairing is played at the table: a seek game for a few
// plies, then the player to move resigns; a quick game is aborted after Black's first move,
// so that ratings stay level and quick pairing needs no widening window. Reports pairings
// per second and the latency from the accept (or the quick request) to `paired`.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange
// clang-format on

#include "stress/loadtest_lobby.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>

#include "stress/node_targets.h"
#include "stress/percentile.h"
#include "stress/server_child.h"
#include "stress/ws_client.h"

namespace reversi::stress {

namespace {

using namespace reversi::server;
using client::HttpAnswer;
using net::awaitable;
using net::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

struct LobbyStats {
    std::vector<double> pairing_ms;
    std::vector<double> quick_ms;  // the quick pairings' part of pairing_ms
    // Of those, the players paired as they asked (someone was waiting): the server's part.
    std::vector<double> quick_on_arrival_ms;
    double pairings = 0;  // a quick pairing counts a half for each of its two players
    uint64_t games = 0, moves = 0, errors = 0;
    uint64_t redirects = 0;  // table sockets sent on to the table's owner (`moved`)
    uint64_t rejoins = 0;    // table sockets opened again after a drop (--rejoin-seconds)
    int registered = 0;
    std::vector<std::string> first_errors;
    void error(const std::string& what) {
        ++errors;
        if (first_errors.size() < 5) first_errors.push_back(what);
    }
};

struct LobbyShared {
    LobbyLoadOptions options;
    std::vector<client::Target> targets;  // the nodes; one without --connect
    // Player i's node: its HTTP calls, its lobby socket, and its table sockets at first.
    const client::Target& node_of(int player) const {
        return targets[static_cast<size_t>(player) % targets.size()];
    }
    client::SourceAddresses sources;
    Clock::time_point stop_at;
    std::string tag;  // makes this run's names unique on a server that already has players
    LobbyStats stats;
};

std::string player_name(const LobbyShared& shared, int index) {
    return "lt" + shared.tag + "_" + std::to_string(index);
}

// One player's lobby socket and what it has learnt from it: the open seeks by id. The socket
// is read all the time (pump), as a browser reads it, also while the player is at a table:
// otherwise the seeks broadcast meanwhile pile up unread and a `paired` waits behind them.
struct LobbySeat {
    explicit LobbySeat(const net::any_io_executor& executor)
        : ws(executor), arrived(executor, Clock::time_point::max()) {}
    client::TimedWs ws;
    std::map<std::string, std::string> seeks;  // id -> player name
    std::set<std::string> taken;               // seeks this player accepted already
    // A quick_waiting message came since the last quick request: nobody was there to meet.
    bool waited_for_partner = false;
    // Messages read and not taken yet, with when they were read.
    std::deque<std::pair<Clock::time_point, json>> inbox;
    net::steady_timer arrived;         // cancelled when a message comes or the socket ends
    std::optional<std::string> ended;  // why the socket stopped being read
    Clock::time_point last_read{};     // when the message next() returned last was read

    // Reads the socket until it fails or the run is over.
    static awaitable<void> pump(std::shared_ptr<LobbySeat> self, const LobbyShared& shared) {
        try {
            for (;;) {
                const auto left = std::chrono::duration_cast<milliseconds>(
                    shared.stop_at + std::chrono::seconds(5) - Clock::now());
                if (left.count() <= 0) break;
                const std::string text = co_await self->ws.read(std::max(left, milliseconds(1)));
                const auto read_at = Clock::now();
                json msg = json::parse(text);
                self->note(msg);
                self->inbox.emplace_back(read_at, std::move(msg));
                self->arrived.cancel();
            }
            self->ended = "the run is over";
        } catch (const std::exception& e) {
            self->ended = Clock::now() >= shared.stop_at ? "the run is over" : e.what();
        }
        self->arrived.cancel();
    }

    void note(const json& msg) {
        const std::string type = msg.value("type", "");
        if (type == "lobby")
            for (const json& s : msg["seeks"]) seeks[s["id"]] = s["player"];
        if (type == "seek_added") seeks[msg["seek"]["id"]] = msg["seek"]["player"];
        if (type == "seek_removed") seeks.erase(msg["id"].get<std::string>());
        if (type == "quick_waiting") waited_for_partner = true;
    }

    // The next message; nothing once the run is over.
    awaitable<std::optional<json>> next(const LobbyShared& shared) {
        while (inbox.empty()) {
            if (ended) {
                if (Clock::now() >= shared.stop_at) co_return std::nullopt;
                throw std::runtime_error("lobby socket: " + *ended);
            }
            error_code ec;
            co_await arrived.async_wait(net::redirect_error(use_awaitable, ec));
            arrived.expires_at(Clock::time_point::max());
        }
        last_read = inbox.front().first;
        json msg = std::move(inbox.front().second);
        inbox.pop_front();
        co_return msg;
    }
};

// Registers a new player and returns its session cookie.
awaitable<std::string> register_player(LobbyShared& shared, const net::ip::address& source,
                                       int index) {
    const HttpAnswer me =
        co_await client::http_call(shared.node_of(index), source, http::verb::get, "/api/me", "");
    if (me.status != 200 || me.cookie.empty())
        throw std::runtime_error("GET /api/me: HTTP " + std::to_string(me.status) + " " + me.body);
    const std::string body =
        json{{"name", player_name(shared, index)}, {"password", "load-test-password"}}.dump();
    // Password hashing is bounded (503 busy when too many wait) and so are attempts per
    // address (429): a real visitor tries again a little later.
    HttpAnswer reg;
    for (int attempt = 0; attempt < 30; ++attempt) {
        reg = co_await client::http_call(shared.node_of(index), source, http::verb::post,
                                         "/api/register", body, 60, me.cookie);
        if (reg.status != 503 && reg.status != 429) break;
        co_await client::pause(milliseconds((reg.status == 429 ? 5000 : 1000) + 37 * (index % 27)));
    }
    if (reg.status != 200)
        throw std::runtime_error("register: HTTP " + std::to_string(reg.status) + " " + reg.body);
    co_return reg.cookie.empty() ? me.cookie : reg.cookie;
}

// What a seat keeps across the connections of one game.
struct SeatPlay {
    std::mt19937_64 rng;
    std::string ending;
};

// One connection of a seat: plays until the game is over (returns) or the socket fails
// (throws). The table is made on the offer's node: a player whose lobby is on another node
// is sent there by a `moved` error, which it follows.
awaitable<void> play_connection(LobbyShared& shared, client::Target node,
                                const net::ip::address& source, const std::string& cookie,
                                const std::string& path, int stop_ply, SeatPlay& play) {
    auto executor = co_await net::this_coro::executor;
    std::unique_ptr<client::TimedWs> ws;
    std::string first;  // the first message of a connection that was not sent on
    for (int hop = 0; first.empty(); ++hop) {
        ws = std::make_unique<client::TimedWs>(executor);
        co_await ws->connect(node, source, path, cookie);
        std::string text = co_await ws->read(milliseconds(30000));
        const client::MessageView msg = client::read_message(text);
        if (msg.type != "error" || msg.code != "moved") {
            first = std::move(text);
            break;
        }
        const auto owner = client::target_of_url(client::owner_named(text));
        if (!owner || hop == 3)
            throw std::runtime_error("table moved where it cannot be followed: " +
                                     text.substr(0, 200));
        shared.stats.redirects++;
        ws->drop();
        node = *owner;
    }
    // A move sent on an earlier connection and not acknowledged is sent again.
    int sent_ply = -1;
    bool ended = false;
    for (;;) {
        std::string text;
        if (!first.empty())
            text = std::move(first);
        else
            text = co_await ws->read(milliseconds(30000));
        first.clear();
        const client::MessageView msg = client::read_message(text);
        if (msg.type == "error" && play.ending == "abort" && ended) {
            // An abort the table refuses (both have moved by now) ends with a resignation.
            play.ending = "resign";
            const std::string resign = json{{"type", "resign"}}.dump();
            co_await ws->write(resign);
            continue;
        }
        if (msg.type == "error") {
            shared.stats.error("table: " + text.substr(0, 200));
            continue;
        }
        if (msg.type != "state") continue;
        if (msg.status == "finished") co_return;
        if (msg.status != "playing" || msg.ply == sent_ply || ended) continue;
        if (std::find(msg.you.begin(), msg.you.end(), msg.to_move) == msg.you.end()) continue;
        std::string out;
        if (msg.ply >= stop_ply) {
            out = json{{"type", play.ending}}.dump();
            ended = true;
        } else {
            if (msg.legal.empty())
                throw std::runtime_error("no legal move: " + text.substr(0, 200));
            out = client::move_message(msg.legal[play.rng() % msg.legal.size()], msg.ply);
            shared.stats.moves++;
        }
        sent_ply = msg.ply;
        co_await ws->write(out);
    }
}

// Plays one seat of a paired table until the game is over: random legal moves; at `stop_ply`
// the player to move sends `ending` ("resign" or "abort"). With --rejoin-seconds a socket
// that drops is opened again through `node` (the player's own), which sends it to the
// table's owner, old or new.
awaitable<void> play_table(LobbyShared& shared, client::Target node, const net::ip::address& source,
                           const std::string& cookie, const json& paired, int stop_ply,
                           std::string ending, uint64_t seed) {
    // Without a token (a tournament's new leader telling of a table again) the session's
    // player is seated.
    std::string path = "/ws?table=" + paired["table"].get<std::string>();
    if (paired.contains("token")) path += "&token=" + paired["token"].get<std::string>();
    SeatPlay play{std::mt19937_64(seed), std::move(ending)};
    const milliseconds rejoin(static_cast<int64_t>(shared.options.rejoin_seconds * 1000));
    std::optional<Clock::time_point> give_up;  // from the first drop
    for (;;) {
        try {
            co_await play_connection(shared, node, source, cookie, path, stop_ply, play);
            break;
        } catch (const std::exception&) {
            if (!give_up) give_up = Clock::now() + rejoin;
            if (Clock::now() >= *give_up) throw;
        }
        shared.stats.rejoins++;
        co_await client::pause(milliseconds(200));
    }
    shared.stats.games++;
}

// Waits for `paired` on the lobby socket; nothing when the run ended first.
awaitable<std::optional<json>> wait_paired(LobbyShared& shared, LobbySeat& lobby) {
    for (;;) {
        std::optional<json> msg = co_await lobby.next(shared);
        if (!msg) co_return std::nullopt;
        const std::string type = msg->value("type", "");
        if (type == "paired") co_return msg;
        if (type == "error") throw std::runtime_error("lobby: " + msg->dump().substr(0, 200));
    }
}

awaitable<void> lobby_player(LobbyShared& shared, int index, std::string cookie) {
    auto executor = co_await net::this_coro::executor;
    const net::ip::address source = shared.sources.at(index);
    const auto seat = std::make_shared<LobbySeat>(executor);
    LobbySeat& lobby = *seat;
    co_await lobby.ws.connect(shared.node_of(index), source, "/ws/lobby", cookie);
    net::co_spawn(executor, LobbySeat::pump(seat, shared), net::detached);
    const std::string partner = player_name(shared, index ^ 1);
    const bool seeker = index % 2 == 0;
    std::mt19937_64 rng(index * 7919 + 3);
    Clock::time_point last_sent{};
    for (int round = 0; Clock::now() < shared.stop_at; ++round) {
        const bool quick = round % 2 == 1;
        std::string request;
        if (quick) {
            request = json{{"type", "quick"}, {"pool", "8x8"}, {"preset", "untimed"}}.dump();
        } else if (seeker) {
            request = json{{"type", "seek"},
                           {"setup", {{"board", "8"}}},
                           {"rated", false},
                           {"seat", "random"}}
                          .dump();
        } else {
            // The partner's next seek: seen already, or the next one to come.
            std::string id;
            while (id.empty()) {
                for (const auto& [seek, owner] : lobby.seeks)
                    if (owner == partner && !lobby.taken.count(seek)) id = seek;
                if (!id.empty()) break;
                if (!co_await lobby.next(shared)) co_return;
            }
            lobby.taken.insert(id);
            request = json{{"type", "accept"}, {"id", id}}.dump();
        }
        // The server allows a lobby socket two messages a second after a burst; a real player
        // never pairs faster, so each simulated one keeps under that pace.
        if (const auto due = last_sent + milliseconds(550); Clock::now() < due) {
            net::steady_timer pause(executor, due - Clock::now());
            co_await pause.async_wait(use_awaitable);
        }
        const auto asked = Clock::now();
        last_sent = asked;
        lobby.waited_for_partner = false;
        co_await lobby.ws.write(request);
        const std::optional<json> paired = co_await wait_paired(shared, lobby);
        if (!paired) co_return;
        // The seeker's wait includes its partner's reaction; the others time the server.
        if (quick || !seeker) {
            const double waited =
                std::chrono::duration<double, std::milli>(lobby.last_read - asked).count();
            shared.stats.pairing_ms.push_back(waited);
            if (quick) shared.stats.quick_ms.push_back(waited);
            if (quick && !lobby.waited_for_partner)
                shared.stats.quick_on_arrival_ms.push_back(waited);
            shared.stats.pairings += quick ? 0.5 : 1;
        }
        const int stop_ply = quick ? 1 : shared.options.moves;
        const std::string ending = quick ? "abort" : "resign";
        co_await play_table(shared, shared.node_of(index), source, cookie, *paired, stop_ply,
                            ending, rng());
    }
}

// One arena entrant: plays each pairing the tournament makes until the run is over; the
// pairing latency runs from the end of its last game to its next `paired` (its first
// pairing, at the start, is not counted).
awaitable<void> arena_player(LobbyShared& shared, int index, std::string cookie) {
    auto executor = co_await net::this_coro::executor;
    const net::ip::address source = shared.sources.at(index);
    LobbySeat lobby(executor);
    co_await lobby.ws.connect(shared.node_of(index), source, "/ws/lobby", cookie);
    std::mt19937_64 rng(index * 7919 + 5);
    std::optional<Clock::time_point> free_since;
    std::set<std::string> played;  // a table told again after a failover is played once
    // Until the arena is over (its pushed standings say so), however long its last game.
    const auto give_up = shared.stop_at + std::chrono::seconds(60);
    for (;;) {
        const auto left = std::chrono::duration_cast<milliseconds>(give_up - Clock::now());
        if (left.count() <= 0) co_return;
        const json msg = json::parse(co_await lobby.ws.read(left));
        const std::string type = msg.value("type", "");
        if (type == "tournament" && msg["tournament"].value("status", "") == "finished") co_return;
        if (type == "error") shared.stats.error("lobby: " + msg.dump().substr(0, 200));
        if (type != "paired" || !played.insert(msg.value("table", "")).second) continue;
        const json* paired = &msg;
        if (free_since) {
            shared.stats.pairing_ms.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - *free_since).count());
            shared.stats.pairings += 0.5;
        }
        co_await play_table(shared, shared.node_of(index), source, cookie, *paired,
                            shared.options.moves, "resign", rng());
        free_since = Clock::now();
    }
}

// Step 2 of the arena mode: player 0 creates an arena of the run's length (3 s at least) starting
// in two seconds, the others join it; returns its id.
awaitable<std::string> open_arena(LobbyShared& shared, const std::vector<std::string>& cookies) {
    const json settings = {{"name", "load arena " + shared.tag},
                           {"kind", "arena"},
                           {"pool", "8x8"},
                           {"clock", {{"mode", "none"}}},
                           {"rated", false},
                           {"seconds", std::max(3, static_cast<int>(shared.options.seconds))},
                           {"starts_in", 2}};
    // A node that does not run the tournaments sends the calls on to the one that does.
    const HttpAnswer made = co_await client::http_call_following(
        shared.node_of(0), shared.sources.at(0), http::verb::post, "/api/tournaments",
        settings.dump(), shared.stats.redirects, cookies[0]);
    if (made.status != 200) throw std::runtime_error("create arena: " + made.body.substr(0, 200));
    const std::string id = json::parse(made.body)["id"];
    for (size_t i = 1; i < cookies.size(); ++i) {
        if (cookies[i].empty()) continue;
        const HttpAnswer joined = co_await client::http_call_following(
            shared.node_of(static_cast<int>(i)), shared.sources.at(i), http::verb::post,
            "/api/tournaments/" + id + "/join", "{}", shared.stats.redirects, cookies[i]);
        if (joined.status != 200) shared.stats.error("join: " + joined.body.substr(0, 200));
    }
    co_return id;
}

// The arena's end: waits for it to finish and checks that its standings count every game
// twice (once per player) and nothing else; returns the games it counted.
awaitable<int> close_arena(LobbyShared& shared, const std::string& id) {
    auto executor = co_await net::this_coro::executor;
    for (int i = 0; i < 600; ++i) {
        const HttpAnswer got = co_await client::http_call_following(
            shared.node_of(0), shared.sources.at(0), http::verb::get, "/api/tournaments/" + id, "",
            shared.stats.redirects);
        const json view = json::parse(got.body, nullptr, false);
        if (view.is_object() && view.value("status", "") == "finished") {
            int games = 0, points = 0;
            for (const json& row : view["standings"]) {
                games += row["games"].get<int>();
                points += row["score"].get<int>();
            }
            if (games % 2) shared.stats.error("standings count an odd number of seats");
            std::cout << "arena standings: " << view["standings"].size() << " players, "
                      << games / 2 << " games, " << points << " points\n";
            co_return games / 2;
        }
        net::steady_timer pause(executor, milliseconds(100));
        co_await pause.async_wait(use_awaitable);
    }
    shared.stats.error("the arena did not finish");
    co_return 0;
}

// The completion of a spawned client coroutine: its exception, if any, counted as an error.
auto failure_counter(LobbyShared& shared, std::string prefix) {
    return [&shared, prefix = std::move(prefix)](std::exception_ptr e) {
        if (!e) return;
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& x) {
            shared.stats.error(prefix + x.what());
        }
    };
}

}  // namespace

int run_lobby_loadtest(const LobbyLoadOptions& options) {
    client::raise_open_file_limit();
    std::optional<TemporaryServer> started;
    int port = options.port;
    if (port == 0 && options.connect.empty()) {
        // The simulated players meet the same few partners all run long: the daily cap on
        // rated games of one pair (a fairness rule, docs/SITE.md) would refuse them.
        std::vector<std::string> serve_args = options.serve_args;
        if (std::none_of(serve_args.begin(), serve_args.end(), [](const std::string& a) {
                return a.starts_with("--rated-pair-per-day");
            }))
            serve_args.insert(serve_args.end(), {"--rated-pair-per-day", "1000000"});
        started.emplace("reversi_lobbyload", options.engine_threads, serve_args,
                        options.server_binary);
        port = started->child.port;
    }
    net::io_context ioc{1};
    LobbyShared shared;
    shared.options = options;
    shared.targets = client::targets_of_urls(options.connect);
    if (shared.targets.empty())
        shared.targets.push_back(
            {tcp::endpoint(net::ip::make_address(options.host), static_cast<unsigned short>(port)),
             options.host});
    // One loopback address per player: guest creation and logins are limited per address.
    shared.sources = client::SourceAddresses(options.players);
    shared.tag = std::to_string((getpid() * 7 + time(nullptr)) % 1000000);
    shared.stop_at = Clock::time_point::max();
    // Step 1: every player registers (Argon2id on the server: not part of the figures).
    std::vector<std::string> cookies(options.players);
    const auto register_start = Clock::now();
    for (int i = 0; i < options.players; ++i)
        net::co_spawn(
            ioc,
            [&shared, &cookies, i]() -> awaitable<void> {
                cookies[i] = co_await register_player(shared, shared.sources.at(i), i);
                shared.stats.registered++;
            },
            failure_counter(shared, "register: "));
    ioc.run_for(std::chrono::seconds(120));
    const double register_s = std::chrono::duration<double>(Clock::now() - register_start).count();
    // Step 2: pairing and playing until the time is up.
    ioc.restart();
    std::string arena;
    if (options.arena && !cookies.empty())
        net::co_spawn(
            ioc, [&]() -> awaitable<void> { arena = co_await open_arena(shared, cookies); },
            failure_counter(shared, "arena: "));
    ioc.run_for(std::chrono::seconds(60));
    ioc.restart();
    const auto start = Clock::now();
    shared.stop_at = start + milliseconds(static_cast<int>(options.seconds * 1000));
    for (int i = 0; i < options.players; ++i) {
        if (cookies[i].empty()) continue;
        net::co_spawn(ioc,
                      options.arena ? arena_player(shared, i, cookies[i])
                                    : lobby_player(shared, i, cookies[i]),
                      failure_counter(shared, "player: "));
    }
    ioc.run_for(milliseconds(static_cast<int>(options.seconds * 1000) + 40000));
    const double play_time =
        std::min(std::chrono::duration<double>(Clock::now() - start).count(), options.seconds);
    if (!arena.empty()) {
        ioc.restart();
        net::co_spawn(ioc, close_arena(shared, arena), net::detached);
        ioc.run_for(std::chrono::seconds(90));
    }
    started.reset();
    LobbyStats& st = shared.stats;
    std::cout << "lobby players " << options.players << " (registered " << st.registered << " in "
              << register_s << " s), " << options.seconds << " s, " << options.moves
              << " plies per seek game\n";
    std::cout << "pairings " << st.pairings << ", " << st.pairings / play_time
              << " pairings/s; games played " << st.games / 2 << ", moves " << st.moves << '\n';
    std::cout << (options.arena ? "pairing latency ms (game end -> next paired): p50 "
                                : "pairing latency ms (accept or quick -> paired): p50 ")
              << "" << percentile(st.pairing_ms, 0.50) << ", p99 "
              << percentile(st.pairing_ms, 0.99) << ", max "
              << (st.pairing_ms.empty()
                      ? 0
                      : *std::max_element(st.pairing_ms.begin(), st.pairing_ms.end()))
              << '\n';
    std::cout << "errors " << st.errors << '\n';
    for (const std::string& e : st.first_errors) std::cout << "  " << e.substr(0, 300) << '\n';
    std::cout << "nodes " << shared.targets.size()
              << ", calls and table sockets sent on to the owner " << st.redirects
              << ", table sockets opened again after a drop " << st.rejoins << '\n';
    if (!st.quick_ms.empty())
        std::cout << "quick pairing latency ms (quick -> paired): p50 "
                  << percentile(st.quick_ms, 0.50) << ", p99 " << percentile(st.quick_ms, 0.99)
                  << ", max " << *std::max_element(st.quick_ms.begin(), st.quick_ms.end()) << " ("
                  << st.quick_ms.size() << " players paired, load average "
                  << client::load_average() << ")\n";
    if (!st.quick_on_arrival_ms.empty())
        std::cout << "quick pairing latency ms, paired on arrival: p50 "
                  << percentile(st.quick_on_arrival_ms, 0.50) << ", p99 "
                  << percentile(st.quick_on_arrival_ms, 0.99) << " ("
                  << st.quick_on_arrival_ms.size() << " players)\n";
    return st.errors == 0 && st.pairings > 0 ? 0 : 1;
}

}  // namespace reversi::stress
