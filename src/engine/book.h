// SPDX-License-Identifier: MIT
// The opening book of one board (8x8, 10x10 or the octagon; docs/ENGINE.md "Opening book"):
// positions the engine searched, each with the search score of every legal move, and each
// position's negamax value over the stored tree (a move whose position is stored takes that
// position's value, the others keep their search score). A position is stored once per
// symmetry class of the square (the octagon has the square's eight too), keyed on the mover's
// and the opponent's discs in the board's own layout (64-bit words for 8x8, 128-bit stride-11
// words for the others). The file is text with a version, the variant, the search depth and a
// checksum line; reading checks all of it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/position.h"
#include "engine/board.h"
#include "engine/engine.h"

namespace reversi::engine {

// The variants whose book ships in data/book: the engine refuses to play them without it.
// A user may add a book of any other board the book covers (book_path) and levels use it.
std::vector<std::string> shipped_book_variants();

// A book file is missing, damaged or for another variant.
class BookError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A legal move of a stored position and its value for the mover, in discs.
struct BookMove {
    core::Square move = core::NoSquare;
    int value = 0;
    bool in_book = false;  // its position (after a forced pass, if any) is stored too
};

class Book {
  public:
    // The mover's and the opponent's discs in the board's layout (core's words).
    using Words = std::pair<core::u128, core::u128>;

    // An empty book of `shape` (book_shape) whose scores come from searches of `depth` plies.
    Book(core::Shape shape, int depth);

    // Whether a book can hold boards of `shape`: 8x8, 10x10 and the octagon.
    static bool book_shape(core::Shape shape);
    // Whether `pos` is a position of a book's kind: a book shape, two players, not anti, no
    // blocked squares, not inside a free opening.
    static bool covers(const core::Position& pos);

    core::Shape shape() const { return shape_; }
    // The variant key the file names ("8x8", "10x10", "octagon").
    std::string variant() const;
    int depth() const { return depth_; }
    size_t size() const { return entries_.size(); }
    bool contains(core::u128 own, core::u128 opp) const;
    // The negamax value of a stored position for its mover; nothing when it is not stored.
    std::optional<int> value(core::u128 own, core::u128 opp) const;
    // The legal moves of a stored position in its own orientation with their values, best
    // first (ties in square order); empty when it is not stored.
    std::vector<BookMove> moves(core::u128 own, core::u128 opp) const;
    // The position after the mover plays `sq` as its next mover sees it (after the opponent's
    // forced pass, if any); nothing when the game ends there.
    std::optional<Words> child(core::u128 own, core::u128 opp, int sq) const;

    // Stores a position that has a legal move, with the search score of each legal move (in
    // the position's own orientation; every legal move once). Values are stale until
    // minimax().
    void add(core::u128 own, core::u128 opp, const std::vector<MoveScore>& scores);
    // Brings every stored position's value up to date from the leaves to the start.
    void minimax();

    // The stored positions in their canonical orientation (the builder walks them).
    std::vector<Words> positions() const;

    // The text form: format() writes it, parse() checks magic, version, every line and the
    // checksum, throws BookError naming the line, and leaves the values up to date.
    std::string format() const;
    static Book parse(const std::string& text);

  private:
    // The canonical image's (mover, opponent) words.
    using Key = Words;
    struct KeyHash {
        size_t operator()(const Key& k) const {
            return static_cast<size_t>(pair_key(k.first, k.second));
        }
    };
    struct Entry {
        std::vector<std::pair<uint8_t, int8_t>> scores;  // canonical square, search score
        int8_t value = 0;                                // negamax value
    };
    // The value for the mover of (own, opp) of playing canonical square `sq` there: the
    // stored child's value, the final score of a finished game, or the search score.
    int move_value(const Key& key, uint8_t sq, int score, bool* in_book) const;
    const Entry* find(core::u128 own, core::u128 opp) const;
    core::u128 legal(core::u128 own, core::u128 opp) const;
    // Calls `f` with the board's layout (either word type).
    template <class F>
    auto with_layout(F&& f) const {
        return narrow_ ? f(*narrow_) : f(*wide_);
    }

    core::Shape shape_;
    int depth_;
    int squares_;  // the board's squares, the bound of a score
    // The shape's masks for moves and flips, one of the two (shared, immutable).
    const Layout<uint64_t>* narrow_ = nullptr;
    const Layout<core::u128>* wide_ = nullptr;
    std::unordered_map<Key, Entry, KeyHash> entries_;
};

// The symmetries of the square (0-7: bit 0 transposes, bit 1 mirrors the columns, bit 2 the
// rows, applied in that order) on a board word and on a square index of `shape`'s layout; the
// 8x8 forms are the fast ones the others fall back to for that board.
uint64_t book_transform(uint64_t word, int symmetry);
int book_transform_square(int sq, int symmetry);
core::u128 book_transform(core::Shape shape, core::u128 word, int symmetry);
int book_transform_square(core::Shape shape, int sq, int symmetry);
// The least (own, then opp) of the eight images and the symmetry that gives it.
std::pair<Book::Words, int> book_canonical(core::Shape shape, core::u128 own, core::u128 opp);

// Reads `path` and checks it; throws BookError naming the path.
Book read_book_file(const std::string& path);
// Writes the book through a temporary file and a rename; throws BookError.
void write_book_file(const std::string& path, const Book& book);

// $REVERSI_BOOK_DIR, else data_paths().book (installed or the source tree's).
std::string book_directory();
// The file of `variant`'s book there: "<directory>/<variant>.book".
std::string book_path(const std::string& variant);
// The book of `variant` (a shape_variant_key), loaded on first use and kept for the process;
// null when it is no book shape's, or when it ships none and the directory holds none. Throws
// BookError when a shipped book's file is missing, or a file is damaged.
std::shared_ptr<const Book> opening_book(const std::string& variant);

// The move a level plays from the book at `pos`: one of the moves within `margin` discs of the
// best, picked by `seed` and the position (the same seed picks the same move), with its value
// and the book's best line after it; nothing when `pos` is not stored or not of its board.
std::optional<SearchResult> book_result(const Book& book, const core::Position& pos, int margin,
                                        uint64_t seed);

}  // namespace reversi::engine
