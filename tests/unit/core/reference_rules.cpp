// SPDX-License-Identifier: MIT
// The reference rules, written to be read against RULES.md line by line rather than to be
// fast. Each function walks the grid; nothing here uses a bitboard.
#include "reference_rules.h"

#include <algorithm>

#include "core/bitboard.h"

namespace reversi::test {

namespace {

RefSquare named(const std::string& name) {
    return {name[0] - 'a', std::stoi(name.substr(1)) - 1};
}

int board_size(core::Shape shape) {
    switch (shape) {
        case core::Shape::Six:
            return 6;
        case core::Shape::Eight:
            return 8;
        default:
            return 10;
    }
}

// RULES.md 1: the octagon loses a1 b1 a2, i1 j1 j2, a9 a10 b10, j9 i10 j10.
bool octagon_cut(RefSquare s) {
    static const char* const Cut[] = {"a1", "b1",  "a2",  "i1", "j1",  "j2",
                                      "a9", "a10", "b10", "j9", "i10", "j10"};
    for (const char* name : Cut)
        if (named(name) == s) return true;
    return false;
}

bool is_disc(signed char cell) {
    return cell >= 0;
}

const int Directions[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

std::vector<RefSquare> centre(int size) {
    const int m = size / 2;
    return {{m - 1, m - 1}, {m, m - 1}, {m, m}, {m - 1, m}};  // clockwise from top-left
}

bool touches_disc(const RefBoard& b, RefSquare s) {
    for (const auto& d : Directions) {
        const int c = s.col + d[0], r = s.row + d[1];
        if (b.inside(c, r) && is_disc(b.grid[r][c])) return true;
    }
    return false;
}

bool has_flipping_move(const RefBoard& b, int seat) {
    RefBoard view = b;
    view.side = seat;
    for (int r = 0; r < b.size; ++r)
        for (int c = 0; c < b.size; ++c)
            if (b.grid[r][c] == static_cast<signed char>(Cell::Empty) &&
                !ref_flips(view, {c, r}).empty())
                return true;
    return false;
}

}  // namespace

RefBoard ref_start(const core::Setup& setup) {
    RefBoard b;
    b.size = board_size(setup.shape);
    b.players = setup.players;
    b.anti = setup.anti;
    b.free_opening = setup.free_opening;
    b.grid.assign(b.size, std::vector<signed char>(b.size, static_cast<signed char>(Cell::Empty)));
    for (int r = 0; r < b.size; ++r)
        for (int c = 0; c < b.size; ++c)
            if (setup.shape == core::Shape::Octagon && octagon_cut({c, r}))
                b.grid[r][c] = static_cast<signed char>(Cell::Off);
    for (const core::Coord& c : setup.blocked)
        b.grid[c.row][c.col] = static_cast<signed char>(Cell::Blocked);
    auto put = [&](const std::string& name, signed char cell) {
        const RefSquare s = named(name);
        b.grid[s.row][s.col] = cell;
    };
    const bool big = b.size == 10;
    if (setup.players == 2) {
        // RULES.md 5: handicap corners first, in the order top-left, bottom-right, top-right,
        // bottom-left.
        const char* corners6[] = {"a1", "f6", "f1", "a6"};
        const char* corners8[] = {"a1", "h8", "h1", "a8"};
        const char* corners10[] = {"a1", "j10", "j1", "a10"};
        const char** corners = b.size == 6 ? corners6 : b.size == 8 ? corners8 : corners10;
        for (int i = 0; i < setup.handicap; ++i)
            put(corners[i], seat_cell(static_cast<int>(setup.handicap_to)));
        if (!setup.free_opening) {
            // RULES.md 3: White top-left and bottom-right of the centre, Black the others.
            if (b.size == 6) {
                put("c3", 1), put("d4", 1), put("d3", 0), put("c4", 0);
            } else if (b.size == 8) {
                put("d4", 1), put("e5", 1), put("e4", 0), put("d5", 0);
            } else {
                put("e5", 1), put("f6", 1), put("f5", 0), put("e6", 0);
            }
        }
    } else {
        // RULES.md 4: clockwise from the top-left centre square in turn order.
        const char* squares8[] = {"d4", "e4", "e5", "d5"};
        const char* squares10[] = {"e5", "f5", "f6", "e6"};
        const char** squares = big ? squares10 : squares8;
        for (int seat = 0; seat < 3; ++seat) put(squares[seat], seat_cell(seat));
        put(squares[3],
            setup.players == 4 ? seat_cell(3) : static_cast<signed char>(Cell::Neutral));
    }
    return b;
}

RefBoard ref_from_position(const core::Position& p) {
    const core::Variant& v = p.variant();
    core::Setup plain = v.setup();
    plain.handicap = 0;
    plain.free_opening = false;
    RefBoard b = ref_start(plain);
    b.free_opening = v.free_opening();
    const core::Geometry& g = p.geometry();
    for (int r = 0; r < b.size; ++r) {
        for (int c = 0; c < b.size; ++c) {
            signed char& cell = b.grid[r][c];
            if (cell == static_cast<signed char>(Cell::Off) ||
                cell == static_cast<signed char>(Cell::Blocked))
                continue;
            const core::Square sq = g.square({c, r});
            const core::u128 bit = core::u128(1) << sq;
            cell = static_cast<signed char>(Cell::Empty);
            if (p.neutral() & bit) cell = static_cast<signed char>(Cell::Neutral);
            for (int seat = 0; seat < p.players(); ++seat)
                if (p.discs(seat) & bit) cell = seat_cell(seat);
        }
    }
    b.side = p.side();
    return b;
}

bool ref_in_opening(const RefBoard& b) {
    if (!b.free_opening) return false;
    for (RefSquare s : centre(b.size))
        if (!is_disc(b.at(s))) return true;
    return false;
}

std::vector<RefSquare> ref_flips(const RefBoard& b, RefSquare s) {
    std::vector<RefSquare> out;
    if (ref_in_opening(b)) return out;
    const signed char own = seat_cell(b.side);
    for (const auto& d : Directions) {
        std::vector<RefSquare> line;
        int c = s.col + d[0], r = s.row + d[1];
        // Any disc that is not the mover's (other seats, neutral) may be bracketed; empty,
        // blocked, cut or off-board squares end the line unbracketed.
        while (b.inside(c, r) && is_disc(b.grid[r][c]) && b.grid[r][c] != own) {
            line.push_back({c, r});
            c += d[0];
            r += d[1];
        }
        if (!line.empty() && b.inside(c, r) && b.grid[r][c] == own)
            out.insert(out.end(), line.begin(), line.end());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<RefSquare> ref_legal_moves(const RefBoard& b) {
    std::vector<RefSquare> flipping, touching, opening;
    const auto middle = centre(b.size);
    const bool in_opening = ref_in_opening(b);
    for (int r = 0; r < b.size; ++r) {
        for (int c = 0; c < b.size; ++c) {
            const RefSquare s{c, r};
            if (b.at(s) != static_cast<signed char>(Cell::Empty)) continue;
            if (in_opening) {
                if (std::find(middle.begin(), middle.end(), s) != middle.end())
                    opening.push_back(s);
                continue;
            }
            if (!ref_flips(b, s).empty()) flipping.push_back(s);
            if (touches_disc(b, s)) touching.push_back(s);
        }
    }
    if (in_opening) return opening;
    if (!flipping.empty() || b.players == 2) return flipping;
    return touching;
}

bool ref_must_pass(const RefBoard& b) {
    return b.players == 2 && ref_legal_moves(b).empty() && has_flipping_move(b, 1 - b.side);
}

bool ref_is_over(const RefBoard& b) {
    if (!ref_legal_moves(b).empty()) return false;
    return b.players != 2 || !has_flipping_move(b, 1 - b.side);
}

void ref_play(RefBoard& b, RefSquare s) {
    for (RefSquare f : ref_flips(b, s)) b.grid[f.row][f.col] = seat_cell(b.side);
    b.grid[s.row][s.col] = seat_cell(b.side);
    b.side = (b.side + 1) % b.players;
}

void ref_pass(RefBoard& b) {
    b.side = (b.side + 1) % b.players;
}

core::Outcome ref_outcome(const RefBoard& b) {
    core::Outcome o;
    int empties = 0;
    for (const auto& row : b.grid)
        for (signed char cell : row) {
            if (cell >= 0 && cell < 4) ++o.discs[cell];
            if (cell == static_cast<signed char>(Cell::Empty)) ++empties;
        }
    std::vector<int> counts(o.discs.begin(), o.discs.begin() + b.players);
    const int best = b.anti ? *std::min_element(counts.begin(), counts.end())
                            : *std::max_element(counts.begin(), counts.end());
    if (std::count(counts.begin(), counts.end(), best) == 1)
        o.winner = static_cast<int>(std::find(counts.begin(), counts.end(), best) - counts.begin());
    if (b.players == 2 && o.winner >= 0) {
        // Tournament convention: the winner also gets the empty squares; Black's view, with
        // the winner's score positive in Anti-Reversi too.
        const int margin = std::abs(o.discs[0] - o.discs[1]) + empties;
        o.black_score = o.winner == 0 ? margin : -margin;
    }
    return o;
}

int draw(std::mt19937_64& rng, int n) {
    return static_cast<int>(rng() % static_cast<uint64_t>(n));
}

std::vector<core::Coord> random_blocked(std::mt19937_64& rng, const core::Setup& setup, int pairs) {
    const core::Geometry g(setup.shape, {});
    const auto corners = g.handicap_corners();
    std::vector<core::Coord> out;
    for (int tries = 0; tries < 100 && static_cast<int>(out.size()) < 2 * pairs; ++tries) {
        const core::Coord c{draw(rng, g.width()), draw(rng, g.height())};
        const core::Coord mirror{g.width() - 1 - c.col, g.height() - 1 - c.row};
        if (!g.on_shape(c) || (g.centre() & core::square_bit<core::u128>(g.square(c)))) continue;
        bool corner = false;
        for (int i = 0; i < setup.handicap; ++i)
            corner = corner || corners[i] == c || corners[i] == mirror;
        if (corner) continue;
        out.push_back(c);
        if (!(mirror == c)) out.push_back(mirror);
    }
    return out;
}

std::vector<core::Setup> every_setup() {
    std::vector<core::Setup> out;
    for (core::Shape shape :
         {core::Shape::Six, core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon}) {
        for (int players = 2; players <= 4; ++players) {
            if (players > 2 && shape == core::Shape::Six) continue;
            for (int anti = 0; anti <= 1; ++anti) {
                core::Setup s;
                s.shape = shape;
                s.players = players;
                s.anti = anti != 0;
                out.push_back(s);
                if (players == 2) {
                    core::Setup f = s;
                    f.free_opening = true;
                    out.push_back(f);
                    if (shape != core::Shape::Octagon) {
                        core::Setup h = s;
                        h.handicap = 1 + static_cast<int>(out.size()) % 4;
                        h.handicap_to = anti ? core::Color::White : core::Color::Black;
                        out.push_back(h);
                        h.free_opening = true;
                        h.handicap = 4 - static_cast<int>(out.size()) % 4;
                        out.push_back(h);
                    }
                }
            }
        }
    }
    return out;
}

}  // namespace reversi::test
