// SPDX-License-Identifier: MIT
// GGF (core/ggf.h). Input: a GGF game text.
// Properties:
//  - parse_ggf throws nothing but NotationError, with a message;
//  - an accepted record is written (format_ggf never refuses what parse_ggf accepted) and read
//    back to the same setup, start, moves, notes and header (the writer may fill RE of a
//    finished game), and writing that again gives the same text: a fixed point;
//  - the replayed game is legal move by move (its own undo/redo agree);
//  - split_ggf_file (a file's games, as an upload imports them) never throws, takes at most its
//    bound, and returns pieces of the input in order, each opening with "(;" and closed by ";)"
//    unless it is the last; each piece reads or is refused with a NotationError.
// An input whose first byte is 0xFF is a WTHOR file instead (core/wthor.h; a mode byte, so
// the GGF seeds keep their meaning and both readers share the harness's run time). The second
// byte's low bit sets the header's game count to the records present, so records get read.
// Properties: split_wthor_file keeps its bound and gives whole records of the input in order,
// none when it refuses the file (with a reason); a record that reads is written back to the
// same 68 bytes, its replay is legal, and it has at most 60 moves besides passes.
#include <algorithm>
#include <cstddef>

#include "core/ggf.h"
#include "core/wthor.h"
#include "core_support.h"
#include "fuzz_check.h"

using namespace reversi;
using namespace reversi::core;

namespace {

bool same_game(const Game& a, const Game& b) {
    return a.variant().setup() == b.variant().setup() && a.start() == b.start() &&
           a.moves() == b.moves() && a.position() == b.position();
}

// A free-opening game is written from the position after its placements (docs/NOTATION.md),
// so what reads back is its position and the moves after the placements.
bool same_after_placements(const Game& a, const Game& b) {
    if (!a.variant().setup().free_opening) return same_game(a, b);
    const auto& am = a.moves();
    const auto& bm = b.moves();
    return a.position() == b.position() && bm.size() <= am.size() && am.size() - bm.size() <= 4 &&
           std::equal(bm.begin(), bm.end(), am.end() - static_cast<std::ptrdiff_t>(bm.size()));
}

GgfRecord reread(const std::string& text, const std::string& input) {
    try {
        return parse_ggf(text);
    } catch (const std::exception& e) {
        fuzz::fail(__FILE__, __LINE__,
                   std::string("written GGF does not read: ") + e.what() + "\n" + text +
                       "\ninput: " + input);
    }
}

// The file splitter over the same input (folded in here: one harness's run, no more CI time).
void check_file_split(const std::string& input) {
    constexpr size_t Bound = 4;
    const GgfFileGames split = split_ggf_file(input, Bound);
    FUZZ_CHECK(split.games.size() <= Bound, "more games than the bound\ninput: " + input);
    const char* end = input.data();
    for (size_t k = 0; k < split.games.size(); ++k) {
        const std::string_view g = split.games[k];
        FUZZ_CHECK(g.data() >= end && g.data() + g.size() <= input.data() + input.size(),
                   "a piece outside the input or out of order\ninput: " + input);
        FUZZ_CHECK(g.substr(0, 2) == "(;", "a piece not opening with (;\ninput: " + input);
        FUZZ_CHECK(k + 1 == split.games.size() || (g.size() >= 4 && g.substr(g.size() - 2) == ";)"),
                   "an inner piece not closed by ;)\ninput: " + input);
        end = g.data() + g.size();
        try {
            parse_ggf(g);
        } catch (const NotationError&) {
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, std::string("a piece threw: ") + e.what() + "\ninput: " + input);
        }
    }
}

std::string hex(std::string_view bytes) {
    static constexpr char Digits[] = "0123456789abcdef";
    std::string out;
    for (const char c : bytes) {
        out += Digits[static_cast<unsigned char>(c) >> 4];
        out += Digits[static_cast<unsigned char>(c) & 15];
    }
    return out;
}

