// SPDX-License-Identifier: MIT
// Paranoid and Best-Reply alpha-beta for 3-4 players. Values are always from the root seat's
// point of view (trained patterns where the variant ships weights, else MultiEval; terminal
// values always MultiEval's), so both methods are max/min searches rather than negamax. Move
// ordering uses the remembered best move, anchors, and a history table per search; an aborted
// iteration is thrown away, so the answer is always the best move of a completed iteration.
#include "engine/multiplayer.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/bitboard.h"
#include "engine/levels.h"
#include "engine/multiplayer_leaf.h"
#include "engine/multiplayer_mcts.h"

namespace reversi::engine {

namespace {

using core::Position;
using core::Square;
using core::u128;
using Clock = std::chrono::steady_clock;

constexpr int Infinity = 2 * MultiWin;
// Enough for every (opponent, move) pair of a BRS reply layer on the largest board.
constexpr int MaxMoves = 3 * 100;

// A level (docs/LEVELS.md) sets depth, noise and, where the caller gave none, the time.
void apply_level(int level, int players, SearchLimits& limits, MultiOptions& options) {
    if (level <= 0) return;
    const LevelSettings settings = level_settings(level, players);
    limits.depth = settings.depth;
    if (limits.seconds <= 0) limits.seconds = settings.seconds;
    options.noise = settings.noise;
}

Position with_side(const Position& pos, int seat) {
    std::array<u128, core::MaxPlayers> discs{};
    for (int s = 0; s < pos.players(); ++s) discs[s] = pos.discs(s);
    return Position::from_discs(pos.variant(), discs, pos.neutral(), seat);
}

// The best move found in a position, kept for ordering only (never for values, so a collision
// costs time, not correctness). A move is its square plus 128 times its seat.
struct MoveMemo {
    uint64_t key = 0;
    int move = -1;
};
constexpr size_t MemoSize = size_t(1) << 16;

struct Candidate {
    Square square;
    int seat;
    uint32_t key;
};

// Sorts a move list by key, highest first, equal keys in the order generated: the same order on
// every C++ library (std::sort leaves equal keys in an order of its own, which made the bench's
// 3-4 player node counts differ between libstdc++ and the WebAssembly build's libc++). An
// insertion sort, as libstdc++'s std::sort is on lists of up to 16, so the counts stayed.
void sort_by_key(Candidate* list, int n) {
    for (int i = 1; i < n; ++i) {
        const Candidate c = list[i];
        int j = i;
        for (; j > 0 && list[j - 1].key < c.key; --j) list[j] = list[j - 1];
        list[j] = c;
    }
}

class MultiSearch {
  public:
    MultiSearch(const Position& root, const SearchLimits& limits, const MultiOptions& options,
                std::stop_token stop)
        : leaf_(root, limits, options.noise),
          eval_(leaf_.handmade()),
          root_seat_(root.side()),
          limits_(limits),
          options_(options),
          stop_(std::move(stop)),
          start_(Clock::now()) {}

    SearchResult run(const Position& root, const IterationCallback& on_iteration);

