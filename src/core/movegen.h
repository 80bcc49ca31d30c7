// SPDX-License-Identifier: MIT
// Whole-board move generation and flipping (Kogge-Stone fills), for any layout.
// A layout is a board word B and a row stride: 8 for boards up to 8 columns, 11 for 10x10
// and the octagon (the eleventh column is a gap that stops horizontal wrap-around). Squares
// outside the board or blocked never hold a disc and are never empty, which is all it takes
// for lines to break there. `inner` masks out the first and last board columns: a run of
// discs in a horizontal or diagonal direction can never be bracketed across them.
#pragma once

#include "core/bitboard.h"
#include "core/movegen128.h"
#include "core/movegen64.h"

namespace reversi::core {

// A reply batch that counts at once: for kernels with no lane-parallel reply counting.
template <class K, class B>
class ImmediateReplies {
  public:
    // Adds the replies to each of `moves` in (own, opp) to the total.
    void add(B own, B opp, B moves, B empty, B inner) {
        total_ += K::reply_total(own, opp, moves, empty, inner);
    }
    // The sum of every reply count added so far.
    uint64_t total() const { return total_; }

  private:
    uint64_t total_ = 0;
};

// The reference algorithm for every layout; fast paths are tested against it.
template <class B, int Stride>
struct GenericKernel {
    static constexpr int Columns = Stride == 8 ? 8 : 10;

    // Longest run of opponent discs a move can bracket is Columns - 2; the fill below covers
    // runs of up to 7 with three doubling steps, and 15 with four.
    template <int S>
    static B fill(B gen, B pro) {
        gen |= pro & shift<S>(gen);
        pro &= shift<S>(pro);
        gen |= pro & shift<2 * S>(gen);
        pro &= shift<2 * S>(pro);
        gen |= pro & shift<4 * S>(gen);
        if constexpr (Columns > 9) {
            pro &= shift<4 * S>(pro);
            gen |= pro & shift<8 * S>(gen);
        }
        return gen;
    }

    template <int S>
    static B moves_dir(B own, B pro) {
        return shift<S>(fill<S>(own, pro) & ~own);
    }

    // Empty squares where a disc brackets at least one run of `opp` discs with an `own` disc.
    static B moves(B own, B opp, B empty, B inner) {
        const B opp_inner = opp & inner;
        B m = moves_dir<Stride>(own, opp) | moves_dir<-Stride>(own, opp);
        m |= moves_dir<1>(own, opp_inner) | moves_dir<-1>(own, opp_inner);
        m |= moves_dir<Stride + 1>(own, opp_inner) | moves_dir<-(Stride + 1)>(own, opp_inner);
        m |= moves_dir<Stride - 1>(own, opp_inner) | moves_dir<-(Stride - 1)>(own, opp_inner);
        return m & empty;
    }

    template <int S>
    static B flips_dir(B move, B own, B pro) {
        const B run = fill<S>(move, pro) ^ move;
        const B closed = shift<S>(run | move) & own;
        return closed ? run : B(0);
    }

    // Discs that a disc placed on `sq` flips (empty if the placement brackets nothing).
    static B flips(int sq, B own, B opp, B inner) {
        const B move = square_bit<B>(sq);
        const B opp_inner = opp & inner;
        B f = flips_dir<Stride>(move, own, opp) | flips_dir<-Stride>(move, own, opp);
        f |= flips_dir<1>(move, own, opp_inner) | flips_dir<-1>(move, own, opp_inner);
        f |= flips_dir<Stride + 1>(move, own, opp_inner);
        f |= flips_dir<-(Stride + 1)>(move, own, opp_inner);
        f |= flips_dir<Stride - 1>(move, own, opp_inner);
        f |= flips_dir<-(Stride - 1)>(move, own, opp_inner);
        return f;
    }

    // The sum, over each square of `moves` (legal moves of `own`), of the opponent's move
    // count after that move, or 1 when it has none: a perft leaf's parent's count.
    static uint64_t reply_total(B own, B opp, B moves, B empty, B inner) {
        uint64_t total = 0;
        while (moves) {
            const int sq = pop_lsb(moves);
            const B bit = square_bit<B>(sq);
            const B f = flips(sq, own, opp, inner);
            const int replies =
                popcount(GenericKernel::moves(opp & ~f, own | f | bit, empty & ~bit, inner));
            total += replies ? replies : 1;
        }
        return total;
    }

