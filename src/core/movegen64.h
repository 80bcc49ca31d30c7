// SPDX-License-Identifier: MIT
// Fast move generation and flipping for the 64-bit layout (6x6 and 8x8 in stride 8). Two
// implementations give the same answers as the generic Kernel for any discs on playable
// squares: a portable one, always compiled, and an AVX-512 one, compiled when the target
// has it (REVERSI_AVX512, see simd.h). Lines stop at squares that hold no disc, so blocked and
// off-board squares need no special case and the board's own `inner` mask is implied by the layout.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/simd.h"

namespace reversi::core::board64 {

// Squares a run may cross in each direction without leaving the board: a disc on the first
// or last column (or row) can never be bracketed along a line that crosses that edge.
constexpr uint64_t NotEdgeColumns = 0x7e7e7e7e7e7e7e7eULL;
constexpr uint64_t NotEdgeRows = 0x00ffffffffffff00ULL;
constexpr uint64_t NotEdges = NotEdgeColumns & NotEdgeRows;

// The squares strictly beyond one square, to the edge of the 8x8 box, in four directions:
// `up` towards higher indices (+1, +7, +8, +9), `down` the mirrored ones (-1, -7, -8, -9).
struct alignas(32) Rays {
    std::array<uint64_t, 4> up;
    std::array<uint64_t, 4> down;
};

// The ray from (col, row), excluded, stepping by (dc, dr) until the box ends.
constexpr uint64_t ray(int col, int row, int dc, int dr) {
    uint64_t r = 0;
    for (col += dc, row += dr; col >= 0 && col < 8 && row >= 0 && row < 8; col += dc, row += dr)
        r |= uint64_t{1} << (row * 8 + col);
    return r;
}

constexpr std::array<Rays, 64> make_rays() {
    std::array<Rays, 64> t{};
    for (int sq = 0; sq < 64; ++sq) {
        const int c = sq % 8, r = sq / 8;
        t[sq].up = {ray(c, r, 1, 0), ray(c, r, -1, 1), ray(c, r, 0, 1), ray(c, r, 1, 1)};
        t[sq].down = {ray(c, r, -1, 0), ray(c, r, 1, -1), ray(c, r, 0, -1), ray(c, r, -1, -1)};
    }
    return t;
}

// Immutable table of every square's rays (4 KiB).
inline constexpr std::array<Rays, 64> RayTable = make_rays();

constexpr std::array<uint8_t, 64> make_iota() {
    std::array<uint8_t, 64> t{};
    for (int i = 0; i < 64; ++i) t[i] = static_cast<uint8_t>(i);
    return t;
}

// The bytes 0..63: compressed by a move mask, the squares of those moves in order.
inline constexpr std::array<uint8_t, 64> Iota = make_iota();

// Plain C++ with no intrinsics: Kogge-Stone mobility with fixed edge masks, and flips found
// per ray as the nearest square that is not the opponent's (lowest or highest set bit).
struct Portable {
    template <int S>
    static uint64_t shifted(uint64_t b) {
        if constexpr (S > 0)
            return b << S;
        else
            return b >> -S;
    }

    // Squares just past each run of `pro` discs that starts next to an `own` disc, going S.
    template <int S>
    static uint64_t beyond(uint64_t own, uint64_t pro) {
        uint64_t gen = own | (pro & shifted<S>(own));
        pro &= shifted<S>(pro);
        gen |= pro & shifted<2 * S>(gen);
        pro &= shifted<2 * S>(pro);
        gen |= pro & shifted<4 * S>(gen);
        return shifted<S>(gen & ~own);
    }

    // Empty squares where a disc brackets at least one run of `opp` discs with `own`.
    static uint64_t moves(uint64_t own, uint64_t opp, uint64_t empty) {
        const uint64_t h = opp & NotEdgeColumns, v = opp & NotEdgeRows, d = opp & NotEdges;
        uint64_t m = beyond<1>(own, h) | beyond<-1>(own, h);
        m |= beyond<8>(own, v) | beyond<-8>(own, v);
        m |= beyond<7>(own, d) | beyond<-7>(own, d);
        m |= beyond<9>(own, d) | beyond<-9>(own, d);
        return m & empty;
    }

    // Discs that a disc placed on `sq` flips.
    static uint64_t flips(int sq, uint64_t own, uint64_t opp) {
        const Rays& rays = RayTable[sq];
        uint64_t f = 0;
        for (int d = 0; d < 4; ++d) {
            // Upwards the nearest non-opponent square is the lowest set bit; everything on
            // the ray below it flips when it is an own disc.
            const uint64_t up = rays.up[d] & ~opp;
            const uint64_t up_end = up & (0 - up) & own;
            f |= up_end ? (up_end - 1) & rays.up[d] : 0;
            // Downwards it is the highest set bit; the ray squares above it flip. When
            // there is no outflanking disc, 0 - 0 keeps nothing.
            const uint64_t down_end = std::bit_floor(rays.down[d] & ~opp) & own;
            f |= rays.down[d] & (0 - (down_end << 1));
        }
        return f;
    }

