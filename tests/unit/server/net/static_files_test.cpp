// SPDX-License-Identifier: MIT
// Static files: index.html at directories, MIME types, every way out of the web directory
// refused (dot-dot, encoded dot-dot, hidden files, symlinks, bad escapes), and the copy that
// answers: a precompressed one by Accept-Encoding, never a stale one or one outside the root.
#include "server/net/static_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace reversi::server {
namespace {

namespace fs = std::filesystem;

class StaticFiles : public testing::Test {
  protected:
    void SetUp() override {
        base_ = fs::path(testing::TempDir()) / ("reversi_static_" + std::to_string(getpid()));
        fs::remove_all(base_);
        fs::create_directories(base_ / "web" / "js");
        std::ofstream(base_ / "web" / "index.html") << "<html>";
        std::ofstream(base_ / "web" / "js" / "app.js") << "1";
        std::ofstream(base_ / "web" / ".secret") << "x";
        std::ofstream(base_ / "outside.txt") << "secret";
        fs::create_symlink(base_ / "outside.txt", base_ / "web" / "link.txt");
        root_ = (base_ / "web").string();
    }
    void TearDown() override { fs::remove_all(base_); }
    fs::path base_;
    std::string root_;
};

TEST_F(StaticFiles, ServesFilesAndIndex) {
    const auto index = resolve_static(root_, "/");
    ASSERT_TRUE(index);
    EXPECT_EQ(fs::path(*index).filename(), "index.html");
    const auto js = resolve_static(root_, "/js/app.js");
    ASSERT_TRUE(js);
    EXPECT_EQ(fs::path(*js).filename(), "app.js");
    EXPECT_TRUE(resolve_static(root_, "/js/%61pp.js"));
    EXPECT_FALSE(resolve_static(root_, "/js/missing.js"));
}

TEST_F(StaticFiles, RefusesEscapes) {
    for (const char* bad :
         {"/../outside.txt", "/js/../../outside.txt", "/%2e%2e/outside.txt",
          "/%2E%2E%2Foutside.txt", "/.secret", "/link.txt", "/js/..", "/js//app.js", "/%zz", "/%2",
          "js/app.js", "", "/..\\outside.txt", "/index.html%00.js"})
        EXPECT_FALSE(resolve_static(root_, bad)) << bad;
}

TEST_F(StaticFiles, ChoosesThePrecompressedCopy) {
    fs::create_directories(base_ / "web" / "assets");
    const fs::path js = base_ / "web" / "assets" / "app-ABCDEFGH.js";
    std::ofstream(js) << "console.log(1);";
    std::ofstream(js.string() + ".br") << "b";
    std::ofstream(js.string() + ".gz") << "gz";
    const auto br = find_static(root_, "/assets/app-ABCDEFGH.js", "gzip, deflate, br");
    ASSERT_TRUE(br);
    EXPECT_EQ(br->coding, ContentCoding::Brotli);
    EXPECT_EQ(fs::path(br->file).filename(), "app-ABCDEFGH.js.br");
    EXPECT_EQ(br->content_type, "text/javascript; charset=utf-8");
    EXPECT_EQ(br->cache_control, "public, max-age=31536000, immutable");
    const auto gz = find_static(root_, "/assets/app-ABCDEFGH.js", "gzip");
    ASSERT_TRUE(gz);
    EXPECT_EQ(gz->coding, ContentCoding::Gzip);
    EXPECT_EQ(fs::path(gz->file).filename(), "app-ABCDEFGH.js.gz");
    const auto plain = find_static(root_, "/assets/app-ABCDEFGH.js", "");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->coding, ContentCoding::Identity);
    EXPECT_EQ(fs::path(plain->file).filename(), "app-ABCDEFGH.js");
    // Three copies, three tags.
    EXPECT_NE(br->etag, gz->etag);
    EXPECT_NE(br->etag, plain->etag);
    EXPECT_NE(gz->etag, plain->etag);
    // A file without copies is sent as it is, and is not cached without asking.
    const auto index = find_static(root_, "/", "br, gzip");
    ASSERT_TRUE(index);
    EXPECT_EQ(index->coding, ContentCoding::Identity);
    EXPECT_EQ(index->cache_control, "no-cache");
    EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
}

TEST_F(StaticFiles, NeverAStaleCopyNorOneOutsideTheRoot) {
    const fs::path js = base_ / "web" / "js" / "app.js";
    std::ofstream(js.string() + ".br") << "old";
    // The file was edited after its copy was made: the copy no longer stands for it.
    fs::last_write_time(js.string() + ".br", fs::last_write_time(js) - std::chrono::seconds(5));
    EXPECT_EQ(find_static(root_, "/js/app.js", "br")->coding, ContentCoding::Identity);
    // A copy that is a link leading out of the root is not followed.
    std::ofstream(base_ / "outside.gz") << "secret";
    fs::create_symlink(base_ / "outside.gz", js.string() + ".gz");
    const auto reply = find_static(root_, "/js/app.js", "gzip");
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->coding, ContentCoding::Identity);
    EXPECT_EQ(fs::path(reply->file).filename(), "app.js");
    // A copy that is a folder is no copy either.
    fs::create_directories(base_ / "web" / "index.html.br");
    EXPECT_EQ(find_static(root_, "/index.html", "br")->coding, ContentCoding::Identity);
}

TEST_F(StaticFiles, FindRefusesWhatResolveRefuses) {
    for (const char* bad : {"/../outside.txt", "/%2e%2e/outside.txt", "/.secret", "/link.txt",
                            "/js//app.js", "/%zz", "", "/index.html%00.js", "/missing.js"})
        EXPECT_FALSE(find_static(root_, bad, "br, gzip")) << bad;
}

TEST(StaticFilesMime, Types) {
    EXPECT_EQ(mime_type("/a/index.html"), "text/html; charset=utf-8");
    EXPECT_EQ(mime_type("app.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(mime_type("x.css"), "text/css; charset=utf-8");
    EXPECT_EQ(mime_type("x.svg"), "image/svg+xml");
    EXPECT_EQ(mime_type("x.json"), "application/json");
    EXPECT_EQ(mime_type("/manifest.webmanifest"), "application/manifest+json");
    EXPECT_EQ(mime_type("/sw.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(mime_type("/icons/icon-512.png"), "image/png");
    EXPECT_EQ(mime_type("x.unknown"), "application/octet-stream");
    EXPECT_EQ(mime_type("noext"), "application/octet-stream");
}

TEST(StaticFilesQuery, Params) {
    auto p = query_params("/ws?table=abc&token=x%2By&flag&empty=");
    EXPECT_EQ(p["table"], "abc");
    EXPECT_EQ(p["token"], "x+y");
    EXPECT_EQ(p.count("flag"), 1u);
    EXPECT_EQ(p["empty"], "");
    EXPECT_EQ(target_path("/api/games?limit=5"), "/api/games");
    EXPECT_EQ(url_decode("a+b", true), "a b");
    EXPECT_EQ(url_decode("a+b", false), "a+b");
    EXPECT_FALSE(url_decode("%g1", false));
}

}  // namespace
}  // namespace reversi::server
