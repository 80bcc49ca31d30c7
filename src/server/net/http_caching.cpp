// SPDX-License-Identifier: MIT
// Cache rules of the static files (see http_caching.h). The year of max-age is the longest
// the HTTP caches honour; "immutable" keeps a reload from revalidating the hashed files too.
#include "server/net/http_caching.h"

#include <cstdio>

namespace reversi::server {

bool content_hashed(std::string_view path) {
    constexpr std::string_view Folder = "/assets/";
    constexpr size_t HashLength = 8;
    if (!path.starts_with(Folder)) return false;
    const std::string_view name = path.substr(Folder.size());
    if (name.find('/') != std::string_view::npos) return false;
    const size_t dot = name.find('.');
    if (dot == std::string_view::npos) return false;
    const size_t dash = name.substr(0, dot).rfind('-');
    if (dash == std::string_view::npos || dash == 0 || dot - dash - 1 != HashLength) return false;
    for (const char c : name.substr(dash + 1, HashLength))
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
    return true;
}

std::string_view static_cache_control(std::string_view path) {
    return content_hashed(path) ? "public, max-age=31536000, immutable" : "no-cache";
}

std::string entity_tag(std::uintmax_t size, std::int64_t mtime_ns, ContentCoding coding) {
    char text[64];
    std::snprintf(text, sizeof text, "\"%jx-%llx", size, static_cast<unsigned long long>(mtime_ns));
    std::string tag = text;
    const std::string_view name = coding_name(coding);
    if (!name.empty()) tag.append("-").append(name);
    return tag + '"';
}

bool none_match_hit(std::string_view if_none_match, std::string_view etag) {
    size_t i = 0;
    const auto skip = [&] {
        while (i < if_none_match.size() &&
               (if_none_match[i] == ' ' || if_none_match[i] == '\t' || if_none_match[i] == ','))
            ++i;
    };
    skip();
    std::string_view rest = if_none_match.substr(i);
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
    if (rest == "*") return true;
    while (i < if_none_match.size()) {
        if (if_none_match.substr(i, 2) == "W/") i += 2;
        if (i >= if_none_match.size() || if_none_match[i] != '"') return false;
        const size_t close = if_none_match.find('"', i + 1);
        if (close == std::string_view::npos) return false;
        if (if_none_match.substr(i, close + 1 - i) == etag) return true;
        i = close + 1;
        skip();
    }
    return false;
}

}  // namespace reversi::server
