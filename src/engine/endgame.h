// SPDX-License-Identifier: MIT
// The exact endgame solver for two players, on any shape, with blocked squares and anti.
// Scores are final disc differences for the side to move with empties to the winner
// (RULES.md 3), fail-soft: a result at or below alpha is an upper bound, at or above beta a
// lower bound, in between exact. Deep nodes use the table, fastest-first ordering and
// stability cut-offs; the last four empties have their own code with parity ordering.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board.h"
#include "engine/busy_table.h"
#include "engine/eval.h"
#include "engine/position_symmetry.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace reversi::engine {

// Something that scores a position for move ordering and for the selective passes' cuts
// (the midgame search provides it).
template <class B>
struct OrderingProbe {
    // A shallow estimate for the mover, in hundredths of a disc (larger is better).
    virtual int estimate(B own, B opp, int empties) = 0;
    // A fail-soft midgame search of `depth` plies within (alpha, beta), in hundredths of a
    // disc, that never solves inside: what Multi-ProbCut predicts the exact score from.
    virtual int shallow_search(B own, B opp, int depth, int alpha, int beta) = 0;
    // Starts loading what estimate(own, opp, empties) will read from memory, so that the
    // estimates of a node's children overlap their table misses.
    virtual void prefetch(B /*own*/, B /*opp*/, int /*empties*/) {}
    // Ordering key units per disc of estimate(own, opp, empties); one opponent reply is 64
    // units, so at 16 a reply weighs as much as 4 discs. A surer (deeper) estimate may weigh
    // more (docs/log/2026-12-05-probe-weight.md).
    virtual int key_per_disc(int /*empties*/) const { return KeyPerDisc; }
    static constexpr int KeyPerDisc = 16;
    virtual ~OrderingProbe() = default;
};

template <class B>
class Endgame {
  public:
    // The solver keeps references: all must outlive it.
    Endgame(const Layout<B>& layout, bool anti, TranspositionTable& table, SearchControl& control);

    // The score of the position within (alpha, beta), fail-soft. Meaningless once
    // aborted() (the search was stopped).
    int solve(B own, B opp, int alpha, int beta);
    // Like solve(), also giving the best move (PassMove when the mover must pass, NoSquare
    // when the game is over or the search failed low without a best move).
    int solve_root(B own, B opp, int alpha, int beta, int& best_move);

    bool aborted() const { return control_.stopped(); }
    uint64_t nodes() const { return nodes_; }
    // Children keyed for ordering (from 5 empties) or read by the enhanced transposition
    // cut-off (SearchResult::ordering_nodes).
    uint64_t ordering_nodes() const { return ordering_nodes_; }
    // Lets callers that count nodes elsewhere share one counter.
    uint64_t& node_counter() { return nodes_; }
    // Deep nodes (at least this many empties) order moves with the probe when one is set.
    void set_ordering_probe(OrderingProbe<B>* probe, int min_empties) {
        probe_ = probe;
        probe_min_empties_ = min_empties;
    }

    // Near the start (at most SymmetryMaxDiscs discs), a node tries one move of each set of
    // twins that a symmetry of the position maps onto each other (null: every move).
    void set_symmetry(const PositionSymmetry<B>* symmetry) { symmetry_ = symmetry; }
    static constexpr int SymmetryMaxDiscs = 12;

    // Shares the work with the other threads of the search through `busy` (null: alone).
    void set_busy_table(BusyTable* busy) { busy_ = busy; }

    // Selectivity of the next searches: below FullLevel, nodes of SelectiveEmpties or more
    // are cut when the probe's shallow search predicts a fail with SelectivityMargins[level]
    // standard deviations to spare (Multi-ProbCut), so the score is only likely, and the
    // table keeps it apart from exact bounds. The root solves at rising levels, each pass
    // ordering the next (iterative Multi-ProbCut), and ends at FullLevel.
    void set_level(int level) { level_ = level; }
    int level() const { return level_; }
    // Whether selective levels can cut (they need the probe's shallow searches).
    bool selective() const { return probe_ != nullptr; }
    static constexpr int FullLevel = TtEntry::FullLevel;
    static constexpr int SelectiveLevels = 2;
    static constexpr double SelectivityMargins[SelectiveLevels] = {1.1, 2.0};
    static constexpr int SelectiveEmpties = 9;
    // The spread of the exact score around a shallow search's value, in discs:
    // base + per empty * empties - per ply * shallow depth (a guess tuned on nodes; the
    // spread measured by `reversi mpcfit-endgame` is 1.2-1.9 times larger, but cutting with
    // it, or centring the cuts on the fitted bias of +0.8 disc, searched more nodes on FFO
    // #40-#59: docs/log/2026-12-03-selective-sigma.md).
    static constexpr double MpcSigmaBase = 4.0;
    static constexpr double MpcSigmaPerEmpty = 0.2;
    static constexpr double MpcSigmaPerPly = 0.4;
    // The one owner of the formula (the fit's tool prints it beside its cells).
    static double mpc_sigma(int empties, int depth) {
        return MpcSigmaBase + MpcSigmaPerEmpty * empties - MpcSigmaPerPly * depth;
    }

