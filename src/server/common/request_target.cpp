// SPDX-License-Identifier: MIT
// The parts of a request target (request_target.h).
#include "server/common/request_target.h"

namespace reversi::server {

std::optional<std::string> url_decode(std::string_view text, bool plus_is_space) {
    std::string out;
    out.reserve(text.size());
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%') {
            if (i + 2 >= text.size()) return std::nullopt;
            const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else if (c == '+' && plus_is_space) {
            out += ' ';
        } else {
            out += c;
        }
    }
    return out;
}

std::string_view target_path(std::string_view target) {
    return target.substr(0, target.find('?'));
}

std::unordered_map<std::string, std::string> query_params(std::string_view target) {
    std::unordered_map<std::string, std::string> out;
    const size_t q = target.find('?');
    if (q == std::string_view::npos) return out;
    std::string_view rest = target.substr(q + 1);
    while (!rest.empty()) {
        const size_t amp = rest.find('&');
        const std::string_view pair = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
        const size_t eq = pair.find('=');
        const auto key = url_decode(pair.substr(0, eq), true);
        const auto value = url_decode(
            eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true);
        if (key && value) out[*key] = *value;
    }
    return out;
}

}  // namespace reversi::server
