// SPDX-License-Identifier: MIT
// Tests of the 3-4 player searches: legal answers in every case of RULES.md 4, alpha-beta
// equal to plain minimax written here, cancellation and time limits, and strength against
// the one-ply greedy player.
#include "engine/multiplayer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <iostream>
#include <random>
#include <set>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "engine/greedy.h"
#include "engine/multiplayer_eval.h"

namespace reversi::engine {
namespace {

using core::Position;
using core::u128;

core::Setup setup_of(core::Shape shape, int players, bool anti = false) {
    core::Setup s;
    s.shape = shape;
    s.players = players;
    s.anti = anti;
    return s;
}

// Plays `plies` random legal moves (seeded) from the start.
Position random_position(const core::Variant& v, int plies, uint64_t seed) {
    std::mt19937_64 rng(seed);
    Position p = Position::start(v);
    for (int i = 0; i < plies && !p.is_over(); ++i) {
        u128 moves = p.legal_moves();
        std::vector<int> list;
        while (moves) list.push_back(core::pop_lsb(moves));
        p.play(list[rng() % list.size()]);
    }
    return p;
}

SearchLimits depth_limits(int depth) {
    SearchLimits l;
    l.depth = depth;
    return l;
}

const MultiAlgorithm Both[] = {MultiAlgorithm::Paranoid, MultiAlgorithm::BestReply};

TEST(Multiplayer, LegalMovesOnEveryBoard) {
    std::vector<core::Setup> setups = {
        setup_of(core::Shape::Eight, 3), setup_of(core::Shape::Eight, 4),
        setup_of(core::Shape::Ten, 3), setup_of(core::Shape::Octagon, 4),
        setup_of(core::Shape::Eight, 4, true)};
    core::Setup blocked = setup_of(core::Shape::Eight, 3);
    blocked.blocked = {{2, 2}, {5, 5}};
    setups.push_back(blocked);
    for (const auto& s : setups) {
        const core::Variant v(s);
        for (int plies : {0, 7, 25, 45}) {
            const Position p = random_position(v, plies, 1000 + plies);
            if (p.is_over()) continue;
            for (const auto algorithm : Both) {
                const SearchResult r =
                    multiplayer_search(p, depth_limits(3), {algorithm, 0}, {}, {});
                EXPECT_TRUE(p.is_legal(r.best)) << "plies " << plies;
                EXPECT_EQ(r.depth, 3);
                EXPECT_GT(r.nodes, 0u);
            }
        }
    }
}

TEST(Multiplayer, NoFlippingMovePlacesATouchingDisc) {
    // No line from Black's only disc (a1) can bracket White (d5) or Red (h8): Black must place
    // a disc touching some disc, flipping nothing.
    const core::Variant v(setup_of(core::Shape::Eight, 3));
    const auto& g = v.geometry();
    std::array<u128, core::MaxPlayers> discs{};
    discs[0] = core::square_bit<u128>(g.square({0, 0}));
    discs[1] = core::square_bit<u128>(g.square({3, 4}));
    discs[2] = core::square_bit<u128>(g.square({7, 7}));
    const Position p = Position::from_discs(v, discs, 0, 0);
    ASSERT_EQ(p.legal_moves() & p.flips(g.square({2, 2})), 0u);
    for (const auto algorithm : Both) {
        const SearchResult r = multiplayer_search(p, depth_limits(4), {algorithm, 0}, {}, {});
        ASSERT_TRUE(p.is_legal(r.best));
        EXPECT_EQ(p.flips(r.best), 0u);
    }
}

TEST(Multiplayer, SeatWithoutDiscsStillMoves) {
    const core::Variant v(setup_of(core::Shape::Eight, 4));
    const Position start = Position::start(v);
    std::array<u128, core::MaxPlayers> discs{};
    for (int s = 0; s < 4; ++s) discs[s] = start.discs(s);
    discs[1] |= discs[0];
    discs[0] = 0;  // Black has lost every disc
    const Position p = Position::from_discs(v, discs, 0, 0);
    for (const auto algorithm : Both) {
        const SearchResult r = multiplayer_search(p, depth_limits(3), {algorithm, 0}, {}, {});
        EXPECT_TRUE(p.is_legal(r.best));
    }
}

TEST(Multiplayer, FinishedGameHasNoMove) {
    const core::Variant v(setup_of(core::Shape::Eight, 3));
    Position p = random_position(v, 200, 7);
    ASSERT_TRUE(p.is_over());
    for (const auto algorithm : Both) {
        const SearchResult r = multiplayer_search(p, depth_limits(3), {algorithm, 0}, {}, {});
        EXPECT_EQ(r.best, core::NoSquare);
    }
}

TEST(Multiplayer, TerminalValuesFollowTheResultRule) {
    const core::Variant normal(setup_of(core::Shape::Eight, 3));
    const core::Variant anti(setup_of(core::Shape::Eight, 3, true));
    std::array<u128, core::MaxPlayers> discs{};
    discs[0] = 0xFFFFFFFFull;    // 32 discs
    discs[1] = 0xFFFFull << 32;  // 16
    discs[2] = 0xFFFFull << 48;  // 16
    const Position full = Position::from_discs(normal, discs, 0, 0);
    ASSERT_TRUE(full.is_over());
    EXPECT_EQ(MultiEval(full).terminal(full, 0), MultiWin + 16);
    EXPECT_EQ(MultiEval(full).terminal(full, 1), -MultiWin - 16);
    // With Anti-Reversi White and Red share the lowest count: a draw for the whole table.
    const Position full_anti = Position::from_discs(anti, discs, 0, 0);
    EXPECT_LT(std::abs(MultiEval(full_anti).terminal(full_anti, 1)), 100);
    EXPECT_LT(std::abs(MultiEval(full_anti).terminal(full_anti, 0)), 100);
}

// Plain minimax without pruning, from the rules alone: the reference for alpha-beta.
int plain_paranoid(const MultiEval& e, const Position& p, int depth, int root) {
    u128 moves = p.legal_moves();
    if (!moves) return e.terminal(p, root);
    if (depth == 0) return e.evaluate(p, root);
    const bool max = p.side() == root;
    int best = max ? -3 * MultiWin : 3 * MultiWin;
    while (moves) {
        const int v = plain_paranoid(e, p.after(core::pop_lsb(moves)), depth - 1, root);
        best = max ? std::max(best, v) : std::min(best, v);
    }
    return best;
}

Position side_to(const Position& p, int seat) {
    std::array<u128, core::MaxPlayers> d{};
    for (int s = 0; s < p.players(); ++s) d[s] = p.discs(s);
    return Position::from_discs(p.variant(), d, p.neutral(), seat);
}

int plain_brs(const MultiEval& e, const Position& p, int depth, int root) {
    if (!p.legal_moves()) return e.terminal(p, root);
    if (depth == 0) return e.evaluate(p, root);
    if (p.side() == root) {
        int best = -3 * MultiWin;
        u128 moves = p.legal_moves();
        while (moves)
            best = std::max(best, plain_brs(e, p.after(core::pop_lsb(moves)), depth - 1, root));
        return best;
    }
    int best = 3 * MultiWin;
    for (int seat = 0; seat < p.players(); ++seat) {
        if (seat == root) continue;
        const Position mover = side_to(p, seat);
        u128 moves = mover.legal_moves();
        while (moves) {
            const Position reply = side_to(mover.after(core::pop_lsb(moves)), root);
            best = std::min(best, plain_brs(e, reply, depth - 1, root));
        }
    }
    return best;
}

TEST(Multiplayer, AlphaBetaEqualsPlainMinimax) {
    for (const auto& s : {setup_of(core::Shape::Eight, 3), setup_of(core::Shape::Eight, 4, true),
                          setup_of(core::Shape::Ten, 4)}) {
        const core::Variant v(s);
        for (uint64_t seed = 1; seed <= 4; ++seed) {
            const Position p = random_position(v, 10 + 9 * static_cast<int>(seed), seed);
            if (p.is_over()) continue;
            const MultiEval e(p);
            const int depth = 3;
            // The reference minimax values leaves with MultiEval: so must the search.
            SearchLimits limits = depth_limits(depth);
            limits.handmade_eval = true;
            int want_paranoid = -3 * MultiWin, want_brs = -3 * MultiWin;
            u128 moves = p.legal_moves();
            while (moves) {
                const Position child = p.after(core::pop_lsb(moves));
                want_paranoid =
                    std::max(want_paranoid, plain_paranoid(e, child, depth - 1, p.side()));
                want_brs = std::max(want_brs, plain_brs(e, child, depth - 1, p.side()));
            }
            EXPECT_EQ(multiplayer_search(p, limits, {MultiAlgorithm::Paranoid, 0}, {}, {}).score,
                      want_paranoid);
            EXPECT_EQ(multiplayer_search(p, limits, {MultiAlgorithm::BestReply, 0}, {}, {}).score,
                      want_brs);
        }
    }
}

TEST(Multiplayer, StopsAtOnceWhenCancelled) {
    const core::Variant v(setup_of(core::Shape::Ten, 4));
    const Position p = random_position(v, 12, 3);
    std::stop_source source;
    source.request_stop();
    for (const auto algorithm : Both) {
        const auto start = std::chrono::steady_clock::now();
        const SearchResult r =
            multiplayer_search(p, depth_limits(30), {algorithm, 0}, source.get_token(), {});
        EXPECT_TRUE(p.is_legal(r.best));
        EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                  1.0);
    }
}

TEST(Multiplayer, RespectsTheTimeLimit) {
    const core::Variant v(setup_of(core::Shape::Ten, 4));
    const Position p = random_position(v, 12, 4);
    for (const auto algorithm : Both) {
        SearchLimits limits;
        limits.seconds = 0.2;
        int iterations = 0;
        const auto start = std::chrono::steady_clock::now();
        const SearchResult r = multiplayer_search(p, limits, {algorithm, 0}, {},
                                                  [&](const SearchResult&) { ++iterations; });
        const double spent =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_TRUE(p.is_legal(r.best));
        EXPECT_GE(iterations, 1);
        EXPECT_LT(spent, 0.6);
    }
}

TEST(Multiplayer, SameSeedSameNoisyChoice) {
    const core::Variant v(setup_of(core::Shape::Eight, 3));
    const Position p = random_position(v, 6, 5);
    SearchLimits limits;
    limits.level = 2;
    limits.seed = 42;
    const core::Square a = multiplayer_search(p, limits, {}, {}).best;
    EXPECT_EQ(multiplayer_search(p, limits, {}, {}).best, a);
    EXPECT_TRUE(p.is_legal(a));
}

TEST(Multiplayer, NoiseVariesWithTheSeedOnlyAtWeakLevels) {
    const core::Variant v(setup_of(core::Shape::Eight, 4));
    const Position p = random_position(v, 8, 6);
    std::set<core::Square> weak, strong;
    for (uint64_t seed = 0; seed < 12; ++seed) {
        SearchLimits limits;
        limits.seed = seed;
        limits.level = 1;  // noise 700 (docs/LEVELS.md)
        weak.insert(multiplayer_search(p, limits, {}, {}).best);
        limits.level = 6;  // no noise
        strong.insert(multiplayer_search(p, limits, {}, {}).best);
    }
    EXPECT_GT(weak.size(), 1u);
    EXPECT_EQ(strong.size(), 1u);
}

// Seat `engine_seat` searches at `depth`; every other seat plays greedy. Returns the winner.
int play_against_greedy(const core::Variant& v, MultiAlgorithm algorithm, int engine_seat,
                        uint64_t seed) {
    Position p = random_position(v, static_cast<int>(v.players()), seed);  // a varied start
    while (!p.is_over()) {
        core::Square move;
        if (p.side() == engine_seat)
            move = multiplayer_search(p, depth_limits(3), {algorithm, 0}, {}, {}).best;
        else
            move = greedy_move(p, seed * 31 + static_cast<uint64_t>(p.occupied() % 1000)).best;
        p.play(move);
    }
    return p.outcome().winner;
}

TEST(Multiplayer, BeatsGreedyAtThreeAndFourPlayers) {
    for (int players : {3, 4}) {
        const core::Variant v(setup_of(core::Shape::Eight, players));
        for (const auto algorithm : Both) {
            int wins = 0, games = 0;
            for (uint64_t seed = 1; seed <= 4; ++seed)
                for (int seat = 0; seat < players; ++seat) {
                    wins += play_against_greedy(v, algorithm, seat, seed) == seat;
                    ++games;
                }
            // A fair share would be games / players; searching must do far better.
            std::cout << players << " players, " << algorithm_name(algorithm) << ": " << wins << "/"
                      << games << " wins\n";
            EXPECT_GT(wins * 2, games) << players << " players, " << algorithm_name(algorithm)
                                       << ": " << wins << "/" << games;
        }
    }
}

}  // namespace
}  // namespace reversi::engine
