// SPDX-License-Identifier: MIT
// End-to-end tests of `reversi serve` over loopback: HTTP API and static files, every
// WebSocket message type, every bad input of docs/PROTOCOL.md, seat tokens, computer seats,
// undo, hints, resign, rematch, clocks, reconnect, the archive, and a SIGKILL in the middle
// of several games after which nothing acknowledged may be missing.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "core/ggf.h"
#include "core/notation.h"
#include "server/common/protocol.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

json create(unsigned short port, const json& body) {
    const HttpResult r = post(port, "/api/tables", body);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.data();
}

std::string ws_target(const std::string& table, const std::string& token = "") {
    return "/ws?table=" + table + (token.empty() ? "" : "&token=" + token);
}

TEST(Server, HealthStaticFilesAndLimits) {
    TempDir dir("static");
    ServerProcess server(dir.path);
    const json health = get(server.port, "/api/health").data();
    EXPECT_EQ(health["ok"], true);
    EXPECT_EQ(health["tables"], 0);
    EXPECT_EQ(health["damaged"], json::array());
    const HttpResult index = get(server.port, "/");
    EXPECT_EQ(index.status, 200);
    EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
    EXPECT_NE(index.body.find("reversi"), std::string::npos);
    for (const char* bad : {"/../test.db", "/%2e%2e/test.db", "/nothing.js"}) {
        const HttpResult r = get(server.port, bad);
        EXPECT_EQ(r.status, 404) << bad;
        EXPECT_EQ(r.data()["code"], "not_found");
    }
    const HttpResult big =
        http_request(server.port, http::verb::post, "/api/tables", std::string(70 * 1024, ' '));
    EXPECT_EQ(big.status, 413);
    EXPECT_EQ(big.data()["code"], "too_large");
    EXPECT_EQ(get(server.port, "/api/nothing").status, 404);
    const HttpResult bad_json = http_request(server.port, http::verb::post, "/api/tables", "{");
    EXPECT_EQ(bad_json.status, 400);
    EXPECT_EQ(bad_json.data()["code"], "bad_json");
    const HttpResult bad_setup =
        post(server.port, "/api/tables", {{"setup", {{"board", "6"}, {"players", 4}}}});
    EXPECT_EQ(bad_setup.status, 400);
    EXPECT_EQ(bad_setup.data()["code"], "bad_setup");
    EXPECT_NE(bad_setup.data()["message"].get<std::string>().find("6x6"), std::string::npos);
    EXPECT_EQ(get(server.port, "/api/games?limit=x").data()["code"], "bad_request");
    // Nothing was created by the refused requests.
    EXPECT_EQ(get(server.port, "/api/tables").data()["tables"].size(), 0u);
}

