// SPDX-License-Identifier: MIT
// The bench list and runner. Positions are reached by a linear congruential generator that
// picks the k-th legal move (by bit index), so the list is the same on every platform.
#include "engine/bench.h"

#include <algorithm>

#include "core/bitboard.h"

namespace reversi::engine {

namespace {

core::Setup make_setup(core::Shape shape, int players, bool anti) {
    core::Setup s;
    s.shape = shape;
    s.players = players;
    s.anti = anti;
    return s;
}

}  // namespace

std::vector<BenchPosition> bench_positions() {
    using core::Shape;
    std::vector<BenchPosition> list;
    auto add = [&](std::string name, core::Setup setup, int plies, uint64_t seed, int depth,
                   bool exact = false) {
        list.push_back({std::move(name), std::move(setup), plies, seed, depth, exact});
    };
    const core::Setup eight = make_setup(Shape::Eight, 2, false);
    for (int plies : {0, 8, 16, 24, 32, 40}) add("8x8", eight, plies, 1, 8);
    for (int plies : {12, 28, 36}) add("8x8", eight, plies, 2, 8);
    add("8x8 exact", eight, 46, 3, 0, true);
    add("8x8 exact", eight, 48, 4, 0, true);
    const core::Setup six = make_setup(Shape::Six, 2, false);
    for (int plies : {0, 8, 16}) add("6x6", six, plies, 5, 9);
    add("6x6 exact", six, 14, 6, 0, true);
    const core::Setup ten = make_setup(Shape::Ten, 2, false);
    for (int plies : {0, 20, 50, 80}) add("10x10", ten, plies, 7, 6);
    add("10x10 exact", ten, 82, 8, 0, true);
    const core::Setup octagon = make_setup(Shape::Octagon, 2, false);
    for (int plies : {0, 24, 60}) add("octagon", octagon, plies, 9, 6);
    core::Setup blocked = eight;
    blocked.blocked = {{2, 2}, {5, 5}, {0, 4}, {7, 3}};
    for (int plies : {6, 26}) add("8x8 blocked", blocked, plies, 10, 7);
    add("8x8 blocked exact", blocked, 42, 11, 0, true);
    core::Setup ten_blocked = ten;
    ten_blocked.blocked = {{1, 1}, {8, 8}, {4, 0}, {5, 9}, {0, 5}, {9, 4}};
    add("10x10 blocked", ten_blocked, 30, 12, 6);
    const core::Setup anti = make_setup(Shape::Eight, 2, true);
    for (int plies : {4, 20, 36}) add("8x8 anti", anti, plies, 13, 7);
    add("8x8 anti exact", anti, 46, 14, 0, true);
    add("6x6 anti", make_setup(Shape::Six, 2, true), 10, 15, 8);
    add("octagon anti", make_setup(Shape::Octagon, 2, true), 30, 16, 5);
    core::Setup free = eight;
    free.free_opening = true;
    add("8x8 free opening", free, 1, 17, 4);
    add("8x8 free opening", free, 12, 18, 7);
    core::Setup handicap = eight;
    handicap.handicap = 2;
    handicap.handicap_to = core::Color::White;
    add("8x8 handicap", handicap, 10, 19, 7);
    add("8x8 3 players", make_setup(Shape::Eight, 3, false), 12, 20, 4);
    add("10x10 3 players", make_setup(Shape::Ten, 3, false), 20, 21, 3);
    add("8x8 4 players", make_setup(Shape::Eight, 4, false), 16, 22, 4);
    add("octagon 4 players anti", make_setup(Shape::Octagon, 4, true), 24, 23, 3);
    return list;
}

core::Game bench_game(const BenchPosition& p) {
    core::Game game(p.setup);
    uint64_t state = p.seed * 0x9e3779b97f4a7c15ULL + 12345;
    for (int ply = 0; ply < p.plies && !game.is_over(); ++ply) {
        if (game.must_pass()) {
            game.play(core::PassMove);
            continue;
        }
        core::u128 moves = game.legal_moves();
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        int pick = static_cast<int>((state >> 33) % static_cast<uint64_t>(core::popcount(moves)));
        while (pick--) moves &= moves - 1;
        game.play(core::lsb(moves));
    }
    return game;
}

uint64_t run_bench(int depth_offset, int threads,
                   const std::function<void(const BenchLine&)>& on_line, bool handmade) {
    Engine engine(EngineOptions{16});
    uint64_t total = 0;
    for (const BenchPosition& p : bench_positions()) {
        const core::Game game = bench_game(p);
        SearchLimits limits;
        limits.exact = p.exact;
        limits.depth = p.exact ? 0 : std::max(1, p.depth + depth_offset);
        limits.threads = threads;
        limits.handmade_eval = handmade;
        engine.clear();
        const SearchResult r = engine.search(game.position(), limits);
        total += r.nodes;
        if (on_line) on_line({p.name, r.best, r.score, r.nodes, r.seconds});
    }
    return total;
}

}  // namespace reversi::engine
