// SPDX-License-Identifier: MIT
// The bot API through the real server (docs/PROTOCOL.md "Bot API"): a registered player makes
// its account a bot and takes an API token; `reversi bot` with `reversi gtp` as its GTP engine
// connects with that token, accepts a person's challenge and plays the game to its end, the
// person moving by script. The bot's seat is marked as a bot's.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace bot_net {

bool is(const json& m, const char* type) {
    return m.value("type", "") == type;
}

// `reversi bot ...` as a child process, killed at the end if it has not stopped by itself.
class BridgeProcess {
  public:
    explicit BridgeProcess(std::vector<std::string> args) {
        args.insert(args.begin(), {REVERSI_BINARY, "bot"});
        pid_ = fork();
        if (pid_ == 0) {
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

TEST(BotNet, GtpBridgePlaysAPersonsChallengeToTheEnd) {
    TempDir dir("bot_net");
    ServerProcess server(dir.path);

    // The owner registers the account, makes it a bot and takes a token.
    const auto registered = [&](const std::string& name) {
        Browser b(server.port);
        b.get("/api/me");
        EXPECT_EQ(b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status,
                  200);
        return b;
    };
    Browser owner = registered("GtpBot");
    const BrowserReply made = owner.post("/api/bot/account", json::object());
    ASSERT_EQ(made.status, 200) << made.body;
    EXPECT_EQ(made.data()["bot"], true);
    const BrowserReply issued = owner.post("/api/bot/token", json::object());
    ASSERT_EQ(issued.status, 200) << issued.body;
    const std::string token = issued.data()["token"];

    // A person is no bot: no token for them.
    Browser ada = registered("AdaPerson");
    const BrowserReply refused = ada.post("/api/bot/token", json::object());
    EXPECT_NE(refused.status, 200);
    EXPECT_EQ(refused.data()["code"], "not_allowed");
    CookieSocket lobby(server.port, "/ws/lobby", ada.cookie());
    lobby.read_until([](const json& m) { return is(m, "lobby"); });

    BridgeProcess bridge({"--server", "http://127.0.0.1:" + std::to_string(server.port), "--token",
                          token, "--engine",
                          std::string("gtp:") + REVERSI_BINARY + " gtp --board 6 --depth 2",
                          "--games", "1"});

    // Challenge the bot as soon as its lobby socket is open (offline until then).
    json paired;
    for (int tries = 0; tries < 100 && paired.is_null(); ++tries) {
        lobby.send({{"type", "challenge"},
                    {"to", "gtpbot"},
                    {"setup", {{"board", "6"}}},
                    {"clock", {{"mode", "none"}}},
                    {"rated", false}});
        const json answer = lobby.read_until(
            [](const json& m) { return is(m, "error") || is(m, "challenge_sent"); });
        if (is(answer, "error")) {
            ASSERT_EQ(answer["code"], "offline") << answer.dump();
            usleep(100'000);
            continue;
        }
        EXPECT_EQ(answer["to_bot"], true);
        paired = lobby.read_until([](const json& m) { return is(m, "paired"); }, 20);
    }
    ASSERT_FALSE(paired.is_null()) << "the bot never came online";

    // The person plays the first legal move each turn; the bot answers through GTP.
    const std::string table = paired["table"];
    const int mine = paired["seat"];
    WsClient ws(server.port, "/ws?table=" + table + "&token=" + paired["token"].get<std::string>());
    json state;
    int sent = 0, last_ply = -1;
    for (int steps = 0; steps < 500; ++steps) {
        const json msg = ws.read_until([](const json& m) { return is(m, "state"); }, 30);
        state = msg["table"];
        if (state["status"] == "finished") break;
        const int ply = state["ply"];
        if (state["to_move"] == mine && ply != last_ply) {
            ws.send({{"type", "move"}, {"square", state["legal"][0]}, {"ply", ply}});
            last_ply = ply;
            ++sent;
        }
    }
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

}  // namespace bot_net
}  // namespace reversi::server::testing_support
