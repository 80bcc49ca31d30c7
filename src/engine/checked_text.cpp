// SPDX-License-Identifier: MIT
// The checksum line of the shipped text tables (see checked_text.h).
#include "engine/checked_text.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace reversi::engine {

namespace {

constexpr const char* ChecksumWord = "checksum ";

}  // namespace

std::string hex64(uint64_t v) {
    std::ostringstream out;
    out << std::hex;
    out.width(16);
    out.fill('0');
    out << v;
    return out.str();
}

bool parse_hex64(const std::string& s, uint64_t& v) {
    if (s.empty() || s.size() > 16) return false;
    v = 0;
    for (const char c : s) {
        const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return false;
        v = v << 4 | static_cast<uint64_t>(d);
    }
    return true;
}

std::string with_checksum(const std::string& body) {
    return body + ChecksumWord + hex64(fnv1a(body)) + '\n';
}

std::optional<std::string> read_text_file(const std::string& path, size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    // In chunks, so that a small file costs no buffer of the limit's size.
    std::string text;
    std::array<char, 1 << 16> chunk;
    while (text.size() <= max_bytes) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const std::streamsize got = in.gcount();
        if (got <= 0) break;
        text.append(chunk.data(), static_cast<size_t>(got));
    }
    if (text.size() > max_bytes + 1) text.resize(max_bytes + 1);
    return text;
}

std::optional<std::string> replace_file(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f << text;
        if (!f) return tmp + ": write error";
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) return path + ": " + ec.message();
    return std::nullopt;
}

std::optional<std::string> checked_body(const std::string& text, std::string& why) {
    const size_t sum_at = text.rfind(ChecksumWord);
    if (sum_at == std::string::npos || (sum_at > 0 && text[sum_at - 1] != '\n')) {
        why = "no checksum line (truncated file?)";
        return std::nullopt;
    }
    std::string sum_text = text.substr(sum_at + std::string(ChecksumWord).size());
    while (!sum_text.empty() && (sum_text.back() == '\n' || sum_text.back() == '\r'))
        sum_text.pop_back();
    uint64_t stored = 0;
    if (!parse_hex64(sum_text, stored)) {
        why = "bad checksum line";
        return std::nullopt;
    }
    std::string body = text.substr(0, sum_at);
    if (stored != fnv1a(body)) {
        why = "checksum mismatch (damaged file)";
        return std::nullopt;
    }
    return body;
}

}  // namespace reversi::engine
