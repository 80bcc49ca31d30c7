// SPDX-License-Identifier: MIT
// The opening book: its symmetries agree with a square-by-square transform; a position's eight
// images share one entry, each with its moves in its own orientation; the text round-trips and
// refuses damage; values are the negamax of the stored tree; levels 7-10 play the shipped book's
// move without a search; and the shipped book values the start near 0, as perfect play from the
// start of 8x8 is a draw (Takizawa, "Othello is solved", 2023).
#include "engine/book.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>

#include "book_checks.h"
#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "engine/book_builder.h"
#include "engine/checked_text.h"

using namespace reversi;

namespace {

std::pair<uint64_t, uint64_t> words(const core::Position& p) {
    return {core::low64(p.discs(p.side())), core::low64(p.discs(1 - p.side()))};
}

core::Position after(const std::string& moves) {
    core::Game game{core::Setup{}};
    EXPECT_FALSE(core::play_moves(game, moves));
    return game.position();
}

engine::Book small_book(size_t positions) {
    return test::small_book(core::Shape::Eight, positions);
}

TEST(Book, SymmetriesAgreeWithSquareTransforms) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
        const uint64_t word = rng();
        for (int s = 0; s < 8; ++s) {
            uint64_t expected = 0;
            for (uint64_t w = word; w;)
                expected |= uint64_t{1} << engine::book_transform_square(core::pop_lsb(w), s);
            EXPECT_EQ(engine::book_transform(word, s), expected) << "symmetry " << s;
        }
    }
}

TEST(Book, SymmetricPositionsShareOneEntry) {
    test::expect_images_share_entry(
        core::Shape::Eight, after("f5 d6"),
        [](core::u128 w, int s) -> core::u128 { return engine::book_transform(core::low64(w), s); },
        [](int sq, int s) { return engine::book_transform_square(sq, s); });
}

TEST(Book, TextRoundTripsAndDamageIsRefused) {
    const engine::Book book = small_book(8);
    test::expect_round_trip_and_damage_refused(book);
    const std::string text = book.format();
    const auto [own, opp] = words(after(""));
    EXPECT_EQ(engine::Book::parse(text).value(own, opp), book.value(own, opp));

    // A foreign header, an illegal move under a good checksum.
    const std::string body = text.substr(0, text.rfind("checksum"));
    std::string foreign = body;
    foreign.replace(foreign.find("8x8"), 3, "6x6");
    EXPECT_THROW(engine::Book::parse(engine::with_checksum(foreign)), engine::BookError);
    try {
        // Square 0 (a1) is never legal this early.
        engine::Book::parse(engine::with_checksum(body + "p " + engine::hex64(own) + ' ' +
                                                  engine::hex64(opp) + " 0:1\n"));
        ADD_FAILURE() << "an illegal move was accepted";
    } catch (const engine::BookError& e) {
        EXPECT_NE(std::string(e.what()).find("line"), std::string::npos) << e.what();
    }
}

TEST(Book, ValuesAreTheNegamaxOfTheStoredTree) {
    const core::Variant variant{core::Setup{}};
    test::expect_negamax_values(small_book(12), variant);
}

// The shipped book of 8x8, as the engine loads it.
const engine::Book& shipped() {
    static const std::shared_ptr<const engine::Book> book = engine::opening_book("8x8");
    return *book;
}

TEST(Book, ShippedFileIsWrittenBackUnchanged) {
    // The 8x8 file of version 1 reads, and the reader that now knows every board writes it
    // back byte for byte.
    const std::optional<std::string> text =
        engine::read_text_file(engine::book_path("8x8"), 64u << 20);
    ASSERT_TRUE(text);
    EXPECT_EQ(engine::Book::parse(*text).format(), *text);
}

TEST(Book, StartValueIsNearTheDrawOfPerfectPlay) {
    const auto [own, opp] = words(after(""));
    ASSERT_TRUE(shipped().value(own, opp));
    EXPECT_LE(std::abs(*shipped().value(own, opp)), 4);
    EXPECT_GE(shipped().size(), 100u);
}

TEST(Book, LevelsPlayTheBookMoveWithoutSearching) {
    const core::Position pos = after("f5 d6 c3");
    const auto [own, opp] = words(pos);
    const std::vector<engine::BookMove> moves = shipped().moves(own, opp);
    ASSERT_FALSE(moves.empty());
    engine::Engine eng;
    for (const int level : {7, 10}) {
        const int margin = level == 10 ? 0 : 2;
        for (uint64_t seed = 0; seed < 4; ++seed) {
            engine::SearchLimits limits;
            limits.level = level;
            limits.seed = seed;
            const engine::SearchResult r = eng.search(pos, limits);
            EXPECT_EQ(r.nodes, 0u) << "level " << level;
            const auto it =
                std::find_if(moves.begin(), moves.end(),
                             [&](const engine::BookMove& m) { return m.move == r.best; });
            ASSERT_NE(it, moves.end());
            EXPECT_GE(it->value, moves.front().value - margin) << "level " << level;
            EXPECT_EQ(r.score, it->value);
        }
    }
    // Level 6 and a level told to leave the book search.
    engine::SearchLimits limits;
    limits.level = 6;
    EXPECT_GT(eng.search(pos, limits).nodes, 0u);
    limits.level = 7;
    limits.book = false;
    EXPECT_GT(eng.search(pos, limits).nodes, 0u);
}

}  // namespace
