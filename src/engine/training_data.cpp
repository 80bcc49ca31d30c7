// SPDX-License-Identifier: MIT
// The training position file. Little-endian: "RVSP", u16 version, u16 word bytes,
// char[16] variant key, 8 reserved bytes; then records of own word, opponent word, blocked
// word (version 2 only; word-bytes each), i8 score, u8 flags (1 exact, 2 first position of a
// game, 4 last, 8 the view of a seat not to move).
#include "engine/training_data.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace reversi::engine {

namespace {

constexpr size_t HeaderBytes = 32;
constexpr int Version = 2;  // version 1: no blocked word

size_t record_bytes(int word_bytes, int version) {
    return (version >= 2 ? 3 : 2) * static_cast<size_t>(word_bytes) + 2;
}

std::vector<uint8_t> header(const std::string& variant, int word_bytes) {
    std::vector<uint8_t> h(HeaderBytes, 0);
    h[0] = 'R', h[1] = 'V', h[2] = 'S', h[3] = 'P';
    h[4] = Version & 0xff, h[5] = Version >> 8;
    h[6] = static_cast<uint8_t>(word_bytes);
    for (size_t i = 0; i < variant.size() && i < 16; ++i)
        h[8 + i] = static_cast<uint8_t>(variant[i]);
    return h;
}

// Parses a header; throws with the reason.
void parse_header(const std::vector<uint8_t>& h, const std::string& path, std::string& variant,
                  int& word_bytes, int& version) {
    const auto fail = [&](const std::string& why) {
        throw std::runtime_error("training file " + path + ": " + why);
    };
    if (h.size() < HeaderBytes || h[0] != 'R' || h[1] != 'V' || h[2] != 'S' || h[3] != 'P')
        fail("not a training file");
    version = h[4] | h[5] << 8;
    if (version != 1 && version != 2) fail("unknown version");
    word_bytes = h[6] | h[7] << 8;
    if (word_bytes != 8 && word_bytes != 16) fail("bad word size");
    variant.clear();
    for (size_t i = 8; i < 24 && h[i]; ++i) {
        if (h[i] < 0x21 || h[i] > 0x7e) fail("bad variant key");
        variant.push_back(static_cast<char>(h[i]));
    }
}

}  // namespace

int TrainingFile::games() const {
    int n = 0;
    for (const TrainingPosition& p : positions) n += p.game_start;
    return n;
}

void TrainingFile::keep_games(int first, int count) {
    std::vector<TrainingPosition> kept;
    int game = -1;
    for (const TrainingPosition& p : positions) {
        game += p.game_start;
        if (game >= first && (count == 0 || game < first + count)) kept.push_back(p);
    }
    positions = std::move(kept);
}

TrainingFile read_training_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error("training file " + path + ": cannot be opened");
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)),
                               std::istreambuf_iterator<char>());
    TrainingFile out;
    parse_header(bytes, path, out.variant, out.word_bytes, out.version);
    const size_t rec = record_bytes(out.word_bytes, out.version);
    const size_t w = static_cast<size_t>(out.word_bytes);
    const size_t words = out.version >= 2 ? 3 : 2;
    for (size_t at = HeaderBytes; at + rec <= bytes.size(); at += rec) {
        TrainingPosition p;
        for (size_t i = 0; i < w; ++i) {
            p.own |= static_cast<core::u128>(bytes[at + i]) << (8 * i);
            p.opp |= static_cast<core::u128>(bytes[at + w + i]) << (8 * i);
            if (words == 3) p.blocked |= static_cast<core::u128>(bytes[at + 2 * w + i]) << (8 * i);
        }
        const uint8_t flags = bytes[at + words * w + 1];
        p.score = static_cast<int8_t>(bytes[at + words * w]);
        p.exact = flags & 1;
        p.game_start = flags & 2;
        p.game_end = flags & 4;
        p.other_seat = flags & 8;
        if ((p.own & p.opp) || ((p.own | p.opp) & p.blocked))
            throw std::runtime_error("training file " + path + ": overlapping discs");
        out.positions.push_back(p);
    }
    return out;
}

TrainingWriter::TrainingWriter(const std::string& path, const std::string& variant, int word_bytes)
    : path_(path), word_bytes_(word_bytes), version_(Version) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) {
        const TrainingFile existing = read_training_file(path);
        if (existing.variant != variant || existing.word_bytes != word_bytes)
            throw std::runtime_error("training file " + path + ": holds " + existing.variant +
                                     " positions, not " + variant);
        size_t whole = existing.positions.size();
        while (whole > 0 && !existing.positions[whole - 1].game_end) --whole;
        for (size_t i = 0; i < whole; ++i) existing_games_ += existing.positions[i].game_start;
        version_ = existing.version;
        const auto keep = HeaderBytes + whole * record_bytes(word_bytes, version_);
        std::filesystem::resize_file(path, keep, ec);
        if (ec) throw std::runtime_error("training file " + path + ": " + ec.message());
        file_ = std::fopen(path.c_str(), "ab");
    } else {
        file_ = std::fopen(path.c_str(), "wb");
        if (file_) {
            const auto h = header(variant, word_bytes);
            std::fwrite(h.data(), 1, h.size(), file_);
        }
    }
    if (!file_) throw std::runtime_error("training file " + path + ": cannot be written");
}

TrainingWriter::~TrainingWriter() {
    if (file_) std::fclose(file_);
}

void TrainingWriter::append(const std::vector<TrainingPosition>& game) {
    std::vector<uint8_t> out;
    const size_t w = static_cast<size_t>(word_bytes_);
    for (size_t k = 0; k < game.size(); ++k) {
        const TrainingPosition& p = game[k];
        for (size_t i = 0; i < w; ++i) out.push_back(static_cast<uint8_t>(p.own >> (8 * i)));
        for (size_t i = 0; i < w; ++i) out.push_back(static_cast<uint8_t>(p.opp >> (8 * i)));
        if (version_ >= 2)
            for (size_t i = 0; i < w; ++i)
                out.push_back(static_cast<uint8_t>(p.blocked >> (8 * i)));
        else if (p.blocked)
            throw std::runtime_error("training file " + path_ +
                                     ": version 1 keeps no blocked squares (start a new file)");
        out.push_back(static_cast<uint8_t>(static_cast<int8_t>(p.score)));
        out.push_back(static_cast<uint8_t>((p.exact ? 1 : 0) | (k == 0 ? 2 : 0) |
                                           (k + 1 == game.size() ? 4 : 0) |
                                           (p.other_seat ? 8 : 0)));
    }
    if (std::fwrite(out.data(), 1, out.size(), file_) != out.size() || std::fflush(file_) != 0)
        throw std::runtime_error("training file " + path_ + ": write error");
}

}  // namespace reversi::engine
