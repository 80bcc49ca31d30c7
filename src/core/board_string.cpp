// SPDX-License-Identifier: MIT
// Board strings and .obf lines. The reader is strict about the 64 squares and the side to
// move, and lenient about what follows the ';', which is free text in the wild.
#include "core/board_string.h"

#include <cctype>

#include "core/bitboard.h"
#include "core/notation.h"

namespace reversi::core {

namespace {

void require_othello(const Variant& variant) {
    if (variant.players() != 2 || variant.geometry().shape() != Shape::Eight)
        throw NotationError("the 64-character board string is for two-player 8x8 games only");
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

// "+18", "-4", "0" as an integer; false when it is not one.
bool parse_score(std::string_view text, int& out) {
    if (text.empty()) return false;
    bool negative = false;
    if (text.front() == '+' || text.front() == '-') {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    if (text.empty() || text.size() > 4) return false;
    int value = 0;
    for (char ch : text) {
        if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
        value = value * 10 + (ch - '0');
    }
    out = negative ? -value : value;
    return true;
}

}  // namespace

std::string format_board_string(const Position& position) {
    require_othello(position.variant());
    std::string out;
    for (Square sq = 0; sq < 64; ++sq) {
        const u128 bit = square_bit<u128>(sq);
        out += (position.discs(0) & bit) ? 'X' : (position.discs(1) & bit) ? 'O' : '-';
    }
    out += position.side() == 0 ? " X" : " O";
    return out;
}

Position parse_board_string(const Variant& variant, std::string_view text) {
    require_othello(variant);
    text = trim(text);
    std::array<u128, MaxPlayers> discs{};
    size_t i = 0;
    for (Square sq = 0; sq < 64; ++sq, ++i) {
        if (i >= text.size())
            throw NotationError("the board string has " + std::to_string(sq) +
                                " squares, expected 64");
        const char ch = text[i];
        const std::string where = "character " + std::to_string(i + 1) + " (" +
                                  coord_name(variant.geometry().coord(sq)) + ")";
        if (ch == '-') continue;
        if (ch != 'X' && ch != 'x' && ch != '*' && ch != 'O' && ch != 'o')
            throw NotationError(where + ": unknown character '" + std::string(1, ch) +
                                "' (use X or * black, O white, - empty)");
        if (variant.geometry().blocked() & square_bit<u128>(sq))
            throw NotationError(where + ": disc on a blocked square");
        discs[(ch == 'O' || ch == 'o') ? 1 : 0] |= square_bit<u128>(sq);
    }
    std::string_view rest = text.substr(i);
    if (rest.empty()) throw NotationError("missing side to move after the 64 squares (X or O)");
    if (!std::isspace(static_cast<unsigned char>(rest.front())))
        throw NotationError("the board string has more than 64 squares");
    rest = trim(rest);
    int side = -1;
    if (rest == "X" || rest == "x" || rest == "*") side = 0;
    if (rest == "O" || rest == "o") side = 1;
    if (side < 0)
        throw NotationError("side to move must be X, * or O, not '" + std::string(rest) + "'");
    return Position::from_discs(variant, discs, 0, side);
}

ObfLine parse_obf_line(const Variant& variant, std::string_view line) {
    const size_t semi = line.find(';');
    ObfLine out;
    out.position = parse_board_string(variant, line.substr(0, semi));
    if (semi == std::string_view::npos) return out;
    out.comment = std::string(trim(line.substr(semi + 1)));
    std::string_view rest = line.substr(semi + 1);
    while (!rest.empty()) {
        const size_t end = rest.find(';');
        const std::string_view item = trim(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        const size_t colon = item.find(':');
        if (colon == std::string_view::npos) continue;
        const auto sq = parse_square(variant.geometry(), item.substr(0, colon));
        int score = 0;
        if (sq && parse_score(trim(item.substr(colon + 1)), score))
            out.scores.push_back({*sq, score});
    }
    return out;
}

}  // namespace reversi::core