    // Collects children and sums their reply counts (see reply_total).
    using ReplyBatch = ImmediateReplies<GenericKernel, B>;

    // Every square that touches a square of `discs` by an edge or a corner. `not_first` and
    // `not_last` mask out the first and last board columns, so nothing wraps round a row.
    static B neighbours(B discs, B not_first, B not_last) {
        const B left = discs & not_first;
        const B right = discs & not_last;
        B n = shift<Stride>(discs) | shift<-Stride>(discs);
        n |= shift<-1>(left) | shift<Stride - 1>(left) | shift<-(Stride + 1)>(left);
        n |= shift<1>(right) | shift<Stride + 1>(right) | shift<-(Stride - 1)>(right);
        return n;
    }
};

// The kernel of a layout: the generic one unless a faster one is specialised below.
template <class B, int Stride>
struct Kernel : GenericKernel<B, Stride> {};

// 6x6 and 8x8: the fastest implementation the target allows (see movegen64.h). `inner` is
// accepted for the common interface; the layout implies it.
template <>
struct Kernel<uint64_t, 8> {
    // Empty squares where a disc brackets at least one run of `opp` discs with `own`.
    static uint64_t moves(uint64_t own, uint64_t opp, uint64_t empty, uint64_t /*inner*/) {
        return board64::Best::moves(own, opp, empty);
    }
    // Discs that a disc placed on `sq` flips (empty if the placement brackets nothing).
    static uint64_t flips(int sq, uint64_t own, uint64_t opp, uint64_t /*inner*/) {
        return board64::Best::flips(sq, own, opp);
    }
    // The sum, over each square of `moves`, of the opponent's move count after it (or 1).
    static uint64_t reply_total(uint64_t own, uint64_t opp, uint64_t moves, uint64_t empty,
                                uint64_t /*inner*/) {
        return board64::Best::reply_total(own, opp, moves, empty);
    }
    // Collects children from many parents and sums their reply counts.
#ifdef REVERSI_AVX512
    using ReplyBatch = board64::Avx512::ReplyBatch;
#else
    using ReplyBatch = ImmediateReplies<Kernel, uint64_t>;
#endif
    // Every square touching a square of `discs`; not in any hot path, so the generic one.
    static uint64_t neighbours(uint64_t discs, uint64_t not_first, uint64_t not_last) {
        return GenericKernel<uint64_t, 8>::neighbours(discs, not_first, not_last);
    }
};

// 10x10 and the octagon: AVX-512 mobility when compiled, else the generic one, and
// ray-table flips (see movegen128.h).
template <>
struct Kernel<u128, 11> {
    using Generic = GenericKernel<u128, 11>;
    // Empty squares where a disc brackets at least one run of `opp` discs with `own`.
    static u128 moves(u128 own, u128 opp, u128 empty, u128 inner) {
#ifdef REVERSI_AVX512
        return board128::Avx512::moves(own, opp, empty, inner);
#else
        return Generic::moves(own, opp, empty, inner);
#endif
    }
    // Discs that a disc placed on `sq` flips (empty if the placement brackets nothing).
    static u128 flips(int sq, u128 own, u128 opp, u128 /*inner*/) {
        return board128::flips(sq, own, opp);
    }
    // The sum, over each square of `moves`, of the opponent's move count after it (or 1).
    static uint64_t reply_total(u128 own, u128 opp, u128 moves, u128 empty, u128 inner) {
        uint64_t total = 0;
        while (moves) {
            const int sq = pop_lsb(moves);
            const u128 bit = square_bit<u128>(sq);
            const u128 f = board128::flips(sq, own, opp);
            const int replies =
                popcount(Kernel::moves(opp & ~f, own | f | bit, empty & ~bit, inner));
            total += replies ? replies : 1;
        }
        return total;
    }
    // Collects children and sums their reply counts (see reply_total).
    using ReplyBatch = ImmediateReplies<Kernel, u128>;
    // Every square touching a square of `discs`.
    static u128 neighbours(u128 discs, u128 not_first, u128 not_last) {
        return Generic::neighbours(discs, not_first, not_last);
    }
};

using Kernel64 = Kernel<uint64_t, 8>;
using Kernel128 = Kernel<u128, 11>;

}  // namespace reversi::core
