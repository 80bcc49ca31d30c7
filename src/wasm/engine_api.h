// SPDX-License-Identifier: MIT
// The browser's engine (docs/ENGINE.md "The engine in the browser"): the same core and engine,
// built to WebAssembly, asked in JSON. Each request is one object with an "op"; each answer is
// {"ok": true, "result": ...} or {"ok": false, "error": {"code", "message"}}, never an abort.
// Requests are read by the server's own readers (server/analysis/board.h, review.h, the setup
// of common/protocol.h) and answered by the server's own writers, so an answer equals the
// server's for the same question. No I/O: the data files a setup needs ("files") are put into
// the module's file system by its caller (web/js/engine/worker.js) before the search.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "engine/engine.h"

namespace reversi::wasm {

// Progress of a long request (analyze_game): one JSON object per step.
using Progress = std::function<void(const std::string& json)>;

// Bounds of what a request may ask (every outside input is hostile).
struct ApiLimits {
    size_t max_request_bytes = 64 * 1024;
    int max_perft_depth = 12;
};

class EngineApi {
  public:
    explicit EngineApi(ApiLimits limits = {});
    // Answers one request (JSON text); `progress` hears about each step of a long one.
    std::string call(const std::string& request, const Progress& progress = {});

  private:
    ApiLimits limits_;
    // The table of the server's engine pool (16 MB), cleared before each request so that an
    // answer depends on the question alone.
    engine::Engine engine_;
};

}  // namespace reversi::wasm