TEST(Server, TwoPlayersTokensAndEveryBadMessage) {
    TempDir dir("twoplayers");
    ServerProcess server(dir.path);
    const json made = create(server.port, {{"seats", {{{"type", "human"}}, {{"type", "human"}}}},
                                           {"name", "Ada"},
                                           {"seat", 0},
                                           {"hints", true}});  // off by default between people
    const std::string id = made["table"], token_a = made["token"];
    EXPECT_EQ(made["table_state"]["status"], "waiting");
    EXPECT_EQ(made["table_state"]["you"], json({0}));
    const json list = get(server.port, "/api/tables").data()["tables"];
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0]["id"], id);
    EXPECT_EQ(list[0]["seats"][1]["taken"], false);

    const HttpResult joined =
        post(server.port, "/api/tables/" + id + "/join", {{"seat", 1}, {"name", "Bob"}});
    ASSERT_EQ(joined.status, 200) << joined.body;
    const std::string token_b = joined.data()["token"];
    EXPECT_NE(token_a, token_b);
    const HttpResult again = post(server.port, "/api/tables/" + id + "/join", {{"seat", 1}});
    EXPECT_EQ(again.status, 409);
    EXPECT_EQ(again.data()["code"], "seat_taken");
    EXPECT_EQ(post(server.port, "/api/tables/" + id + "/join", {{"seat", 7}}).status, 400);
    EXPECT_EQ(post(server.port, "/api/tables/nope/join", {{"seat", 1}}).status, 404);
    EXPECT_EQ(get(server.port, "/api/tables/nope").status, 404);

    WsClient a(server.port, ws_target(id, token_a));
    EXPECT_EQ(a.read_state(0)["table"]["you"], json({0}));
    WsClient b(server.port, ws_target(id, token_b));
    const json sb = b.read_state(0);
    EXPECT_EQ(sb["table"]["you"], json({1}));
    EXPECT_EQ(sb["table"]["status"], "playing");
    WsClient watcher(server.port, ws_target(id));
    EXPECT_EQ(watcher.read_state(0)["table"]["you"], json::array());
    WsClient impostor(server.port, ws_target(id, "0123456789abcdef"));
    EXPECT_EQ(impostor.read_error()["code"], "bad_token");
    EXPECT_EQ(impostor.read_state(0)["table"]["you"], json::array());

    auto expect_error = [](WsClient& c, const std::string& text, const std::string& code) {
        c.send(text);
        const json e = c.read_error();
        EXPECT_EQ(e["code"], code) << text << " -> " << e.dump();
        EXPECT_FALSE(e["message"].get<std::string>().empty());
    };
    expect_error(b, R"({"type": "move", "square": "c3"})", "not_your_turn");
    expect_error(a, R"({"type": "move", "square": "a1"})", "illegal_move");
    expect_error(a, R"({"type": "move", "square": "k11"})", "illegal_move");
    expect_error(a, R"({"type": "move", "square": "pass"})", "illegal_move");
    expect_error(a, R"({"type": "move", "square": "d3", "ply": 4})", "stale");
    expect_error(a, R"({"type": "move"})", "bad_request");
    expect_error(a, R"({"type": "move", "square": 12})", "bad_request");
    expect_error(a, R"({"type": "move", "square": "d3", "ply": "zero"})", "bad_request");
    expect_error(a, R"({"type": "fly"})", "bad_request");
    expect_error(a, R"({"square": "d3"})", "bad_request");
    expect_error(a, R"([1, 2])", "bad_request");
    expect_error(a, R"({"type": "move", "square": "d3")", "bad_json");
    expect_error(a, "not json at all", "bad_json");
    expect_error(a, "{\"type\": \"move\", \"pad\": \"" + std::string(70 * 1024, 'x') + "\"}",
                 "too_large");
    expect_error(watcher, R"({"type": "move", "square": "d3"})", "not_your_seat");
    expect_error(impostor, R"({"type": "resign"})", "not_your_seat");
    expect_error(a, R"({"type": "undo"})", "not_allowed");
    expect_error(a, R"({"type": "rematch"})", "not_allowed");
    expect_error(b, R"({"type": "hint"})", "not_your_turn");
    // Nothing changed: still ply 0, Black to move.
    EXPECT_EQ(get(server.port, "/api/tables/" + id).data()["ply"], 0);

    a.send(json{{"type", "ping"}});
    EXPECT_EQ(a.read_until([](const json& m) { return m["type"] == "pong"; })["type"], "pong");
    a.send(json{{"type", "move"}, {"square", "D3"}, {"ply", 0}});
    for (WsClient* c : {&a, &b, &watcher}) {
        const json s = c->read_state(1);
        EXPECT_EQ(s["table"]["moves"], json({"d3"}));
        EXPECT_EQ(s["table"]["to_move"], 1);
        EXPECT_EQ(s["table"]["flipped"], json({"d4"}));
    }
    a.send(json{{"type", "move"}, {"square", "c3"}, {"ply", 1}});
    EXPECT_EQ(a.read_error()["code"], "not_your_turn");
    b.send(json{{"type", "hint"}});
    const json hint = b.read_until([](const json& m) { return m["type"] == "hint"; });
    const json legal = get(server.port, "/api/tables/" + id).data()["legal"];
    EXPECT_NE(std::find(legal.begin(), legal.end(), hint["square"]), legal.end()) << hint;
    // White moves too (before both have moved a resignation aborts), then resigns.
    b.send(json{{"type", "move"}, {"square", hint["square"]}, {"ply", 1}});
    b.send(json{{"type", "resign"}});
    const json over = a.read_until(
        [](const json& m) { return m["type"] == "state" && m["table"]["status"] == "finished"; });
    EXPECT_EQ(over["table"]["result"]["winner"], 0);
    EXPECT_EQ(over["table"]["result"]["reason"], "resign");
    a.send(json{{"type", "move"}, {"square", "c3"}});
    EXPECT_EQ(a.read_error()["code"], "game_over");
    EXPECT_EQ(post(server.port, "/api/tables/" + id + "/join", {{"seat", 1}}).status, 400);
}

