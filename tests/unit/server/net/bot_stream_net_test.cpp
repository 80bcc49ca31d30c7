// SPDX-License-Identifier: MIT
// The bot API's NDJSON streams through the real server (docs/PROTOCOL.md "Bot API"): a bot
// reads its event stream with its token, accepts a person's challenge by HTTP, follows the game
// on the game's stream and plays every move by HTTP while the person plays at the table socket,
// to the end. Keep-alive lines come when nothing else does; a person's session may not open a
// stream; the streams one bot may hold open are bounded.
#include <gtest/gtest.h>
#include <poll.h>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace bot_stream_net {

bool is(const json& m, const char* type) {
    return m.value("type", "") == type;
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

TEST(BotStreamNet, ABotPlaysAChallengeThroughItsStreamsAndHttpMoves) {
    TempDir dir("bot_stream_net");
    ServerProcess server(dir.path, {"--bot-stream-keepalive", "1", "--bot-streams", "2"});
    const auto registered = [&](const std::string& name) {
        Browser b(server.port);
        b.get("/api/me");
        EXPECT_EQ(b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status,
                  200);
        return b;
    };
    Browser owner = registered("StreamBot");
    ASSERT_EQ(owner.post("/api/bot/account", json::object()).status, 200);
    const BrowserReply issued = owner.post("/api/bot/token", json::object());
    ASSERT_EQ(issued.status, 200) << issued.body;
    const std::string token = issued.data()["token"];
    Browser bot(server.port);
    bot.set_header("Authorization", "Bearer " + token);

    // A person's session opens no stream and plays no move through the bot API.
    Browser ada = registered("AdaPerson");
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

}  // namespace bot_stream_net
}  // namespace reversi::server::testing_support
