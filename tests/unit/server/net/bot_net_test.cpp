// SPDX-License-Identifier: MIT
// The bot API through the real server (docs/PROTOCOL.md "Bot API"): a registered player makes
// its account a bot and takes an API token; `reversi bot` with `reversi gtp` as its GTP engine
// connects with that token, accepts a person's challenge and plays the game to its end, the
// person moving by script. The bot's seat is marked as a bot's. And the NDJSON streams (issue
// 31): a bot reads its event stream with its token, accepts a person's challenge by HTTP,
// follows the game on the game's stream and plays every move by HTTP while the person plays at
// the table socket, to the end; keep-alive lines come when nothing else does; a person's session
// or another site's page may not open a stream; the streams one bot may hold open are bounded.
// And the bridge against a scripted stand-in for the site: a game told again (a tournament's
// failover) starts no second game.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <memory>
#include <optional>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace bot_net {

bool is(const json& m, const char* type) {
    return m.value("type", "") == type;
}

// A browser with a new registered account.
Browser registered(unsigned short port, const std::string& name) {
    Browser b(port);
    b.get("/api/me");
    EXPECT_EQ(b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status, 200);
    return b;
}

// `reversi bot ...` as a child process, killed at the end if it has not stopped by itself.
class BridgeProcess {
  public:
    explicit BridgeProcess(std::vector<std::string> args) {
        args.insert(args.begin(), {REVERSI_BINARY, "bot"});
        const pid_t test_process = getpid();
        pid_ = fork();
        if (pid_ == 0) {
            die_with_test_process(test_process);
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(REVERSI_BINARY, argv.data());
            _exit(127);
        }
    }
    ~BridgeProcess() {
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }
    // The exit status once it stopped within `seconds`, or -1.
    int wait(double seconds) {
        const auto deadline = std::chrono::steady_clock::now() +
                              std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        while (std::chrono::steady_clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
            }
            usleep(20'000);
        }
        return -1;
    }

  private:
    pid_t pid_ = -1;
};

// A game a person played against a bot: the finished table's state (null when the bot never
// came online), the person's seat and the moves the person sent.
struct BotGame {
    json state;
    int seat = 0;
    int sent = 0;
};

// Challenges the bot `bot` (a lowercase name) from `lobby` (a person's lobby socket) as soon
// as it is online, for a casual 6x6 game, trying for about `seconds`, and plays the person's
// side with the first legal move each turn.
BotGame play_the_bot(unsigned short port, CookieSocket& lobby, const std::string& bot,
                     double seconds = 10) {
    json paired;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(seconds * 1000));
    while (paired.is_null() && std::chrono::steady_clock::now() < deadline) {
        lobby.send({{"type", "challenge"},
                    {"to", bot},
                    {"setup", {{"board", "6"}}},
                    {"clock", {{"mode", "none"}}},
                    {"rated", false}});
        const json answer = lobby.read_until(
            [](const json& m) { return is(m, "error") || is(m, "challenge_sent"); });
        if (is(answer, "error")) {
            // While the bridge is away (a restart's reconnect waits up to a few seconds on a
            // loaded machine) a person asking again and again meets the message limit, as a
            // real one would: wait longer then, and keep asking until the deadline.
            const bool limited = answer["code"] == "rate_limited";
            if (!limited) EXPECT_EQ(answer["code"], "offline") << answer.dump();
            usleep(limited ? 1'000'000 : 200'000);
            continue;
        }
        EXPECT_EQ(answer["to_bot"], true);
        paired = lobby.read_until([](const json& m) { return is(m, "paired"); }, 20);
    }
    BotGame game;
    if (paired.is_null()) return game;
    const std::string table = paired["table"];
    game.seat = paired["seat"];
    WsClient ws(port, "/ws?table=" + table + "&token=" + paired["token"].get<std::string>());
    int last_ply = -1;
    for (int steps = 0; steps < 500; ++steps) {
        const json msg = ws.read_until([](const json& m) { return is(m, "state"); }, 30);
        game.state = msg["table"];
        if (game.state["status"] == "finished") break;
        const int ply = game.state["ply"];
        if (game.state["to_move"] == game.seat && ply != last_ply) {
            ws.send({{"type", "move"}, {"square", game.state["legal"][0]}, {"ply", ply}});
            last_ply = ply;
            ++game.sent;
        }
    }
    return game;
}

