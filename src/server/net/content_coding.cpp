// SPDX-License-Identifier: MIT
// Accept-Encoding: a comma-separated list of codings, each with an optional ";q=" weight of
// at most three decimals. Weights are compared as thousandths, so no floating point decides.
// An element whose weight cannot be read is dropped, as one that asks for nothing.
#include "server/net/content_coding.h"

#include <array>
#include <optional>

namespace reversi::server {

namespace {

std::string_view trim_ows(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool same_token(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

// The weight in thousandths of "q=0.5" (after the ';'): 0..1000, or nothing when malformed.
std::optional<int> coding_weight(std::string_view param) {
    param = trim_ows(param);
    if (param.size() < 3 || (param[0] != 'q' && param[0] != 'Q') || param[1] != '=')
        return std::nullopt;
    const std::string_view v = param.substr(2);
    if (v.empty() || (v[0] != '0' && v[0] != '1')) return std::nullopt;
    int value = (v[0] - '0') * 1000;
    if (v.size() == 1) return value;
    if (v[1] != '.' || v.size() > 5) return std::nullopt;
    int scale = 100;
    for (const char c : v.substr(2)) {
        if (c < '0' || c > '9') return std::nullopt;
        value += (c - '0') * scale;
        scale /= 10;
    }
    return value <= 1000 ? std::optional<int>(value) : std::nullopt;
}

}  // namespace

ContentCoding choose_coding(std::string_view accept_encoding, AvailableCodings available) {
    // The weight each coding was given, -1 while the header has not named it; [3] is "*".
    std::array<int, 4> weight{-1, -1, -1, -1};
    constexpr size_t Any = 3;
    while (!accept_encoding.empty()) {
        const size_t comma = accept_encoding.find(',');
        const std::string_view element = accept_encoding.substr(0, comma);
        accept_encoding = comma == std::string_view::npos ? std::string_view()
                                                          : accept_encoding.substr(comma + 1);
        const size_t semi = element.find(';');
        const std::string_view token = trim_ows(element.substr(0, semi));
        std::optional<int> q = 1000;
        if (semi != std::string_view::npos) q = coding_weight(element.substr(semi + 1));
        if (!q || token.empty()) continue;
        size_t slot;
        if (same_token(token, "identity"))
            slot = size_t(ContentCoding::Identity);
        else if (same_token(token, "gzip") || same_token(token, "x-gzip"))
            slot = size_t(ContentCoding::Gzip);
        else if (same_token(token, "br"))
            slot = size_t(ContentCoding::Brotli);
        else if (token == "*")
            slot = Any;
        else
            continue;
        weight[slot] = std::max(weight[slot], *q);
    }
    const auto of = [&](ContentCoding c) {
        return weight[size_t(c)] >= 0 ? weight[size_t(c)] : weight[Any];
    };
    ContentCoding best = ContentCoding::Identity;
    int best_weight = of(ContentCoding::Identity);
    // Gzip before brotli, each replacing the one before only when not worse: on a tie the
    // later, smaller copy wins.
    if (available.gzip && of(ContentCoding::Gzip) > 0 && of(ContentCoding::Gzip) >= best_weight) {
        best = ContentCoding::Gzip;
        best_weight = of(ContentCoding::Gzip);
    }
    if (available.brotli && of(ContentCoding::Brotli) > 0 &&
        of(ContentCoding::Brotli) >= best_weight)
        best = ContentCoding::Brotli;
    return best;
}

namespace {

// Each coding's Content-Encoding name and its copy's file suffix, in the enum's order.
struct CodingNames {
    std::string_view name, suffix;
};
constexpr std::array<CodingNames, 3> CodingTable{{{"", ""}, {"gzip", ".gz"}, {"br", ".br"}}};

}  // namespace

std::string_view coding_name(ContentCoding coding) {
    return CodingTable[size_t(coding)].name;
}

std::string_view coding_suffix(ContentCoding coding) {
    return CodingTable[size_t(coding)].suffix;
}

}  // namespace reversi::server
