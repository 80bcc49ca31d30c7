// SPDX-License-Identifier: MIT
// Midgame principal variation search and the root drivers (midgame iterative deepening,
// exact and WLD solving, multi-PV). Internal scores are hundredths of a disc; proven scores
// are whole discs times DiscScale, so they rank beyond any evaluation of the same sign.
#include "engine/search.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

#include "engine/board.h"
#include "engine/child_order.h"
#include "engine/endgame.h"
#include "engine/eval.h"
#include "engine/pattern_eval.h"
#include "engine/position_symmetry.h"
#include "engine/probcut.h"
#include "engine/solved_openings.h"

namespace reversi::engine {

namespace {

constexpr int MidInfinity = 30000;
// From this depth the threads of a search mark the midgame nodes they are in (BusyTable).
constexpr int ParallelDepth = 3;
// More threads than this are not worth their memory traffic on one table.
constexpr int MaxThreads = 64;
// With trained weights, the solver's nodes with at least ProbeEmpties empties add each
// child's value to their fastest-first key: the evaluation of a child with fewer than
// ProbeDepth1Empties empties, else a 1-ply search, 2-ply from ProbeDepth2Empties (tuned on
// FFO #40-#47, one thread: docs/log/2026-12-01-endgame-ordering-probe.md, re-tuned in
// docs/log/2026-12-05-probe-weight.md). The hand-made evaluation orders worse than
// fewest-replies alone.
constexpr int ProbeEmpties = 12;
constexpr int ProbeDepth1Empties = 16;
constexpr int ProbeDepth2Empties = 18;
// A 3-ply probe from 20 empties: 5.4% less work counted Edax's way on FFO #40-#49
// (docs/log/2026-12-06-issue-50-search.md "A 3-ply probe from 20 empties").
constexpr int ProbeDepth3Empties = 20;
// The 2-ply and deeper probes' estimates weigh more in the ordering key than the shallower
// ones' (OrderingProbe::KeyPerDisc): 8% fewer nodes on FFO #53-#59,
// docs/log/2026-12-05-probe-weight.md.
constexpr int ProbeDepth2KeyPerDisc = 24;
// Under a time budget, the share of it after which the midgame deepening of a root within
// the exact range stops starting iterations and the solve is tried with the rest.
constexpr double MidgameShareBeforeSolve = 0.1;
// Multi-ProbCut: from this depth, a node is cut when a shallow search predicts the deep one
// outside the window with this many standard deviations of the fit to spare.
constexpr int ProbCutMinDepth = 3;
// Exact roots with this many empties or more are first solved selectively (iterative
// Multi-ProbCut, Endgame::set_level), with aspiration windows of these half-widths in discs.
constexpr int SelectiveRootEmpties = 16;
constexpr int SelectiveWindow = 3;
constexpr int ExactWindow = 3;
constexpr double ProbCutConfidence = 1.5;

int floor_div(int a, int b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}
int ceil_div(int a, int b) {
    return -floor_div(-a, b);
}
int to_discs(int centi) {
    return centi >= 0 ? (centi + 50) / 100 : -((-centi + 50) / 100);
}

template <class B>
int count(B b) {
    return core::popcount(b);
}

template <class B>
class Searcher final : public OrderingProbe<B> {
  public:
    // `busy` is shared with the other threads of the search (null: searching alone).
    Searcher(const Layout<B>& layout, const core::Geometry& geometry, bool anti,
             const SearchSettings& settings, SearchTables& tables, SearchControl& control,
             BusyTable* busy)
        : layout_(layout),
          anti_(anti),
          settings_(settings),
          tables_(tables),
          control_(control),
          eval_(
              make_evaluator(layout, geometry, anti, settings.handmade_eval, settings.weights_dir)),
          endgame_(layout, anti, tables.endgame, control),
          symmetry_(geometry),
          busy_(busy) {
        // The fits hold for the trained evaluation they were measured with: a blocked board
        // takes its own weights' fit where one ships, else its shape's; and the shape's ordering.
        const std::string key = shape_variant_key(geometry.shape(), anti);
        if (settings.probcut && !settings.handmade_eval)
            probcut_ = playing_probcut_parameters(geometry, anti);
        if (!settings.handmade_eval && trained_weights(key, settings.weights_dir))
            endgame_.set_ordering_probe(this, ProbeEmpties);
        endgame_.set_busy_table(busy);
        endgame_.set_symmetry(&symmetry_);
        seed_mix_ = settings.seed * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
    }

