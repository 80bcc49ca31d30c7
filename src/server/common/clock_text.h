// SPDX-License-Identifier: MIT
// How a move's clocks are stored, shared by every back end: "123,456", one value per seat in
// milliseconds. Reading gives false for text that is not such a list (a damaged row).
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

namespace reversi::server {

inline std::string clock_text(const std::vector<int64_t>& clock) {
    std::string out;
    for (size_t i = 0; i < clock.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(clock[i]);
    }
    return out;
}

inline bool parse_clock_text(const std::string& text, std::vector<int64_t>& out) {
    out.clear();
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find(',', pos);
        if (end == std::string::npos) end = text.size();
        int64_t value = 0;
        const char* first = text.data() + pos;
        const char* last = text.data() + end;
        const auto [ptr, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || ptr != last || first == last) return false;
        out.push_back(value);
        pos = end + 1;
    }
    return true;
}

}  // namespace reversi::server
