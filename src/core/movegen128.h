// SPDX-License-Identifier: MIT
// Faster kernels for the 128-bit layout (10x10 and the octagon, stride 11). Flips: per
// direction, the first square on the ray that is not the opponent's, found as the lowest or
// highest set bit, replaces eight Kogge-Stone fills. Mobility, with AVX-512: four directions
// per vector, each 128-bit board in two lanes shifted with funnel shifts. Cut corners,
// blocked squares and the gap column never hold a disc, so runs stop there.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/simd.h"
#include "core/types.h"

namespace reversi::core::board128 {

// Index bound of the layout: squares are row * 11 + col with row and col below 10.
constexpr int Squares = 110;

// The ray from (col, row), excluded, stepping by (dc, dr) until the 10x10 box ends.
constexpr u128 ray(int col, int row, int dc, int dr) {
    u128 r = 0;
    for (col += dc, row += dr; col >= 0 && col < 10 && row >= 0 && row < 10; col += dc, row += dr)
        r |= u128{1} << (row * 11 + col);
    return r;
}

// Each square's rays: the first four go towards higher indices (+1, +10, +11, +12), the
// last four towards lower ones.
constexpr std::array<std::array<u128, 8>, Squares> make_rays() {
    std::array<std::array<u128, 8>, Squares> t{};
    for (int sq = 0; sq < Squares; ++sq) {
        const int c = sq % 11, r = sq / 11;
        if (c == 10) continue;  // the gap column
        t[sq] = {ray(c, r, 1, 0),  ray(c, r, -1, 1), ray(c, r, 0, 1),  ray(c, r, 1, 1),
                 ray(c, r, -1, 0), ray(c, r, 1, -1), ray(c, r, 0, -1), ray(c, r, -1, -1)};
    }
    return t;
}

// Immutable table of every square's rays (14 KiB).
inline constexpr std::array<std::array<u128, 8>, Squares> RayTable = make_rays();

// The highest set bit of b alone, or 0.
inline u128 highest_bit(u128 b) {
    const auto hi = static_cast<uint64_t>(b >> 64);
    if (hi) return u128{std::bit_floor(hi)} << 64;
    return std::bit_floor(static_cast<uint64_t>(b));
}

// Discs that a disc placed on `sq` flips.
inline u128 flips(int sq, u128 own, u128 opp) {
    const std::array<u128, 8>& rays = RayTable[sq];
    u128 f = 0;
    for (int d = 0; d < 4; ++d) {
        // Upwards the nearest non-opponent square is the lowest set bit; the ray below it
        // flips when it holds an own disc.
        const u128 up = rays[d] & ~opp;
        const u128 up_end = up & (0 - up) & own;
        if (up_end) f |= (up_end - 1) & rays[d];
        // Downwards it is the highest set bit; the ray above it flips (0 - 0 keeps nothing).
        const u128 down_end = highest_bit(rays[d + 4] & ~opp) & own;
        f |= rays[d + 4] & (0 - (down_end << 1));
    }
    return f;
}

#ifdef REVERSI_AVX512

// Mobility with the eight directions in two vectors of four 128-bit boards (low word in the
// even lane): `up` shifts towards higher indices by +1, +10, +11, +12, `down` the other way.
struct Avx512 {
    // A 128-bit shift of each lane pair by the pair's count (below 64): the word that
    // crosses over comes from the neighbouring lane through a funnel shift.
    static __m512i up(__m512i x, __m512i n) {
        return _mm512_shldv_epi64(x, _mm512_bslli_epi128(x, 8), n);
    }
    static __m512i down(__m512i x, __m512i n) {
        return _mm512_shrdv_epi64(x, _mm512_bsrli_epi128(x, 8), n);
    }
    static __m512i pairs(int a, int b, int c, int d) {
        return _mm512_setr_epi64(a, a, b, b, c, c, d, d);
    }
    static __m512i splat(u128 b) {
        const auto lo = static_cast<long long>(static_cast<uint64_t>(b));
        const auto hi = static_cast<long long>(static_cast<uint64_t>(b >> 64));
        return _mm512_setr_epi64(lo, hi, lo, hi, lo, hi, lo, hi);
    }

    // The squares past runs of `pro` next to `own`, per direction. Runs on these boards are at
    // most 8 long: three doubling steps cover 7 and one more single step the eighth.
    template <bool Up>
    static __m512i beyond(__m512i own, __m512i pro) {
        const __m512i n1 = pairs(1, 10, 11, 12), n2 = pairs(2, 20, 22, 24),
                      n4 = pairs(4, 40, 44, 48);
        const auto sh = [](__m512i x, __m512i n) { return Up ? up(x, n) : down(x, n); };
        __m512i gen = _mm512_ternarylogic_epi64(own, pro, sh(own, n1), 0xF8);  // a | (b & c)
        __m512i pro2 = _mm512_and_si512(pro, sh(pro, n1));
        gen = _mm512_ternarylogic_epi64(gen, pro2, sh(gen, n2), 0xF8);
        const __m512i pro4 = _mm512_and_si512(pro2, sh(pro2, n2));
        gen = _mm512_ternarylogic_epi64(gen, pro4, sh(gen, n4), 0xF8);
        gen = _mm512_ternarylogic_epi64(gen, pro, sh(gen, n1), 0xF8);
        return sh(_mm512_maskz_andnot_epi64(0xFF, own, gen), n1);
    }

    static u128 moves(u128 own, u128 opp, u128 empty, u128 inner) {
        const __m512i o = splat(own);
        // Horizontal and diagonal lanes may only cross inner squares; vertical ones any.
        const __m512i vertical = _mm512_setr_epi64(0, 0, 0, 0, -1, -1, 0, 0);
        // 0xE0 is a & (b | c).
        const __m512i pro = _mm512_ternarylogic_epi64(splat(opp), splat(inner), vertical, 0xE0);
        const __m512i m = _mm512_or_si512(beyond<true>(o, pro), beyond<false>(o, pro));
        const __m256i h = _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xFF, m, 0),
                                          _mm512_maskz_extracti64x4_epi64(0xFF, m, 1));
        const __m128i r = _mm_or_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        const u128 lo = static_cast<uint64_t>(_mm_cvtsi128_si64(r));
        const u128 hi = static_cast<uint64_t>(_mm_extract_epi64(r, 1));
        return (lo | hi << 64) & empty;
    }
};

#endif

}  // namespace reversi::core::board128
