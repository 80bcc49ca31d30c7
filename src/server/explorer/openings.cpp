// SPDX-License-Identifier: MIT
// The opening names are facts of Othello's literature, each written here as its move sequence
// from f5; a game is brought to that orientation first, then its longest named prefix wins.
#include "server/explorer/openings.h"

#include <array>

#include "core/box_symmetry.h"

namespace reversi::server {

namespace {

constexpr int Width = 8;
// The symmetries (core/box_symmetry.h) that keep the start position: identity, the two
// diagonal reflections and the half turn. They take d3, c4, e6 and f5 to one another.
constexpr std::array<int, 4> KeepTheStart = {0, 1, 6, 7};

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
    const int sq = core::box_symmetry_square(c.row * Width + c.col, Width, Width, symmetry);
    return {sq % Width, sq / Width};
}

int inverse_symmetry(int symmetry) {
    return core::inverse_box_symmetry(symmetry);
}

int canonical_symmetry(const std::vector<core::Coord>& moves) {
    const core::Coord f5{5, 4};
    if (moves.empty()) return 0;
    for (const int s : KeepTheStart)
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
