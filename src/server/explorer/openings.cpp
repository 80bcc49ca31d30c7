// SPDX-License-Identifier: MIT
// The opening names are facts of Othello's literature, each written here as its move sequence
// from f5; a game is brought to that orientation first, then its longest named prefix wins.
#include "server/explorer/openings.h"

#include <array>

namespace reversi::server {

namespace {

constexpr int Last = 7;  // the last row and column of 8x8

// Name, moves from the start with Black's first move at f5. Sources: the names of the
// international Othello literature (the three first-reply openings and the named lines).
const std::vector<std::pair<std::string, std::string>> OpeningTable = {
    {"Perpendicular", "f5 d6"},      {"Parallel", "f5 f6"},
    {"Diagonal", "f5 f4"},           {"Tiger", "f5 d6 c3 d3 c4"},
    {"Aubrey", "f5 d6 c3 d3 c4 b3"}, {"Buffalo", "f5 d6 c3 d3 c4 f4 c5 b3 c2"},
    {"Cow", "f5 d6 c5 f4 e3"},       {"Rose", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7"},
    {"Heath", "f5 f4 e3 f6 d3"},
};

core::Coord read_coord(const std::string& name) {
    return {name[0] - 'a', std::stoi(name.substr(1)) - 1};
}

std::vector<core::Coord> table_moves(const std::string& text) {
    std::vector<core::Coord> out;
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find(' ', at);
        if (end == std::string::npos) end = text.size();
        out.push_back(read_coord(text.substr(at, end - at)));
        at = end + 1;
    }
    return out;
}

}  // namespace

core::Coord transform(int symmetry, core::Coord c) {
    switch (symmetry) {
        case 1:
            return {Last - c.row, c.col};
        case 2:
            return {Last - c.col, Last - c.row};
        case 3:
            return {c.row, Last - c.col};
        case 4:
            return {Last - c.col, c.row};
        case 5:
            return {c.col, Last - c.row};
        case 6:
            return {c.row, c.col};
        case 7:
            return {Last - c.row, Last - c.col};
        default:
            return c;
    }
}

int inverse_symmetry(int symmetry) {
    if (symmetry == 1) return 3;
    if (symmetry == 3) return 1;
    return symmetry;
}

int canonical_symmetry(const std::vector<core::Coord>& moves) {
    const core::Coord f5{5, 4};
    if (moves.empty()) return 0;
    for (const int s : {0, 2, 6, 7})
        if (transform(s, moves.front()) == f5) return s;
    return 0;
}

std::optional<NamedOpening> opening_name(const std::vector<core::Coord>& moves) {
    const int s = canonical_symmetry(moves);
    std::optional<NamedOpening> best;
    for (const auto& [name, text] : OpeningTable) {
        const std::vector<core::Coord> line = table_moves(text);
        if (line.size() > moves.size() || (best && line.size() <= best->plies)) continue;
        bool match = true;
        for (size_t i = 0; i < line.size() && match; ++i) match = transform(s, moves[i]) == line[i];
        if (match) best = NamedOpening{name, line.size()};
    }
    return best;
}

const std::vector<std::pair<std::string, std::string>>& opening_table() {
    return OpeningTable;
}

}  // namespace reversi::server
