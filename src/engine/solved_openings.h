// SPDX-License-Identifier: MIT
// Solved openings: the exact value and a best move of every position that a perfect player
// of either colour can meet in the first plies of a small board (6x6: docs/ENGINE.md "6x6
// from the start"), so that solving from the start is a look-up. A position is stored once
// per symmetry class of the square board, keyed on the mover's and the opponent's discs
// (side to move does not matter to an exact score). The file is text with a version, the
// variant and a checksum line over everything before it; reading checks all of it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "core/position.h"
#include "engine/engine.h"

namespace reversi::engine {

// The most plies a table may cover (the start's discs are not plies).
inline constexpr int MaxSolvedOpeningPlies = 20;

// A table file is missing, damaged, or for another variant.
class SolvedOpeningsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The exact disc difference for the side to move and a move that reaches it (PassMove when
// the mover must pass).
struct SolvedMove {
    int score = 0;
    core::Square best = core::NoSquare;
};

class SolvedOpenings {
  public:
    // An empty table for `variant` (a shape_variant_key such as "6x6") on a square board of
    // `width` squares a side (at most 8: one 64-bit word), made up to `plies` plies.
    SolvedOpenings(std::string variant, int width, int plies);

    // Whether the table holds positions of `pos`'s kind: its variant, two players, no
    // blocked squares (a blocked board with the same discs has another value).
    bool covers(const core::Position& pos) const;
    // The stored value of the position `own` (mover) / `opp`, its best move turned back to
    // the position's own orientation; nothing when the position is not stored.
    std::optional<SolvedMove> find(uint64_t own, uint64_t opp) const;
    // Stores a position's value (its symmetric twins share the entry).
    void add(uint64_t own, uint64_t opp, SolvedMove move);

    const std::string& variant() const { return variant_; }
    int width() const { return width_; }
    int plies() const { return plies_; }
    size_t size() const { return entries_.size(); }

    // The text form: format() writes it, parse() checks magic, version, every line and the
    // checksum, and throws SolvedOpeningsError naming the line.
    std::string format() const;
    static SolvedOpenings parse(const std::string& text);

  private:
    struct Key {
        uint64_t own;
        uint64_t opp;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct KeyHash {
        size_t operator()(const Key& k) const {
            return static_cast<size_t>((k.own * 0x9e3779b97f4a7c15ULL) ^ (k.opp + (k.opp >> 29)));
        }
    };
    struct Entry {
        int8_t score;
        uint8_t best;  // canonical orientation; core::PassMove as 255
    };
    // The least of the eight images of (own, opp) and the symmetry that gives it.
    std::pair<Key, int> canonical(uint64_t own, uint64_t opp) const;
    uint64_t transform(uint64_t word, int symmetry) const;
    int transform_square(int sq, int symmetry) const;

    std::string variant_;
    int width_;
    int plies_;
    std::unordered_map<Key, Entry, KeyHash> entries_;
};

// Reads `path` and checks it is for `variant`; throws SolvedOpeningsError naming the path.
SolvedOpenings read_solved_openings_file(const std::string& path, const std::string& variant);
// Writes the table through a temporary file and a rename; throws SolvedOpeningsError.
void write_solved_openings_file(const std::string& path, const SolvedOpenings& table);

// $REVERSI_SOLVED_DIR, else data_paths().solved (installed or the source tree's).
std::string solved_openings_directory();
// A variant's table, loaded once per process; null when the variant ships none. Throws
// SolvedOpeningsError when it ships one and the file is missing or damaged.
std::shared_ptr<const SolvedOpenings> solved_openings(const std::string& variant);

// The result of an exact (or WLD) search of `pos` read from `table`: the score, the best
// move and the principal variation as far as the table knows it; nothing when `pos` is not
// stored or not of the table's kind.
std::optional<SearchResult> solved_opening_result(const SolvedOpenings& table,
                                                  const core::Position& pos, bool wld);

// Builds the table of `start`'s variant: every position within `plies` plies of `start`
// that a perfect player of either colour can meet (the perfect side plays its stored best
// move, the other side any move), each solved exactly by `engine` (whose table is kept
// between solves, so that earlier solves order later ones). `on_solved(done)` hears of each
// position solved. The variant must be two-player, on a square board of at most 8x8 with no
// blocked squares.
SolvedOpenings build_solved_openings(const core::Position& start, int plies, Engine& engine,
                                     const std::function<void(size_t)>& on_solved);

}  // namespace reversi::engine