    SearchResult run(B own, B opp, const IterationCallback& on_iteration);
    // The full-window values of fixed-depth searches 0..max_depth (Multi-ProbCut's samples).
    std::vector<int> values_by_depth(B own, B opp, int max_depth);
    uint64_t nodes() const { return nodes_ + endgame_.nodes(); }
    uint64_t ordering_nodes() const { return ordering_nodes_ + endgame_.ordering_nodes(); }
    // Writes both counts of the work done so far into `r`.
    void count_work(SearchResult& r) const {
        r.nodes = nodes();
        r.ordering_nodes = ordering_nodes();
    }

    // The probe's depth for a child of `empties` empties: the one rule that estimate() searches
    // by and key_per_disc() weighs by.
    static int probe_depth(int empties) { return solver_probe_depth(empties); }

    int estimate(B own, B opp, int empties) override {
        const int depth = probe_depth(empties);
        if (depth == 0) {
            ++ordering_nodes_;  // the evaluation; deeper probes count their leaves as nodes
            return eval_->evaluate(own, opp);
        }
        // A shallow midgame search, never solving inside (it orders, it does not prove).
        const bool solve = solve_in_tree_;
        solve_in_tree_ = false;
        const int v = pvs(own, opp, depth, -MidInfinity, MidInfinity);
        solve_in_tree_ = solve;
        return v;
    }

    int key_per_disc(int empties) const override {
        return probe_depth(empties) >= 2 ? ProbeDepth2KeyPerDisc : OrderingProbe<B>::KeyPerDisc;
    }

    void prefetch(B own, B opp, int empties) override {
        if (empties >= ProbeDepth1Empties) tables_.midgame.prefetch(pair_key(own, opp));
    }

    int shallow_search(B own, B opp, int depth, int alpha, int beta) override {
        const bool solve = solve_in_tree_;
        solve_in_tree_ = false;
        const int v = pvs(own, opp, depth, alpha, beta);
        solve_in_tree_ = solve;
        return v;
    }

  private:
    struct RootMove {
        int sq;
        B own;  // the position after the move, opponent to move
        B opp;
        int score;
        bool deferred = false;  // put off to the second pass: another thread is in it
    };

    int evaluate(B own, B opp);
    int solve_scaled(B own, B opp, int alpha, int beta);
    int pvs(B own, B opp, int depth, int alpha, int beta);
    // Multi-ProbCut: true when a shallow search predicts the node fails outside (alpha,
    // beta); `bound` is then the window edge to return.
    bool probcut(B own, B opp, int depth, int empties, int alpha, int beta, int& bound);
    int root_midgame(std::vector<RootMove>& moves, int depth, int alpha, int beta);
    int root_exact(std::vector<RootMove>& moves, int alpha, int beta);
    // The root loop shared by both: PVS over the root moves, or with multi-PV every move
    // valued in [full_alpha, full_beta]; child_value(move, alpha, beta) searches one child.
    template <class ChildValue>
    int search_root(std::vector<RootMove>& moves, int alpha, int beta, int full_alpha,
                    int full_beta, const ChildValue& child_value);
    std::vector<core::Square> principal_variation(B own, B opp, int first, bool exact);
    void fill_result(SearchResult& r, const std::vector<RootMove>& moves, bool exact) const;

