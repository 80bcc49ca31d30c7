// SPDX-License-Identifier: MIT
// Cross-site requests (issue 27, finding 6; net/request_origin.h): a page of another origin,
// even another port of the same host, can neither open the WebSockets nor post to the API
// for the visitor whose cookie its browser sends; a POST must be JSON. The site's own origin,
// --allowed-origin and clients that send no Origin pass.
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "server/net/request_origin.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// Whether the WebSocket at `target` opens with `origin` (none when empty).
bool opens(unsigned short port, const std::string& target, const std::string& origin) {
    net::io_context ioc;
    websocket::stream<beast::tcp_stream> ws(ioc);
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
    beast::get_lowest_layer(ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
        if (!origin.empty()) req.set(http::field::origin, origin);
    }));
    websocket::response_type res;
    error_code ec;
    ws.handshake(res, "127.0.0.1:" + std::to_string(port), target, ec);
    return !ec && res.result() == http::status::switching_protocols;
}

TEST(RequestOrigin, OriginsAndContentTypes) {
    const OriginPolicy policy({"https://Reversi.example"});
    EXPECT_TRUE(policy.allows("", "127.0.0.1:8080"));
    EXPECT_TRUE(policy.allows("http://127.0.0.1:8080", "127.0.0.1:8080"));
    EXPECT_TRUE(policy.allows("https://site.example", "SITE.example"));
    EXPECT_TRUE(policy.allows("https://reversi.example", "127.0.0.1:8080"));
    EXPECT_FALSE(policy.allows("http://127.0.0.1:9999", "127.0.0.1:8080"));
    EXPECT_FALSE(policy.allows("null", "127.0.0.1:8080"));
    EXPECT_FALSE(policy.allows("http://evil.example", "evil.example\"x"));
    EXPECT_FALSE(policy.allows("http://127.0.0.1:8080.evil.example", "127.0.0.1:8080"));
    EXPECT_TRUE(json_content_type("application/json"));
    EXPECT_TRUE(json_content_type("Application/JSON; charset=utf-8"));
    EXPECT_FALSE(json_content_type("text/plain"));
    EXPECT_FALSE(json_content_type(""));
    EXPECT_FALSE(json_content_type("application/jsonp"));
    EXPECT_TRUE(valid_origin("https://reversi.example"));
    EXPECT_TRUE(valid_origin("http://127.0.0.1:8080"));
    for (const char* bad : {"reversi.example", "https://", "https://a/b", "ftp://a", "https://a b"})
        EXPECT_FALSE(valid_origin(bad)) << bad;
}

TEST(RequestOrigin, AnotherSitesPageCannotActForTheVisitor) {
    TempDir dir("cross_site");
    ServerProcess server(dir.path, {"--allowed-origin", "https://friend.example"});
    const std::string own = "http://127.0.0.1:" + std::to_string(server.port);
    const std::string other_port = "http://127.0.0.1:" + std::to_string(server.port + 1);
    // WebSockets: the lobby and a table.
    for (const char* target : {"/ws/lobby", "/ws?table=nothing"}) {
        EXPECT_TRUE(opens(server.port, target, "")) << target;
        EXPECT_TRUE(opens(server.port, target, own)) << target;
        EXPECT_TRUE(opens(server.port, target, "https://friend.example")) << target;
        EXPECT_FALSE(opens(server.port, target, other_port)) << target;
        EXPECT_FALSE(opens(server.port, target, "null")) << target;
    }
    // A POST from another origin, with the visitor's cookie, changes nothing.
    Browser victim(server.port);
    const int id = victim.get("/api/me").data()["id"];
    Browser page = victim;
    page.set_header("Origin", other_port);
    const auto refused = page.post("/api/logout", json::object());
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_EQ(victim.get("/api/me").data()["id"], id);  // still logged in as before
    // A simple cross-site request (text/plain, as a form or a no-cors fetch sends).
    Browser plain = victim;
    plain.set_header("Content-Type", "text/plain");
    EXPECT_EQ(plain.post("/api/tables", {{"seat", 0}}).status, 415);
    EXPECT_EQ(victim.get("/api/me").data()["id"], id);
    // The site's own page acts (this client's Host header is "127.0.0.1", without the port).
    Browser own_page = victim;
    own_page.set_header("Origin", "http://127.0.0.1");
    EXPECT_EQ(own_page.post("/api/tables", {{"seat", 0}}).status, 200);
}

}  // namespace
}  // namespace reversi::server