    // Empty squares from which a table and the full fastest-first ordering are used (from 6
    // rather than 8: 4% fewer nodes on FFO #40-#49, docs/ENGINE.md).
    static constexpr int TableEmpties = 6;
    // The same on the plain 8x8 board, whose shallow tier orders by parity and square alone:
    // with the ordering nodes counted, 14% less work on FFO #40-#49 than fastest-first from 6;
    // on 6x6 it searched 24% more nodes in 6% more time, so the other boards keep theirs
    // (docs/log/2026-12-06-issue-50-solver.md "Static order at 5 and 6 empties").
    static constexpr int TableEmpties8x8 = 7;
    // Empty squares from which the shared table is used. Nodes with fewer use a small table
    // of this solver's own that stays in the processor's cache: the shared table's memory
    // latency made the nodes of 6 and 7 empties dearer than the cut-offs they gained.
    static constexpr int SharedTableEmpties = 8;
    static constexpr int NearTableMegabytes = 1;
    // On the plain 8x8 board, nodes of fewer than SharedTableEmpties empties test stability
    // only when alpha >= StabilityAlphaPerEmpty * empties + StabilityAlphaBase: with a low
    // alpha the test seldom cuts and costs more than it saves (docs/log/
    // 2026-12-03-solver-node-speed.md "Processor time won back at 2-7 empties").
    static constexpr int StabilityAlphaPerEmpty = 2;
    static constexpr int StabilityAlphaBase = -6;
    // Empty squares from which children are looked up in the table before any is searched.
    static constexpr int EtcEmpties = 9;
    // The same on the plain 8x8 board: from 13, the probes of every child at 9-12 empties
    // cost more time than their cut-offs saved (a few more nodes, less processor time; from
    // 13 rather than 11 since the static order at 5-6: docs/ENGINE.md, issue 50).
    static constexpr int EtcEmpties8x8 = 13;
    // Empty squares from which threads mark the nodes they are in and put off each other's.
    static constexpr int ParallelEmpties = 10;

  private:
    // What a caller already has of the position it hands down, so that the node need not
    // compute it again.
    struct Known {
        B odd;                     // parity_first() of its empty squares
        const B* moves = nullptr;  // the mover's legal moves, null when not known
    };
    // What a position's search is given when the caller knows nothing of it.
    Known root_known(B own, B opp) const;
    int search(B own, B opp, int alpha, int beta, int empties, int* best_move, Known known);
    // Multi-ProbCut at a selective level: true when the node is cut, with `bound` the window
    // edge to return.
    bool probcut(B own, B opp, int alpha, int beta, int empties, int& bound);
    int search_shallow(B own, B opp, int alpha, int beta, int empties, Known known);
    // The last `Empties` (3 or 4) empty squares, parity first; `odd` is parity_first(empty),
    // which each move updates from its square's region. Only the squares of `tries` are
    // tried: the mover's legal moves when the caller knows them, else `empty`.
    template <int Empties>
    int solve_parity(B own, B opp, int alpha, int beta, B empty, B odd, B tries);
    int solve2(B own, B opp, int alpha, int beta, B empty);
    int solve1(B own, B opp, int sq);
    // An upper bound on the score from the discs the opponent keeps for ever (for anti, the
    // discs we are stuck with); Infinity when no bound can reach alpha or, on the plain 8x8
    // board below SharedTableEmpties, when alpha is under the threshold (not computed then).
    // It may also return Infinity whenever the true bound is at or above beta (callers use
    // the bound only below beta; those that only cut pass alpha + 1): the plain 8x8 board
    // then skips the full stability test when even its edges and every inner disc could not
    // bring the bound under beta.
    int stability_bound(B own, B opp, int alpha, int beta, int empties) const;
    int terminal(B own, B opp) const;
    B parity_first(B empty) const;

    const Layout<B>& layout_;
    bool anti_;
    // The full 8x8 board, whose stable discs have a faster and stronger test.
    bool plain8x8_;
    int table_empties_;  // TableEmpties or TableEmpties8x8
    TranspositionTable& table_;
    TranspositionTable near_table_;
    SearchControl& control_;
    // The parity region (quadrant) of each square, to update parity_first per move.
    std::array<B, 128> quadrant_of_{};
    uint64_t nodes_ = 0;
    uint64_t ordering_nodes_ = 0;
    OrderingProbe<B>* probe_ = nullptr;
    int probe_min_empties_ = 100;
    BusyTable* busy_ = nullptr;
    const PositionSymmetry<B>* symmetry_ = nullptr;
    int level_ = FullLevel;
};

extern template class Endgame<uint64_t>;
extern template class Endgame<core::u128>;

}  // namespace reversi::engine
