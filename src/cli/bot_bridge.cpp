// SPDX-License-Identifier: MIT
// The bot bridge: the lobby socket on the calling thread, one thread and table socket per
// game. Every socket is read with a pending asynchronous read on its own io_context, run in
// short slices, so a thread can look up from its socket (to reap finished games, to stop)
// without cancelling the read, and pings are answered whenever it waits. Each game gets a
// fresh engine process, so a crash of one game's engine resigns that game only. A connection
// lost after the first (a server restarting) is made again with a growing wait, the lobby's
// and each game's on its own; only a refused token ends the bridge.
#include "cli/bot_bridge.h"

#ifdef REVERSI_HAVE_SERVER

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "cli/external_player.h"
#include "core/game.h"
#include "core/notation.h"
#include "server/common/net.h"
#include "server/common/protocol.h"

namespace reversi::cli {

namespace {

using server::json;
namespace net = server::net;
namespace beast = server::beast;
namespace http = server::http;
namespace websocket = server::websocket;
using server::error_code;
using server::tcp;

struct ServerAddress {
    std::string host;
    std::string port;
};

// "http://HOST[:PORT][/]" (or ws://) -> host and port (80 when none is given).
ServerAddress parse_server(const std::string& url) {
    std::string rest = url;
    for (const char* scheme : {"http://", "ws://"})
        if (rest.rfind(scheme, 0) == 0) rest = rest.substr(std::string(scheme).size());
    if (rest.rfind("https://", 0) == 0 || rest.rfind("wss://", 0) == 0)
        throw std::invalid_argument("the bridge speaks plain HTTP; put TLS in front of it");
    rest = rest.substr(0, rest.find('/'));
    const auto colon = rest.rfind(':');
    ServerAddress a;
    a.host = colon == std::string::npos ? rest : rest.substr(0, colon);
    a.port = colon == std::string::npos ? "80" : rest.substr(colon + 1);
    if (a.host.empty() || a.port.empty() ||
        a.port.find_first_not_of("0123456789") != std::string::npos)
        throw std::invalid_argument("--server must be http://HOST[:PORT], not '" + url + "'");
    return a;
}

// The site could not be reached or the connection closed: worth trying again later, unlike
// a refusal (a token that is not a bot's), which ends the bridge.
struct ConnectionLost : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Waits before trying the site again: 1 s, doubling to 30 s, each wait up to a quarter longer
// at random, so that many bots do not all knock at a restarted server in the same instant.
class Backoff {
  public:
    std::chrono::milliseconds next() {
        const auto wait = delay_ + std::chrono::milliseconds(random_() % (delay_.count() / 4 + 1));
        delay_ = std::min(delay_ * 2, std::chrono::milliseconds(30'000));
        return wait;
    }
    void reset() { delay_ = std::chrono::milliseconds(1000); }

  private:
    std::chrono::milliseconds delay_{1000};
    std::minstd_rand random_{
        static_cast<unsigned>(std::chrono::steady_clock::now().time_since_epoch().count())};
};

// A WebSocket to the site, opened with the bot's token as its bearer. Every failure to reach
// or keep the site is a ConnectionLost.
class BotSocket {
  public:
    BotSocket(const ServerAddress& a, const std::string& target, const std::string& token)
        : ws_(ioc_) {
        try {
            tcp::resolver resolver(ioc_);
            beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
            beast::get_lowest_layer(ws_).connect(resolver.resolve(a.host, a.port));
            ws_.set_option(websocket::stream_base::decorator([token](websocket::request_type& req) {
                req.set(http::field::authorization, "Bearer " + token);
            }));
            ws_.handshake(a.host + ":" + a.port, target);
            beast::get_lowest_layer(ws_).expires_never();
            ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
        } catch (const std::exception& e) {
            throw ConnectionLost(std::string("cannot reach the server: ") + e.what());
        }
    }
    ~BotSocket() {
        error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }

    void send(const json& msg) {
        const std::string text = msg.dump();
        bool done = false;
        error_code result;
        ws_.async_write(net::buffer(text), [&](error_code ec, std::size_t) {
            done = true;
            result = ec;
        });
        while (!done) run_one(std::chrono::milliseconds(1000));
        if (result) throw ConnectionLost("the connection closed: " + result.message());
    }

    // The next message, or nothing after `wait`; throws when the connection is gone.
    std::optional<json> read_for(std::chrono::milliseconds wait) {
        if (!reading_) {
            reading_ = true;
            ready_ = false;
            ws_.async_read(buffer_, [this](error_code ec, std::size_t) {
                ready_ = true;
                result_ = ec;
            });
        }
        const auto deadline = std::chrono::steady_clock::now() + wait;
        while (!ready_ && std::chrono::steady_clock::now() < deadline)
            run_one(std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now()));
        if (!ready_) return std::nullopt;
        reading_ = false;
        if (result_) throw ConnectionLost("the connection closed: " + result_.message());
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        json msg = json::parse(text, nullptr, false);
        if (!msg.is_object()) return json::object();
        return msg;
    }

  private:
    void run_one(std::chrono::milliseconds wait) {
        if (ioc_.stopped()) ioc_.restart();
        ioc_.run_one_for(std::max(wait, std::chrono::milliseconds(1)));
    }

    net::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    bool reading_ = false;
    bool ready_ = false;
    error_code result_;
};

// Log lines from every game thread, whole.
class Log {
  public:
    explicit Log(std::ostream& out) : out_(out) {}
    void line(const std::string& text) {
        const std::lock_guard lock(mutex_);
        out_ << text << std::endl;
    }

