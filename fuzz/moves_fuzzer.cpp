// SPDX-License-Identifier: MIT
// Move lists (core/notation.h). Input: one character picking the setup (core_support.h),
// then a move list, optionally followed by '|' and a second list played on the result.
// Properties:
//  - play_moves never throws; on error the game is exactly as before (position, ply, moves,
//    redo list) and the error names a move;
//  - an accepted list written back (format_moves with and without passes, and run together
//    without separators, in upper case) replays to the same moves;
//  - every square name reads back as its square; undo to the start and redo give back the
//    same position.
#include <algorithm>
#include <cctype>

#include "core_support.h"
#include "fuzz_check.h"

using namespace reversi;
using namespace reversi::core;
using reversi::fuzz::GameSnapshot;

namespace {

std::vector<Square> without_trailing_passes(std::vector<Square> moves) {
    while (!moves.empty() && moves.back() == PassMove) moves.pop_back();
    return moves;
}

void check_replay(const Setup& setup, const Game& g, const std::string& text, bool passes_omitted,
                  const std::string& input) {
    Game h(setup);
    const auto error = play_moves(h, text);
    FUZZ_CHECK(!error, "written list does not replay: '" + text +
                           "': " + (error ? error->message() : "") + "\ninput: " + input);
    const auto expected = passes_omitted ? without_trailing_passes(g.moves()) : g.moves();
    FUZZ_CHECK(h.moves() == expected, "replay of '" + text + "' gives '" + fuzz::describe_moves(h) +
                                          "', expected '" + fuzz::describe_moves(g) +
                                          "'\ninput: " + input);
}

void play_and_check(const Setup& setup, Game& g, std::string_view text, const std::string& input) {
    const GameSnapshot before(g);
    std::optional<MoveListError> error;
    try {
        error = play_moves(g, text);
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("play_moves threw: ") + e.what() + "\ninput: " + input);
    }
    if (error) {
        FUZZ_CHECK(before.same(g), "a refused move list changed the game: " + error->message() +
                                       "\ninput: " + input);
        FUZZ_CHECK(!error->reason.empty() && !error->message().empty(),
                   "empty error\ninput: " + input);
        return;
    }
    const Geometry& geo = g.variant().geometry();
    for (Square sq : g.moves()) {
        const std::string name = square_name(geo, sq);
        const auto back = parse_square(geo, name);
        FUZZ_CHECK(back && *back == sq, "square name '" + name + "' does not read back");
    }
    // Written back, the game's whole list replays from the start (only when it started there).
    if (before.ply == 0) {
        check_replay(setup, g, format_moves(geo, g.moves(), false), false, input);
        if (setup.players == 2)
            check_replay(setup, g, format_moves(geo, g.moves(), true), true, input);
        std::string joined;
        for (Square sq : g.moves()) joined += square_name(geo, sq);
        std::transform(joined.begin(), joined.end(), joined.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        check_replay(setup, g, joined, false, input);
    }
    // Undo to the start and redo back to where the game is (its redo list may go further).
    Game h = g;
    while (h.undo()) {
    }
    FUZZ_CHECK(h.ply() == 0 && h.position() == h.start(), "undo does not reach the start");
    for (int i = 0; i < g.ply(); ++i) FUZZ_CHECK(h.redo(), "redo stops early\ninput: " + input);
    FUZZ_CHECK(h.position() == g.position() && h.moves() == g.moves(),
               "undo and redo do not come back to the same game\ninput: " + input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::string input = fuzz::as_text(data, size);
    const Setup& setup = fuzz::pick_setup(data[0]);
    const std::string_view text = std::string_view(input).substr(1);
    const size_t bar = text.find('|');
    Game g(setup);
    play_and_check(setup, g, text.substr(0, bar), input);
    if (bar != std::string_view::npos) {
        // A second list continues the game (after an undo, so there is a redo list to keep).
        if (g.ply() > 0) g.undo();
        play_and_check(setup, g, text.substr(bar + 1), input);
    }
    return 0;
}
