// SPDX-License-Identifier: MIT
// Multi-player MCTS with max^n backups. The tree lives in one vector of small nodes (a
// node's children are contiguous, positions are replayed from the root), so memory is
// bounded by the pool; when it fills, prune() drops the least visited subtrees and the
// search goes on. Each iteration: Step 1 descends by UCT, each node's mover maximising
// its own mean reward; Step 2 expands the leaf, evaluating every child (the evaluation counts
// as PriorVisits visits of the child: the playout and the prior in one); Step 3 backs the
// mover's best child's rewards up the path (a 1-ply max^n value, so a leaf's value does not
// mix its mover's bad moves in) and moves proofs up.
#include "engine/multiplayer_mcts.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <vector>

#include "core/bitboard.h"
#include "engine/multiplayer_eval.h"
#include "engine/multiplayer_leaf.h"

namespace reversi::engine {

namespace {

using core::Position;
using core::u128;
using Clock = std::chrono::steady_clock;

// UCT's exploration constant for rewards in [0, 1].
constexpr double Exploration = 0.3;
// How many visits a child's evaluation counts for before any iteration passes through it.
constexpr int PriorVisits = 2;
// Room for the largest expansion: every square of the widest board a move.
constexpr size_t ExpansionRoom = 128;
// The logistic curve turns a margin of playable squares / LogisticDiscs discs into a reward
// of 1 / (1 + e^-1), about 0.73: a few discs ahead is a likely win on any board size.
constexpr double LogisticDiscs = 12.0;

// One reward per seat: 1 a win, 0.5 a draw of the table, 0 a loss; an evaluation's reward
// lies in between.
using Rewards = std::array<float, core::MaxPlayers>;

struct Node {
    Rewards sum{};  // rewards backed up through this node, per seat
    uint32_t visits = 0;
    uint32_t first = 0;  // index of the first child
    uint16_t children = 0;
    uint8_t square = 0;  // the move that led here
    uint8_t mover = 0;   // the seat to move here
    bool expanded = false;
    bool solved = false;
    // When solved: each seat's result in half points (0 loss, 1 draw, 2 win).
    std::array<uint8_t, core::MaxPlayers> exact{};
};

class Mcts {
  public:
    Mcts(const Position& root, const SearchLimits& limits, int noise, std::stop_token stop,
         size_t pool)
        : leaf_(root, limits, noise),
          root_(root),
          players_(root.players()),
          root_seat_(root.side()),
          anti_(root.variant().anti()),
          scale_(root.geometry().playable_count() * double(DiscScale) / LogisticDiscs),
          limits_(limits),
          pool_(std::max<size_t>(pool, 1024)),
          stop_(std::move(stop)),
          start_(Clock::now()) {
        if (limits_.nodes == 0 && limits_.seconds <= 0) limits_.nodes = MctsDefaultNodes;
    }

    SearchResult run(const IterationCallback& on_iteration);

