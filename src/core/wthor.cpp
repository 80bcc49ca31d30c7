// SPDX-License-Identifier: MIT
// WTHOR reading and writing. The file is checked as a whole first (its size must be the
// header plus exactly the records it announces), then each record on its own, so one bad game
// never stops the rest. Moves are played through Game::play, which checks every rule and
// refuses without throwing.
#include "core/wthor.h"

#include <algorithm>

namespace reversi::core {

namespace {

constexpr int Side = 8;
constexpr int RecordHeadBytes = 8;  // tournament, Black, White, two scores
constexpr int Squares = Side * Side;

unsigned byte_at(std::string_view bytes, size_t i) {
    return static_cast<unsigned char>(bytes[i]);
}

uint32_t little_endian(std::string_view bytes, size_t at, int width) {
    uint32_t out = 0;
    for (int k = width - 1; k >= 0; --k) out = out << 8 | byte_at(bytes, at + k);
    return out;
}

void put_little_endian(std::string& out, uint32_t value, int width) {
    for (int k = 0; k < width; ++k) out.push_back(static_cast<char>(value >> (8 * k) & 0xff));
}

// The square of a move byte (10 * row + column, both 1..8), or NoSquare.
Square square_of(unsigned code) {
    const unsigned row = code / 10;
    const unsigned col = code % 10;
    if (row < 1 || row > Side || col < 1 || col > Side) return NoSquare;
    return static_cast<Square>((row - 1) * Side + (col - 1));
}

std::string move_error(size_t index, const std::string& why) {
    return "move " + std::to_string(index + 1) + ": " + why;
}

}  // namespace

WthorFile split_wthor_file(std::string_view bytes, size_t max_games) {
    WthorFile out;
    if (bytes.size() < WthorHeaderBytes) {
        out.error = "a WTHOR file starts with a 16-byte header";
        return out;
    }
    WthorHeader& h = out.header;
    h.created_century = static_cast<int>(byte_at(bytes, 0));
    h.created_year = static_cast<int>(byte_at(bytes, 1));
    h.created_month = static_cast<int>(byte_at(bytes, 2));
    h.created_day = static_cast<int>(byte_at(bytes, 3));
    h.games = little_endian(bytes, 4, 4);
    h.names = static_cast<uint16_t>(little_endian(bytes, 8, 2));
    h.year = static_cast<uint16_t>(little_endian(bytes, 10, 2));
    h.board_size = static_cast<int>(byte_at(bytes, 12));
    h.game_type = static_cast<int>(byte_at(bytes, 13));
    h.depth = static_cast<int>(byte_at(bytes, 14));
    if (h.board_size != 0 && h.board_size != Side) {
        out.error = "board size " + std::to_string(h.board_size) + ": only 8x8 files are read";
        return out;
    }
    if (h.game_type != 0) {
        out.error = "game type " + std::to_string(h.game_type) + ": only games (0) are read";
        return out;
    }
    if (h.games > MaxWthorGames) {
        out.error = "the header announces " + std::to_string(h.games) + " games, more than " +
                    std::to_string(MaxWthorGames);
        return out;
    }
    const size_t expected = WthorHeaderBytes + size_t{h.games} * WthorRecordBytes;
    if (bytes.size() != expected) {
        out.error = "the header announces " + std::to_string(h.games) + " games (" +
                    std::to_string(expected) + " bytes), the file has " +
                    std::to_string(bytes.size()) + " bytes";
        return out;
    }
    const size_t taken = std::min<size_t>(h.games, max_games);
    out.more = taken < h.games;
    out.records.reserve(taken);
    for (size_t i = 0; i < taken; ++i)
        out.records.push_back(
            bytes.substr(WthorHeaderBytes + i * WthorRecordBytes, WthorRecordBytes));
    return out;
}

WthorGame read_wthor_game(std::string_view record) {
    WthorGame out;
    if (record.size() != WthorRecordBytes) {
        out.error = "a game record has 68 bytes";
        return out;
    }
    out.tournament = static_cast<int>(little_endian(record, 0, 2));
    out.black = static_cast<int>(little_endian(record, 2, 2));
    out.white = static_cast<int>(little_endian(record, 4, 2));
    out.black_discs = static_cast<int>(byte_at(record, 6));
    out.theoretical = static_cast<int>(byte_at(record, 7));
    if (out.black_discs > Squares) {
        out.error = "Black's score " + std::to_string(out.black_discs) + " is over 64 discs";
        return out;
    }
    bool ended = false;
    for (size_t i = 0; i < WthorMoveBytes; ++i) {
        const unsigned code = byte_at(record, RecordHeadBytes + i);
        if (code == 0) {
            ended = true;
            continue;
        }
        if (ended) {
            out.error = move_error(i, "a move after the end of the game's moves");
            return out;
        }
        const Square sq = square_of(code);
        if (sq == NoSquare) {
            out.error = move_error(i, "byte " + std::to_string(code) + " is not a square");
            return out;
        }
        // WTHOR leaves passes out: a side without a move passes before the next move.
        if (out.game.must_pass()) out.game.play(PassMove);
        if (const std::string why = out.game.play(sq); !why.empty()) {
            const std::string name{static_cast<char>('a' + code % 10 - 1),
                                   static_cast<char>('0' + code / 10)};
            out.error = "move " + std::to_string(i + 1) + " (" + name + "): " + why;
            return out;
        }
    }
    return out;
}

std::string format_wthor_record(const WthorGame& game) {
    std::string out;
    put_little_endian(out, static_cast<uint32_t>(game.tournament), 2);
    put_little_endian(out, static_cast<uint32_t>(game.black), 2);
    put_little_endian(out, static_cast<uint32_t>(game.white), 2);
    out.push_back(static_cast<char>(game.black_discs));
    out.push_back(static_cast<char>(game.theoretical));
    for (const Square sq : game.game.moves()) {
        if (sq < 0 || out.size() == WthorRecordBytes) continue;
        out.push_back(static_cast<char>((sq / Side + 1) * 10 + sq % Side + 1));
    }
    out.resize(WthorRecordBytes, '\0');
    return out;
}

std::string format_wthor_header(uint32_t games, uint16_t year) {
    std::string out(4, '\0');
    put_little_endian(out, games, 4);
    put_little_endian(out, 0, 2);
    put_little_endian(out, year, 2);
    out.push_back(static_cast<char>(Side));
    out.append(3, '\0');
    return out;
}

}  // namespace reversi::core
