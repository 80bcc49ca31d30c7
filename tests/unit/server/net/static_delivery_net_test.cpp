// SPDX-License-Identifier: MIT
// The web client's files as the real `reversi serve` sends them (issue 49): an entity tag on
// every file and 304 for a request that holds it, the precompressed copy chosen by
// Accept-Encoding with "Vary: Accept-Encoding", a year's immutable caching only for
// content-hashed names, HEAD like GET without the body, and hostile paths still refused.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;
using DeliveryResponse = http::response<http::string_body>;

// One request with the given headers; the whole response, headers included.
DeliveryResponse fetch_static(unsigned short port, const std::string& target,
                              const std::vector<std::pair<http::field, std::string>>& headers,
                              http::verb method = http::verb::get) {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [field, value] : headers) req.set(field, value);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    if (method == http::verb::head) parser.skip(true);
    http::read(stream, buffer, parser);
    error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    return parser.release();
}

class StaticDelivery : public ::testing::Test {
  protected:
    StaticDelivery() : dir_("static_delivery") {
        const auto web = dir_.path / "web";
        std::filesystem::create_directories(web / "assets");
        std::ofstream(web / "assets" / "app-ABCDEFGH.js") << "console.log('plain');";
        std::ofstream(web / "assets" / "app-ABCDEFGH.js.br") << "BROTLI";
        std::ofstream(web / "assets" / "app-ABCDEFGH.js.gz") << "GZIPPED";
        std::ofstream(dir_.path / "secret.txt") << "secret";
        server_.emplace(dir_.path);
    }
    unsigned short port() const { return server_->port; }
    TempDir dir_;
    std::optional<ServerProcess> server_;
};

TEST_F(StaticDelivery, HashedScriptCompressedAndCachedAYear) {
    const auto br = fetch_static(port(), "/assets/app-ABCDEFGH.js",
                                 {{http::field::accept_encoding, "gzip, deflate, br, zstd"}});
    EXPECT_EQ(br.result_int(), 200);
    EXPECT_EQ(br.body(), "BROTLI");
    EXPECT_EQ(br[http::field::content_encoding], "br");
    EXPECT_EQ(br[http::field::content_type], "text/javascript; charset=utf-8");
    EXPECT_EQ(br[http::field::cache_control], "public, max-age=31536000, immutable");
    EXPECT_EQ(br[http::field::vary], "Accept-Encoding");
    EXPECT_FALSE(br[http::field::etag].empty());

    const auto gz = fetch_static(port(), "/assets/app-ABCDEFGH.js",
                                 {{http::field::accept_encoding, "br;q=0.5, gzip;q=0.9"}});
    EXPECT_EQ(gz.body(), "GZIPPED");
    EXPECT_EQ(gz[http::field::content_encoding], "gzip");
    EXPECT_EQ(gz[http::field::vary], "Accept-Encoding");

    const auto plain = fetch_static(port(), "/assets/app-ABCDEFGH.js",
                                    {{http::field::accept_encoding, "br;q=0, gzip;q=0"}});
    EXPECT_EQ(plain.body(), "console.log('plain');");
    EXPECT_EQ(plain.count(http::field::content_encoding), 0u);
    EXPECT_EQ(plain[http::field::vary], "Accept-Encoding");
    EXPECT_EQ(fetch_static(port(), "/assets/app-ABCDEFGH.js", {}).body(), "console.log('plain');");

    std::set<std::string> tags{std::string(br[http::field::etag]),
                               std::string(gz[http::field::etag]),
                               std::string(plain[http::field::etag])};
    EXPECT_EQ(tags.size(), 3u) << "each copy has its own tag";
}

TEST_F(StaticDelivery, RevalidationAnswers304) {
    const auto first = fetch_static(port(), "/", {{http::field::accept_encoding, "br"}});
    ASSERT_EQ(first.result_int(), 200);
    EXPECT_EQ(first[http::field::cache_control], "no-cache");
    const std::string tag(first[http::field::etag]);
    ASSERT_FALSE(tag.empty());
    // The same tag again, also among others and weak: not modified, no body.
    for (const std::string& held : {tag, "\"other\", W/" + tag, std::string("*")}) {
        const auto again = fetch_static(port(), "/", {{http::field::if_none_match, held}});
        EXPECT_EQ(again.result_int(), 304) << held;
        EXPECT_TRUE(again.body().empty()) << held;
        EXPECT_EQ(again[http::field::etag], tag) << held;
        EXPECT_EQ(again[http::field::cache_control], "no-cache") << held;
        EXPECT_EQ(again[http::field::vary], "Accept-Encoding") << held;
    }
    const auto head =
        fetch_static(port(), "/index.html", {{http::field::if_none_match, tag}}, http::verb::head);
    EXPECT_EQ(head.result_int(), 304);
    // Another tag, or the tag of another copy, is answered in full.
    const auto changed = fetch_static(port(), "/", {{http::field::if_none_match, "\"stale\""}});
    EXPECT_EQ(changed.result_int(), 200);
    EXPECT_EQ(changed.body(), "<!doctype html><title>reversi</title>");

    const auto br =
        fetch_static(port(), "/assets/app-ABCDEFGH.js", {{http::field::accept_encoding, "br"}});
    const auto gz_with_br_tag =
        fetch_static(port(), "/assets/app-ABCDEFGH.js",
                     {{http::field::accept_encoding, "gzip"},
                      {http::field::if_none_match, std::string(br[http::field::etag])}});
    EXPECT_EQ(gz_with_br_tag.result_int(), 200);
    EXPECT_EQ(gz_with_br_tag.body(), "GZIPPED");

    // An edited file gets a new tag: the old one no longer matches.
    std::filesystem::last_write_time(
        dir_.path / "web" / "index.html",
        std::filesystem::last_write_time(dir_.path / "web" / "index.html") +
            std::chrono::seconds(2));
    const auto edited = fetch_static(port(), "/", {{http::field::if_none_match, tag}});
    EXPECT_EQ(edited.result_int(), 200);
    EXPECT_NE(edited[http::field::etag], tag);
}

