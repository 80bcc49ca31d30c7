// SPDX-License-Identifier: MIT
// Grows the opening book with the engine's own searches (docs/ENGINE.md "Opening book"): a
// drop-out expansion over the stored tree. Every line from the start costs the plies it
// takes plus, at each position, how much worse the move it follows is than the best there;
// the cheapest move whose position is not yet stored is searched next (every legal move
// scored at the book's depth) and the tree's values are brought up to date. So the best
// lines grow deepest, the near-best alternatives of both sides grow after them, and each new
// search corrects the values of the lines above it.
#pragma once

#include <cstddef>
#include <functional>

#include "engine/book.h"
#include "engine/engine.h"

namespace reversi::engine {

struct BookBuildSettings {
    int full_width_plies = 4;  // every move is stored up to this many plies from the start
    int max_plies = 36;        // no position beyond this many plies is stored
    double ply_cost = 1.0;     // the cost of a ply, in discs of deviation from the best move
};

// Adds up to `count` positions to `book` (the start of its board first when it is empty; a free
// opening is never stored, so the start is the standard one), each searched by
// `engine`; `on_added(book)` hears of each. Returns how many were added: fewer when no line
// is left within max_plies.
size_t expand_book(Book& book, size_t count, Engine& engine, const BookBuildSettings& settings,
                   const std::function<void(const Book&)>& on_added);

}  // namespace reversi::engine
