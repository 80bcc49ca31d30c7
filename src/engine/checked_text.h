// SPDX-License-Identifier: MIT
// The checksum line that ends the engine's shipped text tables (solved openings, the opening
// book): an FNV-1a hash of everything before it, so that a damaged, truncated or hand-edited
// file is refused when it is read, never half used; and the bounded read and the atomic
// replacement of those files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace reversi::engine {

// FNV-1a, 64 bits: enough to catch a damaged or edited file, which is all it is for.
inline uint64_t fnv1a(const std::string& text) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

// Sixteen lower-case hex digits.
std::string hex64(uint64_t v);
// Reads 1-16 lower-case hex digits; false on anything else.
bool parse_hex64(const std::string& s, uint64_t& v);

// `body` followed by its checksum line.
std::string with_checksum(const std::string& body);
// The first `max_bytes` + 1 bytes of a file (so that a caller can tell one over its limit);
// nothing when it cannot be opened.
std::optional<std::string> read_text_file(const std::string& path, size_t max_bytes);
// Replaces `path` by `text` through a temporary file and a rename, so that a reader never
// sees half a file; the reason when it fails.
std::optional<std::string> replace_file(const std::string& path, const std::string& text);

// The text before a valid checksum line; nothing when the line is missing, malformed or does
// not match (`why` says which).
std::optional<std::string> checked_body(const std::string& text, std::string& why);

}  // namespace reversi::engine
