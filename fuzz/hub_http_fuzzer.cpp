// SPDX-License-Identifier: MIT
// The hub's HTTP API without sockets. Input: a script of HTTP lines (hub_script.h); a line
// that is no HTTP verb is sent whole as a create body.
// Properties (hub_support.h, hub_script.h):
//  - no exception leaves the hub; every request is answered exactly once;
//  - every reply body is valid JSON (the text export valid UTF-8), errors are well-formed
//    error objects and never "internal" or 500;
//  - a refused create changes no table list, a refused join leaves the table as it was;
//  - a created table is found; an exported GGF reads back to the game's moves.
#include "hub_script.h"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::run_script(data, size, 48,
                     [](fuzz::HubFixture&, fuzz::HttpClient& client, const auto& lines) {
                         for (std::string_view line : lines)
                             if (!client.run_line(line)) client.create(std::string(line));
                     });
    return 0;
}
