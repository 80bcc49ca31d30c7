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

// Every legal move of a position is scored (no board has more squares).
constexpr int AllMoves = 128;
constexpr int StartDiscs = 4;

using Words = Book::Words;

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

// The cheapest line's first position that is not stored; nothing when none is left.
std::optional<Words> next_position(const Book& book, const Words& start,
                                   const BookBuildSettings& settings) {
    using Item = std::tuple<double, core::u128, core::u128>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    std::unordered_map<Words, double, WordsHash> cost;
    const Words root = book_canonical(book.shape(), start.first, start.second).first;
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
            const std::optional<Words> child = book.child(own, opp, m.move);
            if (!child) continue;
            const double deviation = ply < settings.full_width_plies
                                         ? 0.0
                                         : static_cast<double>(moves.front().value - m.value);
            const double next = c + deviation + settings.ply_cost;
            const Words key = book_canonical(book.shape(), child->first, child->second).first;
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
    core::Setup setup;
    setup.shape = book.shape();
    const core::Variant variant{setup};
    const core::Position start = core::Position::start(variant);
    const Words start_words{start.discs(start.side()), start.discs(1 - start.side())};
    size_t added = 0;
    while (added < count) {
        std::optional<Words> next;
        if (!book.contains(start_words.first, start_words.second))
            next = start_words;
        else
            next = next_position(book, start_words, settings);
        if (!next) break;
        store(book, *next, engine, variant);
        book.minimax();
        ++added;
        if (on_added) on_added(book);
    }
    return added;
}

}  // namespace reversi::engine
