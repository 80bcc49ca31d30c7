// SPDX-License-Identifier: MIT
// The WebAssembly module's exports (web/js/engine/worker.js calls them): an engine made, asked
// and freed through a handle, so the module holds no state of its own. The answer's text lives
// in the handle until its next call. Progress goes to the module's `onEngineProgress`.
#include <emscripten/emscripten.h>

#include <memory>
#include <string>

#include "wasm/engine_api.h"

namespace {

// An engine and the text of its last answer.
struct Handle {
    reversi::wasm::EngineApi api;
    std::string answer;
};

}  // namespace

// clang-format off
EM_JS(void, reversi_progress, (const char* text), {
    if (Module["onEngineProgress"]) Module["onEngineProgress"](UTF8ToString(text));
});
// clang-format on

extern "C" {

EMSCRIPTEN_KEEPALIVE void* reversi_engine_new() {
    try {
        return new Handle();
    } catch (...) {
        return nullptr;
    }
}

// The answer (JSON text) to `request`, owned by the handle until its next call.
EMSCRIPTEN_KEEPALIVE const char* reversi_engine_call(void* handle, const char* request) {
    auto* h = static_cast<Handle*>(handle);
    if (!h || !request)
        return "{\"ok\":false,\"error\":{\"code\":\"internal\",\"message\":\"no engine\"}}";
    h->answer =
        h->api.call(request, [](const std::string& json) { reversi_progress(json.c_str()); });
    return h->answer.c_str();
}

EMSCRIPTEN_KEEPALIVE void reversi_engine_free(void* handle) {
    delete static_cast<Handle*>(handle);
}
}