    // The sum, over each square of `moves`, of the replies to that move: the opponent's
    // move count in the resulting position, or 1 when it has none (a forced pass and the
    // end of the game are each one sequence). This is a perft leaf's parent's count.
    static uint64_t reply_total(uint64_t own, uint64_t opp, uint64_t moves, uint64_t empty) {
        uint64_t total = 0;
        while (moves) {
            const uint64_t bit = moves & (0 - moves);
            moves ^= bit;
            const uint64_t f = flips(std::countr_zero(bit), own, opp);
            const int replies =
                std::popcount(Portable::moves(opp & ~f, own | f | bit, empty ^ bit));
            total += replies ? replies : 1;
        }
        return total;
    }
};

#ifdef REVERSI_AVX512

// AVX-512: the eight directions live in the eight lanes of one vector. Shifts become
// rotations (one instruction for both signs); the edge masks keep every bit a rotation would
// carry round the word's ends out of the runs, so rotating equals shifting here.
struct Avx512 {
    // Lanes: +1, +7, +8, +9, -1, -7, -8, -9 as left rotations by S, 2S and 4S (mod 64).
    static __m512i rot1() { return _mm512_setr_epi64(1, 7, 8, 9, 63, 57, 56, 55); }
    static __m512i rot2() { return _mm512_setr_epi64(2, 14, 16, 18, 62, 50, 48, 46); }
    static __m512i rot4() { return _mm512_setr_epi64(4, 28, 32, 36, 60, 36, 32, 28); }
    static __m512i edge_masks() {
        constexpr auto h = static_cast<long long>(NotEdgeColumns);
        constexpr auto v = static_cast<long long>(NotEdgeRows);
        constexpr auto d = static_cast<long long>(NotEdges);
        return _mm512_setr_epi64(h, d, v, d, h, d, v, d);
    }

