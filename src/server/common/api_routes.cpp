// SPDX-License-Identifier: MIT
// The JSON API's route table (api_routes.h) and the small readers of path parameters its
// routes use. Nothing taken from the request target reaches a module or an error text before
// it has been made valid UTF-8 and cut short (utf8_safe).
#include "server/common/api_routes.h"

#include <stdexcept>

#include "server/common/request_target.h"

namespace reversi::server::http_api {

Reply error_body(ErrorCode code, const std::string& message, int status) {
    return error_reply(ApiError(code, message), status);
}

std::vector<std::string> segments(std::string_view path) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < path.size()) {
        size_t end = path.find('/', pos);
        if (end == std::string_view::npos) end = path.size();
        if (end > pos) out.push_back(utf8_safe(path.substr(pos, end - pos), MaxEchoBytes));
        pos = end + 1;
    }
    return out;
}

int param_int(const Params& params, const char* key, int fallback) {
    const auto it = params.find(key);
    if (it == params.end()) return fallback;
    try {
        size_t used = 0;
        const int v = std::stoi(it->second, &used);
        if (used != it->second.size()) throw std::invalid_argument(key);
        return v;
    } catch (const std::exception&) {
        throw ApiError(ErrorCode::BadRequest,
                       std::string("parameter ") + key + " must be an integer");
    }
}

std::string param_text(const Params& params, const char* key, std::string_view fallback) {
    const auto it = params.find(key);
    return utf8_safe(it == params.end() ? fallback : std::string_view(it->second), MaxEchoBytes);
}

std::string ApiCall::decoded(std::size_t i) const {
    return url_decode(seg[i], false).value_or("");
}

bool matches(const ApiRoute& route, const std::vector<std::string>& seg) {
    if (route.pattern.size() != seg.size()) return false;
    for (size_t i = 0; i < seg.size(); ++i)
        if (route.pattern[i] != "*" && route.pattern[i] != seg[i]) return false;
    return true;
}

void ApiRoutes::add(std::vector<std::string_view> pattern, http::verb method,
                    std::function<void(const ApiCall&)> run) {
    routes_.push_back({std::move(pattern), method, std::move(run)});
}

}  // namespace reversi::server::http_api
