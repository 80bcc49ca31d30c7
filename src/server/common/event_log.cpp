// SPDX-License-Identifier: MIT
// The structured log's lines. The time is formatted here rather than by the caller so that
// every line has the same form.
#include "server/common/event_log.h"

#include <chrono>
#include <ctime>

#include "server/common/protocol.h"

namespace reversi::server {

namespace {

std::string utc_now() {
    const auto now = std::chrono::system_clock::now();
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char buf[40];
    const size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    std::snprintf(buf + n, sizeof buf - n, ".%03dZ", static_cast<int>(ms % 1000));
    return buf;
}

}  // namespace

void EventLog::write(std::string_view type, nlohmann::json fields) {
    fields["ts"] = utc_now();
    fields["type"] = std::string(type);
    const std::string line =
        fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
    const std::lock_guard lock(mutex_);
    out_ << line << std::flush;
}

std::string log_path(std::string_view target) {
    return utf8_safe(target.substr(0, target.find('?')), 200);
}

}  // namespace reversi::server