TEST(Server, ComputerUndoRematchAndReconnect) {
    TempDir dir("computer");
    ServerProcess server(dir.path);
    const json made =
        create(server.port, {{"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}},
                             {"seat", 0},
                             {"name", "Ada"}});
    const std::string id = made["table"], token = made["token"];
    EXPECT_EQ(made["table_state"]["status"], "playing");
    {
        WsClient a(server.port, ws_target(id, token));
        a.read_state(0);
        a.send(json{{"type", "move"}, {"square", "f5"}, {"ply", 0}});
        const json reply = a.read_state(2);  // the computer answered
        EXPECT_EQ(reply["table"]["to_move"], 0);
        a.send(json{{"type", "undo"}});
        const json undone = a.read_state(0);
        EXPECT_EQ(undone["table"]["moves"], json::array());
        EXPECT_EQ(undone["table"]["board"][3], "---OX---");
        a.send(json{{"type", "move"}, {"square", "d3"}, {"ply", 0}});
        a.read_state(2);
    }  // disconnect
    {
        // Reconnect with the link and token: the seat and the moves are still there.
        WsClient a(server.port, ws_target(id, token));
        const json s = a.read_until([](const json& m) { return m["type"] == "state"; });
        EXPECT_EQ(s["table"]["you"], json({0}));
        EXPECT_EQ(s["table"]["ply"], 2);
        EXPECT_EQ(s["table"]["moves"][0], "d3");
        EXPECT_EQ(s["table"]["seats"][0]["connected"], true);
        a.send(json{{"type", "resign"}});
        a.read_until([](const json& m) {
            return m["type"] == "state" && m["table"]["status"] == "finished";
        });
        a.send(json{{"type", "rematch"}});
        const json re = a.read_until([](const json& m) { return m["type"] == "rematch"; });
        const std::string next = re["table"];
        EXPECT_NE(next, id);
        // Seats rotated: the human is White now and the computer opens.
        WsClient b(server.port, ws_target(next, token));
        const json s2 = b.read_until([](const json& m) { return m["type"] == "state"; });
        EXPECT_EQ(s2["table"]["you"], json({1}));
        EXPECT_EQ(s2["table"]["seats"][0]["type"], "computer");
        // The computer may have opened before this client connected (a loaded machine).
        if (s2["table"]["ply"] == 0) b.read_state(1);
        EXPECT_LE(s2["table"]["ply"].get<int>(), 1);
        // Asking again gives the same rematch table.
        a.send(json{{"type", "rematch"}});
        EXPECT_EQ(a.read_until([](const json& m) { return m["type"] == "rematch"; })["table"],
                  next);
    }
}

TEST(Server, ClockFlagFalls) {
    TempDir dir("clock");
    ServerProcess server(dir.path);
    const json made =
        create(server.port, {{"local", true}, {"clock", {{"mode", "move"}, {"seconds", 2}}}});
    const std::string id = made["table"], token = made["token"];
    EXPECT_EQ(made["table_state"]["you"], json({0, 1}));
    WsClient a(server.port, ws_target(id, token));
    a.read_state(0);
    a.send(json{{"type", "move"}, {"square", "d3"}});
    a.read_state(1);
    // Both seats move first: a flag fall before a seat's first move aborts (issue 48, 14).
    a.send(json{{"type", "move"}, {"square", "c3"}});
    const json moved = a.read_state(2);
    EXPECT_EQ(moved["table"]["clock"]["running"], 0);
    const auto start = std::chrono::steady_clock::now();
    const json flag = a.read_until(
        [](const json& m) { return m["type"] == "state" && m["table"]["status"] == "finished"; },
        5);
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_GT(waited, 1.5);
    EXPECT_LT(waited, 5.0);
    EXPECT_EQ(flag["table"]["result"]["reason"], "time");
    EXPECT_EQ(flag["table"]["result"]["winner"], 1);
    EXPECT_EQ(flag["table"]["clock"]["remaining_ms"][0], 0);
}

TEST(Server, ArchiveReplayAndExport) {
    TempDir dir("archive");
    ServerProcess server(dir.path);
    const json made = create(server.port, {{"setup", {{"board", "8"}}}, {"local", true}});
    const std::string id = made["table"], token = made["token"];
    WsClient a(server.port, ws_target(id, token));
    json state = a.read_state(0)["table"];
    std::mt19937 rng(3);
    while (state["status"] == "playing") {
        const json legal = state["legal"];
        const int ply = state["ply"];
        a.send(json{{"type", "move"}, {"square", legal[rng() % legal.size()]}, {"ply", ply}});
        state = a.read_state(ply + 1)["table"];
    }
    const json games = get(server.port, "/api/games").data()["games"];
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0]["id"], id);
    EXPECT_EQ(games[0]["result"], state["result"]);
    const json game = get(server.port, "/api/games/" + id).data();
    EXPECT_EQ(game["moves"], state["moves"]);
    // Replaying the archived moves with the rules library gives the archived result.
    core::Game replay(parse_setup(game["setup"]).setup);
    for (const json& m : game["moves"])
        ASSERT_EQ(
            replay.play(*core::parse_square(replay.variant().geometry(), m.get<std::string>())),
            "");
    ASSERT_TRUE(replay.is_over());
    EXPECT_EQ(game["result"]["counts"][0], replay.position().count(0));
    EXPECT_EQ(game["result"]["counts"][1], replay.position().count(1));
    const HttpResult text = get(server.port, "/api/games/" + id + "/export?format=text");
    EXPECT_EQ(text.status, 200);
    EXPECT_EQ(text.content_type, "text/plain; charset=utf-8");
    EXPECT_NE(text.body.find("board=8"), std::string::npos);
    const HttpResult ggf = get(server.port, "/api/games/" + id + "/export?format=ggf");
    EXPECT_EQ(ggf.body.rfind("(;GM[Othello]", 0), 0u);
    EXPECT_NE(ggf.body.find("TY[8]"), std::string::npos);
    // The record reads back with the rules library to the same moves.
    const core::GgfRecord back = core::parse_ggf(ggf.body);
    EXPECT_EQ(back.game.moves(), replay.moves());
    EXPECT_NE(ggf.body.find(";)"), std::string::npos);
    EXPECT_EQ(get(server.port, "/api/games/" + id + "/export?format=pdf").status, 400);
    EXPECT_EQ(get(server.port, "/api/games/nope").status, 404);
    const json three = create(server.port, {{"setup", {{"players", 3}}}, {"local", true}});
    const HttpResult no_ggf =
        get(server.port, "/api/games/" + three["table"].get<std::string>() + "/export?format=ggf");
    EXPECT_EQ(no_ggf.status, 400);
    EXPECT_EQ(no_ggf.data()["code"], "not_allowed");
}

