// SPDX-License-Identifier: MIT
// Position texts (core/position_text.h). Input: one character picking the options (anti,
// free opening, handicap and extra blocked squares of a setup of core_support.h), then the
// text.
// Properties:
//  - parse_position_text throws nothing but NotationError, with a message;
//  - an accepted position is sound: seats' discs disjoint, on playable squares, only the
//    seats of the game, neutral discs only with three players, a valid seat to move;
//  - written in both layouts and read with the same options it gives the same setup and
//    position, and writing that again gives the same text.
#include "core/bitboard.h"
#include "core_support.h"
#include "fuzz_check.h"

using namespace reversi;
using namespace reversi::core;

namespace {

void check_sound(const Position& p, const std::string& input) {
    const u128 playable = p.geometry().playable();
    u128 seen = p.neutral();
    FUZZ_CHECK(p.neutral() == 0 || p.players() == 3, "neutral discs\ninput: " + input);
    for (int s = 0; s < MaxPlayers; ++s) {
        FUZZ_CHECK(!(p.discs(s) & seen), "a square holds two discs\ninput: " + input);
        FUZZ_CHECK(s < p.players() || p.discs(s) == 0,
                   "discs of a seat not in the game\ninput: " + input);
        seen |= p.discs(s);
    }
    FUZZ_CHECK(!(seen & ~playable), "disc off the playable squares\ninput: " + input);
    FUZZ_CHECK(p.side() >= 0 && p.side() < p.players(), "bad side to move\ninput: " + input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::string input = fuzz::as_text(data, size);
    Setup options = fuzz::pick_setup(data[0]);
    // The text names the board and the players; options only carry the rest.
    const std::string_view text = std::string_view(input).substr(1);
    PositionText read;
    try {
        read = parse_position_text(text, options);
    } catch (const NotationError& e) {
        FUZZ_CHECK(std::string(e.what()) != "", "empty NotationError\ninput: " + input);
        return 0;
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("unexpected exception: ") + e.what() + "\ninput: " + input);
    }
    FUZZ_CHECK(read.variant && &read.position.variant() == read.variant.get(),
               "position does not refer to its variant\ninput: " + input);
    check_sound(read.position, input);
    const Setup& setup = read.variant->setup();
    FUZZ_CHECK(setup.problem().empty(), "accepted setup has a problem\ninput: " + input);
    for (TextLayout layout : {TextLayout::Lines, TextLayout::OneLine}) {
        const std::string written = format_position_text(read.position, layout);
        PositionText again;
        try {
            // The blocked squares are in the written text; the other options are not.
            Setup rest = setup;
            rest.blocked.clear();
            again = parse_position_text(written, rest);
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, std::string("written text does not read: ") + e.what() + "\n" +
                                  written + "\ninput: " + input);
        }
        FUZZ_CHECK(
            again.variant->setup() == setup && again.position == read.position,
            "position text round trip changed the position\n" + written + "\ninput: " + input);
        FUZZ_CHECK(format_position_text(again.position, layout) == written,
                   "writing is not a fixed point\n" + written);
    }
    return 0;
}
