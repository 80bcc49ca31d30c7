// SPDX-License-Identifier: MIT
// Static files: index.html at directories, MIME types, and every way out of the web
// directory refused (dot-dot, encoded dot-dot, hidden files, symlinks, bad escapes).
#include "server/net/static_files.h"

#include <gtest/gtest.h>
#include <unistd.h>

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

TEST(StaticFilesMime, Types) {
    EXPECT_EQ(mime_type("/a/index.html"), "text/html; charset=utf-8");
    EXPECT_EQ(mime_type("app.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(mime_type("x.css"), "text/css; charset=utf-8");
    EXPECT_EQ(mime_type("x.svg"), "image/svg+xml");
    EXPECT_EQ(mime_type("x.json"), "application/json");
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
