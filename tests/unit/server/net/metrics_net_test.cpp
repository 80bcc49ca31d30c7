// SPDX-License-Identifier: MIT
// The metrics page of a running `reversi serve` (docs/OPERATIONS.md): on its own port only,
// behind its token, and its counters move with the games; every refusal counts by its code,
// also those answered outside the API's routes.
#include <gtest/gtest.h>

#include <sstream>

#include "prometheus_sample.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// GET `target` on `port` with an optional bearer token: status and body.
std::pair<int, std::string> scrape(unsigned short port, const std::string& token,
                                   const std::string& target = "/metrics") {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    return {static_cast<int>(res.result_int()), res.body()};
}

TEST(MetricsNet, OwnPortTokenAndCountersThatMoveWithTheGames) {
    TempDir dir("metrics");
    ServerProcess server(dir.path, {"--metrics-port", "0", "--metrics-token", "s3cret"});
    const std::string marker = "metrics on http://127.0.0.1:";
    ASSERT_NE(server.output.find(marker), std::string::npos) << server.output;
    const auto port = static_cast<unsigned short>(
        std::stoi(server.output.substr(server.output.find(marker) + marker.size())));

    // Not on the public port; not without the token or with another one.
    EXPECT_EQ(get(server.port, "/metrics").status, 404);
    EXPECT_EQ(scrape(port, "").first, 401);
    EXPECT_EQ(scrape(port, "s3creT").first, 401);
    EXPECT_EQ(scrape(port, "s3cret", "/other").first, 404);
    const auto [status, before] = scrape(port, "s3cret");
    ASSERT_EQ(status, 200);
    EXPECT_EQ(prometheus_sample(before, "reversi_moves_total"), 0);
    EXPECT_EQ(prometheus_sample(before, "reversi_live_tables"), 0);

    // A human move, the computer's reply and an illegal move.
    const HttpResult made =
        post(server.port, "/api/tables",
             {{"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}},
              {"seat", 0},
              {"name", "Ada"}});
    ASSERT_EQ(made.status, 200) << made.body;
    WsClient ws(server.port, "/ws?table=" + made.data()["table"].get<std::string>() +
                                 "&token=" + made.data()["token"].get<std::string>());
    ws.read_state(0);
    ws.send(json{{"type", "move"}, {"square", "f5"}, {"ply", 0}});
    ws.read_state(2);
    ws.send(json{{"type", "move"}, {"square", "a1"}, {"ply", 2}});
    EXPECT_EQ(ws.read_error()["code"], "illegal_move");
    EXPECT_EQ(http_request(server.port, http::verb::post, "/api/tables", "{").status, 400);

    const std::string after = scrape(port, "s3cret").second;
    EXPECT_EQ(prometheus_sample(after, "reversi_moves_total"), 2);
    EXPECT_EQ(prometheus_sample(after, "reversi_move_seconds_count"), 2);
    EXPECT_GE(prometheus_sample(after, "reversi_commit_seconds_count"), 2);
    EXPECT_EQ(prometheus_sample(after, "reversi_engine_wait_seconds_count"), 1);
    EXPECT_EQ(prometheus_sample(after, "reversi_live_tables"), 1);
    EXPECT_GE(prometheus_sample(after, "reversi_open_connections"), 1);
    EXPECT_GE(prometheus_sample(after, "reversi_connections_total"), 3);
    EXPECT_EQ(prometheus_sample(after, "reversi_errors_total{code=\"illegal_move\"}"), 1);
    EXPECT_EQ(prometheus_sample(after, "reversi_errors_total{code=\"bad_json\"}"), 1);
    EXPECT_EQ(prometheus_sample(after, "reversi_storage_faults_total"), 0);
    EXPECT_NE(after.find("# TYPE reversi_move_seconds histogram\n"), std::string::npos);
}

// The metrics port named on the server's first lines.
unsigned short metrics_port(const ServerProcess& server) {
    const std::string marker = "metrics on http://127.0.0.1:";
    const size_t at = server.output.find(marker);
    if (at == std::string::npos) throw std::runtime_error("no metrics port: " + server.output);
    return static_cast<unsigned short>(std::stoi(server.output.substr(at + marker.size())));
}

// Issue 29: these refusals were sent without being counted.
TEST(MetricsNet, RefusalsOutsideTheApiRoutesAreCountedByCode) {
    TempDir dir("metrics_errors");
    ServerProcess server(dir.path, {"--metrics-port", "0", "--max-connections-per-address", "2"});
    const auto port = metrics_port(server);
    const auto errors = [&](const std::string& code) {
        return prometheus_sample(scrape(port, "").second,
                                 "reversi_errors_total{code=\"" + code + "\"}");
    };

    // A connection over its address's cap, refused by the listener before any request.
    {
        net::io_context ioc;
        std::vector<beast::tcp_stream> held;
        for (int i = 0; i < 3; ++i) {
            held.emplace_back(ioc);
            held.back().socket().open(tcp::v4());
            held.back().socket().bind(tcp::endpoint(net::ip::make_address("127.0.0.9"), 0));
            held.back().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), server.port));
        }
        held.back().expires_after(std::chrono::seconds(10));
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        http::read(held.back(), buffer, res);
        EXPECT_EQ(res.result_int(), 503);
    }
    EXPECT_EQ(errors("busy"), 1);

    // A 403 that an accounts route builds itself.
    EXPECT_EQ(http_request(server.port, http::verb::post, "/api/account/delete",
                           json{{"password", "x"}}.dump())
                  .status,
              403);
    EXPECT_EQ(errors("not_allowed"), 1);

    // A WebSocket message over 1 MiB, closed with 1009 by the session itself.
    const HttpResult made =
        post(server.port, "/api/tables",
             {{"seats", {{{"type", "human"}}, {{"type", "human"}}}}, {"seat", 0}, {"name", "Ada"}});
    ASSERT_EQ(made.status, 200) << made.body;
    {
        WsClient ws(server.port, "/ws?table=" + made.data()["table"].get<std::string>());
        ws.read();
        try {
            ws.send(std::string(1024 * 1024 + 1, 'x'));
            for (int i = 0; i < 5; ++i) ws.read();  // until the close
        } catch (const std::exception&) {
        }
    }
    EXPECT_EQ(errors("too_large"), 1);
}

}  // namespace
}  // namespace reversi::server
