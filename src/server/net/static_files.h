// SPDX-License-Identifier: MIT
// Mapping request targets to files of the web client: percent-decoding, index.html for
// directories, refusal of anything that could leave the web directory, MIME types, and which
// copy of a file answers (its precompressed brotli or gzip copy, chosen by Accept-Encoding).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/common/request_target.h"
#include "server/net/content_coding.h"

namespace reversi::server {

// The file under `root` that serves `path`, or nothing when the path is malformed, tries
// to climb out of `root` (".."), names a hidden file, or does not exist.
std::optional<std::string> resolve_static(const std::string& root, std::string_view path);
// The Content-Type for a file name ("text/html; charset=utf-8", ...).
std::string mime_type(std::string_view path);

// What answers a request for a static file: the file to open and the headers that describe it.
struct StaticReply {
    std::string file;          // the file itself, or its ".br" or ".gz" copy
    std::string content_type;  // of the file asked for, whichever copy is sent
    ContentCoding coding = ContentCoding::Identity;
    std::string etag;                // of the copy sent (http_caching.h)
    std::string_view cache_control;  // by the request path (http_caching.h)
};

// The reply for `path` under `root` (resolve_static), with the copy `accept_encoding` asks for
// most (choose_coding). A copy counts only when it is a regular file inside `root` and no
// older than the file itself, so an edited file is never answered by its stale copy.
std::optional<StaticReply> find_static(const std::string& root, std::string_view path,
                                       std::string_view accept_encoding);

}  // namespace reversi::server
