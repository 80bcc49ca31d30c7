// SPDX-License-Identifier: MIT
#include "engine/data_paths.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace reversi::engine {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary folder, removed at the end of the test.
struct TempTree {
    fs::path root = fs::temp_directory_path() /
                    ("reversi-data-paths-" + std::to_string(::getpid()) + "-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    TempTree() {
        fs::remove_all(root);
        fs::create_directories(root);
    }
    ~TempTree() { fs::remove_all(root); }
};

TEST(DataPaths, InstalledPrefixIsShareReversiBesideBin) {
    TempTree t;
    fs::create_directories(t.root / "usr/bin");
    fs::create_directories(t.root / "usr/share/reversi/weights");
    const DataPaths p = find_data_paths((t.root / "usr/bin/reversi").string());
    EXPECT_TRUE(p.installed);
    EXPECT_EQ(p.weights, (t.root / "usr/share/reversi/weights").string());
    EXPECT_EQ(p.web, (t.root / "usr/share/reversi/web").string());
    EXPECT_EQ(p.mpc, (t.root / "usr/share/reversi/mpc").string());
    EXPECT_EQ(p.solved, (t.root / "usr/share/reversi/solved").string());
    EXPECT_EQ(p.book, (t.root / "usr/share/reversi/book").string());
}

TEST(DataPaths, BuildTreeFollowsTheMarkerUpToTwoFoldersAbove) {
    TempTree t;
    fs::create_directories(t.root / "src/data/weights");
    fs::create_directories(t.root / "build/tests/unit");
    std::ofstream(t.root / "build" / SourceMarkerName) << (t.root / "src").string() << '\n';
    for (const char* exe : {"build/reversi", "build/tests/engine_tests"}) {
        const DataPaths p = find_data_paths((t.root / exe).string());
        EXPECT_FALSE(p.installed) << exe;
        EXPECT_EQ(p.weights, (t.root / "src/data/weights").string()) << exe;
        EXPECT_EQ(p.web, (t.root / "src/web").string()) << exe;
        EXPECT_EQ(p.solved, (t.root / "src/data/solved").string()) << exe;
        EXPECT_EQ(p.book, (t.root / "src/data/book").string()) << exe;
    }
    // Three folders below the marker is too far: the working directory's relative paths.
    fs::create_directories(t.root / "build/tests/unit/deep");
    EXPECT_EQ(find_data_paths((t.root / "build/tests/unit/deep/x").string()).weights,
              "data/weights");
}

TEST(DataPaths, BuildTreeServesItsWebBundleWhenMade) {
    TempTree t;
    fs::create_directories(t.root / "src/data/weights");
    fs::create_directories(t.root / "build/tests");
    std::ofstream(t.root / "build" / SourceMarkerName) << (t.root / "src").string() << '\n';
    // A bundle folder without its page (a build that stopped half-way) is not served.
    fs::create_directories(t.root / "build" / BundledWebName / "assets");
    EXPECT_EQ(find_data_paths((t.root / "build/reversi").string()).web,
              (t.root / "src/web").string());
    std::ofstream(t.root / "build" / BundledWebName / "index.html") << "<html>";
    for (const char* exe : {"build/reversi", "build/tests/server_tests"}) {
        const DataPaths p = find_data_paths((t.root / exe).string());
        EXPECT_EQ(p.web, (t.root / "build" / BundledWebName).string()) << exe;
        EXPECT_EQ(p.weights, (t.root / "src/data/weights").string()) << exe;
    }
}

TEST(DataPaths, BrowserEngineWhereTheBuildMadeOne) {
    TempTree t;
    fs::create_directories(t.root / "src/data/weights");
    fs::create_directories(t.root / "build" / EngineWebName);
    std::ofstream(t.root / "build" / SourceMarkerName) << (t.root / "src").string() << '\n';
    // A folder without the module (no emscripten, or a build that stopped) is no engine.
    EXPECT_EQ(find_data_paths((t.root / "build/reversi").string()).engine, "");
    std::ofstream(t.root / "build" / EngineWebName / EngineWasmName) << "wasm";
    EXPECT_EQ(find_data_paths((t.root / "build/reversi").string()).engine,
              (t.root / "build" / EngineWebName).string());
    // Installed: share/reversi/engine, when the package holds it.
    fs::create_directories(t.root / "usr/bin");
    fs::create_directories(t.root / "usr/share/reversi/weights");
    EXPECT_EQ(find_data_paths((t.root / "usr/bin/reversi").string()).engine, "");
    fs::create_directories(t.root / "usr/share/reversi/engine");
    std::ofstream(t.root / "usr/share/reversi/engine" / EngineWasmName) << "wasm";
    EXPECT_EQ(find_data_paths((t.root / "usr/bin/reversi").string()).engine,
              (t.root / "usr/share/reversi/engine").string());
}

TEST(DataPaths, MarkerNamingNoSourceTreeIsIgnored) {
    TempTree t;
    fs::create_directories(t.root / "build");
    std::ofstream(t.root / "build" / SourceMarkerName) << (t.root / "gone").string() << '\n';
    const DataPaths p = find_data_paths((t.root / "build/reversi").string());
    EXPECT_FALSE(p.installed);
    EXPECT_EQ(p.weights, "data/weights");
    EXPECT_EQ(p.web, "web");
}

}  // namespace
}  // namespace reversi::engine
