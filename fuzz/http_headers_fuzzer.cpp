// SPDX-License-Identifier: MIT
// The static files' request headers (server/net/content_coding.h, http_caching.h): what a
// browser or anything else sends as Accept-Encoding and If-None-Match, and the request path.
// Input: one byte (bit 0: a brotli copy exists, bit 1: a gzip copy, bits 2-3: the coding of
// the entity tag, the rest feeds its size and time), then text: the Accept-Encoding line, a
// newline, the If-None-Match line, a newline, the path.
// Properties:
//  - nothing throws, and the chosen coding is Identity or one whose copy exists;
//  - a copy that appears never makes the choice move to a third coding: adding brotli gives
//    the old answer or brotli, adding gzip the old answer or gzip;
//  - codings and the weight's "q" are case-insensitive: the header in upper case gives the
//    same coding; an element naming an unknown coding changes nothing;
//  - an entity tag is quoted, holds no other quote, and matches itself, its weak form, and
//    any If-None-Match that starts with it; a match means the header holds the tag or is "*";
//  - a content-hashed path lies directly under /assets/ and is the only kind kept a year.
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "server/net/content_coding.h"
#include "server/net/http_caching.h"

using namespace reversi::server;

namespace {

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    return out;
}

bool among(ContentCoding c, ContentCoding a, ContentCoding b) {
    return c == a || c == b;
}

void check_coding(std::string_view accept, AvailableCodings available, const std::string& input) {
    const ContentCoding chosen = choose_coding(accept, available);
    FUZZ_CHECK(chosen == ContentCoding::Identity ||
                   (chosen == ContentCoding::Brotli && available.brotli) ||
                   (chosen == ContentCoding::Gzip && available.gzip),
               "a coding without a copy was chosen\ninput: " + input);
    FUZZ_CHECK(choose_coding(upper(accept), available) == chosen,
               "the header's case changed the coding\ninput: " + input);
    const std::string with_unknown = std::string(accept) + ", compress;q=1, zstd";
    FUZZ_CHECK(choose_coding(with_unknown, available) == chosen,
               "an unknown coding changed the choice\ninput: " + input);
    if (!available.brotli) {
        const ContentCoding more = choose_coding(accept, {true, available.gzip});
        FUZZ_CHECK(among(more, chosen, ContentCoding::Brotli),
                   "a brotli copy moved the choice to another coding\ninput: " + input);
    }
    if (!available.gzip) {
        const ContentCoding more = choose_coding(accept, {available.brotli, true});
        FUZZ_CHECK(among(more, chosen, ContentCoding::Gzip),
                   "a gzip copy moved the choice to another coding\ninput: " + input);
    }
    FUZZ_CHECK(choose_coding(accept, {}) == ContentCoding::Identity,
               "a coding was chosen with no copies\ninput: " + input);
}

void check_tags(std::string_view if_none_match, unsigned seed, const std::string& input) {
    const auto coding = ContentCoding(((seed >> 2) & 3) % 3);
    const std::string tag = entity_tag(seed * 2654435761u, std::int64_t(seed) << 40, coding);
    FUZZ_CHECK(tag.size() >= 2 && tag.front() == '"' && tag.back() == '"' &&
                   tag.find('"', 1) == tag.size() - 1,
               "malformed entity tag " + tag + "\ninput: " + input);
    FUZZ_CHECK(none_match_hit(tag, tag) && none_match_hit("W/" + tag, tag) &&
                   none_match_hit(" " + tag + " ,", tag),
               "an entity tag does not match itself: " + tag);
    FUZZ_CHECK(none_match_hit(tag + ", " + std::string(if_none_match), tag),
               "a header that starts with the tag missed it\ninput: " + input);
    if (none_match_hit(if_none_match, tag)) {
        const bool any = if_none_match.find('*') != std::string_view::npos;
        FUZZ_CHECK(any || if_none_match.find(tag) != std::string_view::npos,
                   "a header without the tag matched it\ninput: " + input);
    }
}

void check_path(std::string_view path, const std::string& input) {
    const bool hashed = content_hashed(path);
    if (hashed) {
        FUZZ_CHECK(
            path.starts_with("/assets/") && path.substr(8).find('/') == std::string_view::npos,
            "a content-hashed path outside /assets/\ninput: " + input);
    }
    const std::string_view control = static_cache_control(path);
    FUZZ_CHECK((control.find("immutable") != std::string_view::npos) == hashed,
               "a year's caching for a name that is not content-hashed\ninput: " + input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const unsigned flags = data[0];
    const std::string input = reversi::fuzz::as_text(data + 1, size - 1);
    const std::string_view text = input;
    const size_t first = text.find('\n');
    const std::string_view accept = text.substr(0, first);
    const std::string_view after =
        first == std::string_view::npos ? std::string_view() : text.substr(first + 1);
    const size_t second = after.find('\n');
    const std::string_view if_none_match = after.substr(0, second);
    const std::string_view path =
        second == std::string_view::npos ? std::string_view() : after.substr(second + 1);

    check_coding(accept, {(flags & 1) != 0, (flags & 2) != 0}, input);
    check_tags(if_none_match, flags * 7919u + unsigned(size), input);
    check_path(path, input);
    return 0;
}