TEST_F(StaticDelivery, HeadSaysWhatGetSends) {
    const auto head = fetch_static(port(), "/assets/app-ABCDEFGH.js",
                                   {{http::field::accept_encoding, "gzip"}}, http::verb::head);
    EXPECT_EQ(head.result_int(), 200);
    EXPECT_EQ(head[http::field::content_encoding], "gzip");
    EXPECT_EQ(head[http::field::content_length], "7");
    EXPECT_FALSE(head[http::field::etag].empty());
}

TEST_F(StaticDelivery, HostilePathsStillRefused) {
    for (const char* bad :
         {"/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt",
          "/assets/%2E%2E%2F%2E%2E%2Fsecret.txt", "/assets//app-ABCDEFGH.js", "/.hidden",
          "/assets/app-ABCDEFGH.js%00", "/assets/app-ABCDEFGH.js/..", "/%zz"}) {
        const auto res = fetch_static(
            port(), bad,
            {{http::field::accept_encoding, "br, gzip"}, {http::field::if_none_match, "*"}});
        EXPECT_EQ(res.result_int(), 404) << bad;
        EXPECT_EQ(res.body().find("secret\""), std::string::npos) << bad;
    }
    // Hostile negotiation headers are read without harm.
    const auto odd = fetch_static(port(), "/assets/app-ABCDEFGH.js",
                                  {{http::field::accept_encoding, std::string(2000, ';') + "br"},
                                   {http::field::if_none_match, std::string(2000, '"')}});
    EXPECT_EQ(odd.result_int(), 200);
    EXPECT_EQ(odd.body(), "console.log('plain');");
    EXPECT_EQ(get(port(), "/api/health").status, 200);
}

// The browser's engine under /engine/, from a folder of its own (--engine-web; src/wasm): the
// module typed application/wasm and compressed like the client's files, revalidated by its tag,
// the web folder's files not reachable through it nor its own through the web folder; and
// nothing there when the server has no engine.
TEST(StaticDeliveryEngine, ModuleTypedCompressedAndKeptInItsFolder) {
    TempDir dir("static_engine");
    std::filesystem::create_directories(dir.path / "web");
    std::filesystem::create_directories(dir.path / "engine" / "data" / "weights");
    std::ofstream(dir.path / "web" / "index.html") << "<html>";
    std::ofstream(dir.path / "engine" / "reversi-engine.wasm") << "WASM";
    std::ofstream(dir.path / "engine" / "reversi-engine.wasm.br") << "BROTLI-WASM";
    std::ofstream(dir.path / "engine" / "data" / "weights" / "8x8.weights") << "WEIGHTS";
    std::ofstream(dir.path / "secret.txt") << "secret";
    ServerProcess server(dir.path, {"--engine-web", (dir.path / "engine").string()});
    const auto wasm = fetch_static(server.port, "/engine/reversi-engine.wasm",
                                   {{http::field::accept_encoding, "gzip, br"}});
    EXPECT_EQ(wasm.result_int(), 200);
    EXPECT_EQ(wasm.body(), "BROTLI-WASM");
    EXPECT_EQ(wasm[http::field::content_type], "application/wasm");
    EXPECT_EQ(wasm[http::field::content_encoding], "br");
    EXPECT_EQ(wasm[http::field::vary], "Accept-Encoding");
    EXPECT_EQ(wasm[http::field::cache_control], "no-cache");
    const std::string tag(wasm[http::field::etag]);
    ASSERT_FALSE(tag.empty());
    const auto again = fetch_static(
        server.port, "/engine/reversi-engine.wasm",
        {{http::field::accept_encoding, "gzip, br"}, {http::field::if_none_match, tag}});
    EXPECT_EQ(again.result_int(), 304);
    // Page and worker may compile WebAssembly, and only that.
    EXPECT_NE(
        std::string(wasm["Content-Security-Policy"]).find("script-src 'self' 'wasm-unsafe-eval'"),
        std::string::npos);
    EXPECT_EQ(fetch_static(server.port, "/engine/data/weights/8x8.weights", {}).body(), "WEIGHTS");
    for (const char* path : {"/engine/../secret.txt", "/engine/%2e%2e/secret.txt",
                             "/engine/../web/index.html", "/reversi-engine.wasm", "/engine"})
        EXPECT_EQ(fetch_static(server.port, path, {}).result_int(), 404) << path;
}

TEST(StaticDeliveryEngine, NoEngineNoFiles) {
    TempDir dir("static_no_engine");
    std::filesystem::create_directories(dir.path / "web" / "engine");
    std::ofstream(dir.path / "web" / "engine" / "reversi-engine.wasm") << "WASM";
    ServerProcess server(dir.path, {"--engine-web", ""});
    EXPECT_EQ(fetch_static(server.port, "/engine/reversi-engine.wasm", {}).result_int(), 404);
}

}  // namespace
}  // namespace reversi::server