    // GCC 12's plain forms of these intrinsics warn (-Wuninitialized) from inside its own
    // headers; the zero-masked forms with a full mask compile to the same instructions.
    static __m512i rol(__m512i a, __m512i r) { return _mm512_maskz_rolv_epi64(0xFF, a, r); }
    static __m512i andnot(__m512i a, __m512i b) { return _mm512_maskz_andnot_epi64(0xFF, a, b); }
    static uint64_t or_lanes(__m512i v) {
        const __m256i h = _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xFF, v, 0),
                                          _mm512_maskz_extracti64x4_epi64(0xFF, v, 1));
        return or_lanes(h);
    }
    static uint64_t or_lanes(__m256i v) {
        __m128i r = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        r = _mm_or_si128(r, _mm_unpackhi_epi64(r, r));
        return static_cast<uint64_t>(_mm_cvtsi128_si64(r));
    }

    // Per lane, the squares just past runs of opponent discs next to an own disc; `o` and
    // `p` hold the own and opponent's discs in every lane.
    static __m512i beyond(__m512i o, __m512i p) {
        const __m512i r1 = rot1(), r2 = rot2(), r4 = rot4();
        __m512i pro = _mm512_and_si512(p, edge_masks());
        // 0xF8 is a | (b & c).
        __m512i gen = _mm512_ternarylogic_epi64(o, pro, rol(o, r1), 0xF8);
        pro = _mm512_and_si512(pro, rol(pro, r1));
        gen = _mm512_ternarylogic_epi64(gen, pro, rol(gen, r2), 0xF8);
        pro = _mm512_and_si512(pro, rol(pro, r2));
        gen = _mm512_ternarylogic_epi64(gen, pro, rol(gen, r4), 0xF8);
        return rol(andnot(o, gen), r1);
    }

    static __m512i splat(uint64_t b) { return _mm512_set1_epi64(static_cast<long long>(b)); }

    static uint64_t moves(uint64_t own, uint64_t opp, uint64_t empty) {
        return or_lanes(beyond(splat(own), splat(opp))) & empty;
    }

    // Upward lanes take the lowest non-opponent square of each ray, downward lanes the
    // highest (via lzcnt); a ray flips up to that square when it holds an own disc.
    static uint64_t flips(int sq, uint64_t own, uint64_t opp) {
        const Rays& rays = RayTable[sq];
        const __m256i o = _mm256_set1_epi64x(static_cast<long long>(own));
        const __m256i p = _mm256_set1_epi64x(static_cast<long long>(opp));
        const __m256i zero = _mm256_setzero_si256();
        const __m256i ru = _mm256_load_si256(reinterpret_cast<const __m256i*>(rays.up.data()));
        const __m256i rd = _mm256_load_si256(reinterpret_cast<const __m256i*>(rays.down.data()));

        const __m256i xu = _mm256_andnot_si256(p, ru);
        const __m256i end_u = _mm256_and_si256(_mm256_and_si256(xu, _mm256_sub_epi64(zero, xu)), o);
        const __mmask8 hit = _mm256_test_epi64_mask(end_u, end_u);
        const __m256i fu =
            _mm256_maskz_and_epi64(hit, _mm256_add_epi64(end_u, _mm256_set1_epi64x(-1)), ru);

        const __m256i xd = _mm256_andnot_si256(p, rd);
        const __m256i top = _mm256_srlv_epi64(
            _mm256_set1_epi64x(static_cast<long long>(1ULL << 63)), _mm256_lzcnt_epi64(xd));
        const __m256i end_d = _mm256_and_si256(top, o);
        const __m256i fd =
            _mm256_and_si256(rd, _mm256_sub_epi64(zero, _mm256_add_epi64(end_d, end_d)));

        return or_lanes(_mm256_or_si256(fu, fd));
    }

    // Lane-parallel helpers: eight children (or eight moves) in the lanes of one vector.
    // Plain shifts drop bits off the word's ends, so only the column masks are needed.
    static constexpr uint64_t mask_of(int s) { return s == 8 || s == -8 ? ~0ULL : NotEdgeColumns; }
    // Through GCC/Clang vector extensions: GCC 12 fails to compile some masked shift forms.
    using Lanes = uint64_t __attribute__((vector_size(64)));
    template <int S>
    static __m512i sh(__m512i x) {
        if constexpr (S > 0)
            return reinterpret_cast<__m512i>(reinterpret_cast<Lanes>(x) << S);
        else
            return reinterpret_cast<__m512i>(reinterpret_cast<Lanes>(x) >> -S);
    }

    // Adds to `acc` the discs each lane's move `m` flips going S; `pro` holds the
    // opponent's discs that a run may cross.
    template <int S>
    static __m512i flips_dir(__m512i acc, __m512i m, __m512i o, __m512i p) {
        const __m512i pro = _mm512_and_si512(p, splat(mask_of(S)));
        const __m512i pro2 = _mm512_and_si512(pro, sh<S>(pro));
        const __m512i pro4 = _mm512_and_si512(pro2, sh<2 * S>(pro2));
        __m512i g = _mm512_ternarylogic_epi64(m, pro, sh<S>(m), 0xF8);
        g = _mm512_ternarylogic_epi64(g, pro2, sh<2 * S>(g), 0xF8);
        g = _mm512_ternarylogic_epi64(g, pro4, sh<4 * S>(g), 0xF8);
        // A lane's run flips when the square past it holds an own disc; 0xF4 is a | (b & ~c).
        const __mmask8 closed = _mm512_test_epi64_mask(sh<S>(g), o);
        return _mm512_mask_ternarylogic_epi64(acc, closed, g, m, 0xF4);
    }

    // Adds to `acc` each lane's squares past runs of `opp` discs next to `own` ones, going S.
    template <int S>
    static __m512i moves_dir(__m512i acc, __m512i own, __m512i opp) {
        __m512i pro = _mm512_and_si512(opp, splat(mask_of(S)));
        const __m512i own_s = sh<S>(own);
        __m512i g = _mm512_ternarylogic_epi64(own, pro, own_s, 0xF8);
        pro = _mm512_and_si512(pro, sh<S>(pro));
        g = _mm512_ternarylogic_epi64(g, pro, sh<2 * S>(g), 0xF8);
        pro = _mm512_and_si512(pro, sh<2 * S>(pro));
        g = _mm512_ternarylogic_epi64(g, pro, sh<4 * S>(g), 0xF8);
        return _mm512_ternarylogic_epi64(acc, sh<S>(g), own_s, 0xF4);
    }

    // As Portable::reply_total, eight children at a time: the lanes hold the children, and
    // the eight directions are unrolled, so the work has no horizontal step until the end.
    static uint64_t reply_total(uint64_t own, uint64_t opp, uint64_t moves, uint64_t empty) {
        const __m512i o = splat(own), p = splat(opp), e = splat(empty);
        // The squares of the moves, in order, one per byte; batch b's eight go to the low
        // bytes of the eight lanes (byte 8k of the index picks square 8b + k).
        const __m512i squares = _mm512_maskz_compress_epi8(moves, _mm512_loadu_si512(Iota.data()));
        const __m512i pick = _mm512_maskz_cvtepu8_epi64(
            0xFF, _mm_loadl_epi64(reinterpret_cast<const __m128i*>(Iota.data())));
        const int n = std::popcount(moves);
        __m512i total = _mm512_setzero_si512();
        for (int i = 0; i < n; i += 8) {
            const __mmask8 live = n - i >= 8 ? 0xFF : static_cast<__mmask8>((1u << (n - i)) - 1);
            const __m512i sq = _mm512_maskz_permutexvar_epi8(
                0x0101010101010101ULL, _mm512_add_epi64(pick, splat(static_cast<uint64_t>(i))),
                squares);
            const __m512i m = _mm512_maskz_sllv_epi64(live, splat(1), sq);
            total = _mm512_mask_add_epi64(total, live, total, child_counts(o, p, e, m));
        }
        return sum_lanes(total);
    }

    // Per lane, the reply count of the child after move `m` of the position (o, p, e): the
    // opponent's moves there, or 1 when it has none (a pass or the end).
    static __m512i child_counts(__m512i o, __m512i p, __m512i e, __m512i m) {
        __m512i f = _mm512_setzero_si512();
        f = flips_dir<1>(f, m, o, p);
        f = flips_dir<-1>(f, m, o, p);
        f = flips_dir<8>(f, m, o, p);
        f = flips_dir<-8>(f, m, o, p);
        f = flips_dir<7>(f, m, o, p);
        f = flips_dir<-7>(f, m, o, p);
        f = flips_dir<9>(f, m, o, p);
        f = flips_dir<-9>(f, m, o, p);
        // The child: the opponent moves with its discs less the flipped ones, against ours
        // plus the flipped ones and the new disc (0xFE is a | b | c).
        const __m512i mover = andnot(f, p);
        const __m512i other = _mm512_ternarylogic_epi64(o, f, m, 0xFE);
        __m512i r = _mm512_setzero_si512();
        r = moves_dir<1>(r, mover, other);
        r = moves_dir<-1>(r, mover, other);
        r = moves_dir<8>(r, mover, other);
        r = moves_dir<-8>(r, mover, other);
        r = moves_dir<7>(r, mover, other);
        r = moves_dir<-7>(r, mover, other);
        r = moves_dir<9>(r, mover, other);
        r = moves_dir<-9>(r, mover, other);
        // Within the child's empty squares (0x20 is a & ~b & c with a = r, b = m, c = e).
        r = _mm512_ternarylogic_epi64(r, m, e, 0x20);
        const __m512i count = _mm512_popcnt_epi64(r);
        const __mmask8 none = _mm512_testn_epi64_mask(count, count);
        return _mm512_mask_mov_epi64(count, none, splat(1));
    }

    static uint64_t sum_lanes(__m512i total) {
        const __m256i h = _mm256_add_epi64(_mm512_maskz_extracti64x4_epi64(0xFF, total, 0),
                                           _mm512_maskz_extracti64x4_epi64(0xFF, total, 1));
        __m128i t = _mm_add_epi64(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        t = _mm_add_epi64(t, _mm_unpackhi_epi64(t, t));
        return static_cast<uint64_t>(_mm_cvtsi128_si64(t));
    }

    // Collects children (a position and its legal moves) from many parents and counts their
    // replies eight at a time, so the lanes stay full whatever each parent's move count.
    class ReplyBatch {
      public:
        // Adds the replies to each of `moves` in (own, opp); `inner` is implied.
        void add(uint64_t own, uint64_t opp, uint64_t moves, uint64_t empty, uint64_t /*inner*/) {
            while (moves) {
                const uint64_t bit = moves & (0 - moves);
                moves ^= bit;
                // Merge-masked broadcasts fill lane n_ without a trip through memory.
                const auto lane = static_cast<__mmask8>(1u << n_);
                own_ = _mm512_mask_set1_epi64(own_, lane, static_cast<long long>(own));
                opp_ = _mm512_mask_set1_epi64(opp_, lane, static_cast<long long>(opp));
                empty_ = _mm512_mask_set1_epi64(empty_, lane, static_cast<long long>(empty));
                move_ = _mm512_mask_set1_epi64(move_, lane, static_cast<long long>(bit));
                if (++n_ == 8) flush();
            }
        }
        // The sum of every reply count added so far.
        uint64_t total() {
            if (n_) flush();
            return sum_lanes(total_);
        }

      private:
        void flush() {
            const auto live = static_cast<__mmask8>((1u << n_) - 1);
            total_ = _mm512_mask_add_epi64(total_, live, total_,
                                           child_counts(own_, opp_, empty_, move_));
            n_ = 0;
        }

        __m512i own_ = _mm512_setzero_si512();
        __m512i opp_ = _mm512_setzero_si512();
        __m512i empty_ = _mm512_setzero_si512();
        __m512i move_ = _mm512_setzero_si512();
        int n_ = 0;
        __m512i total_ = _mm512_setzero_si512();
    };
};

using Best = Avx512;
#else
using Best = Portable;
#endif

}  // namespace reversi::core::board64
