// SPDX-License-Identifier: MIT
// The fast 64-bit kernels (portable and, when compiled, AVX-512) must agree with the generic
// Kogge-Stone kernel on every square of many random boards and positions from random games,
// and the specialised two-player perft must agree with a plain walk over Position.
#include "core/movegen.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/bitboard.h"
#include "core/perft.h"
#include "core/position.h"

namespace reversi::core {
namespace {

using Generic64 = GenericKernel<uint64_t, 8>;

// One side to move on a 64-bit board, as the kernels see it.
struct Board {
    uint64_t own = 0;
    uint64_t opp = 0;
    uint64_t empty = 0;
    uint64_t inner = 0;
};

Board board_of(const Position& pos) {
    const u128 own = pos.discs(pos.side());
    return {low64(own), low64(pos.occupied() & ~own), low64(pos.empty()),
            low64(pos.geometry().inner())};
}

// Positions met in random games (passes included) of `setup`, `games` games long.
std::vector<Position> random_game_positions(const Variant& v, int games, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    for (int g = 0; g < games; ++g) {
        Position pos = Position::start(v);
        while (!pos.is_over()) {
            out.push_back(pos);
            u128 moves = pos.legal_moves();
            if (!moves) {
                pos.play(PassMove);
                continue;
            }
            int pick = static_cast<int>(rng() % popcount(moves));
            while (pick-- > 0) moves &= moves - 1;
            pos.play(lsb(moves));
        }
        out.push_back(pos);
    }
    return out;
}

// Boards with no game behind them: each playable square is own, opponent's or empty at
// random, with densities from sparse to nearly full.
std::vector<Board> random_boards(uint64_t playable, uint64_t inner, int count, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Board> out;
    for (int i = 0; i < count; ++i) {
        const unsigned fill = 1 + static_cast<unsigned>(rng() % 15);  // out of 16
        Board b;
        b.inner = inner;
        for (int sq = 0; sq < 64; ++sq) {
            if (!(playable >> sq & 1)) continue;
            const uint64_t bit = uint64_t{1} << sq;
            if (rng() % 16 < fill) {
                if (rng() & 1)
                    b.own |= bit;
                else
                    b.opp |= bit;
            }
        }
        b.empty = playable & ~(b.own | b.opp);
        out.push_back(b);
    }
    return out;
}

// Compares kernel K with the generic one on moves and on the flips of every empty square.
template <class K>
int expect_same_as_generic(const Board& b) {
    const uint64_t want = Generic64::moves(b.own, b.opp, b.empty, b.inner);
    EXPECT_EQ(K::moves(b.own, b.opp, b.empty), want)
        << std::hex << "own " << b.own << " opp " << b.opp;
    int mismatches = K::moves(b.own, b.opp, b.empty) != want;
    // Reply totals over the legal moves, and over all empty squares (more than one batch).
    for (const uint64_t set : {want, b.empty}) {
        const uint64_t total = Generic64::reply_total(b.own, b.opp, set, b.empty, b.inner);
        EXPECT_EQ(K::reply_total(b.own, b.opp, set, b.empty), total)
            << std::hex << "own " << b.own << " opp " << b.opp << " moves " << set;
        mismatches += K::reply_total(b.own, b.opp, set, b.empty) != total;
    }
    for (uint64_t e = b.empty; e;) {
        const int sq = pop_lsb(e);
        const uint64_t f = Generic64::flips(sq, b.own, b.opp, b.inner);
        EXPECT_EQ(K::flips(sq, b.own, b.opp), f)
            << std::hex << "own " << b.own << " opp " << b.opp << std::dec << " sq " << sq;
        mismatches += K::flips(sq, b.own, b.opp) != f;
        if (mismatches > 5) return mismatches;  // one board's worth of failures is enough
    }
    return mismatches;
}

template <class K>
void check_kernel() {
    const uint64_t full = ~uint64_t{0};
    for (const Board& b : random_boards(full, board64::NotEdgeColumns, 20000, 7))
        if (expect_same_as_generic<K>(b)) return;
    core::Setup six;
    six.shape = Shape::Six;
    const Variant six_v{six};
    const Geometry& g6 = six_v.geometry();
    for (const Board& b : random_boards(low64(g6.playable()), low64(g6.inner()), 5000, 8))
        if (expect_same_as_generic<K>(b)) return;

    std::vector<core::Setup> setups(4);
    setups[1].shape = Shape::Six;
    setups[2].blocked = {{2, 2}, {5, 0}, {0, 6}, {7, 7}, {4, 1}};
    setups[3].players = 4;
    uint64_t seed = 100;
    for (const core::Setup& s : setups) {
        const Variant v{s};
        for (const Position& pos : random_game_positions(v, 60, seed++))
            if (expect_same_as_generic<K>(board_of(pos))) return;
    }
}

TEST(Movegen64, PortableKernelMatchesGeneric) {
    check_kernel<board64::Portable>();
}

TEST(Movegen64, SimdKernelMatchesGeneric) {
#ifdef REVERSI_AVX512
    check_kernel<board64::Avx512>();
#else
    GTEST_SKIP() << "this build has no AVX-512 path";
#endif
}

TEST(Movegen64, Kernel64ForwardsTheBestKernel) {
    for (const Board& b : random_boards(~uint64_t{0}, board64::NotEdgeColumns, 500, 9)) {
        EXPECT_EQ(Kernel64::moves(b.own, b.opp, b.empty, b.inner),
                  Generic64::moves(b.own, b.opp, b.empty, b.inner));
        for (uint64_t e = b.empty; e;) {
            const int sq = pop_lsb(e);
            EXPECT_EQ(Kernel64::flips(sq, b.own, b.opp, b.inner),
                      Generic64::flips(sq, b.own, b.opp, b.inner));
        }
    }
}

TEST(Movegen64, GenericReplyTotalCountsEachChild) {
    // The generic reply total against its definition, written out with Position.
    const Variant v{core::Setup{}};
    for (const Position& pos : random_game_positions(v, 20, 400)) {
        u128 moves = pos.legal_moves();
        uint64_t want = 0;
        for (u128 rest = moves; rest;) {
            const Position child = pos.after(pop_lsb(rest));
            want += child.legal_moves() ? popcount(child.legal_moves()) : 1;
        }
        const Board b = board_of(pos);
        EXPECT_EQ(Generic64::reply_total(b.own, b.opp, low64(moves), b.empty, b.inner), want);
    }
}

TEST(Movegen64, ReplyBatchMatchesGenericAcrossParents) {
    // Children of many parents share batches; totals read midway must stay right.
    Kernel64::ReplyBatch batch;
    uint64_t want = 0;
    int parents = 0;
    for (const Board& b : random_boards(~uint64_t{0}, board64::NotEdgeColumns, 3000, 12)) {
        const uint64_t moves = Generic64::moves(b.own, b.opp, b.empty, b.inner);
        batch.add(b.own, b.opp, moves, b.empty, b.inner);
        want += Generic64::reply_total(b.own, b.opp, moves, b.empty, b.inner);
        if (++parents % 7 == 0) {
            ASSERT_EQ(batch.total(), want) << "after " << parents;
        }
    }
    EXPECT_EQ(batch.total(), want);
    EXPECT_GT(want, 3000u);
}

// A plain perft over Position (legal_moves / after / is_over), the rules' own definition.
uint64_t reference_perft(const Position& pos, int depth) {
    if (depth == 0 || pos.is_over()) return 1;
    u128 moves = pos.legal_moves();
    if (!moves) return reference_perft(pos.after(PassMove), depth - 1);
    uint64_t total = 0;
    while (moves) total += reference_perft(pos.after(pop_lsb(moves)), depth - 1);
    return total;
}

TEST(Movegen64, FastPerftMatchesPlainWalkNearTheEnd) {
    // Late positions of random games, where passes and finished games are common.
    std::vector<core::Setup> setups(3);
    setups[1].shape = Shape::Six;
    setups[2].blocked = {{1, 1}, {6, 6}, {3, 0}};
    uint64_t seed = 200;
    int checked = 0;
    for (const core::Setup& s : setups) {
        const Variant v{s};
        const std::vector<Position> positions = random_game_positions(v, 30, seed++);
        for (size_t i = 0; i < positions.size(); i += 3) {
            const Position& pos = positions[i];
            const int empties = popcount(pos.empty());
            if (empties > 12) continue;
            for (int depth = 1; depth <= 4; ++depth)
                ASSERT_EQ(perft(pos, depth), reference_perft(pos, depth))
                    << "depth " << depth << " empties " << empties;
            ++checked;
        }
    }
    EXPECT_GT(checked, 100);
}

TEST(Movegen64, FastPerftMatchesPlainWalkInTheMiddle) {
    const Variant v{core::Setup{}};
    const std::vector<Position> positions = random_game_positions(v, 4, 300);
    for (size_t i = 0; i < positions.size(); i += 7)
        ASSERT_EQ(perft(positions[i], 3), reference_perft(positions[i], 3)) << "ply " << i;
}

}  // namespace
}  // namespace reversi::core

