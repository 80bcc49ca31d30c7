// SPDX-License-Identifier: MIT
// The parts of a request target ("/api/players/a%20b?limit=5"): its path, its query
// parameters, and the percent-decoding both use. The static files and the API's routes read
// their target through these.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace reversi::server {

// Decodes %XX escapes (and '+' as a space when `plus_is_space`); nothing for a bad escape.
std::optional<std::string> url_decode(std::string_view text, bool plus_is_space);
// The query parameters of a target ("a=1&b=x" after the '?'), decoded.
std::unordered_map<std::string, std::string> query_params(std::string_view target);
// The path part of a target, without the query.
std::string_view target_path(std::string_view target);

}  // namespace reversi::server
