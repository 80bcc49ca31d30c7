// SPDX-License-Identifier: MIT
// The opening book of 8x8 (docs/ENGINE.md "Opening book"): positions the engine searched,
// each with the search score of every legal move, and each position's negamax value over the
// stored tree (a move whose position is stored takes that position's value, the others keep
// their search score). A position is stored once per symmetry class of the square, keyed on
// the mover's and the opponent's discs. The file is text with a version, the search depth
// and a checksum line; reading checks all of it.
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

// The one variant that ships a book.
inline constexpr const char* BookVariant = "8x8";

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
    // An empty book whose scores come from searches of `depth` plies.
    explicit Book(int depth);

    // Whether `pos` is a position of the book's kind: 8x8, two players, not anti, no blocked
    // squares, not inside a free opening.
    static bool covers(const core::Position& pos);

    int depth() const { return depth_; }
    size_t size() const { return entries_.size(); }
    bool contains(uint64_t own, uint64_t opp) const;
    // The negamax value of a stored position for its mover; nothing when it is not stored.
    std::optional<int> value(uint64_t own, uint64_t opp) const;
    // The legal moves of a stored position in its own orientation with their values, best
    // first (ties in square order); empty when it is not stored.
    std::vector<BookMove> moves(uint64_t own, uint64_t opp) const;

    // Stores a position that has a legal move, with the search score of each legal move (in
    // the position's own orientation; every legal move once). Values are stale until
    // minimax().
    void add(uint64_t own, uint64_t opp, const std::vector<MoveScore>& scores);
    // Brings every stored position's value up to date from the leaves to the start.
    void minimax();

    // The stored positions in their canonical orientation (the builder walks them).
    std::vector<std::pair<uint64_t, uint64_t>> positions() const;

    // The text form: format() writes it, parse() checks magic, version, every line and the
    // checksum, throws BookError naming the line, and leaves the values up to date.
    std::string format() const;
    static Book parse(const std::string& text);

  private:
    // The canonical image's (mover, opponent) words.
    using Key = std::pair<uint64_t, uint64_t>;
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
    const Entry* find(uint64_t own, uint64_t opp) const;

    int depth_;
    const Layout<uint64_t>* layout_;  // 8x8's masks, for moves and flips (shared, immutable)
    std::unordered_map<Key, Entry, KeyHash> entries_;
};

// The symmetries of the 8x8 square (0-7: bit 0 transposes, bit 1 mirrors the columns, bit 2
// the rows, applied in that order) on a board word and on a square index.
uint64_t book_transform(uint64_t word, int symmetry);
int book_transform_square(int sq, int symmetry);
// The least (own, then opp) of the eight images and the symmetry that gives it.
std::pair<std::pair<uint64_t, uint64_t>, int> book_canonical(uint64_t own, uint64_t opp);

// Reads `path` and checks it; throws BookError naming the path.
Book read_book_file(const std::string& path);
// Writes the book through a temporary file and a rename; throws BookError.
void write_book_file(const std::string& path, const Book& book);

// $REVERSI_BOOK_DIR, else data_paths().book (installed or the source tree's).
std::string book_directory();
// The book of `variant` (a shape_variant_key), loaded on first use and kept for the process;
// null when the variant ships none. Throws BookError when the file is missing or damaged.
std::shared_ptr<const Book> opening_book(const std::string& variant);

// The move a level plays from the book at `pos`: one of the moves within `margin` discs of the
// best, picked by `seed` and the position (the same seed picks the same move), with its value
// and the book's best line after it; nothing when `pos` is not stored or not of its kind.
std::optional<SearchResult> book_result(const Book& book, const core::Position& pos, int margin,
                                        uint64_t seed);

}  // namespace reversi::engine
