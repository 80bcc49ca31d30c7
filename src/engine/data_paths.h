// SPDX-License-Identifier: MIT
// Where the program's shipped files lie: the web client, the trained weights, the
// Multi-ProbCut parameters, the solved openings, the opening book and the puzzles. Found from the
// executable's own path, never from a path compiled in: an installed binary reads
// <prefix>/share/reversi, a binary in a build tree follows the marker file that CMake writes into
// the build folder to the source tree (and serves the build's bundle of the web client).
#pragma once

#include <string>

namespace reversi::engine {

struct DataPaths {
    std::string web;         // the browser client's files
    std::string weights;     // <variant>.weights
    std::string mpc;         // <variant>.mpc
    std::string puzzles;     // <pool>.jsonl, the shipped puzzles (docs/PUZZLES.md)
    std::string solved;      // <variant>.solved, solved openings (solved_openings.h)
    std::string book;        // <variant>.book, the opening book (book.h)
    bool installed = false;  // found under <prefix>/share/reversi (not a build tree)
    // The browser's engine (src/wasm): reversi-engine.js/.wasm, its worker and its data files,
    // served under /engine/; empty when the build made none (no emscripten).
    std::string engine;
};

// The name of the marker file in a build folder; it holds the source tree's path on one line.
inline constexpr const char* SourceMarkerName = "reversi-source-dir";
// The folder beside the marker where the build bundles the web client (scripts/bundle/).
inline constexpr const char* BundledWebName = "web";
// The folder beside the marker (or under share/reversi) of the browser's engine (src/wasm).
inline constexpr const char* EngineWebName = "engine";
// The file that tells an engine folder holds a built engine.
inline constexpr const char* EngineWasmName = "reversi-engine.wasm";

// The data paths of an executable at `exe` (an absolute path): <dir>/../share/reversi when it
// holds weights/; else the source tree named by a marker file in <dir> or up to two folders
// above it (test binaries lie in build/tests/...), with the web client bundled beside the
// marker when it holds index.html; else the relative web, data/weights and data/mpc of the
// working directory.
DataPaths find_data_paths(const std::string& exe);

// find_data_paths of this process's executable (/proc/self/exe), worked out once.
const DataPaths& data_paths();

}  // namespace reversi::engine