// Several games in flight, then SIGKILL: every move a client saw acknowledged must be in the
// store after the restart, in order, with the seats' tokens and clocks.
TEST(Server, SigkillLosesNothingAcknowledged) {
    TempDir dir("restart");
    std::vector<std::string> ids, tokens;
    std::vector<std::vector<std::string>> acked;
    std::vector<json> last_state;
    constexpr int Games = 6;
    {
        ServerProcess server(dir.path);
        std::vector<std::unique_ptr<WsClient>> clients;
        for (int g = 0; g < Games; ++g) {
            json body = {{"local", true}, {"setup", {{"board", g % 2 ? "10" : "8"}}}};
            if (g == 0) body["clock"] = {{"mode", "game"}, {"seconds", 600}, {"increment", 2}};
            const json made = create(server.port, body);
            ids.push_back(made["table"]);
            tokens.push_back(made["token"]);
            clients.push_back(
                std::make_unique<WsClient>(server.port, ws_target(ids[g], tokens[g])));
            last_state.push_back(clients[g]->read_state(0)["table"]);
            acked.emplace_back();
        }
        std::mt19937 rng(11);
        // Round-robin: send a move on every table, then collect the acknowledgements.
        for (int round = 0; round < 12; ++round) {
            for (int g = 0; g < Games; ++g) {
                const json legal = last_state[g]["legal"];
                if (last_state[g]["status"] != "playing") continue;
                clients[g]->send(json{{"type", "move"},
                                      {"square", legal[rng() % legal.size()]},
                                      {"ply", last_state[g]["ply"]}});
            }
            if (round == 11) break;  // the last round's moves are in flight at the kill
            for (int g = 0; g < Games; ++g) {
                if (last_state[g]["status"] != "playing") continue;
                last_state[g] =
                    clients[g]->read_state(last_state[g]["ply"].get<int>() + 1)["table"];
                acked[g] = last_state[g]["moves"].get<std::vector<std::string>>();
            }
        }
        server.kill9();
    }
    ServerProcess again(dir.path);
    EXPECT_NE(again.output.find("restored"), std::string::npos) << again.output;
    for (int g = 0; g < Games; ++g) {
        const json state = get(again.port, "/api/tables/" + ids[g]).data();
        const auto moves = state["moves"].get<std::vector<std::string>>();
        ASSERT_GE(moves.size(), acked[g].size()) << "table " << g << " lost moves";
        EXPECT_LE(moves.size(), acked[g].size() + 1);
        EXPECT_TRUE(std::equal(acked[g].begin(), acked[g].end(), moves.begin()));
        EXPECT_EQ(state["setup"], last_state[g]["setup"]);
        if (g == 0 && moves.size() == acked[g].size()) {
            // The clock resumes from the committed values (downtime is not charged).
            const json before = last_state[g]["clock"]["remaining_ms"];
            const json after = state["clock"]["remaining_ms"];
            const int waiting = last_state[g]["to_move"];
            EXPECT_EQ(after[1 - waiting], before[1 - waiting]);
            EXPECT_GE(after[waiting].get<int64_t>(), before[waiting].get<int64_t>() - 1000);
        }
        // The token still holds both seats and the game goes on.
        WsClient c(again.port, ws_target(ids[g], tokens[g]));
        const json s = c.read_until([](const json& m) { return m["type"] == "state"; })["table"];
        EXPECT_EQ(s["you"], json({0, 1}));
        if (s["status"] == "playing") {
            c.send(json{{"type", "move"}, {"square", s["legal"][0]}, {"ply", s["ply"]}});
            c.read_state(s["ply"].get<int>() + 1);
        }
    }
}

}  // namespace
}  // namespace reversi::server
