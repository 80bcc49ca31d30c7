// SPDX-License-Identifier: MIT
// Setup validation and start positions (RULES.md 3, 4 and 5).
#include "core/variant.h"

#include <algorithm>

#include "core/bitboard.h"

namespace reversi::core {

namespace {

std::string coord_text(Coord c) {
    // Appending (not operator+) keeps GCC 12's false -Wrestrict warning away.
    std::string name(1, static_cast<char>('a' + c.col));
    name += std::to_string(c.row + 1);
    return name;
}

}  // namespace

std::string shape_name(Shape shape) {
    switch (shape) {
        case Shape::Six: return "6";
        case Shape::Eight: return "8";
        case Shape::Ten: return "10";
        case Shape::Octagon: return "octagon";
    }
    return "8";
}

bool parse_shape(const std::string& text, Shape& out) {
    std::string t;
    for (char ch : text) t += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (t == "6" || t == "6x6") out = Shape::Six;
    else if (t == "8" || t == "8x8") out = Shape::Eight;
    else if (t == "10" || t == "10x10") out = Shape::Ten;
    else if (t == "octagon" || t == "88" || t == "oct") out = Shape::Octagon;
    else return false;
    return true;
}

std::string color_name(Color color) {
    static constexpr const char* Names[] = {"black", "white", "red", "green"};
    return Names[static_cast<int>(color)];
}

std::string Setup::problem() const {
    if (players < 2 || players > 4)
        return "the number of players must be 2, 3 or 4 (got " + std::to_string(players) + ")";
    if (players > 2) {
        if (shape == Shape::Six)
            return "three- and four-player games are not played on 6x6 (use 8x8, 10x10 or octagon)";
        if (free_opening) return "free opening is a two-player option only";
        if (handicap != 0) return "corner handicap is a two-player option only";
    }
    if (handicap < 0 || handicap > 4)
        return "a handicap gives 0 to 4 corners (got " + std::to_string(handicap) + ")";
    if (handicap > 0 && shape == Shape::Octagon)
        return "corner handicap is not offered on the octagon, which has no corner squares";
    if (handicap > 0 && handicap_to != Color::Black && handicap_to != Color::White)
        return "the handicap goes to black or white";
    const Geometry box(shape, {});
    const auto corners = box.handicap_corners();
    for (const Coord& c : blocked) {
        if (!box.on_shape(c))
            return "blocked square " + coord_text(c) + " is not on the " + shape_name(shape) +
                   " board";
        if (box.centre() & square_bit<u128>(box.square(c)))
            return "blocked square " + coord_text(c) + " is a centre square, which is never blocked";
        for (int i = 0; i < handicap; ++i)
            if (corners[i] == c)
                return "blocked square " + coord_text(c) + " is a handicap corner";
    }
    return {};
}

Variant::Variant(Setup setup) : setup_(std::move(setup)), geometry_(setup_.shape, setup_.blocked) {
    if (const std::string why = setup_.problem(); !why.empty()) throw SetupError(why);
    std::sort(setup_.blocked.begin(), setup_.blocked.end(), [](Coord a, Coord b) {
        return a.row != b.row ? a.row < b.row : a.col < b.col;
    });
    setup_.blocked.erase(std::unique(setup_.blocked.begin(), setup_.blocked.end()),
                         setup_.blocked.end());
    if (setup_.handicap == 0) setup_.handicap_to = Color::Black;  // one canonical form

    const int mid = geometry_.width() / 2;
    auto bit = [&](int col, int row) { return square_bit<u128>(geometry_.square({col, row})); };
    const u128 top_left = bit(mid - 1, mid - 1), top_right = bit(mid, mid - 1);
    const u128 bottom_right = bit(mid, mid), bottom_left = bit(mid - 1, mid);

    if (setup_.players == 2) {
        if (!setup_.free_opening) {
            start_discs_[0] = top_right | bottom_left;
            start_discs_[1] = top_left | bottom_right;
        }
        const auto corners = geometry_.handicap_corners();
        for (int i = 0; i < setup_.handicap; ++i)
            start_discs_[static_cast<int>(setup_.handicap_to)] |= bit(corners[i].col, corners[i].row);
    } else {
        // Clockwise in turn order from the top-left centre square.
        start_discs_[0] = top_left;
        start_discs_[1] = top_right;
        start_discs_[2] = bottom_right;
        if (setup_.players == 4) start_discs_[3] = bottom_left;
        else start_neutral_ = bottom_left;
    }
}

}  // namespace reversi::core
