// SPDX-License-Identifier: MIT
// The structured log (`serve --json-log`): one JSON object per line, each with its time
// ("ts", UTC, ms) and its "type": "access" for every HTTP request (with the request's id,
// also sent back as X-Request-Id), or an event's name ("start", "game_over", "stop"). Lines
// come from any thread and never interleave. Never holds a secret: paths lose their query
// (where WebSocket tokens travel).
#pragma once

#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

namespace reversi::server {

class EventLog {
  public:
    explicit EventLog(std::ostream& out) : out_(out) {}
    // Writes `fields` with "ts" and "type" added, as one line.
    void write(std::string_view type, nlohmann::json fields);

  private:
    std::mutex mutex_;
    std::ostream& out_;
};

// The log's form of a request target: its path only, made UTF-8-safe and bounded.
std::string log_path(std::string_view target);

}  // namespace reversi::server
