// SPDX-License-Identifier: MIT
// Builds a shape's pattern set from its geometry. Templates are written in box coordinates
// for the top edge or the top-left corner; the eight symmetries of the box give the
// instances, and instances covering the same squares are kept once.
#include "engine/patterns.h"

#include <algorithm>
#include <set>

namespace reversi::engine {

namespace {

using core::Coord;

// The eight symmetries of an n x n box.
Coord transform(int t, Coord c, int n) {
    const int last = n - 1;
    Coord r = c;
    if (t & 1) r = {r.row, r.col};         // transpose
    if (t & 2) r = {last - r.col, r.row};  // mirror columns
    if (t & 4) r = {r.col, last - r.row};  // mirror rows
    return r;
}

struct Template {
    std::string name;
    std::vector<Coord> cells;
};

// The templates of a box of side n: the edge (with the X squares when it stays within
// MaxPatternCells), the 3x3 corner (and the 2x5 corner of Corner2x5 and Triangle, the corner
// triangle of Triangle), inner rows up to the middle, and every diagonal of four squares or more.
std::vector<Template> templates(int n, PatternFamily family) {
    std::vector<Template> list;
    Template edge{"edge", {}};
    for (int c = 0; c < n; ++c) edge.cells.push_back({c, 0});
    if (n + 2 <= MaxPatternCells) {
        edge.name = "edge+x";
        edge.cells.push_back({1, 1});
        edge.cells.push_back({n - 2, 1});
    }
    list.push_back(edge);
    Template corner{"corner3x3", {}};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) corner.cells.push_back({c, r});
    list.push_back(corner);
    if (family != PatternFamily::Standard) {
        Template wide{"corner2x5", {}};
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 5; ++c) wide.cells.push_back({c, r});
        list.push_back(wide);
    }
    if (family == PatternFamily::Triangle) {
        Template triangle{"triangle", {}};
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c + r < 4; ++c) triangle.cells.push_back({c, r});
        list.push_back(triangle);
    }
    for (int row = 1; row < n / 2; ++row) {
        Template t{"row" + std::to_string(row + 1), {}};
        for (int c = 0; c < n; ++c) t.cells.push_back({c, row});
        list.push_back(t);
    }
    for (int d = 0; n - d >= 4; ++d) {
        Template t{"diag" + std::to_string(n - d), {}};
        for (int i = 0; i + d < n; ++i) t.cells.push_back({i + d, i});
        list.push_back(t);
    }
    return list;
}

uint32_t mix(uint32_t h, uint32_t v) {
    return (h ^ v) * 16777619u;
}

}  // namespace

std::string pattern_family_name(PatternFamily family) {
    switch (family) {
        case PatternFamily::Corner2x5:
            return "corner2x5";
        case PatternFamily::Triangle:
            return "triangle";
        default:
            return "standard";
    }
}

std::optional<PatternFamily> pattern_family_named(const std::string& name) {
    for (PatternFamily f : AllPatternFamilies)
        if (pattern_family_name(f) == name) return f;
    return std::nullopt;
}

std::optional<PatternSet> pattern_set_with_id(const core::Geometry& geometry, uint32_t id) {
    for (PatternFamily f : AllPatternFamilies) {
        PatternSet set = make_pattern_set(geometry, f);
        if (set.id == id) return set;
    }
    return std::nullopt;
}

PatternSet make_pattern_set(const core::Geometry& g, PatternFamily family) {
    PatternSet set;
    const int n = g.width();
    uint32_t id = mix(2166136261u, static_cast<uint32_t>(n));
    id = mix(id, static_cast<uint32_t>(g.shape()));
    for (const Template& t : templates(n, family)) {
        std::vector<Coord> cells;
        for (const Coord& c : t.cells)
            if (g.on_shape(c)) cells.push_back(c);
        if (cells.size() < 3) continue;
        Pattern p;
        p.name = t.name;
        p.cells = static_cast<int>(cells.size());
        for (int k = 0; k < p.cells; ++k) p.size *= 3;
        p.offset = set.phase_size;
        set.phase_size += p.size;
        const int pattern_index = static_cast<int>(set.patterns.size());
        std::set<std::vector<int>> seen;
        for (int sym = 0; sym < 8; ++sym) {
            PatternInstance inst{pattern_index, {}};
            for (const Coord& c : cells) inst.squares.push_back(g.square(transform(sym, c, n)));
            std::vector<int> sorted = inst.squares;
            std::sort(sorted.begin(), sorted.end());
            if (seen.insert(sorted).second) {
                set.instances.push_back(std::move(inst));
                continue;
            }
            // The same squares in another order: a self-symmetry of the pattern.
            const std::vector<int>& base =
                set.instances[static_cast<size_t>(
                                  std::find_if(set.instances.begin(), set.instances.end(),
                                               [&](const PatternInstance& i) {
                                                   std::vector<int> s = i.squares;
                                                   std::sort(s.begin(), s.end());
                                                   return i.pattern == pattern_index && s == sorted;
                                               }) -
                                  set.instances.begin())]
                    .squares;
            std::array<int8_t, MaxPatternCells> map{};
            for (int k = 0; k < p.cells; ++k)
                map[static_cast<size_t>(k)] = static_cast<int8_t>(
                    std::find(base.begin(), base.end(), inst.squares[static_cast<size_t>(k)]) -
                    base.begin());
            if (std::find(p.self_maps.begin(), p.self_maps.end(), map) == p.self_maps.end())
                p.self_maps.push_back(map);
        }
        for (const Coord& c : cells) id = mix(id, static_cast<uint32_t>(c.col * 16 + c.row));
        id = mix(id, 0xffu);
        set.patterns.push_back(std::move(p));
    }
    // The bias: a pattern of no squares, one instance, one weight per phase.
    Pattern bias;
    bias.name = "bias";
    bias.offset = set.phase_size;
    set.phase_size += 1;
    set.instances.push_back({static_cast<int>(set.patterns.size()), {}});
    set.patterns.push_back(bias);
    set.id = mix(id, static_cast<uint32_t>(set.instances.size()));
    return set;
}

int canonical_index(const Pattern& p, int index) {
    if (p.self_maps.empty()) return index;
    std::array<int, MaxPatternCells> state{};
    for (int k = 0, x = index; k < p.cells; ++k, x /= 3) state[static_cast<size_t>(k)] = x % 3;
    std::array<int, MaxPatternCells + 1> power{};
    power[0] = 1;
    for (int k = 1; k <= p.cells; ++k) power[static_cast<size_t>(k)] = power[k - 1] * 3;
    int best = index;
    for (const auto& map : p.self_maps) {
        int v = 0;
        for (int k = 0; k < p.cells; ++k)
            v += state[static_cast<size_t>(k)] *
                 power[static_cast<size_t>(map[static_cast<size_t>(k)])];
        best = std::min(best, v);
    }
    return best;
}

}  // namespace reversi::engine
