// SPDX-License-Identifier: MIT
// Per-call cost of mobility and flipping for each 8x8 kernel (generic, portable, AVX-512
// when compiled) and of perft from the start, on positions of fixed-seed random games.
// Run build/bench/movegen_bench; compare kernels on the same machine, never across runs.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"

namespace reversi::core {
namespace {

// One side to move with one of its legal moves.
struct Sample {
    uint64_t own;
    uint64_t opp;
    uint64_t empty;
    int move;
};

// Positions of random 8x8 games, each with a random legal move; 4096 of them, so the
// working set stays in L1/L2 like a search's.
const std::vector<Sample>& samples() {
    static const std::vector<Sample> all = [] {
        const Variant v{core::Setup{}};
        std::mt19937_64 rng(42);
        std::vector<Sample> out;
        while (out.size() < 4096) {
            Position pos = Position::start(v);
            while (!pos.is_over()) {
                u128 moves = pos.legal_moves();
                if (!moves) {
                    pos.play(PassMove);
                    continue;
                }
                int pick = static_cast<int>(rng() % popcount(moves));
                while (pick-- > 0) moves &= moves - 1;
                const u128 own = pos.discs(pos.side());
                out.push_back(
                    {low64(own), low64(pos.occupied() & ~own), low64(pos.empty()), lsb(moves)});
                pos.play(lsb(moves));
            }
        }
        out.resize(4096);
        return out;
    }();
    return all;
}

struct GenericAdapter {
    static uint64_t moves(uint64_t own, uint64_t opp, uint64_t empty) {
        return GenericKernel<uint64_t, 8>::moves(own, opp, empty, board64::NotEdgeColumns);
    }
    static uint64_t flips(int sq, uint64_t own, uint64_t opp) {
        return GenericKernel<uint64_t, 8>::flips(sq, own, opp, board64::NotEdgeColumns);
    }
};

template <class K>
void mobility(benchmark::State& state) {
    const std::vector<Sample>& s = samples();
    size_t i = 0;
    for (auto _ : state) {
        const Sample& x = s[i++ & 4095];
        benchmark::DoNotOptimize(K::moves(x.own, x.opp, x.empty));
    }
    state.SetItemsProcessed(state.iterations());
}

template <class K>
void flip(benchmark::State& state) {
    const std::vector<Sample>& s = samples();
    size_t i = 0;
    for (auto _ : state) {
        const Sample& x = s[i++ & 4095];
        benchmark::DoNotOptimize(K::flips(x.move, x.own, x.opp));
    }
    state.SetItemsProcessed(state.iterations());
}

// A move played and the reply count: the work of one perft leaf's parent.
template <class K>
void flip_then_mobility(benchmark::State& state) {
    const std::vector<Sample>& s = samples();
    size_t i = 0;
    for (auto _ : state) {
        const Sample& x = s[i++ & 4095];
        const uint64_t bit = uint64_t{1} << x.move;
        const uint64_t f = K::flips(x.move, x.own, x.opp);
        benchmark::DoNotOptimize(popcount(K::moves(x.opp & ~f, x.own | f | bit, x.empty & ~bit)));
    }
    state.SetItemsProcessed(state.iterations());
}

// Reply counting at a perft leaf's parent: a child-by-child loop over the single-move
// functions of K, as the kernels had before reply_total.
template <class K>
struct ChildByChild {
    static uint64_t reply_total(uint64_t own, uint64_t opp, uint64_t moves, uint64_t empty) {
        uint64_t total = 0;
        while (moves) {
            const int sq = pop_lsb(moves);
            const uint64_t bit = uint64_t{1} << sq;
            const uint64_t f = K::flips(sq, own, opp);
            const int n = popcount(K::moves(opp & ~f, own | f | bit, empty & ~bit));
            total += n ? n : 1;
        }
        return total;
    }
};

// Per node: the sum of the reply counts of all its children.
template <class K>
void reply_total(benchmark::State& state) {
    const std::vector<Sample>& s = samples();
    std::vector<uint64_t> moves(s.size());
    for (size_t j = 0; j < s.size(); ++j)
        moves[j] = GenericAdapter::moves(s[j].own, s[j].opp, s[j].empty);
    size_t i = 0;
    for (auto _ : state) {
        const size_t j = i++ & 4095;
        const Sample& x = s[j];
        benchmark::DoNotOptimize(K::reply_total(x.own, x.opp, moves[j], x.empty));
    }
    state.SetItemsProcessed(state.iterations());
}

void perft_start(benchmark::State& state) {
    const Variant v{core::Setup{}};
    const Position start = Position::start(v);
    uint64_t nodes = 0;
    for (auto _ : state) {
        const uint64_t n = perft(start, static_cast<int>(state.range(0)));
        benchmark::DoNotOptimize(n);
        nodes += n;
    }
    state.counters["nodes/s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK(mobility<GenericAdapter>);
BENCHMARK(mobility<board64::Portable>);
BENCHMARK(flip<GenericAdapter>);
BENCHMARK(flip<board64::Portable>);
BENCHMARK(flip_then_mobility<GenericAdapter>);
BENCHMARK(flip_then_mobility<board64::Portable>);
BENCHMARK(reply_total<board64::Portable>);
#ifdef REVERSI_AVX512
BENCHMARK(mobility<board64::Avx512>);
BENCHMARK(flip<board64::Avx512>);
BENCHMARK(flip_then_mobility<board64::Avx512>);
BENCHMARK(reply_total<ChildByChild<board64::Avx512>>);
BENCHMARK(reply_total<board64::Avx512>);
#endif
BENCHMARK(perft_start)->Arg(9)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace reversi::core

BENCHMARK_MAIN();