// Issue 48, 15: the site restarts under a running bridge, which reaches it again (its lobby
// waits 1 s, then longer) and plays the next challenge; it used to exit at the first lost
// connection.
TEST(BotNet, BridgeReconnectsWhenTheServerRestarts) {
    TempDir dir("bot_net_restart");
    auto server = std::make_unique<ServerProcess>(dir.path);
    const unsigned short port = server->port;
    Browser owner = registered(port, "GtpBot");
    ASSERT_EQ(owner.post("/api/bot/account", json::object()).status, 200);
    const std::string token = owner.post("/api/bot/token", json::object()).data()["token"];
    Browser ada = registered(port, "AdaPerson");

    BridgeProcess bridge(
        {"--server", "http://127.0.0.1:" + std::to_string(port), "--token", token, "--engine",
         std::string("gtp:") + REVERSI_BINARY + " gtp --board 6 --depth 2", "--games", "1"});
    const auto online = [&] { return get(port, "/api/players/GtpBot").data()["online"] == true; };
    for (int i = 0; i < 100 && !online(); ++i) usleep(100'000);
    ASSERT_TRUE(online()) << "the bridge never connected";

    server->kill9();
    usleep(300'000);
    EXPECT_EQ(bridge.wait(0.5), -1) << "the bridge exited when the server went away";
    server = std::make_unique<ServerProcess>(
        dir.path, std::vector<std::string>{"--port", std::to_string(port)});
    ASSERT_EQ(server->port, port);

    CookieSocket lobby(port, "/ws/lobby", ada.cookie());
    lobby.read_until([](const json& m) { return is(m, "lobby"); });
    const BotGame game = play_the_bot(port, lobby, "gtpbot", 40);
    ASSERT_FALSE(game.state.is_null()) << "the bridge never came back after the restart";
    EXPECT_EQ(game.state["status"], "finished") << game.state.dump();
    EXPECT_GT(static_cast<int>(game.state["moves"].size()) - game.sent, 5);
    EXPECT_EQ(bridge.wait(20), 0) << "the bridge stops after its one game";
}

TEST(BotNet, GtpBridgePlaysAPersonsChallengeToTheEnd) {
    TempDir dir("bot_net");
    ServerProcess server(dir.path);

    // The owner registers the account, makes it a bot and takes a token.
    Browser owner = registered(server.port, "GtpBot");
    const BrowserReply made = owner.post("/api/bot/account", json::object());
    ASSERT_EQ(made.status, 200) << made.body;
    EXPECT_EQ(made.data()["bot"], true);
    const BrowserReply issued = owner.post("/api/bot/token", json::object());
    ASSERT_EQ(issued.status, 200) << issued.body;
    const std::string token = issued.data()["token"];

    // A person is no bot: no token for them.
    Browser ada = registered(server.port, "AdaPerson");
    const BrowserReply refused = ada.post("/api/bot/token", json::object());
    EXPECT_NE(refused.status, 200);
    EXPECT_EQ(refused.data()["code"], "not_allowed");
    CookieSocket lobby(server.port, "/ws/lobby", ada.cookie());
    lobby.read_until([](const json& m) { return is(m, "lobby"); });

    BridgeProcess bridge({"--server", "http://127.0.0.1:" + std::to_string(server.port), "--token",
                          token, "--engine",
                          std::string("gtp:") + REVERSI_BINARY + " gtp --board 6 --depth 2",
                          "--games", "1"});

    // Challenge the bot as soon as its lobby socket is open (offline until then); the person
    // plays the first legal move each turn, the bot answers through GTP.
    const BotGame game = play_the_bot(server.port, lobby, "gtpbot");
    ASSERT_FALSE(game.state.is_null()) << "the bot never came online";
    const json& state = game.state;
    const int mine = game.seat;
    const int sent = game.sent;
    const int bot_moves = static_cast<int>(state["moves"].size()) - sent;
    ASSERT_EQ(state["status"], "finished") << state.dump();
    EXPECT_EQ(state["result"]["reason"], "end");
    EXPECT_GE(state["moves"].size(), 20u) << "a 6x6 game from the start has many moves";
    EXPECT_GT(bot_moves, 5);
    EXPECT_EQ(state["seats"][1 - mine]["bot"], true);
    EXPECT_EQ(state["seats"][1 - mine]["name"], "GtpBot");
    EXPECT_FALSE(state["seats"][mine].contains("bot"));
    EXPECT_EQ(bridge.wait(20), 0) << "the bridge stops after its one game";

    // The profile says the account is a bot.
    EXPECT_EQ(get(server.port, "/api/players/GtpBot").data()["bot"], true);
}

// A GET of an NDJSON stream, read line by line from its chunked body.
class NdjsonReader {
  public:
    // `headers`: more header lines, each ending in \r\n.
    NdjsonReader(unsigned short port, const std::string& target, const std::string& token,
                 const std::string& headers = "")
        : socket_(ioc_) {
        socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        const std::string request = "GET " + target +
                                    " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " +
                                    token + "\r\n" + headers + "\r\n";
        net::write(socket_, net::buffer(request));
        while (raw_.find("\r\n\r\n") == std::string::npos) fill(10);
        const size_t end = raw_.find("\r\n\r\n");
        head = raw_.substr(0, end);
        raw_.erase(0, end + 4);
        status = std::stoi(head.substr(head.find(' ') + 1, 3));
    }
    // The next line of the body ("" for a keep-alive line); throws after `seconds`.
    std::string line(double seconds = 10) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(int(seconds * 1000));
        for (;;) {
            decode();
            if (const size_t nl = body_.find('\n'); nl != std::string::npos) {
                std::string out = body_.substr(0, nl);
                body_.erase(0, nl + 1);
                return out;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) throw std::runtime_error("timed out waiting for a line");
            fill(left.count() / 1000.0);
        }
    }
    // The next JSON line satisfying `pred`, counting the keep-alive lines passed.
    json read_until(const std::function<bool(const json&)>& pred, double seconds = 10) {
        for (;;) {
            const std::string text = line(seconds);
            if (text.empty()) {
                ++keepalives;
                continue;
            }
            const json msg = json::parse(text);
            if (pred(msg)) return msg;
        }
    }
    int status = 0;
    std::string head;
    int keepalives = 0;

  private:
    void fill(double seconds) {
        pollfd p{socket_.native_handle(), POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(seconds * 1000)) <= 0)
            throw std::runtime_error("timed out reading the stream");
        char buf[4096];
        const ssize_t n = ::read(socket_.native_handle(), buf, sizeof buf);
        if (n <= 0) throw std::runtime_error("the stream ended");
        raw_.append(buf, n);
    }
    // Moves every whole chunk of raw_ into body_.
    void decode() {
        for (;;) {
            const size_t crlf = raw_.find("\r\n");
            if (crlf == std::string::npos) return;
            const size_t size = std::stoul(raw_.substr(0, crlf), nullptr, 16);
            if (raw_.size() < crlf + 2 + size + 2) return;
            body_ += raw_.substr(crlf + 2, size);
            raw_.erase(0, crlf + 2 + size + 2);
        }
    }
    net::io_context ioc_;
    tcp::socket socket_;
    std::string raw_, body_;
};

