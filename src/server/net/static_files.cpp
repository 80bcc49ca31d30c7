// SPDX-License-Identifier: MIT
// Static file lookup. Traversal is refused on the decoded path segment by segment (no "..",
// no empty or hidden segments, no backslashes or NULs), and the final path is also checked to
// lie under the canonical root, so a symlink inside web/ cannot lead outside it either; the
// compressed copies beside a file are held to the same rule.
#include "server/net/static_files.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>

#include "server/net/http_caching.h"

namespace reversi::server {

namespace fs = std::filesystem;

namespace {

// Whether the canonical path `real` lies under the canonical folder `base`.
bool lies_under(const fs::path& base, const fs::path& real) {
    const auto [stop, _] = std::mismatch(base.begin(), base.end(), real.begin(), real.end());
    return stop == base.end();
}

std::int64_t file_time_ns(const fs::file_time_type& t) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

std::optional<std::string> resolve_static(const std::string& root, std::string_view path) {
    const auto decoded = url_decode(path, false);
    if (!decoded || decoded->empty() || (*decoded)[0] != '/') return std::nullopt;
    std::string rel;
    size_t pos = 1;
    while (pos <= decoded->size()) {
        size_t end = decoded->find('/', pos);
        if (end == std::string::npos) end = decoded->size();
        const std::string segment = decoded->substr(pos, end - pos);
        pos = end + 1;
        if (segment.empty()) {
            if (end == decoded->size()) break;  // trailing slash: a directory
            return std::nullopt;
        }
        if (segment[0] == '.' || segment.find('\\') != std::string::npos ||
            segment.find('\0') != std::string::npos)
            return std::nullopt;
        rel += (rel.empty() ? "" : "/") + segment;
    }
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    if (ec) return std::nullopt;
    fs::path file = base / rel;
    if (fs::is_directory(file, ec)) file /= "index.html";
    const fs::path real = fs::canonical(file, ec);
    if (ec || !fs::is_regular_file(real, ec)) return std::nullopt;
    if (!lies_under(base, real)) return std::nullopt;
    return real.string();
}

std::string mime_type(std::string_view path) {
    const size_t dot = path.rfind('.');
    const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
    static const std::unordered_map<std::string_view, std::string_view> Types = {
        {"html", "text/html; charset=utf-8"},
        {"htm", "text/html; charset=utf-8"},
        {"js", "text/javascript; charset=utf-8"},
        {"mjs", "text/javascript; charset=utf-8"},
        {"css", "text/css; charset=utf-8"},
        {"json", "application/json"},
        {"webmanifest", "application/manifest+json"},
        {"svg", "image/svg+xml"},
        {"png", "image/png"},
        {"jpg", "image/jpeg"},
        {"jpeg", "image/jpeg"},
        {"gif", "image/gif"},
        {"webp", "image/webp"},
        {"ico", "image/x-icon"},
        {"woff", "font/woff"},
        {"woff2", "font/woff2"},
        {"ttf", "font/ttf"},
        {"wav", "audio/wav"},
        {"mp3", "audio/mpeg"},
        {"ogg", "audio/ogg"},
        {"txt", "text/plain; charset=utf-8"},
        {"md", "text/markdown; charset=utf-8"},
        {"wasm", "application/wasm"},
        {"map", "application/json"},
    };
    const auto it = Types.find(ext);
    return std::string(it == Types.end() ? "application/octet-stream" : it->second);
}

std::optional<StaticReply> find_static(const std::string& root, std::string_view path,
                                       std::string_view accept_encoding) {
    const auto file = resolve_static(root, path);
    if (!file) return std::nullopt;
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    const auto modified = fs::last_write_time(*file, ec);
    if (ec) return std::nullopt;
    // The copy of `coding` beside the file, when it may stand for it.
    const auto copy = [&](ContentCoding coding) -> std::optional<fs::path> {
        std::error_code err;
        const fs::path real = fs::canonical(*file + std::string(coding_suffix(coding)), err);
        if (err || !fs::is_regular_file(real, err) || !lies_under(base, real)) return std::nullopt;
        const auto when = fs::last_write_time(real, err);
        if (err || when < modified) return std::nullopt;
        return real;
    };
    const std::array<std::optional<fs::path>, 2> copies{copy(ContentCoding::Brotli),
                                                        copy(ContentCoding::Gzip)};
    const ContentCoding coding =
        choose_coding(accept_encoding, {.brotli = bool(copies[0]), .gzip = bool(copies[1])});
    StaticReply reply;
    reply.coding = coding;
    reply.file = coding == ContentCoding::Brotli ? copies[0]->string()
                 : coding == ContentCoding::Gzip ? copies[1]->string()
                                                 : *file;
    reply.content_type = mime_type(*file);
    reply.cache_control = static_cache_control(path);
    const auto size = fs::file_size(reply.file, ec);
    if (ec) return std::nullopt;
    const auto when = fs::last_write_time(reply.file, ec);
    if (ec) return std::nullopt;
    reply.etag = entity_tag(size, file_time_ns(when), coding);
    return reply;
}

}  // namespace reversi::server