  private:
    // Step 2: creates and evaluates the children of `index` (the node of `pos`); returns the
    // rewards of the child best for the mover.
    Rewards expand(uint32_t index, const Position& pos);
    // Step 1: the child the node's mover explores next.
    uint32_t select(uint32_t index) const;
    // Step 3: marks the node solved when its children prove it; true when they do.
    bool prove(Node& node);
    // Makes room in a full pool: keeps at most half of it (the root, its children and the
    // subtrees of the most visited nodes); every other node becomes a leaf again, keeping its
    // visits, rewards and proof, and is expanded anew when an iteration reaches it.
    void prune();
    // Whether prune() keeps the children of `index` at visit threshold `threshold`.
    bool keeps_children(uint32_t index, uint32_t threshold) const {
        const Node& n = tree_[index];
        return n.expanded && (index == 0 || (!n.solved && n.visits >= threshold));
    }
    // Each seat's reward for an unfinished position, from the evaluation.
    Rewards evaluate(const Position& pos) const;
    // Each seat's result of a finished game in half points.
    std::array<uint8_t, core::MaxPlayers> result_of(const Position& pos) const;
    double mean(const Node& n, int seat) const {
        return n.solved ? n.exact[seat] / 2.0 : n.sum[seat] / n.visits;
    }
    Rewards exact_rewards(const Node& n) const {
        Rewards r{};
        for (int s = 0; s < players_; ++s) r[s] = n.exact[s] / 2.0f;
        return r;
    }
    // The root's children ranked for play: proven wins first, proven losses last, then by
    // visits and mean.
    bool better_for_root(const Node& a, const Node& b) const;
    int score_of(const Node& child) const;
    SearchResult result() const;
    bool out_of_budget();
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    MultiLeafEval leaf_;
    Position root_;
    int players_;
    int root_seat_;
    bool anti_;
    double scale_;  // hundredths of a disc per unit of the logistic curve
    SearchLimits limits_;
    size_t pool_;  // the tree's bound in nodes
    std::stop_token stop_;
    Clock::time_point start_;
    std::vector<Node> tree_;
    uint64_t nodes_ = 0;
    uint64_t iterations_ = 0;
    int depth_ = 0;
    bool stopped_ = false;
};

Rewards Mcts::evaluate(const Position& pos) const {
    Rewards r{};
    const double to_hundredths = double(DiscScale) / leaf_.disc_weight(pos);
    for (int s = 0; s < players_; ++s) {
        const double margin = leaf_.value(pos, s) * to_hundredths;
        r[s] = static_cast<float>(1.0 / (1.0 + std::exp(-margin / scale_)));
    }
    return r;
}

std::array<uint8_t, core::MaxPlayers> Mcts::result_of(const Position& pos) const {
    const core::Outcome o = pos.outcome();
    std::array<uint8_t, core::MaxPlayers> half{};
    for (int s = 0; s < players_; ++s) {
        const int margin = multiplayer_margin(o, players_, s, anti_);
        half[s] = margin > 0 ? 2 : margin == 0 ? 1 : 0;
    }
    return half;
}

Rewards Mcts::expand(uint32_t index, const Position& pos) {
    u128 moves = pos.legal_moves();
    const auto first = static_cast<uint32_t>(tree_.size());
    const int mover = pos.side();
    Rewards best{};
    float best_value = -1;
    while (moves) {
        const core::Square sq = core::pop_lsb(moves);
        const Position child = pos.after(sq);
        Node c;
        c.square = static_cast<uint8_t>(sq);
        c.mover = static_cast<uint8_t>(child.side());
        c.visits = PriorVisits;
        Rewards r{};
        if (!child.legal_moves()) {
            c.solved = true;
            c.exact = result_of(child);
            r = exact_rewards(c);
        } else {
            r = evaluate(child);
        }
        for (int s = 0; s < players_; ++s) c.sum[s] = r[s] * PriorVisits;
        if (r[mover] > best_value) {
            best_value = r[mover];
            best = r;
        }
        tree_.push_back(c);
        ++nodes_;
    }
    Node& n = tree_[index];
    n.first = first;
    n.children = static_cast<uint16_t>(tree_.size() - first);
    n.expanded = true;
    return best;
}

uint32_t Mcts::select(uint32_t index) const {
    const Node& n = tree_[index];
    const int m = n.mover;
    // The children's visits, their evaluations' included.
    const double log_visits = std::log(double(n.visits) + double(n.children) * PriorVisits);
    uint32_t best = n.first;
    double best_score = -1e300;
    for (uint32_t i = n.first; i < n.first + n.children; ++i) {
        const Node& c = tree_[i];
        // A proven child's value is known: visiting it again teaches nothing, and every
        // iteration must expand a node. An open node always has an open child.
        if (c.solved) continue;
        const double score = c.sum[m] / c.visits + Exploration * std::sqrt(log_visits / c.visits);
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return best;
}

bool Mcts::prove(Node& n) {
    const int m = n.mover;
    const Node* best = nullptr;
    bool all_proven = true;
    for (uint32_t i = n.first; i < n.first + n.children; ++i) {
        const Node& c = tree_[i];
        if (!c.solved) {
            all_proven = false;
            continue;
        }
        // A won child proves the node even while others are open.
        if (c.exact[m] == 2) {
            best = &c;
            all_proven = true;
            break;
        }
        // Among results equal for the mover, max^n leaves the choice open: assume the one
        // worst for the root seat, so a proof for the root holds whatever the mover picks.
        if (!best || c.exact[m] > best->exact[m] ||
            (c.exact[m] == best->exact[m] && c.exact[root_seat_] < best->exact[root_seat_]))
            best = &c;
    }
    if (!all_proven) return false;
    n.solved = true;
    n.exact = best->exact;
    return true;
}

bool Mcts::out_of_budget() {
    if (stopped_) return true;
    if (tree_.size() + ExpansionRoom > pool_) prune();
    // Only when the root's children alone fill the pool (a test's tiny pool).
    if (tree_.size() + ExpansionRoom > pool_) stopped_ = true;
    if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
    if ((iterations_ & 15) == 0 &&
        (stop_.stop_requested() || (limits_.seconds > 0 && elapsed() >= limits_.seconds)))
        stopped_ = true;
    return stopped_;
}

void Mcts::prune() {
    // The smallest threshold (doubling) whose kept tree fills at most half the pool.
    const auto kept_size = [&](uint32_t threshold) {
        size_t size = 1;
        std::vector<uint32_t> stack{0};
        while (!stack.empty()) {
            const uint32_t i = stack.back();
            stack.pop_back();
            if (!keeps_children(i, threshold)) continue;
            size += tree_[i].children;
            for (uint32_t c = tree_[i].first; c < tree_[i].first + tree_[i].children; ++c)
                stack.push_back(c);
        }
        return size;
    };
    uint32_t threshold = 2 * PriorVisits;
    while (threshold < (uint32_t(1) << 31) && kept_size(threshold) > pool_ / 2) threshold *= 2;
    // Copy the kept nodes breadth first, each node's children still contiguous.
    std::vector<Node> kept;
    kept.reserve(pool_);
    std::vector<uint32_t> origin;  // each kept node's index in tree_
    kept.push_back(tree_[0]);
    origin.push_back(0);
    for (size_t i = 0; i < kept.size(); ++i) {
        if (!keeps_children(origin[i], threshold)) {
            kept[i].expanded = false;
            kept[i].first = 0;
            kept[i].children = 0;
            continue;
        }
        const uint32_t first = tree_[origin[i]].first;
        kept[i].first = static_cast<uint32_t>(kept.size());
        for (uint32_t c = first; c < first + kept[i].children; ++c) {
            kept.push_back(tree_[c]);
            origin.push_back(c);
        }
    }
    tree_.swap(kept);
}

bool Mcts::better_for_root(const Node& a, const Node& b) const {
    const auto rank = [&](const Node& n) {
        return n.solved ? (n.exact[root_seat_] == 2 ? 2 : n.exact[root_seat_] == 0 ? 0 : 1) : 1;
    };
    if (rank(a) != rank(b)) return rank(a) > rank(b);
    if (a.visits != b.visits) return a.visits > b.visits;
    return mean(a, root_seat_) > mean(b, root_seat_);
}

int Mcts::score_of(const Node& c) const {
    if (c.solved) {
        if (c.exact[root_seat_] == 2) return MultiWin;
        if (c.exact[root_seat_] == 0) return -MultiWin;
        return 0;
    }
    // The logistic curve read backwards: the margin whose reward is the mean.
    const double q = std::clamp(mean(c, root_seat_), 1e-4, 1 - 1e-4);
    return static_cast<int>(std::lround(scale_ * std::log(q / (1 - q))));
}

SearchResult Mcts::result() const {
    SearchResult r;
    const Node& root = tree_[0];
    std::vector<uint32_t> order;
    for (uint32_t i = root.first; i < root.first + root.children; ++i) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return better_for_root(tree_[a], tree_[b]); });
    // Iterations no longer visit proven children, so a proven draw competes by its value
    // with the most visited open child.
    if (!tree_[order[0]].solved)
        for (size_t k = 1; k < order.size(); ++k) {
            const Node& c = tree_[order[k]];
            if (c.solved && c.exact[root_seat_] == 1 && 0.5 > mean(tree_[order[0]], root_seat_)) {
                std::rotate(order.begin(), order.begin() + static_cast<long>(k),
                            order.begin() + static_cast<long>(k) + 1);
                break;
            }
        }
    const Node& best = tree_[order[0]];
    r.best = best.square;
    r.score = score_of(best);
    r.depth = depth_;
    r.nodes = nodes_;
    r.seconds = elapsed();
    // The principal variation: each mover's most visited child.
    for (const Node* n = &best;;) {
        r.pv.push_back(n->square);
        if (!n->expanded) break;
        const Node* next = &tree_[n->first];
        for (uint32_t i = n->first; i < n->first + n->children; ++i)
            if (tree_[i].visits > next->visits) next = &tree_[i];
        n = next;
    }
    if (limits_.multipv > 1)
        for (const uint32_t i : order)
            r.root_moves.push_back({tree_[i].square, score_of(tree_[i]), false});
    return r;
}

SearchResult Mcts::run(const IterationCallback& on_iteration) {
    const u128 moves = root_.legal_moves();
    if (!moves) return {};  // the game is over: NoSquare
    tree_.reserve(4096);
    Node root;
    root.mover = static_cast<uint8_t>(root_seat_);
    root.visits = 1;
    tree_.push_back(root);
    expand(0, root_);
    if (prove(tree_[0]) || core::popcount(moves) == 1) return result();

    uint64_t next_report = 1024;
    std::vector<uint32_t> path;
    while (!tree_[0].solved && !out_of_budget()) {
        ++iterations_;
        // Step 1. Selection: down to a node that is not expanded yet, or proven.
        path.assign(1, 0);
        Position pos = root_;
        uint32_t index = 0;
        while (tree_[index].expanded && !tree_[index].solved) {
            index = select(index);
            pos.play(tree_[index].square);
            path.push_back(index);
        }
        depth_ = std::max(depth_, static_cast<int>(path.size()) - 1);
        // Step 2. Expansion and evaluation (a proven node's result is exact already).
        bool proved = false;
        Rewards reward{};
        if (tree_[index].solved) {
            reward = exact_rewards(tree_[index]);
        } else {
            reward = expand(index, pos);
            proved = prove(tree_[index]);
        }
        // Step 3. Backup; a new proof may prove the parent too.
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            Node& n = tree_[*it];
            ++n.visits;
            for (int s = 0; s < players_; ++s) n.sum[s] += reward[s];
            if (it != path.rbegin() && proved && !n.solved) proved = prove(n);
        }
        if (on_iteration && nodes_ >= next_report) {
            next_report *= 2;
            on_iteration(result());
        }
    }
    SearchResult r = result();
    if (on_iteration) on_iteration(r);
    return r;
}

}  // namespace

SearchResult mcts_search(const core::Position& root, const SearchLimits& limits, int noise,
                         std::stop_token stop, const IterationCallback& on_iteration,
                         size_t pool_nodes) {
    Mcts search(root, limits, noise, std::move(stop), pool_nodes);
    return search.run(on_iteration);
}

}  // namespace reversi::engine
