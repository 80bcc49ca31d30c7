// SPDX-License-Identifier: MIT
// Mapping request targets to files of the web client: percent-decoding, index.html for
// directories, refusal of anything that could leave the web directory, and MIME types.
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
// The file under `root` that serves `path`, or nothing when the path is malformed, tries
// to climb out of `root` (".."), names a hidden file, or does not exist.
std::optional<std::string> resolve_static(const std::string& root, std::string_view path);
// The Content-Type for a file name ("text/html; charset=utf-8", ...).
std::string mime_type(std::string_view path);

}  // namespace reversi::server
