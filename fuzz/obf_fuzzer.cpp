// SPDX-License-Identifier: MIT
// Board strings and .obf lines (core/board_string.h). Input: one .obf line.
// Properties:
//  - the readers throw nothing but NotationError, with a message;
//  - an accepted line's board string, written and read again, is the same position; the line
//    rebuilt from that string and the comment reads to the same position, comment and scores;
//  - the position is sound: seats' discs disjoint, on playable squares, no neutral discs;
//  - on a variant with blocked squares a line is accepted only if the plain board accepts it
//    too, as the same position, with those squares empty.
#include "core/bitboard.h"
#include "core/board_string.h"
#include "core_support.h"
#include "fuzz_check.h"

using namespace reversi;
using namespace reversi::core;

namespace {

const Variant& plain() {
    static const Variant v{Setup{}};
    return v;
}

const Variant& blocked() {
    static const Variant v{
        Setup{Shape::Eight, 2, true, false, {{2, 2}, {5, 5}, {0, 7}}, 0, Color::Black}};
    return v;
}

std::optional<ObfLine> read(const Variant& v, std::string_view line, const std::string& input) {
    try {
        return parse_obf_line(v, line);
    } catch (const NotationError& e) {
        FUZZ_CHECK(std::string(e.what()) != "", "empty NotationError\ninput: " + input);
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("unexpected exception: ") + e.what() + "\ninput: " + input);
    }
    return std::nullopt;
}

bool same_scores(const std::vector<ObfScore>& a, const std::vector<ObfScore>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].square != b[i].square || a[i].score != b[i].score) return false;
    return true;
}

void check_line(const Variant& v, const ObfLine& line, const std::string& input) {
    const Position& p = line.position;
    const u128 playable = v.geometry().playable();
    FUZZ_CHECK(!(p.discs(0) & p.discs(1)) && !((p.discs(0) | p.discs(1)) & ~playable) &&
                   p.neutral() == 0 && (p.side() == 0 || p.side() == 1),
               "unsound position\ninput: " + input);
    const std::string board = format_board_string(p);
    Position again;
    try {
        again = parse_board_string(v, board);
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("written board string does not read: ") + e.what() + "\n" +
                              board + "\ninput: " + input);
    }
    FUZZ_CHECK(again == p, "board string round trip changed the position\n" + board);
    const std::string rebuilt = board + " ; " + line.comment;
    const auto second = read(v, rebuilt, input);
    FUZZ_CHECK(second, "rebuilt line does not read: " + rebuilt);
    FUZZ_CHECK(second->position == p && second->comment == line.comment &&
                   same_scores(second->scores, line.scores),
               "rebuilt line reads differently: " + rebuilt + "\ninput: " + input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input = fuzz::as_text(data, size);
    const auto a = read(plain(), input, input);
    if (a) check_line(plain(), *a, input);
    const auto b = read(blocked(), input, input);
    if (b) {
        check_line(blocked(), *b, input);
        FUZZ_CHECK(a && a->position == b->position && a->comment == b->comment,
                   "accepted with blocked squares but not on the plain board\ninput: " + input);
        FUZZ_CHECK(
            !((b->position.discs(0) | b->position.discs(1)) & blocked().geometry().blocked()),
            "disc on a blocked square\ninput: " + input);
    }
    return 0;
}
