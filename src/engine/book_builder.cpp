// SPDX-License-Identifier: MIT
// The book's drop-out expansion (see book_builder.h): a cheapest-first walk of the stored
// tree (the tree is a graph, so Dijkstra's order: a position reached by two lines costs the
// cheaper) finds the next position to search.
#include "engine/book_builder.h"

#include <optional>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/bitboard.h"
#include "core/variant.h"

namespace reversi::engine {

namespace {

// Every legal move of a position is scored (8x8 never has more than 64).
constexpr int AllMoves = 64;
constexpr int StartDiscs = 4;

using Words = std::pair<uint64_t, uint64_t>;

struct WordsHash {
    size_t operator()(const Words& w) const {
        return static_cast<size_t>(pair_key(w.first, w.second));
    }
};

// Searches (own, opp) and stores every legal move's score.
void store(Book& book, const Words& words, Engine& engine, const core::Variant& variant) {
    const core::Position pos =
        core::Position::from_discs(variant, {words.first, words.second}, 0, 0);
    SearchLimits limits;
    limits.depth = book.depth();
    limits.multipv = AllMoves;
    limits.book = false;
    const SearchResult r = engine.search(pos, limits);
    book.add(words.first, words.second, r.root_moves);
}

// The position after `sq` as its mover sees it (after the opponent's forced pass, if any);
// nothing when the game ends there.
std::optional<Words> child_of(const Layout<uint64_t>& l, const Words& w, int sq) {
    const uint64_t f = flips(l, sq, w.first, w.second);
    const uint64_t mover = w.second & ~f;
    const uint64_t other = w.first | f | uint64_t{1} << sq;
    if (legal_moves(l, mover, other)) return Words{mover, other};
    if (legal_moves(l, other, mover)) return Words{other, mover};
    return std::nullopt;
}

// The cheapest line's first position that is not stored; nothing when none is left.
std::optional<Words> next_position(const Book& book, const Layout<uint64_t>& layout,
                                   const Words& start, const BookBuildSettings& settings) {
    using Item = std::tuple<double, uint64_t, uint64_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    std::unordered_map<Words, double, WordsHash> cost;
    const Words root = book_canonical(start.first, start.second).first;
    queue.emplace(0.0, root.first, root.second);
    cost[root] = 0;
    std::optional<std::pair<double, Words>> best;
    while (!queue.empty()) {
        const auto [c, own, opp] = queue.top();
        queue.pop();
        const Words here{own, opp};
        if (c > cost[here]) continue;
        if (best && c >= best->first) break;  // nothing cheaper can follow
        const std::vector<BookMove> moves = book.moves(own, opp);
        const int ply = core::popcount(own | opp) - StartDiscs;
        if (moves.empty() || ply + 1 > settings.max_plies) continue;
        for (const BookMove& m : moves) {
            const std::optional<Words> child = child_of(layout, here, m.move);
            if (!child) continue;
            const double deviation = ply < settings.full_width_plies
                                         ? 0.0
                                         : static_cast<double>(moves.front().value - m.value);
            const double next = c + deviation + settings.ply_cost;
            const Words key = book_canonical(child->first, child->second).first;
            if (book.contains(key.first, key.second)) {
                const auto it = cost.find(key);
                if (it == cost.end() || next < it->second) {
                    cost[key] = next;
                    queue.emplace(next, key.first, key.second);
                }
            } else if (!best || next < best->first || (next == best->first && key < best->second)) {
                best = {next, key};
            }
        }
    }
    if (!best) return std::nullopt;
    return best->second;
}

}  // namespace

size_t expand_book(Book& book, size_t count, Engine& engine, const BookBuildSettings& settings,
                   const std::function<void(const Book&)>& on_added) {
    const core::Variant variant{core::Setup{}};
    const core::Position start = core::Position::start(variant);
    const Words start_words{core::low64(start.discs(0)), core::low64(start.discs(1))};
    const Layout<uint64_t> layout(variant.geometry());
    size_t added = 0;
    while (added < count) {
        std::optional<Words> next;
        if (!book.contains(start_words.first, start_words.second))
            next = start_words;
        else
            next = next_position(book, layout, start_words, settings);
        if (!next) break;
        store(book, *next, engine, variant);
        book.minimax();
        ++added;
        if (on_added) on_added(book);
    }
    return added;
}

}  // namespace reversi::engine