TEST(BotNet, ABotPlaysAChallengeThroughItsStreamsAndHttpMoves) {
    TempDir dir("bot_stream_net");
    ServerProcess server(dir.path, {"--bot-stream-keepalive", "1", "--bot-streams", "2"});
    Browser owner = registered(server.port, "StreamBot");
    ASSERT_EQ(owner.post("/api/bot/account", json::object()).status, 200);
    const BrowserReply issued = owner.post("/api/bot/token", json::object());
    ASSERT_EQ(issued.status, 200) << issued.body;
    const std::string token = issued.data()["token"];
    Browser bot(server.port);
    bot.set_header("Authorization", "Bearer " + token);

    // A person's session opens no stream and plays no move through the bot API.
    Browser ada = registered(server.port, "AdaPerson");
    const BrowserReply refused = ada.get("/api/bot/stream/event");
    EXPECT_EQ(refused.status, 403);
    EXPECT_EQ(refused.data()["code"], "not_allowed");
    EXPECT_EQ(ada.post("/api/bot/game/abcdefgh/move/a1", json::object()).data()["code"],
              "not_allowed");

    // Nor may a page of another site hold the bot's stream open.
    NdjsonReader foreign(server.port, "/api/bot/stream/event", token,
                         "Origin: http://elsewhere.example\r\n");
    EXPECT_EQ(foreign.status, 403) << foreign.head;

    NdjsonReader events(server.port, "/api/bot/stream/event", token);
    ASSERT_EQ(events.status, 200) << events.head;
    EXPECT_NE(events.head.find("application/x-ndjson"), std::string::npos) << events.head;
    EXPECT_EQ(events.read_until([](const json& m) { return is(m, "games"); })["games"],
              json::array())
        << "the stream opens with the bot's running games";

    // The event stream counts as the bot's lobby socket: it can be challenged.
    CookieSocket lobby(server.port, "/ws/lobby", ada.cookie());
    lobby.read_until([](const json& m) { return is(m, "lobby"); });
    lobby.send({{"type", "challenge"},
                {"to", "streambot"},
                {"setup", {{"board", "6"}}},
                {"clock", {{"mode", "none"}}},
                {"rated", false}});
    const json challenge = events.read_until([](const json& m) { return is(m, "challenge"); });
    EXPECT_EQ(challenge["from"], "AdaPerson");
    EXPECT_EQ(bot.post("/api/challenge/nosuch/accept", json::object()).data()["code"], "not_found");
    const BrowserReply accepted = bot.post(
        "/api/challenge/" + challenge["id"].get<std::string>() + "/accept", json::object());
    ASSERT_EQ(accepted.status, 200) << accepted.body;
    const json paired = events.read_until([](const json& m) { return is(m, "paired"); });
    const json ada_paired = lobby.read_until([](const json& m) { return is(m, "paired"); });
    const std::string table = paired["table"];
    const int seat = paired["seat"];
    EXPECT_EQ(ada_paired["table"], table);

    // The game's stream: the state at once and after every change, the bot's seat in "you".
    NdjsonReader game(server.port, "/api/bot/game/stream/" + table, token);
    ASSERT_EQ(game.status, 200) << game.head;
    // A third stream is over this bot's quota of two.
    NdjsonReader third(server.port, "/api/bot/stream/event", token);
    EXPECT_EQ(third.status, 429) << third.head;

    WsClient person(server.port,
                    "/ws?table=" + table + "&token=" + ada_paired["token"].get<std::string>());
    json state;
    int bot_moves = 0, last_ply = -1;
    for (int steps = 0; steps < 400; ++steps) {
        state = game.read_until([](const json& m) { return is(m, "state"); }, 30)["table"];
        if (state["status"] == "finished") break;
        const int ply = state["ply"];
        if (ply == last_ply || state["to_move"].is_null()) continue;
        last_ply = ply;
        if (state["to_move"] == seat) {
            EXPECT_EQ(state["you"], json::array({seat}));
            const BrowserReply moved =
                bot.post("/api/bot/game/" + table + "/move/" + state["legal"][0].get<std::string>(),
                         json::object());
            ASSERT_EQ(moved.status, 200) << moved.body;
            ++bot_moves;
        } else {
            person.send({{"type", "move"}, {"square", state["legal"][0]}, {"ply", ply}});
        }
    }
    ASSERT_EQ(state["status"], "finished") << state.dump();
    EXPECT_EQ(state["result"]["reason"], "end");
    EXPECT_GT(bot_moves, 5);
    EXPECT_EQ(state["seats"][seat]["bot"], true);
    // Over: a move is refused as the table socket's would be.
    EXPECT_EQ(bot.post("/api/bot/game/" + table + "/move/pass", json::object()).data()["code"],
              "game_over");

    // Past the game's lines (its "games" at every turn), nothing else to say: keep-alive lines
    // (empty) come every second.
    bool kept_alive = false;
    for (int lines = 0; lines < 500 && !kept_alive; ++lines) kept_alive = events.line(3).empty();
    EXPECT_TRUE(kept_alive);
}

