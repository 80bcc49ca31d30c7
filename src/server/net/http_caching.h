// SPDX-License-Identifier: MIT
// How browsers may keep the web client's files: every file carries an entity tag made from its
// size and modification time (so no file is read to answer a revalidation), a request whose
// If-None-Match holds it is answered 304, and only content-hashed names, which change whenever
// their content does, may be kept a year without asking again.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/net/content_coding.h"

namespace reversi::server {

// Whether a request path names a content-hashed file: under /assets/, with an eight-letter
// upper-case hash after the stem's last '-' ("/assets/app-JZJEYAHD.js", ".js.map" too), as
// scripts/bundle/bundle.mjs writes them.
bool content_hashed(std::string_view path);

// The Cache-Control of a static file: "public, max-age=31536000, immutable" for a
// content-hashed path, "no-cache" (keep it, but ask with its tag each time) for any other.
std::string_view static_cache_control(std::string_view path);

// The strong entity tag of one file's representation, quotes included: its size and its
// modification time in nanoseconds, in hex, and the coding's name when compressed.
std::string entity_tag(std::uintmax_t size, std::int64_t mtime_ns, ContentCoding coding);

// Whether an If-None-Match value matches `etag` by the weak comparison (a W/ prefix is
// ignored) or is "*". Anything malformed matches nothing from there on.
bool none_match_hit(std::string_view if_none_match, std::string_view etag);

}  // namespace reversi::server