namespace reversi::core {
namespace {

using Generic128 = GenericKernel<u128, 11>;

// Compares the 128-bit kernel with the generic one on a board of `g`: moves, reply totals
// and the flips of every empty square. Returns the number of mismatches.
int expect_128_same_as_generic(const Geometry& g, u128 own, u128 opp) {
    using K = Kernel<u128, 11>;
    const u128 empty = g.playable() & ~(own | opp);
    const u128 want = Generic128::moves(own, opp, empty, g.inner());
    int mismatches = K::moves(own, opp, empty, g.inner()) != want;
    EXPECT_EQ(K::reply_total(own, opp, want, empty, g.inner()),
              Generic128::reply_total(own, opp, want, empty, g.inner()));
    for (u128 e = empty; e;) {
        const int sq = pop_lsb(e);
        const u128 f = Generic128::flips(sq, own, opp, g.inner());
        const bool same = K::flips(sq, own, opp, g.inner()) == f;
        EXPECT_TRUE(same) << "square " << sq;
        mismatches += !same;
        if (mismatches > 5) break;
    }
    return mismatches;
}

TEST(Movegen128, KernelMatchesGenericOnRandomBoards) {
    std::mt19937_64 rng(11);
    for (const Shape shape : {Shape::Ten, Shape::Octagon}) {
        core::Setup s;
        s.shape = shape;
        s.blocked =
            shape == Shape::Ten ? std::vector<Coord>{{3, 3}, {9, 0}, {0, 5}} : std::vector<Coord>{};
        const Variant v{s};
        const Geometry& g = v.geometry();
        for (int i = 0; i < 3000; ++i) {
            const unsigned fill = 1 + static_cast<unsigned>(rng() % 15);
            u128 own = 0, opp = 0;
            for (u128 rest = g.playable(); rest;) {
                const int sq = pop_lsb(rest);
                if (rng() % 16 >= fill) continue;
                (rng() & 1 ? own : opp) |= square_bit<u128>(sq);
            }
            if (expect_128_same_as_generic(g, own, opp)) return;
        }
    }
}

TEST(Movegen128, KernelMatchesGenericInRandomGames) {
    std::vector<core::Setup> setups(3);
    setups[0].shape = Shape::Ten;
    setups[1].shape = Shape::Octagon;
    setups[1].players = 4;
    setups[2].shape = Shape::Ten;
    setups[2].players = 3;
    uint64_t seed = 500;
    for (const core::Setup& s : setups) {
        const Variant v{s};
        for (const Position& pos : random_game_positions(v, 10, seed++)) {
            const u128 own = pos.discs(pos.side());
            if (expect_128_same_as_generic(v.geometry(), own, pos.occupied() & ~own)) return;
        }
    }
}

}  // namespace
}  // namespace reversi::core