// A stand-in for the site on the bridge's side of the protocol, scripted by the test: it
// accepts WebSocket clients on a loopback port and says which target each asked for. Reads
// time out (SO_RCVTIMEO) rather than hang the test.
class FakeSite {
  public:
    struct Client {
        std::unique_ptr<websocket::stream<tcp::socket>> ws;
        std::string target;
        void send(const json& msg) { ws->write(net::buffer(msg.dump())); }
        json read_until(const std::function<bool(const json&)>& pred) {
            for (;;) {
                beast::flat_buffer buffer;
                ws->read(buffer);
                json msg = json::parse(beast::buffers_to_string(buffer.data()));
                if (pred(msg)) return msg;
            }
        }
    };

    FakeSite() : acceptor_(ioc_, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)) {
        acceptor_.non_blocking(true);
    }
    unsigned short port() const { return acceptor_.local_endpoint().port(); }

    // The next client within `seconds`, its WebSocket handshake done; nothing when none came.
    std::optional<Client> accept(double seconds) {
        const auto deadline = std::chrono::steady_clock::now() +
                              std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        for (;;) {
            error_code ec;
            tcp::socket socket(ioc_);
            acceptor_.accept(socket, ec);
            if (!ec) {
                const timeval wait{5, 0};
                setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
                Client c{std::make_unique<websocket::stream<tcp::socket>>(std::move(socket)), ""};
                beast::flat_buffer buffer;
                http::request<http::string_body> req;
                http::read(c.ws->next_layer(), buffer, req);
                c.ws->accept(req);
                c.target = std::string(req.target());
                return c;
            }
            if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
            usleep(10'000);
        }
    }

  private:
    net::io_context ioc_;
    tcp::acceptor acceptor_;
};