    const Layout<B>& layout_;
    bool anti_;
    SearchSettings settings_;
    SearchTables& tables_;
    SearchControl& control_;
    std::unique_ptr<Evaluator<B>> eval_;
    Endgame<B> endgame_;
    PositionSymmetry<B> symmetry_;
    BusyTable* busy_;
    std::shared_ptr<const ProbCutTable> probcut_;  // null: Multi-ProbCut off
    uint64_t seed_mix_ = 0;
    uint64_t nodes_ = 0;
    uint64_t ordering_nodes_ = 0;  // SearchResult::ordering_nodes
    bool solve_in_tree_ = true;
};

template <class B>
int Searcher<B>::evaluate(B own, B opp) {
    int v = eval_->evaluate(own, opp);
    if (settings_.noise > 0) {
        // Noise is a function of the position and seed: the same position always gets the
        // same error within a game, like a player's consistent misjudgement.
        const uint64_t h = pair_key(own, opp ^ static_cast<B>(seed_mix_)) ^ seed_mix_;
        const int span = 2 * settings_.noise + 1;
        v += static_cast<int>((h >> 11) % static_cast<uint64_t>(span)) - settings_.noise;
        const int limit = layout_.playable_count * DiscScale - 1;
        v = std::clamp(v, -limit, limit);
    }
    return v;
}

template <class B>
int Searcher<B>::solve_scaled(B own, B opp, int alpha, int beta) {
    const int a = std::max(floor_div(alpha, DiscScale), -layout_.playable_count - 1);
    const int b = std::min(ceil_div(beta, DiscScale), layout_.playable_count + 1);
    return endgame_.solve(own, opp, a, b) * DiscScale;
}

template <class B>
int Searcher<B>::pvs(B own, B opp, int depth, int alpha, int beta) {
    const int empties = layout_.playable_count - count(own | opp);
    // Step 1. Leaves: the exact solver near the end, else the evaluation.
    if (solve_in_tree_ && !settings_.budgeted && empties <= settings_.exact_empties)
        return solve_scaled(own, opp, alpha, beta);
    ++nodes_;
    if (depth <= 0) return evaluate(own, opp);
    if (control_.poll(nodes())) return 0;

    // Step 2. Table probe: a bound from a search at least as deep may settle the node.
    const uint64_t key = pair_key(own, opp);
    int tt_move = TtEntry::NoTtMove;
    if (TtEntry e; tables_.midgame.probe(key, e)) {
        if (e.depth >= depth) {
            if (e.lower >= beta) return e.lower;
            if (e.upper <= alpha) return e.upper;
            if (e.lower == e.upper) return e.lower;
            alpha = std::max(alpha, e.lower);
            beta = std::min(beta, e.upper);
        }
        tt_move = e.move;
    }

    // Step 3. No move: a pass (same depth) or the end of the game (exact).
    const B moves = legal_moves(layout_, own, opp);
    if (!moves) {
        if (!legal_moves(layout_, opp, own)) {
            const int empty = layout_.playable_count - count(own | opp);
            return final_score(count(own), count(opp), empty, anti_) * DiscScale;
        }
        return -pvs(opp, own, depth, -beta, -alpha);
    }

    // Step 3b. Multi-ProbCut.
    if (probcut_ && depth >= ProbCutMinDepth) {
        int bound = 0;
        if (probcut(own, opp, depth, empties, alpha, beta, bound)) return bound;
        if (control_.stopped()) return 0;
    }

    // Step 4. Ordering: table move, then (deep) the evaluation of the child, else fewest
    // opponent replies and the square's static value.
    struct Child {
        B own, opp;
        int sq, key;
    };
    std::array<Child, 128> children;
    int n = 0;
    for (B m = moves; m;) {
        const int sq = core::pop_lsb(m);
        const B f = flips(layout_, sq, own, opp);
        Child& c = children[n++];
        c.sq = sq;
        c.own = opp & ~f;
        c.opp = own | f | core::square_bit<B>(sq);
        // A child of 1 ply or more reads the table first thing: start loading it now.
        if (depth >= 2) tables_.midgame.prefetch(pair_key(c.own, c.opp));
        if (sq == tt_move) {
            c.key = 1 << 30;
        } else if (depth >= 3) {
            ordering_nodes_ += 2;  // the child keyed and its evaluation
            c.key = -eval_->evaluate(c.own, c.opp);
        } else {
            ++ordering_nodes_;
            const B replies = legal_moves(layout_, c.own, c.opp);
            c.key = -64 * (count(replies) + count(replies & layout_.corner_like)) +
                    layout_.square_value[sq];
        }
    }

    // Step 5. Principal variation search; with helper threads, a later child another
    // thread is searching is put off to a second pass.
    const bool shared = busy_ && depth >= ParallelDepth;
    const BusyTable::Mark mark(shared ? busy_ : nullptr, key);
    const int alpha0 = alpha;
    int best = -MidInfinity;
    int best_sq = TtEntry::NoTtMove;
    // Searches one child; true when the node is settled (cut-off or stop).
    const auto search_child = [&](const Child& c, bool first) {
        int v;
        if (first) {
            v = -pvs(c.own, c.opp, depth - 1, -beta, -alpha);
        } else {
            v = -pvs(c.own, c.opp, depth - 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta) v = -pvs(c.own, c.opp, depth - 1, -beta, -v);
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
    const auto select = [&](int i) -> const Child& { return select_next(children.data(), i, n); };
    search_children(children.data(), n, shared ? busy_ : nullptr, select, search_child);
    if (control_.stopped()) return 0;

    // Step 6. Store.
    tables_.midgame.store(key, depth, best > alpha0 ? best : -MidInfinity,
                          best < beta ? best : MidInfinity, best_sq);
    return best;
}

template <class B>
bool Searcher<B>::probcut(B own, B opp, int depth, int empties, int alpha, int beta, int& bound) {
    const ProbCutPair* p = probcut_->find(depth, empties);
    if (!p) return false;
    // v_deep ~ slope * v_shallow + intercept, with deviation sigma: the shallow value beyond
    // which the deep one lies outside the window with the confidence asked for.
    const double margin = ProbCutConfidence * p->sigma;
    const int limit = layout_.playable_count * DiscScale;
    if (beta < limit) {
        const int cut = static_cast<int>(std::ceil((beta + margin - p->intercept) / p->slope));
        if (cut < limit && pvs(own, opp, p->shallow, cut - 1, cut) >= cut) {
            bound = beta;
            return true;
        }
    }
    if (alpha > -limit) {
        const int cut = static_cast<int>(std::floor((alpha - margin - p->intercept) / p->slope));
        if (cut > -limit && pvs(own, opp, p->shallow, cut, cut + 1) <= cut) {
            bound = alpha;
            return true;
        }
    }
    return false;
}

template <class B>
std::vector<int> Searcher<B>::values_by_depth(B own, B opp, int max_depth) {
    std::vector<int> values{evaluate(own, opp)};
    solve_in_tree_ = false;
    for (int depth = 1; depth <= max_depth; ++depth)
        values.push_back(pvs(own, opp, depth, -MidInfinity, MidInfinity));
    return values;
}

template <class B>
template <class ChildValue>
int Searcher<B>::search_root(std::vector<RootMove>& moves, int alpha, int beta, int full_alpha,
                             int full_beta, const ChildValue& child_value) {
    const bool multipv = settings_.multipv > 1;
    int best = -MidInfinity;
    // Values one root move; false when the search must end (cut-off or stop).
    const auto value_move = [&](size_t i, bool first) {
        RootMove& m = moves[i];
        int v;
        if (multipv) {
            // Every root move gets an exact value within the full window, so they can be ranked.
            v = -child_value(m, -full_beta, -full_alpha);
        } else if (first) {
            v = -child_value(m, -beta, -alpha);
        } else {
            v = -child_value(m, -alpha - 1, -alpha);
            if (v > alpha && v < beta) v = -child_value(m, -beta, -alpha);
        }
        if (control_.stopped()) return false;
        m.score = v;
        if (v > best) {
            best = v;
            // The new best goes first; the others keep their order (later ones stay put).
            std::rotate(moves.begin(), moves.begin() + static_cast<long>(i),
                        moves.begin() + static_cast<long>(i) + 1);
            if (!multipv && v > alpha) alpha = v;
            if (!multipv && v >= beta) return false;
        }
        return true;
    };
    bool going = true;
    bool any_deferred = false;
    for (size_t i = 0; i < moves.size() && going; ++i) {
        moves[i].deferred = false;
        if (busy_ && i > 0 && busy_->busy(pair_key(moves[i].own, moves[i].opp))) {
            moves[i].deferred = any_deferred = true;
            continue;
        }
        going = value_move(i, i == 0);
    }
    for (size_t i = 0; i < moves.size() && going && any_deferred; ++i) {
        if (!moves[i].deferred) continue;
        moves[i].deferred = false;
        going = value_move(i, false);
    }
    if (control_.stopped()) return best;
    if (multipv)
        std::stable_sort(moves.begin(), moves.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    return best;
}

template <class B>
int Searcher<B>::root_midgame(std::vector<RootMove>& moves, int depth, int alpha, int beta) {
    return search_root(
        moves, alpha, beta, -MidInfinity, MidInfinity,
        [&](const RootMove& m, int a, int b) { return pvs(m.own, m.opp, depth - 1, a, b); });
}

template <class B>
int Searcher<B>::root_exact(std::vector<RootMove>& moves, int alpha, int beta) {
    return search_root(moves, alpha, beta, alpha, beta, [&](const RootMove& m, int a, int b) {
        return endgame_.solve(m.own, m.opp, a, b);
    });
}

template <class B>
std::vector<core::Square> Searcher<B>::principal_variation(B own, B opp, int first, bool exact) {
    std::vector<core::Square> pv{first};
    B f = flips(layout_, first, own, opp);
    B mover = opp & ~f;
    B other = own | f | core::square_bit<B>(first);
    const TranspositionTable& table = exact ? tables_.endgame : tables_.midgame;
    for (int ply = 0; ply < 40; ++ply) {
        const B moves = legal_moves(layout_, mover, other);
        if (!moves) {
            if (!legal_moves(layout_, other, mover)) break;
            pv.push_back(core::PassMove);
            std::swap(mover, other);
            continue;
        }
        TtEntry e;
        if (!table.probe(pair_key(mover, other), e) || e.move == TtEntry::NoTtMove ||
            !((moves >> e.move) & 1))
            break;
        const int sq = e.move;
        pv.push_back(sq);
        f = flips(layout_, sq, mover, other);
        const B next_mover = other & ~f;
        other = mover | f | core::square_bit<B>(sq);
        mover = next_mover;
    }
    return pv;
}

template <class B>
void Searcher<B>::fill_result(SearchResult& r, const std::vector<RootMove>& moves,
                              bool exact) const {
    count_work(r);
    r.seconds = control_.elapsed();
    r.root_moves.clear();
    if (settings_.multipv > 1) {
        const size_t keep = std::min(moves.size(), static_cast<size_t>(settings_.multipv));
        for (size_t i = 0; i < keep; ++i)
            r.root_moves.push_back(
                {moves[i].sq, exact ? moves[i].score : to_discs(moves[i].score), exact});
    }
}

template <class B>
SearchResult Searcher<B>::run(B own, B opp, const IterationCallback& on_iteration) {
    SearchResult result;
    const int empties = layout_.playable_count - count(own | opp);
    const bool exact_root = settings_.exact || settings_.wld ||
                            (settings_.exact_empties > 0 && empties <= settings_.exact_empties);
    // Under a time budget an exact root is tried only after a full midgame deepening, whose
    // move stands if the solve does not finish in time (the solve is all or nothing).
    const bool deepen_first =
        exact_root && settings_.budgeted && !settings_.exact && !settings_.wld;
    B root_moves = legal_moves(layout_, own, opp);
    // A solve that reports one best move tries one of each set of symmetric twins (the
    // midgame keeps them all: its evaluation's noise may tell twins apart).
    if (exact_root && !deepen_first && settings_.multipv <= 1)
        root_moves &= ~symmetry_.twins(own, opp, root_moves);
    std::vector<RootMove> moves;
    for (B m = root_moves; m;) {
        const int sq = core::pop_lsb(m);
        const B f = flips(layout_, sq, own, opp);
        moves.push_back({sq, opp & ~f, own | f | core::square_bit<B>(sq), 0});
    }
    // Static order first, so that even a search stopped at once answers a sensible move.
    std::stable_sort(moves.begin(), moves.end(), [&](const RootMove& a, const RootMove& b) {
        return layout_.square_value[a.sq] > layout_.square_value[b.sq];
    });
    result.best = moves.front().sq;
    result.pv = {result.best};

    // Step 1. Iterative deepening (for an exact root, a short one that orders the moves).
    int max_depth = std::min(settings_.max_depth, empties);
    if (exact_root && !deepen_first) {
        max_depth = empties > 12 ? std::min(8, empties / 3) : 0;
        solve_in_tree_ = false;
    }
    int score = 0;
    for (int depth = 1; depth <= max_depth; ++depth) {
        int delta = 60;
        int alpha = depth >= 3 ? score - delta : -MidInfinity;
        int beta = depth >= 3 ? score + delta : MidInfinity;
        int v = 0;
        for (;;) {
            v = root_midgame(moves, depth, alpha, beta);
            if (control_.stopped()) break;
            if (v <= alpha && alpha > -MidInfinity) {
                delta *= 3;
                alpha = delta > 2000 ? -MidInfinity : std::max(-MidInfinity, v - delta);
            } else if (v >= beta && beta < MidInfinity) {
                delta *= 3;
                beta = delta > 2000 ? MidInfinity : std::min(MidInfinity, v + delta);
            } else {
                break;
            }
        }
        if (control_.stopped()) break;
        score = v;
        result.best = moves.front().sq;
        result.score = to_discs(v);
        result.exact = false;
        result.depth = depth;
        result.pv = principal_variation(own, opp, result.best, false);
        fill_result(result, moves, false);
        // An exact root only reports the solved result; this pass just orders its moves.
        if (exact_root && !deepen_first) continue;
        if (on_iteration) on_iteration(result);
        if (deepen_first ? control_.past(MidgameShareBeforeSolve)
                         : control_.should_not_start_iteration())
            break;
    }
    if (!exact_root || control_.stopped()) {
        fill_result(result, moves, false);
        return result;
    }

    // Step 2. Exact root: an aspiration window around the estimate, widened on failure.
    solve_in_tree_ = true;
    SearchResult midgame_result = result;
    const int limit = layout_.playable_count;
    const bool guessed = max_depth > 0 && settings_.multipv <= 1;
    int guess = std::clamp(to_discs(score), -limit, limit);
    // A failed window is widened only past the fail-soft bound, by a step that doubles:
    // the evaluation's guess is often several discs off, and a narrow window is much
    // cheaper to solve than a half-open one (measured on FFO #40-#44).
    const auto solve_around = [&](int half_width) {
        int alpha = -limit - 1;
        int beta = limit + 1;
        if (settings_.wld) {
            alpha = -1;
            beta = 1;
        } else if (guessed) {
            alpha = guess - half_width;
            beta = guess + half_width;
        }
        int v = 0;
        int step = 8;
        for (;;) {
            v = root_exact(moves, alpha, beta);
            if (control_.stopped() || settings_.wld) break;
            if (v <= alpha && alpha > -limit - 1) {
                beta = std::min(beta, v + 1);
                alpha = std::max(-limit - 1, v - step);
            } else if (v >= beta && beta < limit + 1) {
                alpha = std::max(alpha, v - 1);
                beta = std::min(limit + 1, v + step);
            } else {
                break;
            }
            step *= 2;
        }
        return v;
    };
    // Iterative Multi-ProbCut: selective solves of rising confidence first, each leaving
    // best moves in the table that order the next, and a better guess for its window.
    if (guessed && endgame_.selective() && empties >= SelectiveRootEmpties) {
        for (int level = 0; level < Endgame<B>::SelectiveLevels && !control_.stopped(); ++level) {
            endgame_.set_level(level);
            const int v = solve_around(SelectiveWindow);
            if (!control_.stopped()) guess = std::clamp(v, -limit, limit);
        }
        endgame_.set_level(Endgame<B>::FullLevel);
    }
    const int v = control_.stopped() ? 0 : solve_around(ExactWindow);
    if (control_.stopped()) {
        if (deepen_first) {
            count_work(midgame_result);
            midgame_result.seconds = control_.elapsed();
            return midgame_result;
        }
        fill_result(result, moves, false);
        return result;
    }
    result.best = moves.front().sq;
    result.score = settings_.wld ? (v > 0) - (v < 0) : v;
    result.exact = true;
    result.depth = empties;
    result.pv = principal_variation(own, opp, result.best, true);
    fill_result(result, moves, true);
    if (on_iteration) on_iteration(result);
    return result;
}

template <class B>
SearchResult run_layout(const core::Position& pos, const SearchSettings& settings,
                        SearchTables& tables, SearchControl& control,
                        const IterationCallback& on_iteration) {
    const Layout<B> layout(pos.geometry());
    const B own = narrow_word<B>(pos.discs(pos.side()));
    const B opp = narrow_word<B>(pos.discs(1 - pos.side()));
    const bool anti = pos.variant().anti();
    const int threads = std::clamp(settings.threads, 1, MaxThreads);
    if (threads == 1) {
        Searcher<B> searcher(layout, pos.geometry(), anti, settings, tables, control, nullptr);
        return searcher.run(own, opp, on_iteration);
    }
    // Lazy SMP: helpers search the same root on the shared tables, putting off the nodes
    // another thread is in. Whichever thread finishes first gives the result and stops the
    // others: a helper that ran ahead is as exact as the main thread, and without this the
    // main thread finished the search alone once its helper was done (no gain at 2 threads).
    BusyTable busy;
    std::stop_source stop_helpers;
    std::stop_source helper_finished;
    control.add_stop(helper_finished.get_token());
    std::atomic<uint64_t> helper_nodes{0};
    std::atomic<uint64_t> helper_ordering_nodes{0};
    std::mutex winner_mutex;
    std::optional<SearchResult> winner;
    SearchResult result;
    uint64_t main_nodes = 0;
    uint64_t main_ordering_nodes = 0;
    {
        std::vector<std::jthread> helpers;
        for (int t = 1; t < threads; ++t)
            helpers.emplace_back([&] {
                SearchControl helper_control(stop_helpers.get_token(), 0, 0);
                Searcher<B> helper(layout, pos.geometry(), anti, settings, tables, helper_control,
                                   &busy);
                SearchResult r = helper.run(own, opp, {});
                helper_nodes += helper.nodes();
                helper_ordering_nodes += helper.ordering_nodes();
                if (helper_control.stopped()) return;
                const std::lock_guard lock(winner_mutex);
                if (!winner) winner = std::move(r);
                helper_finished.request_stop();
            });
        Searcher<B> searcher(layout, pos.geometry(), anti, settings, tables, control, &busy);
        result = searcher.run(own, opp, on_iteration);
        main_nodes = searcher.nodes();
        main_ordering_nodes = searcher.ordering_nodes();
        stop_helpers.request_stop();
    }  // the helpers stop within a few thousand nodes and join here
    if (control.stopped() && helper_finished.stop_requested() && winner) {
        result = std::move(*winner);
        if (on_iteration) on_iteration(result);
    }
    result.nodes = main_nodes + helper_nodes.load();
    result.ordering_nodes = main_ordering_nodes + helper_ordering_nodes.load();
    return result;
}

}  // namespace

int solver_probe_depth(int empties) {
    return empties >= ProbeDepth3Empties   ? 3
           : empties >= ProbeDepth2Empties ? 2
           : empties >= ProbeDepth1Empties ? 1
                                           : 0;
}

std::vector<int> midgame_values(const core::Position& pos, int max_depth, SearchTables& tables,
                                bool probcut) {
    SearchSettings settings;
    settings.probcut = probcut;
    SearchControl control(std::stop_token{}, 0, 0);
    tables.clear();
    const auto values = [&]<class B>(B) {
        const Layout<B> layout(pos.geometry());
        Searcher<B> searcher(layout, pos.geometry(), pos.variant().anti(), settings, tables,
                             control, nullptr);
        return searcher.values_by_depth(narrow_word<B>(pos.discs(pos.side())),
                                        narrow_word<B>(pos.discs(1 - pos.side())), max_depth);
    };
    if (pos.geometry().narrow()) return values(uint64_t{0});
    return values(core::u128{0});
}

SearchResult search_two_player(const core::Position& pos, const SearchSettings& settings,
                               SearchTables& tables, SearchControl& control,
                               const IterationCallback& on_iteration) {
    // A small board's solved openings answer an exact root at once (docs/ENGINE.md).
    // Positions past the deepest table ply are not looked up (nor is the table loaded).
    const int played = pos.geometry().playable_count() - core::popcount(pos.empty());
    if ((settings.exact || settings.wld) && settings.solved_openings && settings.multipv <= 1 &&
        pos.geometry().narrow() && played <= MaxSolvedOpeningPlies + 4) {
        if (const auto table =
                solved_openings(shape_variant_key(pos.geometry().shape(), pos.variant().anti())))
            if (auto r = solved_opening_result(*table, pos, settings.wld)) {
                r->seconds = control.elapsed();
                if (on_iteration) on_iteration(*r);
                return *r;
            }
    }
    tables.midgame.new_search();
    tables.endgame.new_search();
    if (pos.geometry().narrow())
        return run_layout<uint64_t>(pos, settings, tables, control, on_iteration);
    return run_layout<core::u128>(pos, settings, tables, control, on_iteration);
}

}  // namespace reversi::engine
