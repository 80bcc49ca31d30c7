// SPDX-License-Identifier: MIT
// Stable discs of the plain 8x8 board. Squares are row * 8 + column. The edge table is
// computed once at start-up from the rules of the one-dimensional game (too many steps for a
// compile-time table) and never changes after.
#include "engine/stable8x8.h"

#include <array>
#include <bit>

namespace reversi::engine {

namespace {

constexpr int EdgeCells = 8;
constexpr int EdgeStates = 6561;  // 3^8: each edge square empty, ours or theirs
constexpr int Empty = 0;
constexpr int Ours = 1;
constexpr int Theirs = 2;

constexpr int edge_index(const std::array<int, EdgeCells>& cells) {
    int index = 0;
    for (int i = EdgeCells - 1; i >= 0; --i) index = index * 3 + cells[i];
    return index;
}

// The edge after `colour` fills the empty square `x`, flipping the runs it brackets along
// the edge (a square off the edge may have made the move legal, so it may flip nothing).
constexpr std::array<int, EdgeCells> edge_after(std::array<int, EdgeCells> cells, int x,
                                                int colour) {
    const int other = Ours + Theirs - colour;
    cells[x] = colour;
    for (const int step : {-1, 1}) {
        int y = x + step;
        while (y >= 0 && y < EdgeCells && cells[y] == other) y += step;
        if (y >= 0 && y < EdgeCells && cells[y] == colour)
            for (int z = x + step; z != y; z += step) cells[z] = colour;
    }
    return cells;
}

// For every edge, the bits of the squares that are ours in every edge reachable from it:
// ours now and in every child's answer. Children hold one disc more, so edges are
// settled from the full ones down to the empty one.
std::array<uint8_t, EdgeStates> make_edge_table() {
    std::array<uint8_t, EdgeStates> stable{};
    for (int empties = 0; empties <= EdgeCells; ++empties) {
        for (int index = 0; index < EdgeStates; ++index) {
            std::array<int, EdgeCells> cells{};
            int n_empty = 0;
            int ours = 0;
            for (int i = 0, rest = index; i < EdgeCells; ++i, rest /= 3) {
                cells[i] = rest % 3;
                n_empty += cells[i] == Empty;
                if (cells[i] == Ours) ours |= 1 << i;
            }
            if (n_empty != empties) continue;
            for (int x = 0; x < EdgeCells && ours; ++x) {
                if (cells[x] != Empty) continue;
                ours &= stable[edge_index(edge_after(cells, x, Ours))];
                ours &= stable[edge_index(edge_after(cells, x, Theirs))];
            }
            stable[index] = static_cast<uint8_t>(ours);
        }
    }
    return stable;
}

constexpr std::array<uint16_t, 256> make_ternary() {
    std::array<uint16_t, 256> t{};
    for (int byte = 0; byte < 256; ++byte) {
        int value = 0;
        for (int i = EdgeCells - 1; i >= 0; --i) value = value * 3 + ((byte >> i) & 1);
        t[byte] = static_cast<uint16_t>(value);
    }
    return t;
}

constexpr std::array<uint64_t, 256> make_first_column() {
    std::array<uint64_t, 256> t{};
    for (int byte = 0; byte < 256; ++byte)
        for (int row = 0; row < 8; ++row)
            if ((byte >> row) & 1) t[byte] |= uint64_t{1} << (row * 8);
    return t;
}

const std::array<uint8_t, EdgeStates> EdgeStable = make_edge_table();
// A byte's bits as ternary digits 0 and 1: our byte's index plus twice theirs is the edge's.
constexpr std::array<uint16_t, 256> Ternary = make_ternary();
// A byte's bit k placed on row k of the first column.
constexpr std::array<uint64_t, 256> FirstColumn = make_first_column();

constexpr uint64_t FirstColumnMask = 0x0101010101010101ULL;

// The first column's squares as a byte, row k on bit k (the multiplier's partial products
// never overlap, so no carry disturbs the top byte).
inline unsigned first_column_byte(uint64_t b) {
    return static_cast<unsigned>(((b & FirstColumnMask) * 0x0102040810204080ULL) >> 56);
}

inline unsigned edge_stable(unsigned mine, unsigned theirs) {
    return EdgeStable[Ternary[mine] + 2 * Ternary[theirs]];
}

// Spreads the set bits of `b` along their diagonal in both directions: step 9 when Nine,
// else step 7. The masks keep each shift from wrapping to the other side of the board.
template <bool Nine>
inline uint64_t spread_diagonal(uint64_t b) {
    constexpr uint64_t Up1 = Nine ? 0xfefefefefefefefeULL : 0x7f7f7f7f7f7f7f7fULL;
    constexpr uint64_t Up2 = Nine ? 0xfcfcfcfcfcfcfcfcULL : 0x3f3f3f3f3f3f3f3fULL;
    constexpr uint64_t Up4 = Nine ? 0xf0f0f0f0f0f0f0f0ULL : 0x0f0f0f0f0f0f0f0fULL;
    constexpr uint64_t Down1 = Nine ? 0x7f7f7f7f7f7f7f7fULL : 0xfefefefefefefefeULL;
    constexpr uint64_t Down2 = Nine ? 0x3f3f3f3f3f3f3f3fULL : 0xfcfcfcfcfcfcfcfcULL;
    constexpr uint64_t Down4 = Nine ? 0x0f0f0f0f0f0f0f0fULL : 0xf0f0f0f0f0f0f0f0ULL;
    constexpr int S = Nine ? 9 : 7;
    b |= (b << S) & Up1;
    b |= (b << 2 * S) & Up2;
    b |= (b << 4 * S) & Up4;
    b |= (b >> S) & Down1;
    b |= (b >> 2 * S) & Down2;
    b |= (b >> 4 * S) & Down4;
    return b;
}

// The body of full_lines_8x8, inlined into the stability test that calls it at nearly every
// node of the last empties (a call returned the four words through memory).
[[gnu::always_inline]] inline FullLines8x8 full_lines(uint64_t occ) {
    uint64_t h = occ & (occ >> 1);
    h &= h >> 2;
    h &= h >> 4;
    uint64_t v = occ & std::rotr(occ, 8);
    v &= std::rotr(v, 16);
    v &= std::rotr(v, 32);
    return {(h & FirstColumnMask) * 0xff, v, ~spread_diagonal<true>(~occ),
            ~spread_diagonal<false>(~occ)};
}

// The body of stable_edges_8x8, inlined into the stability test below.
[[gnu::always_inline]] inline uint64_t stable_edges(uint64_t mine, uint64_t occ) {
    const uint64_t theirs = occ & ~mine;
    uint64_t stable = edge_stable(mine & 0xff, theirs & 0xff);
    stable |= uint64_t{edge_stable(mine >> 56, theirs >> 56)} << 56;
    stable |= FirstColumn[edge_stable(first_column_byte(mine), first_column_byte(theirs))];
    stable |= FirstColumn[edge_stable(first_column_byte(mine >> 7), first_column_byte(theirs >> 7))]
              << 7;
    return stable;
}

// The fixpoint of stable_discs_8x8 from the edges' stable discs.
[[gnu::always_inline]] inline uint64_t stable_fixpoint(uint64_t mine, uint64_t occ,
                                                       uint64_t stable_edges) {
    const FullLines8x8 full = full_lines(occ);
    const uint64_t inner = mine & Inner8x8;
    uint64_t stable =
        stable_edges | (inner & full.horizontal & full.vertical & full.diagonal9 & full.diagonal7);
    if (!stable) return 0;
    // An inner disc is stable when, on every axis, its line is full or a neighbour along it
    // is a stable disc of its own colour (least fixpoint: each disc added is justified).
    for (;;) {
        uint64_t next = inner & (full.horizontal | (stable << 1) | (stable >> 1));
        next &= full.vertical | (stable << 8) | (stable >> 8);
        next &= full.diagonal9 | (stable << 9) | (stable >> 9);
        next &= full.diagonal7 | (stable << 7) | (stable >> 7);
        next |= stable;
        if (next == stable) return stable;
        stable = next;
    }
}

}  // namespace

FullLines8x8 full_lines_8x8(uint64_t occ) {
    return full_lines(occ);
}

uint64_t stable_edges_8x8(uint64_t mine, uint64_t occ) {
    return stable_edges(mine, occ);
}

uint64_t stable_discs_8x8(uint64_t mine, uint64_t occ) {
    return stable_fixpoint(mine, occ, stable_edges(mine, occ));
}

uint64_t stable_discs_8x8_if_at_least(uint64_t mine, uint64_t occ, int needed) {
    const uint64_t edges = stable_edges(mine, occ);
    // Edge discs are stable exactly when the edge table says so; only inner discs can add to
    // them.
    if (std::popcount(edges) + std::popcount(mine & Inner8x8) < needed) return 0;
    return stable_fixpoint(mine, occ, edges);
}

}  // namespace reversi::engine