// After a tournament's failover the site tells a game again: a second `paired` for the same
// table, without a token (docs/PROTOCOL.md "Bot API"). The bridge plays it on its one thread
// and socket: a second would wait at the table for ever, and the bridge would never stop.
TEST(BotNet, BridgeStartsNoSecondGameForATableToldAgain) {
    FakeSite site;
    BridgeProcess bridge({"--server", "http://127.0.0.1:" + std::to_string(site.port()), "--token",
                          "0123456789abcdef0123456789abcdef", "--engine",
                          std::string("gtp:") + REVERSI_BINARY + " gtp --board 6 --depth 1",
                          "--games", "1"});
    std::optional<FakeSite::Client> lobby = site.accept(20);
    ASSERT_TRUE(lobby) << "the bridge never connected";
    EXPECT_EQ(lobby->target, "/ws/lobby");
    lobby->send({{"type", "lobby"}, {"me", {{"name", "FakeBot"}, {"bot", true}}}});
    lobby->send({{"type", "paired"}, {"table", "tbl1"}, {"seat", 1}, {"token", "seat-token"}});
    lobby->send({{"type", "paired"}, {"table", "tbl1"}, {"seat", 1}});
    // A challenge after both: its answer says the bridge has read them.
    lobby->send({{"type", "challenge"},
                 {"id", "ch1"},
                 {"from", "Ada"},
                 {"rated", false},
                 {"setup", {{"board", "6"}}}});
    const json reply = lobby->read_until([](const json& m) { return is(m, "challenge_reply"); });
    EXPECT_EQ(reply["id"], "ch1");
    EXPECT_EQ(reply["accept"], false) << "one game runs, all that --parallel 1 allows";

    std::optional<FakeSite::Client> game = site.accept(10);
    ASSERT_TRUE(game) << "the bridge never opened the table";
    EXPECT_EQ(game->target, "/ws?table=tbl1&token=seat-token");
    game->send(
        {{"type", "state"},
         {"table", {{"status", "finished"}, {"result", {{"winner", 1}, {"reason", "resign"}}}}}});
    // Its one game over, the bridge stops (--games 1); any other table socket is held open.
    std::vector<FakeSite::Client> more_tables;
    int status = -1;
    for (int tries = 0; tries < 100 && status < 0; ++tries) {
        if (std::optional<FakeSite::Client> extra = site.accept(0.05))
            more_tables.push_back(std::move(*extra));
        status = bridge.wait(0.05);
    }
    EXPECT_EQ(status, 0) << "the bridge did not stop after its one game";
    EXPECT_TRUE(more_tables.empty()) << "a second table socket: " << more_tables[0].target;
}

}  // namespace bot_net
}  // namespace reversi::server::testing_support
