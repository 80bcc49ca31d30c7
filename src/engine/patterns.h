// SPDX-License-Identifier: MIT
// The pattern sets of a board shape: which groups of squares the trained evaluation looks
// at, made from the shape's geometry (edges with their X squares, corner blocks, rows,
// diagonals). Each pattern is one ordered list of squares; its instances are its images
// under the eight symmetries of the square box, so that they share one weight table. Squares
// off the shape (the octagon's cut corners) are left out of every instance alike.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.h"

namespace reversi::engine {

// At most this many squares per pattern (3^10 table entries).
constexpr int MaxPatternCells = 10;
// More instances than any shape produces.
constexpr int MaxPatternInstances = 96;

struct Pattern {
    std::string name;
    int cells = 0;   // squares per instance
    int size = 1;    // 3^cells table entries
    int offset = 0;  // where its table starts inside one phase
    // Permutations of the cell order under which the pattern maps onto itself (identity
    // first): index and permuted index describe the same situation and share a weight.
    std::vector<std::array<int8_t, MaxPatternCells>> self_maps;
};

struct PatternInstance {
    int pattern = 0;
    std::vector<int> squares;  // board squares in the pattern's cell order
};

// All patterns of one shape. `phase_size` weights per phase, the last one a bias.
struct PatternSet {
    std::vector<Pattern> patterns;
    std::vector<PatternInstance> instances;
    int phase_size = 0;
    uint32_t id = 0;  // hash of the definition: a weight file must carry the same
};

// The pattern sets a shape may be trained with; a weight file names its set by the id.
// Standard: the templates above. Corner2x5: those and the two rows of five squares along an
// edge from a corner (a1-e1 with a2-e2 on 8x8, eight images), as Logistello's and Edax's sets
// have (docs/log/2026-12-04-8x8-pattern-set-2x5.md). Triangle: Corner2x5's and the corner
// triangle of ten squares (a1-d1, a2-c2, a3-b3, a4 on 8x8; four images, each its own mirror
// across the diagonal), as Egaroucid's set has.
enum class PatternFamily { Standard, Corner2x5, Triangle };
constexpr PatternFamily AllPatternFamilies[] = {PatternFamily::Standard, PatternFamily::Corner2x5,
                                                PatternFamily::Triangle};

// The family's name on the command line ("standard", "corner2x5", "triangle") and back;
// nullopt for an unknown name.
std::string pattern_family_name(PatternFamily family);
std::optional<PatternFamily> pattern_family_named(const std::string& name);

// A pattern set of a geometry without blocked squares (blocked boards are not supported:
// callers check `geometry.blocked()` first).
PatternSet make_pattern_set(const core::Geometry& geometry,
                            PatternFamily family = PatternFamily::Standard);

// The set of `geometry` whose id is `id` (a weight file's), nullopt when none of its shape is.
std::optional<PatternSet> pattern_set_with_id(const core::Geometry& geometry, uint32_t id);

// Index of a situation in a pattern: cell k in state s (0 empty, 1 own, 2 opponent)
// contributes s * 3^k.
int canonical_index(const Pattern& p, int index);

}  // namespace reversi::engine
