// SPDX-License-Identifier: MIT
// Exact endgame search. Three tiers by number of empty squares:
//  - deep (TableEmpties and more): table (the shared one from SharedTableEmpties, a small
//    cache-resident one of this solver's below), stability cut-off, fastest-first ordering
//    (fewest opponent replies, as the strong solvers order), principal variation search;
//  - shallow (5 to TableEmpties - 1): plain alpha-beta with a stability cut-off; on the
//    plain 8x8 board (to 6 empties) parity then square value, from the squares alone,
//    elsewhere (at 5) fewest replies first;
//  - last four: loops over the empty squares themselves, parity ordering, no move
//    generation; the stability cut-off at 2-4 empties (on the plain 8x8 board with the
//    table test of stable8x8.h); on that board the last empty's flips are counted by lookup
//    (last_flip8x8.h).
#include "engine/endgame.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/types.h"
#include "engine/child_order.h"
#include "engine/last_flip8x8.h"
#include "engine/stable8x8.h"

namespace reversi::engine {

namespace {

constexpr int Infinity = 1000;

template <class B>
int count(B b) {
    return core::popcount(b);
}

// A move with its ordering key and the position it leads to.
template <class B>
struct Child {
    B own;  // the mover of the child position (our opponent)
    B opp;
    int sq;
    int key;
};

// A move ordered by its square alone.
struct SquareKey {
    int sq;
    int key;
};

// Parity outweighs every square value (-25 to 40): odd regions first.
constexpr int ParityKey = 100;

// The position after the move on `sq`, seen from the opponent who moves next.
template <class B>
Child<B> child_after(const Layout<B>& layout, B own, B opp, int sq) {
    const B f = flips(layout, sq, own, opp);
    return {opp & ~f, own | f | core::square_bit<B>(sq), sq, 0};
}

}  // namespace

template <class B>
Endgame<B>::Endgame(const Layout<B>& layout, bool anti, TranspositionTable& table,
                    SearchControl& control)
    : layout_(layout),
      anti_(anti),
      plain8x8_(sizeof(B) == 8 && layout.playable == static_cast<B>(~uint64_t{0})),
      table_empties_(plain8x8_ ? TableEmpties8x8 : TableEmpties),
      table_(table),
      near_table_(NearTableMegabytes),
      control_(control) {
    for (const B q : layout.quadrants)
        for (B e = q; e;) quadrant_of_[core::pop_lsb(e)] = q;
}

template <class B>
int Endgame<B>::terminal(B own, B opp) const {
    const int empties = layout_.playable_count - count(own | opp);
    return final_score(count(own), count(opp), empties, anti_);
}

template <class B>
B Endgame<B>::parity_first(B empty) const {
    B odd = 0;
    for (const B q : layout_.quadrants)
        if (count(empty & q) & 1) odd |= q;
    return odd;
}

template <class B>
int Endgame<B>::stability_bound(B own, B opp, int alpha, int beta, int empties) const {
    const B keeper = anti_ ? own : opp;
    const int total = layout_.playable_count;
    // Even with every disc of the keeper stable the bound would not reach alpha.
    if (total - 2 * count(keeper) > alpha) return Infinity;
    if constexpr (sizeof(B) == 8)
        if (plain8x8_) {
            if (empties < SharedTableEmpties &&
                alpha < StabilityAlphaPerEmpty * empties + StabilityAlphaBase)
                return Infinity;
            // With fewer than `needed` stable discs the bound stays at beta or above, where it
            // would neither cut nor narrow the window.
            const int needed = ((total - beta) >> 1) + 1;
            return total - 2 * count(stable_discs_8x8_if_at_least(keeper, own | opp, needed));
        }
    return total - 2 * count(stable_discs(layout_, keeper, own | opp));
}

template <class B>
typename Endgame<B>::Known Endgame<B>::root_known(B own, B opp) const {
    return {parity_first(layout_.playable & ~(own | opp))};
}

template <class B>
int Endgame<B>::solve(B own, B opp, int alpha, int beta) {
    const int empties = layout_.playable_count - count(own | opp);
    return search(own, opp, alpha, beta, empties, nullptr, root_known(own, opp));
}

template <class B>
int Endgame<B>::solve_root(B own, B opp, int alpha, int beta, int& best_move) {
    const int empties = layout_.playable_count - count(own | opp);
    best_move = core::NoSquare;
    if (!legal_moves(layout_, own, opp)) {
        if (!legal_moves(layout_, opp, own)) return terminal(own, opp);
        best_move = core::PassMove;
        return -search(opp, own, -beta, -alpha, empties, nullptr, root_known(opp, own));
    }
    return search(own, opp, alpha, beta, empties, &best_move, root_known(own, opp));
}

template <class B>
int Endgame<B>::solve1(B own, B opp, int sq) {
    ++nodes_;
    if constexpr (sizeof(B) == 8)
        if (plain8x8_) {
            // Every other square is full: count the flips by lookup, without making them.
            const int own_discs = count(own);
            if (const int n = last_flip_count_8x8(sq, own))
                return final_score(own_discs + n + 1, 63 - own_discs - n, 0, anti_);
            if (const int n = last_flip_count_8x8(sq, opp))
                return final_score(own_discs - n, 64 - own_discs + n, 0, anti_);
            return final_score(own_discs, 63 - own_discs, 1, anti_);
        }
    const int empties = layout_.playable_count - count(own | opp);  // 1 here
    B f = flips(layout_, sq, own, opp);
    if (f) {
        const int n = count(f);
        return final_score(count(own) + n + 1, count(opp) - n, empties - 1, anti_);
    }
    f = flips(layout_, sq, opp, own);
    if (f) {
        const int n = count(f);
        return final_score(count(own) - n, count(opp) + n + 1, empties - 1, anti_);
    }
    return final_score(count(own), count(opp), empties, anti_);
}

template <class B>
int Endgame<B>::solve2(B own, B opp, int alpha, int beta, B empty) {
    ++nodes_;
    if (const int bound = stability_bound(own, opp, alpha, alpha + 1, 2); bound <= alpha)
        return bound;
    const int a = core::lsb(empty);
    const int b = msb(empty);
    int best = -Infinity;
    if (const B f = flips(layout_, a, own, opp)) {
        best = -solve1(opp & ~f, own | f | core::square_bit<B>(a), b);
        if (best >= beta) return best;
    }
    if (const B f = flips(layout_, b, own, opp)) {
        const int v = -solve1(opp & ~f, own | f | core::square_bit<B>(b), a);
        if (v > best) best = v;
    }
    if (best > -Infinity) return best;
    // No move: the opponent moves if it can, else the game is over.
    if (!flips(layout_, a, opp, own) && !flips(layout_, b, opp, own)) return terminal(own, opp);
    --nodes_;
    return -solve2(opp, own, -beta, -alpha, empty);
}

template <class B>
template <int Empties>
int Endgame<B>::solve_parity(B own, B opp, int alpha, int beta, B empty, B odd, B tries) {
    ++nodes_;
    if (const int bound = stability_bound(own, opp, alpha, alpha + 1, Empties); bound <= alpha)
        return bound;
    int best = -Infinity;
    // Tries one square; true on a cut-off.
    const auto cuts = [&](int sq) {
        const B f = flips(layout_, sq, own, opp);
        if (!f) return false;
        const B bit = core::square_bit<B>(sq);
        const B child_own = opp & ~f, child_opp = own | f | bit;
        const int child_alpha = -beta, child_beta = -std::max(alpha, best);
        int v;
        if constexpr (Empties == 4)
            v = -solve_parity<3>(child_own, child_opp, child_alpha, child_beta, empty & ~bit,
                                 odd ^ quadrant_of_[sq], empty & ~bit);
        else
            v = -solve2(child_own, child_opp, child_alpha, child_beta, empty & ~bit);
        if (v > best) best = v;
        return v >= beta;
    };
    // Parity: a square alone in its region first.
    for (B e = tries & odd; e;)
        if (cuts(core::pop_lsb(e))) return best;
    for (B e = tries & ~odd; e;)
        if (cuts(core::pop_lsb(e))) return best;
    if (best > -Infinity) return best;
    if (!legal_moves(layout_, opp, own)) return terminal(own, opp);
    --nodes_;  // the pass is not a node of its own
    return -solve_parity<Empties>(opp, own, -beta, -alpha, empty, odd, empty);
}

template <class B>
int Endgame<B>::search_shallow(B own, B opp, int alpha, int beta, int empties, Known known) {
    const B empty = layout_.playable & ~(own | opp);
    if (empties <= 4) {
        switch (empties) {
            case 4:
                return solve_parity<4>(own, opp, alpha, beta, empty, known.odd,
                                       known.moves ? *known.moves : empty);
            case 3:
                return solve_parity<3>(own, opp, alpha, beta, empty, known.odd,
                                       known.moves ? *known.moves : empty);
            case 2:
                return solve2(own, opp, alpha, beta, empty);
            case 1:
                return solve1(own, opp, core::lsb(empty));
            default:
                ++nodes_;
                return terminal(own, opp);
        }
    }
    ++nodes_;
    if (const int bound = stability_bound(own, opp, alpha, alpha + 1, empties); bound <= alpha)
        return bound;
    const B moves = known.moves ? *known.moves : legal_moves(layout_, own, opp);
    if (!moves) {
        const B replies = legal_moves(layout_, opp, own);
        if (!replies) return terminal(own, opp);
        --nodes_;
        return -search_shallow(opp, own, -beta, -alpha, empties, {known.odd, &replies});
    }
    if (plain8x8_) {
        // Parity first (a square alone in its region), then the square's value, read off the
        // squares alone: keying each child by its replies (a move generation each, an ordering
        // node as Edax counts) cost more than the nodes it saved at 5-6 empties
        // (docs/log/2026-12-06-issue-50-solver.md "Static order at 5 and 6 empties").
        const B odd = known.odd;
        std::array<SquareKey, 64> order;
        int n = 0;
        for (B m = moves; m;) {
            const int sq = core::pop_lsb(m);
            order[n++] = {sq, layout_.square_value[sq] + (((odd >> sq) & 1) ? ParityKey : 0)};
        }
        int best = -Infinity;
        for (int i = 0; i < n; ++i) {
            const int sq = select_next(order.data(), i, n).sq;
            const Child<B> c = child_after(layout_, own, opp, sq);
            const int child_alpha = -beta, child_beta = -std::max(alpha, best);
            const B child_odd = odd ^ quadrant_of_[sq];
            const B child_empty = empty & ~core::square_bit<B>(sq);
            // The last four try every empty square (a flip test each) rather than a move list.
            const int v = empties == 5 ? -solve_parity<4>(c.own, c.opp, child_alpha, child_beta,
                                                          child_empty, child_odd, child_empty)
                                       : -search_shallow(c.own, c.opp, child_alpha, child_beta,
                                                         empties - 1, {child_odd});
            if (v > best) {
                best = v;
                if (v >= beta) return v;
            }
        }
        return best;
    }
    // Fewest opponent replies first (corners count twice), then square value and parity:
    // the deep ordering without its table and potential mobility, which cost more here than
    // they save (measured on FFO #40-#44). Parity ordering alone searched 12% more nodes on
    // FFO #40-#47 at 5 empties (docs/ENGINE.md).
    const B odd = known.odd;
    std::array<Child<B>, 64> children;
    std::array<B, 128> child_moves;  // by square: each child's own moves, which its search needs
    int n = 0;
    for (B m = moves; m;) {
        const int sq = core::pop_lsb(m);
        Child<B>& c = children[n++] = child_after(layout_, own, opp, sq);
        const B replies = legal_moves(layout_, c.own, c.opp);
        child_moves[sq] = replies;
        c.key = -(count(replies) + count(replies & layout_.corner_like)) * 64 +
                layout_.square_value[sq] + ((odd >> sq) & 1) * 8;
    }
    ordering_nodes_ += n;
    int best = -Infinity;
    for (int i = 0; i < n; ++i) {
        const Child<B>& c = select_next(children.data(), i, n);
        const int child_alpha = -beta, child_beta = -std::max(alpha, best);
        const B child_odd = odd ^ quadrant_of_[c.sq];
        // The children of 5 empties go straight to the last four, which try only their
        // legal moves.
        const int v = empties == 5 ? -solve_parity<4>(c.own, c.opp, child_alpha, child_beta,
                                                      empty & ~core::square_bit<B>(c.sq), child_odd,
                                                      child_moves[c.sq])
                                   : -search_shallow(c.own, c.opp, child_alpha, child_beta,
                                                     empties - 1, {child_odd, &child_moves[c.sq]});
        if (v > best) {
            best = v;
            if (v >= beta) return v;
        }
    }
    return best;
}

template <class B>
int Endgame<B>::search(B own, B opp, int alpha, int beta, int empties, int* best_move,
                       Known known) {
    if (empties < table_empties_ && !best_move)
        return search_shallow(own, opp, alpha, beta, empties, known);
    ++nodes_;
    if (control_.poll(nodes_)) return 0;
    const uint64_t key = pair_key(own, opp);
    TranspositionTable& table = empties >= SharedTableEmpties ? table_ : near_table_;
    table.prefetch(key);  // read in step 2, after the stability test

    // Step 1. Stability cut-off: the discs the opponent keeps for ever (for anti, the
    // discs we are stuck with) bound our score from above.
    if (!best_move) {
        const int bound = stability_bound(own, opp, alpha, beta, empties);
        if (bound <= alpha) return bound;
        if (bound < beta) beta = bound;
    }

    // Step 2. Table probe.
    int tt_move = TtEntry::NoTtMove;
    if (TtEntry e; table.probe(key, e)) {
        if (!best_move && e.level >= level_) {
            if (e.lower >= beta) return e.lower;
            if (e.upper <= alpha) return e.upper;
            if (e.lower == e.upper) return e.lower;
            alpha = std::max(alpha, e.lower);
            beta = std::min(beta, e.upper);
        }
        tt_move = e.move;
    }

    // Step 3. Moves; a pass hands the same empties to the opponent.
    B moves = known.moves ? *known.moves : legal_moves(layout_, own, opp);
    if (!moves) {
        const B replies = legal_moves(layout_, opp, own);
        if (!replies) return terminal(own, opp);
        if (best_move) *best_move = core::PassMove;
        return -search(opp, own, -beta, -alpha, empties, nullptr, {known.odd, &replies});
    }

    // A twin of a move already tried has its value (near the start only, where positions
    // are often symmetric).
    if (symmetry_ && empties >= layout_.playable_count - SymmetryMaxDiscs)
        moves &= ~symmetry_->twins(own, opp, moves);

    // Step 3b. A selective pass cuts where a shallow search is sure enough of a fail.
    if (level_ < FullLevel && !best_move && empties >= SelectiveEmpties && probe_) {
        int bound = 0;
        if (probcut(own, opp, alpha, beta, empties, bound)) return bound;
        if (control_.stopped()) return 0;
    }

    // Step 4. Ordering: table move, then fewest opponent replies (corners count twice),
    // most own replies, odd parity regions and square values as tie-breaks; deep nodes add
    // the midgame probe's value of the child.
    std::array<Child<B>, 128> children;
    // The children's table keys in the order made (hashed once for the prefetch and the
    // enhanced transposition cut-off; kept apart so that the sort moves no more bytes).
    std::array<uint64_t, 128> child_keys;
    int n = 0;
    const bool etc = empties >= (plain8x8_ ? EtcEmpties8x8 : EtcEmpties);
    int tt_index = -1;
    for (B m = moves; m;) {
        Child<B>& c = children[n] = child_after(layout_, own, opp, core::pop_lsb(m));
        if (c.sq == tt_move) tt_index = n;
        // The children's table entries are read below (enhanced transposition cut-off) or
        // when they are searched: start loading them all now.
        if (empties > SharedTableEmpties) {
            child_keys[n] = pair_key(c.own, c.opp);
            table_.prefetch(child_keys[n]);
        }
        ++n;
    }
    // Enhanced transposition cut-off: a child already known to be bad enough for the
    // opponent settles this node without a search.
    static_assert(EtcEmpties > SharedTableEmpties && EtcEmpties8x8 > SharedTableEmpties,
                  "the cut-off reads the keys hashed for the prefetch");
    if (etc) {
        for (int i = 0; i < n; ++i) {
            const Child<B>& c = children[i];
            ++ordering_nodes_;
            if (TtEntry e;
                table_.probe(child_keys[i], e) && e.level >= level_ && -e.upper >= beta) {
                table_.store(key, empties, -e.upper, Infinity, c.sq, level_);
                if (best_move) *best_move = c.sq;
                return -e.upper;
            }
        }
    }
    // The keys are computed only when the table move (searched first) does not cut off:
    // with the selective passes' moves in the table it mostly does, and the probe's
    // searches for the keys are nodes too.
    const B odd = known.odd;
    std::array<B, 128> child_moves;  // by square; written as the children are keyed
    const bool use_probe = probe_ && empties >= probe_min_empties_;
    const auto key_children = [&](int from) {
        // Asked only here: when the table move cuts off, the children are never keyed.
        const int probe_key_per_disc = use_probe ? probe_->key_per_disc(empties - 1) : 0;
        if (use_probe)
            for (int i = from; i < n; ++i)
                probe_->prefetch(children[i].own, children[i].opp, empties - 1);
        ordering_nodes_ += n - from;
        for (int i = from; i < n; ++i) {
            Child<B>& c = children[i];
            const int sq = c.sq;
            const B replies = legal_moves(layout_, c.own, c.opp);
            child_moves[sq] = replies;  // the child's own moves, which its search needs
            const int mobility = count(replies) + count(replies & layout_.corner_like);
            // Potential mobility: empty squares next to our discs, where the opponent may
            // later move.
            const int potential =
                count(frontier(layout_, c.opp, layout_.playable & ~(c.own | c.opp)));
            // Our own replies in the child: a move that keeps our options open orders
            // earlier (12% fewer nodes on FFO #40-#47).
            const int own_mobility = count(legal_moves(layout_, c.opp, c.own));
            c.key = -mobility * 64 - potential * 16 + own_mobility * 16 + layout_.square_value[sq] +
                    ((odd >> sq) & 1) * 8;
            // The probe adds to fastest-first rather than replacing it: ordered by the
            // evaluation alone the solver searched three times the nodes on FFO #40-#44.
            if (use_probe)
                c.key -= probe_->estimate(c.own, c.opp, empties - 1) * probe_key_per_disc / 100;
        }
    };
    bool keyed = false;
    int keyed_from = n;  // children from here on have their moves in child_moves
    const auto select = [&](int i) -> const Child<B>& {
        if (i == 0 && tt_index >= 0) {
            std::swap(children[0], children[tt_index]);
            return children[0];
        }
        if (!keyed) {
            key_children(i);
            keyed = true;
            keyed_from = i;
        }
        return select_next(children.data(), i, n);
    };

    // Step 5. Principal variation search over the ordered moves. With helper threads, a
    // later child that another thread is searching is put off to a second pass.
    const bool shared = busy_ && empties >= ParallelEmpties;
    const BusyTable::Mark mark(shared ? busy_ : nullptr, key);
    const int alpha0 = alpha;
    int best = -Infinity;
    int best_sq = TtEntry::NoTtMove;
    // Searches one child; true when the node is settled (cut-off or stop).
    const auto search_child = [&](const Child<B>& c, bool first) {
        // The keys found the child's moves; the table move, searched before them, has none.
        const Known child{odd ^ quadrant_of_[c.sq],
                          &c - children.data() >= keyed_from ? &child_moves[c.sq] : nullptr};
        // Children below TableEmpties go straight to search_shallow: through search they
        // paid its whole prologue (its frame of two child arrays) only to be handed on.
        const auto value = [&](int child_alpha, int child_beta) {
            return empties - 1 < table_empties_
                       ? -search_shallow(c.own, c.opp, child_alpha, child_beta, empties - 1, child)
                       : -search(c.own, c.opp, child_alpha, child_beta, empties - 1, nullptr,
                                 child);
        };
        int v;
        if (first) {
            v = value(-beta, -alpha);
        } else {
            v = value(-alpha - 1, -alpha);
            if (v > alpha && v < beta) v = value(-beta, -v);
        }
        if (control_.stopped()) return true;
        if (v > best) {
            best = v;
            best_sq = c.sq;
            if (v > alpha) alpha = v;
            if (v >= beta) return true;
        }
        return false;
    };
    search_children(children.data(), n, shared ? busy_ : nullptr, select, search_child);
    if (control_.stopped()) return 0;

    // Step 6. Store the bound the search proved.
    const int lower = best > alpha0 ? best : -Infinity;
    const int upper = best < beta ? best : Infinity;
    table.store(key, empties, lower, upper, best_sq, level_);
    if (best_move) *best_move = best_sq;
    return best;
}

template <class B>
bool Endgame<B>::probcut(B own, B opp, int alpha, int beta, int empties, int& bound) {
    // The shallow depth grows with the empties, keeping their parity (the evaluation's bias
    // alternates with the side that moves last); sigma is the spread of the exact score
    // around the shallow value, in discs.
    const int depth = ((empties >> 2) & ~1) ^ (empties & 1);
    const double sigma = mpc_sigma(empties, depth);
    const double margin = SelectivityMargins[level_] * sigma;
    const int total = layout_.playable_count;
    if (beta < total) {
        const int cut = static_cast<int>(std::ceil((beta + margin) * DiscScale));
        if (cut < total * DiscScale &&
            probe_->shallow_search(own, opp, depth, cut - 1, cut) >= cut) {
            bound = beta;
            return true;
        }
    }
    if (alpha > -total) {
        const int cut = static_cast<int>(std::floor((alpha - margin) * DiscScale));
        if (cut > -total * DiscScale &&
            probe_->shallow_search(own, opp, depth, cut, cut + 1) <= cut) {
            bound = alpha;
            return true;
        }
    }
    return false;
}

template class Endgame<uint64_t>;
template class Endgame<core::u128>;

}  // namespace reversi::engine
