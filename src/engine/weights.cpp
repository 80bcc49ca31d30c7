// SPDX-License-Identifier: MIT
// The weight file format. Little-endian throughout:
//   "RVPW", u16 version, u16 phases, char[16] variant key (NUL padded), u32 pattern-set id,
//   u32 phase size, u32 payload bytes, payload, u64 FNV-1a checksum of everything before.
// Payload: each weight as a zigzag varint, except that a 0 byte starts a run of zeros whose
// length follows as a varint (untrained entries are zero, and most entries are untrained).
#include "engine/weights.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace reversi::engine {

namespace {

constexpr char Magic[4] = {'R', 'V', 'P', 'W'};
constexpr size_t KeyBytes = 16;
constexpr size_t HeaderBytes = 4 + 2 + 2 + KeyBytes + 4 + 4 + 4;
// Larger files are refused before reading them.
constexpr uintmax_t MaxFileBytes = 64u << 20;

uint64_t fnv1a(const uint8_t* data, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

void put(std::vector<uint8_t>& out, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

uint64_t get(const std::vector<uint8_t>& in, size_t at, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= static_cast<uint64_t>(in[at + static_cast<size_t>(i)]) << (8 * i);
    return v;
}

void put_varint(std::vector<uint8_t>& out, uint32_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<uint8_t>(v));
}

}  // namespace

std::vector<uint8_t> encode_weights(const PatternWeights& w) {
    std::vector<uint8_t> out(Magic, Magic + 4);
    put(out, WeightFileVersion, 2);
    put(out, static_cast<uint64_t>(w.phases), 2);
    for (size_t i = 0; i < KeyBytes; ++i)
        out.push_back(i < w.variant.size() ? static_cast<uint8_t>(w.variant[i]) : 0);
    put(out, w.pattern_set, 4);
    put(out, w.phase_size, 4);
    std::vector<uint8_t> payload;
    for (size_t i = 0; i < w.values.size();) {
        if (w.values[i] == 0) {
            size_t run = 0;
            while (i < w.values.size() && w.values[i] == 0) ++run, ++i;
            payload.push_back(0);
            put_varint(payload, static_cast<uint32_t>(run));
        } else {
            const int v = w.values[i++];
            put_varint(payload, static_cast<uint32_t>(v < 0 ? -2 * v - 1 : 2 * v));
        }
    }
    put(out, payload.size(), 4);
    out.insert(out.end(), payload.begin(), payload.end());
    put(out, fnv1a(out.data(), out.size()), 8);
    return out;
}

PatternWeights check_weights_header(const std::vector<uint8_t>& in, uint64_t file_bytes,
                                    const std::string& source) {
    const auto fail = [&](const std::string& why) {
        throw WeightError("weight file " + source + ": " + why);
    };
    if (file_bytes < HeaderBytes + 8 || in.size() < HeaderBytes)
        fail("too short to be a weight file");
    if (!std::equal(Magic, Magic + 4, in.begin())) fail("not a weight file (bad magic)");
    const auto version = get(in, 4, 2);
    if (version != WeightFileVersion)
        fail("version " + std::to_string(version) + ", this build reads version " +
             std::to_string(WeightFileVersion));
    PatternWeights w;
    w.phases = static_cast<int>(get(in, 6, 2));
    for (size_t i = 0; i < KeyBytes && in[8 + i]; ++i) {
        const char c = static_cast<char>(in[8 + i]);
        if (c < 0x21 || c > 0x7e) fail("bad variant key");
        w.variant.push_back(c);
    }
    w.pattern_set = static_cast<uint32_t>(get(in, 24, 4));
    w.phase_size = static_cast<uint32_t>(get(in, 28, 4));
    const uint64_t payload = get(in, 32, 4);
    if (w.phases < 1 || w.phases > MaxWeightPhases) fail("bad phase count");
    if (w.phase_size < 1 || w.phase_size > MaxPhaseSize) fail("bad phase size");
    if (payload != file_bytes - HeaderBytes - 8) fail("payload length does not match the file");
    return w;
}

PatternWeights decode_weights(const std::vector<uint8_t>& in, const std::string& source) {
    const auto fail = [&](const std::string& why) {
        throw WeightError("weight file " + source + ": " + why);
    };
    if (in.size() < HeaderBytes + 8) fail("too short to be a weight file");
    if (!std::equal(Magic, Magic + 4, in.begin())) fail("not a weight file (bad magic)");
    if (fnv1a(in.data(), in.size() - 8) != get(in, in.size() - 8, 8))
        fail("checksum mismatch (damaged file)");
    PatternWeights w = check_weights_header(in, in.size(), source);
    const size_t total = static_cast<size_t>(w.phases) * w.phase_size;
    w.values.reserve(total);
    size_t at = HeaderBytes;
    const size_t end = in.size() - 8;
    const auto varint = [&]() -> uint32_t {
        uint32_t v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (at >= end) fail("truncated weights");
            const uint8_t b = in[at++];
            v |= static_cast<uint32_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
        fail("bad number in the weights");
        return 0;
    };
    while (at < end) {
        if (in[at] == 0) {
            ++at;
            const uint32_t run = varint();
            if (run == 0 || run > total - w.values.size()) fail("too many weights");
            w.values.insert(w.values.end(), run, 0);
        } else {
            const uint32_t z = varint();
            const int64_t v = (z & 1) ? -static_cast<int64_t>(z >> 1) - 1 : z >> 1;
            if (v < INT16_MIN || v > INT16_MAX) fail("weight out of range");
            if (w.values.size() >= total) fail("too many weights");
            w.values.push_back(static_cast<int16_t>(v));
        }
    }
    if (w.values.size() != total) fail("too few weights");
    return w;
}

namespace {

// The size of the weight file at `path`, checked against the largest one read.
uintmax_t weight_file_size(const std::string& path) {
    std::error_code ec;
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec)
        throw WeightError("weight file " + path + ": missing or unreadable (" + ec.message() + ")");
    if (size > MaxFileBytes) throw WeightError("weight file " + path + ": too large");
    return size;
}

// The first `bytes` bytes of the file at `path`.
std::vector<uint8_t> read_bytes(const std::string& path, size_t bytes) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw WeightError("weight file " + path + ": cannot be opened");
    std::vector<uint8_t> out(bytes);
    f.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(bytes));
    if (!f) throw WeightError("weight file " + path + ": read error");
    return out;
}

}  // namespace

PatternWeights read_weights(const std::string& path) {
    const uintmax_t size = weight_file_size(path);
    return decode_weights(read_bytes(path, static_cast<size_t>(size)), path);
}

PatternWeights read_weights_header(const std::string& path) {
    const uintmax_t size = weight_file_size(path);
    return check_weights_header(read_bytes(path, std::min<size_t>(size, HeaderBytes)), size, path);
}

void write_weights(const std::string& path, const PatternWeights& w) {
    const std::vector<uint8_t> bytes = encode_weights(w);
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
        if (!f) throw WeightError("weight file " + tmp + ": write error");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw WeightError("weight file " + path + ": " + ec.message());
}

}  // namespace reversi::engine