void check_wthor(std::string file, bool fix_count) {
    if (fix_count && file.size() >= WthorHeaderBytes) {
        const size_t games = (file.size() - WthorHeaderBytes) / WthorRecordBytes;
        file.resize(WthorHeaderBytes + games * WthorRecordBytes);
        for (int k = 0; k < 4; ++k) file[4 + k] = static_cast<char>(games >> (8 * k) & 0xff);
    }
    constexpr size_t Bound = 3;
    const WthorFile split = split_wthor_file(file, Bound);
    FUZZ_CHECK(split.records.size() <= Bound, "more records than the bound\n" + hex(file));
    FUZZ_CHECK(split.error.empty() || (split.records.empty() && !split.more),
               "a refused file gave records\n" + hex(file));
    size_t at = WthorHeaderBytes;
    for (const std::string_view record : split.records) {
        FUZZ_CHECK(record.size() == WthorRecordBytes && record.data() == file.data() + at,
                   "a record that is not the next 68 bytes\n" + hex(file));
        at += WthorRecordBytes;
        const WthorGame game = read_wthor_game(record);
        if (!game.error.empty()) continue;
        FUZZ_CHECK(format_wthor_record(game) == record,
                   "a record read does not write back\n" + hex(record));
        const auto& moves = game.game.moves();
        FUZZ_CHECK(
            std::count(moves.begin(), moves.end(), PassMove) + WthorMoveBytes >= moves.size(),
            "more than 60 moves\n" + hex(record));
        Game replay{Setup{}};
        for (const Square sq : moves)
            FUZZ_CHECK(replay.play(sq).empty(), "an illegal replay\n" + hex(record));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size >= 2 && data[0] == 0xff) {
        check_wthor(std::string(reinterpret_cast<const char*>(data) + 2, size - 2),
                    (data[1] & 1) != 0);
        return 0;
    }
    const std::string input = fuzz::as_text(data, size);
    check_file_split(input);
    std::optional<GgfRecord> record;
    try {
        record = parse_ggf(input);
    } catch (const NotationError& e) {
        FUZZ_CHECK(std::string(e.what()) != "", "empty NotationError\ninput: " + input);
        return 0;
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("unexpected exception: ") + e.what() + "\ninput: " + input);
    }
    const GgfRecord& r = *record;
    FUZZ_CHECK(r.notes.size() == r.game.moves().size(),
               "one note per move expected\ninput: " + input);

    std::string text;
    try {
        text = format_ggf(r.game, r.info, r.notes);
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("format_ggf refused a parsed game: ") + e.what() +
                              "\ninput: " + input);
    }
    const GgfRecord again = reread(text, input);
    const bool free_opening = r.game.variant().setup().free_opening;
    FUZZ_CHECK(same_after_placements(r.game, again.game),
               "GGF round trip changed the game: '" + fuzz::describe_moves(r.game) + "' vs '" +
                   fuzz::describe_moves(again.game) + "'\n" + text + "\ninput: " + input);
    FUZZ_CHECK(free_opening || again.notes == r.notes, "GGF round trip changed the notes\n" + text);
    GgfInfo expected = r.info;
    if (expected.result.empty()) expected.result = again.info.result;
    FUZZ_CHECK(free_opening || again.info == expected,
               "GGF round trip changed the header\n" + text);
    const std::string text2 = format_ggf(again.game, again.info, again.notes);
    const GgfRecord third = reread(text2, input);
    FUZZ_CHECK(same_game(third.game, again.game) &&
                   format_ggf(third.game, third.info, third.notes) == text2,
               "GGF writing is not a fixed point\n" + text + "\n" + text2);

    if (free_opening) return 0;
    Game h = r.game;
    while (h.undo()) {
    }
    FUZZ_CHECK(h.position() == r.game.start(), "undo does not reach the start");
    return 0;
}