  private:
    std::ostream& out_;
    std::mutex mutex_;
};

// Whether the engine of `spec` can play a game of `setup` (a setup object): two players from
// the standard start, on the boards its protocol knows.
bool engine_plays(const std::string& spec, const json& setup) {
    if (!setup.is_object()) return false;
    const std::string board = setup.value("board", std::string("8"));
    const bool plain = setup.value("players", 2) == 2 && !setup.value("anti", false) &&
                       !setup.value("free_opening", false) && setup.value("handicap", 0) == 0 &&
                       setup.value("blocked", json::array()).empty() &&
                       setup.value("random_blocked", 0) == 0;
    if (!plain) return false;
    if (spec.rfind("gtp:", 0) == 0) return board == "6" || board == "8" || board == "10";
    return board == "8" || board == "10" || board == "octagon";
}

// The game of a table state: its setup and its moves replayed.
core::Game game_of(const json& table) {
    core::Game game(server::parse_setup(table.at("setup")).setup);
    for (const json& move : table.at("moves")) {
        const std::string name = move.get<std::string>();
        const auto square = name == "pass" ? std::optional<core::Square>(core::PassMove)
                                           : core::parse_square(game.variant().geometry(), name);
        if (!square || !game.play(*square).empty())
            throw std::runtime_error("the server sent a move the rules refuse: " + name);
    }
    return game;
}

bool holds(const json& you, int seat) {
    return you.is_array() && std::any_of(you.begin(), you.end(), [seat](const json& s) {
               return s.is_number_integer() && s.get<int>() == seat;
           });
}

// How long a game's thread goes on trying to reach its table again before it gives the game
// up (a restart takes seconds; the game's clock runs meanwhile).
constexpr std::chrono::minutes GameReconnectLimit{10};

// Plays one paired game on `ws` until it ends (true) or the table is unknown (false); throws
// ConnectionLost when the connection goes. `engine` and `asked_ply` outlive a reconnection.
bool play_on(BotSocket& ws, const BotOptions& options, const std::string& table,
             std::unique_ptr<engine::MatchPlayer>& engine, Log& log) {
    int asked_ply = -1;  // a new connection sends the state again, which asks again
    for (;;) {
        const auto msg = ws.read_for(std::chrono::milliseconds(30'000));
        if (!msg) continue;
        const std::string type = msg->value("type", "");
        if (type == "error") {
            log.line("table " + table + ": " + msg->value("message", std::string("error")));
            if (msg->value("code", "") == "not_found") return false;
            asked_ply = -1;  // the next state asks again
            continue;
        }
        if (type != "state" || !msg->contains("table")) continue;
        const json& t = msg->at("table");
        const std::string status = t.value("status", "");
        if (status == "finished") {
            const json& result = t.value("result", json::object());
            const json winner = result.value("winner", json());
            log.line("table " + table + " finished: " +
                     (winner.is_number() ? "seat " + winner.dump() + " won" : "no winner") + " (" +
                     result.value("reason", std::string("end")) + ")");
            return true;
        }
        const json to_move = t.value("to_move", json());
        if (status != "playing" || !to_move.is_number_integer() ||
            !holds(t.value("you", json()), to_move.get<int>()))
            continue;
        const int ply = t.value("ply", 0);
        if (ply == asked_ply) continue;
        asked_ply = ply;
        const json legal = t.value("legal", json::array());
        if (legal.empty()) continue;
        std::string square = legal.front().get<std::string>();
        if (square != "pass") {
            try {
                const core::Game game = game_of(t);
                if (!engine) {
                    engine = make_external_player(options.engine);
                    engine->new_game(game, 0);
                }
                square = core::square_name(game.variant().geometry(), engine->choose(game));
            } catch (const std::exception& e) {
                log.line("table " + table + ": the engine failed (" + e.what() + "); resigning");
                ws.send({{"type", "resign"}});
                continue;
            }
        }
        if (std::find(legal.begin(), legal.end(), json(square)) == legal.end()) {
            log.line("table " + table + ": the engine chose " + square +
                     ", which is not legal; resigning");
            ws.send({{"type", "resign"}});
            continue;
        }
        ws.send({{"type", "move"}, {"square", square}, {"ply", ply}});
    }
}

// Plays one paired game to its end, reaching the table again after the server restarts. The
// engine starts at the bot's first turn.
void play_game(const ServerAddress& address, const BotOptions& options, const std::string& table,
               const std::string& seat_token, Log& log) {
    std::unique_ptr<engine::MatchPlayer> engine;
    Backoff backoff;
    auto lost_since = std::chrono::steady_clock::time_point::max();
    for (;;) {
        try {
            BotSocket ws(address, "/ws?table=" + table + "&token=" + seat_token, options.token);
            lost_since = std::chrono::steady_clock::time_point::max();
            backoff.reset();
            if (!play_on(ws, options, table, engine, log))
                return log.line("table " + table + " is gone");
            return;
        } catch (const ConnectionLost& e) {
            const auto now = std::chrono::steady_clock::now();
            lost_since = std::min(lost_since, now);
            if (now - lost_since > GameReconnectLimit)
                throw std::runtime_error(std::string("gave the game up: ") + e.what());
            const auto wait = backoff.next();
            log.line("table " + table + ": " + e.what() + "; trying again in " +
                     std::to_string(wait.count()) + " ms");
            std::this_thread::sleep_for(wait);
        }
    }
}

struct RunningGame {
    std::string table;
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done = std::make_shared<std::atomic<bool>>(false);
};

// The bridge's lobby: the games it plays and how many have finished.
class BotLobby {
  public:
    BotLobby(const ServerAddress& address, const BotOptions& options, Log& log)
        : address_(address), options_(options), log_(log) {}
    ~BotLobby() {
        for (RunningGame& g : games_) g.thread.join();
    }

    bool finished() const { return options_.games > 0 && finished_ >= options_.games; }

    // Joins the threads of the games that ended.
    void reap() {
        for (auto it = games_.begin(); it != games_.end();) {
            if (!it->done->load()) {
                ++it;
                continue;
            }
            it->thread.join();
            it = games_.erase(it);
            ++finished_;
        }
    }

    // Serves one lobby connection until `games` games have finished; throws ConnectionLost
    // when it goes (after `welcomed` is told that the site greeted the bot).
    void serve(BotSocket& lobby, const std::function<void()>& welcomed) {
        bool greeted = false;
        while (!finished()) {
            reap();
            const auto msg = lobby.read_for(std::chrono::milliseconds(200));
            if (!msg) continue;
            const std::string type = msg->value("type", "");
            if (type == "lobby") {
                const json me = msg->value("me", json::object());
                if (!me.value("bot", false))
                    throw std::runtime_error(
                        "the token is not a bot account's (is it still valid?)");
                log_.line("connected as " + me.value("name", std::string("?")) + " (BOT)");
                greeted = true;
                welcomed();
            } else if (type == "challenge" && greeted) {
                answer(lobby, *msg);
            } else if (type == "paired") {
                start(msg->value("table", ""), msg->value("token", ""));
            } else if (type == "error") {
                log_.line("lobby: " + msg->value("message", std::string("error")));
            }
        }
    }

  private:
    void answer(BotSocket& lobby, const json& msg) {
        const std::string id = msg.value("id", "");
        const bool rated = msg.value("rated", false);
        const bool accept = static_cast<int>(games_.size()) < options_.parallel &&
                            (options_.rated || !rated) &&
                            engine_plays(options_.engine, msg.value("setup", json()));
        log_.line(std::string(accept ? "accepting" : "declining") + " challenge " + id + " from " +
                  msg.value("from", std::string("?")));
        lobby.send({{"type", "challenge_reply"}, {"id", id}, {"accept", accept}});
    }

    void start(const std::string& table, const std::string& token) {
        // A tournament's game is told again after a failover (docs/PROTOCOL.md "Bot API"): the
        // game already played here keeps its one thread and socket.
        if (std::any_of(games_.begin(), games_.end(),
                        [&](const RunningGame& g) { return g.table == table; })) {
            log_.line("already playing table " + table);
            return;
        }
        log_.line("playing table " + table);
        RunningGame& game = games_.emplace_back();
        game.table = table;
        game.thread = std::thread([this, table, token, done = game.done] {
            try {
                play_game(address_, options_, table, token, log_);
            } catch (const std::exception& e) {
                log_.line("table " + table + ": " + e.what());
            }
            done->store(true);
        });
    }

    const ServerAddress& address_;
    const BotOptions& options_;
    Log& log_;
    std::list<RunningGame> games_;
    int finished_ = 0;
};

}  // namespace

void run_bot(const BotOptions& options, std::ostream& out) {
    const ServerAddress address = parse_server(options.server);
    if (options.token.empty()) throw std::invalid_argument("--token is required");
    // Started once here, so that a wrong command fails now rather than at the first game.
    if (!make_external_player(options.engine))
        throw std::invalid_argument("--engine must be gtp:COMMAND or nboard:COMMAND");
    Log log(out);
    BotLobby bot(address, options, log);
    Backoff backoff;
    bool reached = false;  // the first connection's failure ends the bridge: a wrong address
    while (!bot.finished()) {
        try {
            BotSocket lobby(address, "/ws/lobby", options.token);
            reached = true;
            bot.serve(lobby, [&] { backoff.reset(); });
        } catch (const ConnectionLost& e) {
            if (!reached) throw;
            // The server restarted or the network failed: the games go on in their threads
            // (each reaching its table again) while the lobby waits and tries again.
            const auto wait = backoff.next();
            log.line(std::string("lobby: ") + e.what() + "; trying again in " +
                     std::to_string(wait.count()) + " ms");
            for (auto left = wait; left.count() > 0 && !bot.finished();
                 left -= std::chrono::milliseconds(100)) {
                std::this_thread::sleep_for(std::min(left, std::chrono::milliseconds(100)));
                bot.reap();
            }
        }
    }
}

}  // namespace reversi::cli

#else

#include <stdexcept>

namespace reversi::cli {

void run_bot(const BotOptions&, std::ostream&) {
    throw std::runtime_error("this build has no server support (REVERSI_BUILD_SERVER=OFF)");
}

}  // namespace reversi::cli

#endif