  private:
    int paranoid(const Position& pos, int depth, int alpha, int beta);
    int brs_max(const Position& pos, int depth, int alpha, int beta);
    int brs_min(const Position& pos, int depth, int alpha, int beta);
    // Value of the root seat's move `pos` (the position after it) at `depth` plies.
    int child_value(const Position& pos, int depth, int alpha, int beta) {
        return options_.algorithm == MultiAlgorithm::Paranoid ? paranoid(pos, depth, alpha, beta)
                                                              : brs_min(pos, depth, alpha, beta);
    }
    // The static value of a leaf for the root seat, with the level's noise.
    int leaf(const Position& pos) const { return leaf_.value(pos, root_seat_); }
    // Counts a node; true when the search must stop now.
    bool visit();
    // Appends `seat`'s moves with their ordering keys; the remembered best move comes first.
    int order(int seat, u128 moves, int memo_move, Candidate* out, int count) const;
    MoveMemo& memo(uint64_t key) { return memo_[key & (MemoSize - 1)]; }
    int recall(uint64_t key) {
        const MoveMemo& m = memo(key);
        return m.key == key ? m.move : -1;
    }
    void reward(int seat, Square sq, int depth) { history_[seat][sq] += depth * depth; }
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    MultiLeafEval leaf_;
    const MultiEval& eval_;  // leaf_'s hand-made evaluation: anchors and finished games
    int root_seat_;
    SearchLimits limits_;
    MultiOptions options_;
    std::stop_token stop_;
    Clock::time_point start_;
    uint64_t nodes_ = 0;
    bool aborted_ = false;
    std::array<std::array<uint32_t, 128>, core::MaxPlayers> history_{};
    std::vector<MoveMemo> memo_ = std::vector<MoveMemo>(MemoSize);
};

bool MultiSearch::visit() {
    ++nodes_;
    if (aborted_) return true;
    if ((nodes_ & 1023) == 0) {
        if (stop_.stop_requested() || (limits_.nodes && nodes_ >= limits_.nodes) ||
            (limits_.seconds > 0 && elapsed() >= limits_.seconds))
            aborted_ = true;
    }
    return aborted_;
}

int MultiSearch::order(int seat, u128 moves, int memo_move, Candidate* out, int count) const {
    const u128 anchors = eval_.anchors();
    while (moves) {
        const Square sq = core::pop_lsb(moves);
        uint32_t key = std::min(history_[seat][sq], (1u << 29) - 1);
        if ((anchors >> sq) & 1) key += 1u << 29;
        if (sq + 128 * seat == memo_move) key += 1u << 31;
        out[count++] = {sq, seat, key};
    }
    return count;
}

int MultiSearch::paranoid(const Position& pos, int depth, int alpha, int beta) {
    if (visit()) return 0;
    const u128 moves = pos.legal_moves();
    if (!moves) return eval_.terminal(pos, root_seat_);
    if (depth <= 0) return leaf(pos);
    Candidate list[MaxMoves];
    const int seat = pos.side();
    const uint64_t key = pos.key();
    const int n = order(seat, moves, recall(key), list, 0);
    sort_by_key(list, n);
    const bool maximising = seat == root_seat_;
    int best = maximising ? -Infinity : Infinity;
    int best_i = 0;
    for (int i = 0; i < n; ++i) {
        const int v = paranoid(pos.after(list[i].square), depth - 1, alpha, beta);
        if (maximising ? v > best : v < best) {
            best = v;
            best_i = i;
        }
        if (maximising)
            alpha = std::max(alpha, v);
        else
            beta = std::min(beta, v);
        if (alpha >= beta) {
            reward(seat, list[i].square, depth);
            break;
        }
    }
    if (!aborted_) memo(key) = {key, list[best_i].square + 128 * seat};
    return best;
}

int MultiSearch::brs_max(const Position& pos, int depth, int alpha, int beta) {
    if (visit()) return 0;
    const u128 moves = pos.legal_moves();
    if (!moves) return eval_.terminal(pos, root_seat_);
    if (depth <= 0) return leaf(pos);
    Candidate list[MaxMoves];
    const uint64_t key = pos.key();
    const int n = order(root_seat_, moves, recall(key), list, 0);
    sort_by_key(list, n);
    int best = -Infinity;
    int best_i = 0;
    for (int i = 0; i < n; ++i) {
        const int v = brs_min(pos.after(list[i].square), depth - 1, alpha, beta);
        if (v > best) {
            best = v;
            best_i = i;
        }
        alpha = std::max(alpha, v);
        if (alpha >= beta) {
            reward(root_seat_, list[i].square, depth);
            break;
        }
    }
    if (!aborted_) memo(key) = {key, list[best_i].square + 128 * root_seat_};
    return best;
}

// The reply layer: every opponent's moves are tried from the same position, and after any of
// them the root seat moves next (the other opponents are skipped, as BRS prescribes).
int MultiSearch::brs_min(const Position& pos, int depth, int alpha, int beta) {
    if (visit()) return 0;
    // With 3-4 players the game ends for everyone at once: no empty square touches a disc.
    if (!pos.legal_moves()) return eval_.terminal(pos, root_seat_);
    if (depth <= 0) return leaf(pos);
    Candidate list[MaxMoves];
    std::array<Position, core::MaxPlayers> movers;
    int n = 0;
    const uint64_t key = pos.key();
    const int remembered = recall(key);
    for (int seat = 0; seat < pos.players(); ++seat) {
        if (seat == root_seat_) continue;
        movers[seat] = with_side(pos, seat);
        n = order(seat, movers[seat].legal_moves(), remembered, list, n);
    }
    sort_by_key(list, n);
    int best = Infinity;
    int best_i = 0;
    for (int i = 0; i < n; ++i) {
        const Position reply = movers[list[i].seat].after(list[i].square);
        const int v = brs_max(with_side(reply, root_seat_), depth - 1, alpha, beta);
        if (v < best) {
            best = v;
            best_i = i;
        }
        beta = std::min(beta, v);
        if (alpha >= beta) {
            reward(list[i].seat, list[i].square, depth);
            break;
        }
    }
    if (!aborted_) memo(key) = {key, list[best_i].square + 128 * list[best_i].seat};
    return best;
}

SearchResult MultiSearch::run(const Position& root, const IterationCallback& on_iteration) {
    SearchResult result;
    const u128 moves = root.legal_moves();
    if (!moves) return result;  // the game is over: NoSquare
    Candidate list[MaxMoves];
    const int n = order(root_seat_, moves, -1, list, 0);
    sort_by_key(list, n);
    result.best = list[0].square;
    result.pv = {result.best};

    // Multi-move analysis needs every root value exact, not a bound.
    const bool exact_root = limits_.multipv > 1;
    const int empties = core::popcount(root.empty());
    int max_depth = limits_.depth > 0 ? limits_.depth : 64;
    if (limits_.depth <= 0 && limits_.seconds <= 0 && limits_.nodes == 0) max_depth = 5;
    max_depth = std::min(max_depth, std::max(empties, 1));

    std::array<int, MaxMoves> values{};
    for (int depth = 1; depth <= max_depth; ++depth) {
        int alpha = -Infinity;
        for (int i = 0; i < n; ++i) {
            const int v = child_value(root.after(list[i].square), depth - 1,
                                      exact_root ? -Infinity : alpha, Infinity);
            if (aborted_) break;
            values[i] = v;
            alpha = std::max(alpha, v);
        }
        if (aborted_) break;
        // Stable sort: among equal values the earlier (better ordered) move stays first.
        std::array<int, MaxMoves> index{};
        for (int i = 0; i < n; ++i) index[i] = i;
        std::stable_sort(index.begin(), index.begin() + n,
                         [&](int a, int b) { return values[a] > values[b]; });
        Candidate sorted[MaxMoves];
        std::array<int, MaxMoves> sorted_values{};
        for (int i = 0; i < n; ++i) {
            sorted[i] = list[index[i]];
            sorted_values[i] = values[index[i]];
        }
        std::copy(sorted, sorted + n, list);
        values = sorted_values;

        result.best = list[0].square;
        result.score = values[0];
        result.depth = depth;
        result.pv = {result.best};
        result.root_moves.clear();
        if (exact_root)
            for (int i = 0; i < n; ++i)
                result.root_moves.push_back({list[i].square, values[i], false});
        result.nodes = nodes_;
        result.seconds = elapsed();
        if (on_iteration) on_iteration(result);
        // A proven result cannot change with depth; and an iteration that used most of the
        // budget leaves too little for the next one, which costs several times more.
        if (std::abs(result.score) >= MultiWin / 2 && options_.noise == 0) break;
        if (limits_.seconds > 0 && elapsed() > 0.4 * limits_.seconds) break;
    }
    result.nodes = nodes_;
    result.seconds = elapsed();
    return result;
}

}  // namespace

std::string algorithm_name(MultiAlgorithm algorithm) {
    switch (algorithm) {
        case MultiAlgorithm::Paranoid:
            return "paranoid";
        case MultiAlgorithm::Mcts:
            return "mcts";
        case MultiAlgorithm::BestReply:
            break;
    }
    return "brs";
}

std::optional<MultiAlgorithm> parse_algorithm(const std::string& text) {
    if (text == "paranoid") return MultiAlgorithm::Paranoid;
    if (text == "brs" || text == "best-reply") return MultiAlgorithm::BestReply;
    if (text == "mcts") return MultiAlgorithm::Mcts;
    return std::nullopt;
}

MultiAlgorithm multiplayer_level_method(int level, const core::Variant& variant) {
    return level > 0 && level_plays_mcts(level, variant) ? MultiAlgorithm::Mcts
                                                         : DefaultMultiAlgorithm;
}

SearchResult multiplayer_search(const core::Position& pos, const SearchLimits& limits,
                                std::stop_token stop, const IterationCallback& on_iteration) {
    const MultiOptions options{multiplayer_level_method(limits.level, pos.variant())};
    return multiplayer_search(pos, limits, options, std::move(stop), on_iteration);
}

SearchResult multiplayer_search(const core::Position& pos, const SearchLimits& limits,
                                const MultiOptions& options, std::stop_token stop,
                                const IterationCallback& on_iteration) {
    SearchLimits effective = limits;
    MultiOptions opts = options;
    apply_level(limits.level, pos.players(), effective, opts);
    opts.algorithm = options.algorithm;
    if (options.noise > 0) opts.noise = options.noise;
    if (opts.algorithm == MultiAlgorithm::Mcts)
        return mcts_search(pos, effective, opts.noise, std::move(stop), on_iteration);
    MultiSearch search(pos, effective, opts, std::move(stop));
    return search.run(pos, on_iteration);
}

}  // namespace reversi::engine
