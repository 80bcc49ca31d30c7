// SPDX-License-Identifier: MIT
// WTHOR, the French federation's binary game database (docs/NOTATION.md "WTHOR"): a 16-byte
// header, then one 68-byte record per game (tournament, Black and White as numbers of the
// separate .TRN and .JOU files, Black's disc count, the theoretical score, 60 move bytes
// 10 * row + column with rows and columns 1..8, 0 after the last move). Only 8x8 game files
// are read. The bytes are hostile input: nothing here throws, every count is bounded, and a
// game is replayed by the rules library (passes, which WTHOR leaves out, put back) or refused
// with its reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace reversi::core {

constexpr size_t WthorHeaderBytes = 16;
constexpr size_t WthorRecordBytes = 68;
constexpr size_t WthorMoveBytes = 60;
// A file claiming more games is refused: the yearly files of the federation hold a few
// thousand each.
constexpr size_t MaxWthorGames = 20000;

// The header as written (little-endian counts).
struct WthorHeader {
    int created_century = 0;  // the file's creation date: century, year in it, month, day
    int created_year = 0;
    int created_month = 0;
    int created_day = 0;
    uint32_t games = 0;  // N1: the records that follow
    uint16_t names = 0;  // N2: the records of a .JOU or .TRN file (0 in a game file)
    uint16_t year = 0;   // the year the games were played
    int board_size = 0;  // P1: 0 or 8 for 8x8
    int game_type = 0;   // P2: 0 for games
    int depth = 0;       // P3: the depth of the theoretical scores' search
};

// A WTHOR file cut into its records. `error` says why the whole file is refused (too short, a
// size that is not the header plus N records, more than MaxWthorGames, another board or game
// type); then `records` is empty. At most `max_games` records are taken; `more` says that
// records were left unread.
struct WthorFile {
    std::string error;
    WthorHeader header;
    std::vector<std::string_view> records;  // WthorRecordBytes each, pieces of the input
    bool more = false;
};
WthorFile split_wthor_file(std::string_view bytes, size_t max_games = MaxWthorGames);

// One game of a record: its moves replayed from the 8x8 start with the forced passes put back.
// `error` (empty when read) names the move (1-based) and why it is refused: not a square, a
// move after the end mark, an illegal move, a move after the game is over; or a disc count
// over 64.
struct WthorGame {
    std::string error;
    Game game{Setup{}};
    int tournament = 0;  // numbers of the .TRN and .JOU files
    int black = 0;
    int white = 0;
    int black_discs = 0;  // Black's discs at the end, empty squares to the winner
    int theoretical = 0;  // Black's discs with perfect play from the depth of the header
};
WthorGame read_wthor_game(std::string_view record);

// The record of a game from the 8x8 start: its moves without passes (at most 60), the
// numbers and scores as given. Used by tests and the fuzzer to write files back.
std::string format_wthor_record(const WthorGame& game);
// A header for `games` records with the given year of play (no creation date).
std::string format_wthor_header(uint32_t games, uint16_t year);

}  // namespace reversi::core
