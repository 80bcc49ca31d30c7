// SPDX-License-Identifier: MIT
#include "engine/last_flip8x8.h"

#include <array>
#include <bit>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace reversi::engine {

namespace {

// The four lines through a square (row, column, the a1-h8 and h1-a8 diagonals) and the
// square's place on each, counted from the line's lowest square.
struct SquareLines {
    std::array<uint64_t, 4> mask;
    std::array<uint8_t, 4> place;
};

constexpr uint64_t line_through(int col, int row, int dc, int dr) {
    while (col - dc >= 0 && col - dc < 8 && row - dr >= 0 && row - dr < 8) col -= dc, row -= dr;
    uint64_t m = 0;
    for (; col >= 0 && col < 8 && row >= 0 && row < 8; col += dc, row += dr)
        m |= uint64_t{1} << (row * 8 + col);
    return m;
}

constexpr std::array<SquareLines, 64> make_lines() {
    std::array<SquareLines, 64> t{};
    constexpr int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};
    for (int sq = 0; sq < 64; ++sq)
        for (int d = 0; d < 4; ++d) {
            const uint64_t m = line_through(sq % 8, sq / 8, steps[d][0], steps[d][1]);
            t[sq].mask[d] = m;
            t[sq].place[d] = static_cast<uint8_t>(std::popcount(m & ((uint64_t{1} << sq) - 1)));
        }
    return t;
}

// Flips on one full line of up to 8 squares, the mover's squares set in `line` and the empty
// square at `place`: the other side's run next to it on each side counts when the mover's
// disc closes it. Bits past a short line read as the other side's, and no mover's disc
// follows them, so short lines need no table of their own.
constexpr std::array<std::array<uint8_t, 256>, 8> make_counts() {
    std::array<std::array<uint8_t, 256>, 8> t{};
    for (int place = 0; place < 8; ++place)
        for (int line = 0; line < 256; ++line) {
            int n = 0;
            int i = place + 1;
            while (i < 8 && !((line >> i) & 1)) ++i;
            if (i < 8) n += i - place - 1;
            i = place - 1;
            while (i >= 0 && !((line >> i) & 1)) --i;
            if (i >= 0) n += place - i - 1;
            t[place][line] = static_cast<uint8_t>(n);
        }
    return t;
}

constexpr std::array<SquareLines, 64> Lines = make_lines();
constexpr std::array<std::array<uint8_t, 256>, 8> Counts = make_counts();

// The bits of `x` under `mask`, packed down to the low bits in order.
inline unsigned gather(uint64_t x, uint64_t mask) {
#if defined(__BMI2__)
    return static_cast<unsigned>(_pext_u64(x, mask));
#else
    unsigned out = 0;
    for (int k = 0; mask; mask &= mask - 1, ++k)
        out |= static_cast<unsigned>((x >> std::countr_zero(mask)) & 1) << k;
    return out;
#endif
}

}  // namespace

int last_flip_count_8x8(int sq, uint64_t mover) {
    const SquareLines& l = Lines[sq];
    int n = 0;
    for (int d = 0; d < 4; ++d) n += Counts[l.place[d]][gather(mover, l.mask[d])];
    return n;
}

}  // namespace reversi::engine
