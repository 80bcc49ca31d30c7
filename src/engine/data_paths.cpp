// SPDX-License-Identifier: MIT
// The shipped files' paths from the executable's path (see data_paths.h). Only directories
// and one small marker file are read here; the files themselves are read by their owners.
#include "engine/data_paths.h"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace reversi::engine {

namespace fs = std::filesystem;

namespace {

// The source tree a marker file names, or empty when it is missing, unreadable or names no
// folder holding data/weights.
std::string source_from_marker(const fs::path& marker) {
    std::ifstream in(marker);
    std::string line;
    if (!in || !std::getline(in, line) || line.size() > 4096) return {};
    std::error_code ec;
    return fs::is_directory(fs::path(line) / "data" / "weights", ec) ? line : std::string();
}

// `dir` when it holds the browser's engine, else empty.
std::string engine_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / EngineWasmName, ec) ? dir.string() : std::string();
}

}  // namespace

DataPaths find_data_paths(const std::string& exe) {
    std::error_code ec;
    const fs::path dir = fs::path(exe).parent_path();
    const fs::path share = (dir / ".." / "share" / "reversi").lexically_normal();
    if (fs::is_directory(share / "weights", ec))
        return {(share / "web").string(),
                (share / "weights").string(),
                (share / "mpc").string(),
                (share / "puzzles").string(),
                (share / "solved").string(),
                (share / "book").string(),
                true,
                engine_folder(share / EngineWebName)};
    fs::path up = dir;
    for (int level = 0; level < 3; ++level) {
        const std::string source = source_from_marker(up / SourceMarkerName);
        if (!source.empty()) {
            const fs::path s(source);
            // The build's bundle of the web client (BundledWebName) when it made one, else the
            // source tree's modules as they are.
            const fs::path bundled = up / BundledWebName;
            const fs::path web =
                fs::is_regular_file(bundled / "index.html", ec) ? bundled : s / "web";
            return {web.string(),
                    (s / "data" / "weights").string(),
                    (s / "data" / "mpc").string(),
                    (s / "data" / "puzzles").string(),
                    (s / "data" / "solved").string(),
                    (s / "data" / "book").string(),
                    false,
                    engine_folder(up / EngineWebName)};
        }
        if (up == up.parent_path()) break;
        up = up.parent_path();
    }
    return {"web",         "data/weights", "data/mpc", "data/puzzles",
            "data/solved", "data/book",    false,      {}};
}

const DataPaths& data_paths() {
    static const DataPaths paths = [] {
        std::error_code ec;
        const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
        return find_data_paths(ec ? std::string() : exe.string());
    }();
    return paths;
}

}  // namespace reversi::engine
