// SPDX-License-Identifier: MIT
// The opening book on the 128-bit boards (10x10 and the octagon; book_test.cpp has 8x8): the
// symmetries agree with a transform of each square's column and row written out here and keep
// the octagon's cut corners off; a position's images share one entry; the text round-trips and
// refuses damage and foreign headers; values are the negamax of the stored tree; a level plays
// from a 10x10 book put in the book directory without searching, and searches without one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <random>

#include "book_checks.h"
#include "core/bitboard.h"
#include "core/game.h"
#include "core/geometry.h"
#include "engine/book.h"
#include "engine/book_builder.h"
#include "engine/checked_text.h"
#include "scratch_dir.h"

using namespace reversi;

namespace {

constexpr core::Shape WideShapes[] = {core::Shape::Ten, core::Shape::Octagon};

core::Variant variant_of(core::Shape shape) {
    core::Setup setup;
    setup.shape = shape;
    return core::Variant{setup};
}

engine::Book::Words words(const core::Position& p) {
    return test::book_words(p);
}

// Symmetry `s` of a 10-wide box on one square, by column and row (stride 11).
int image_square(int sq, int s) {
    int col = sq % 11, row = sq / 11;
    if (s & 1) std::swap(col, row);
    if (s & 2) col = 9 - col;
    if (s & 4) row = 9 - row;
    return row * 11 + col;
}

core::u128 image_word(core::u128 w, int s) {
    core::u128 out = 0;
    for (int sq = 0; sq < 128; ++sq)
        if ((w >> sq) & 1) out |= core::u128{1} << image_square(sq, s);
    return out;
}

TEST(BookBoards, SymmetriesAgreeWithColumnAndRowTransforms) {
    std::mt19937_64 rng(11);
    for (const core::Shape shape : WideShapes) {
        const core::u128 board = core::Geometry(shape, {}).playable();
        for (int s = 0; s < 8; ++s) {
            // The board itself maps onto itself: the octagon's cut corners stay cut.
            EXPECT_TRUE(engine::book_transform(shape, board, s) == board) << "symmetry " << s;
            for (int trial = 0; trial < 20; ++trial) {
                const core::u128 word = (core::u128{rng()} << 64 | rng()) & board;
                EXPECT_TRUE(engine::book_transform(shape, word, s) == image_word(word, s))
                    << "symmetry " << s;
            }
        }
    }
}

TEST(BookBoards, SymmetricPositionsShareOneEntry) {
    for (const core::Shape shape : WideShapes) {
        const core::Variant variant = variant_of(shape);  // positions point to their variant
        core::Position pos = core::Position::start(variant);
        // Two plies off the start, so that the images differ.
        for (int ply = 0; ply < 2; ++ply) {
            core::u128 m = pos.legal_moves();
            pos.play(core::pop_lsb(m));
        }
        test::expect_images_share_entry(shape, pos, image_word, image_square);
    }
}

TEST(BookBoards, TextRoundTripsAndDamageIsRefused) {
    for (const core::Shape shape : WideShapes) {
        const engine::Book book = test::small_book(shape, 6);
        test::expect_round_trip_and_damage_refused(book);
        const std::string text = book.format();
        const auto [own, opp] = words(core::Position::start(variant_of(shape)));
        ASSERT_TRUE(book.value(own, opp));
        EXPECT_EQ(engine::Book::parse(text).value(own, opp), book.value(own, opp));
        // Another board's header over these positions, under a good checksum.
        const std::string body = text.substr(0, text.rfind("checksum"));
        const std::string name = book.variant();
        for (const std::string other : {"6x6", "8x8", "10x10-anti"}) {
            std::string foreign = body;
            foreign.replace(foreign.find(name), name.size(), other);
            EXPECT_THROW(engine::Book::parse(engine::with_checksum(foreign)), engine::BookError)
                << name << " as " << other;
        }
    }
}

TEST(BookBoards, ValuesAreTheNegamaxOfTheStoredTree) {
    for (const core::Shape shape : WideShapes)
        test::expect_negamax_values(test::small_book(shape, 10), variant_of(shape));
}

// Points $REVERSI_BOOK_DIR at `dir` for one test and back after it.
class BookDirectory {
  public:
    explicit BookDirectory(const std::filesystem::path& dir) {
        if (const char* old = std::getenv("REVERSI_BOOK_DIR")) old_ = old;
        ::setenv("REVERSI_BOOK_DIR", dir.c_str(), 1);
    }
    ~BookDirectory() {
        if (old_)
            ::setenv("REVERSI_BOOK_DIR", old_->c_str(), 1);
        else
            ::unsetenv("REVERSI_BOOK_DIR");
    }

  private:
    std::optional<std::string> old_;
};

TEST(BookBoards, LevelsPlayFromATenByTenBookWithoutSearching) {
    const engine::Book book = test::small_book(core::Shape::Ten, 6);
    const auto dir = test::scratch_dir("reversi_book_boards");
    std::filesystem::create_directories(dir / "with");
    std::filesystem::create_directories(dir / "without");
    engine::write_book_file((dir / "with" / "10x10.book").string(), book);

    const core::Variant variant = variant_of(core::Shape::Ten);
    core::Position pos = core::Position::start(variant);
    core::u128 first = pos.legal_moves();
    pos.play(core::pop_lsb(first));
    const auto [own, opp] = words(pos);
    const std::vector<engine::BookMove> moves = book.moves(own, opp);
    ASSERT_FALSE(moves.empty());
    engine::SearchLimits limits;
    limits.level = 10;
    limits.nodes = 20'000;
    {
        const BookDirectory with(dir / "with");
        engine::Engine eng;
        const engine::SearchResult r = eng.search(pos, limits);
        EXPECT_EQ(r.nodes, 0u);
        // Level 10 plays one of the equally best moves.
        const auto it = std::find_if(moves.begin(), moves.end(),
                                     [&](const engine::BookMove& m) { return m.move == r.best; });
        ASSERT_NE(it, moves.end());
        EXPECT_EQ(it->value, moves.front().value);
        EXPECT_EQ(r.score, moves.front().value);
        limits.book = false;
        EXPECT_GT(eng.search(pos, limits).nodes, 0u);
        limits.book = true;
    }
    {
        // No 10x10 book there: the level searches (the 8x8 book, which ships, would be an error).
        const BookDirectory without(dir / "without");
        EXPECT_EQ(engine::opening_book("10x10"), nullptr);
        EXPECT_THROW(engine::opening_book("8x8"), engine::BookError);
        engine::Engine eng;
        EXPECT_GT(eng.search(pos, limits).nodes, 0u);
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
