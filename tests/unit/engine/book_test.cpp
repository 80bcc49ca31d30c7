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

// A small book grown by the builder itself at a shallow depth.
engine::Book small_book(size_t positions) {
    engine::Book book(core::Shape::Eight, 2);
    engine::Engine eng;
    engine::BookBuildSettings settings;
    settings.full_width_plies = 1;
    EXPECT_EQ(engine::expand_book(book, positions, eng, settings, {}), positions);
    return book;
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
    engine::Book book(core::Shape::Eight, 2);
    const core::Position pos = after("f5 d6");
    const auto [own, opp] = words(pos);
    std::vector<engine::MoveScore> scores;
    int score = -5;
    for (core::u128 m = pos.legal_moves(); m;) scores.push_back({core::pop_lsb(m), score++, false});
    book.add(own, opp, scores);
    ASSERT_EQ(book.size(), 1u);
    const std::vector<engine::BookMove> here = book.moves(own, opp);
    for (int s = 0; s < 8; ++s) {
        const uint64_t o = engine::book_transform(own, s);
        const uint64_t t = engine::book_transform(opp, s);
        ASSERT_TRUE(book.contains(o, t)) << "symmetry " << s;
        const std::vector<engine::BookMove> there = book.moves(o, t);
        ASSERT_EQ(there.size(), here.size());
        // Each image's moves are its own legal moves, with the value of their preimage.
        for (const engine::BookMove& m : here) {
            const int image = engine::book_transform_square(m.move, s);
            const auto it =
                std::find_if(there.begin(), there.end(),
                             [&](const engine::BookMove& b) { return b.move == image; });
            ASSERT_NE(it, there.end()) << "symmetry " << s;
            EXPECT_EQ(it->value, m.value);
        }
    }
}

TEST(Book, TextRoundTripsAndDamageIsRefused) {
    const engine::Book book = small_book(8);
    const std::string text = book.format();
    const engine::Book back = engine::Book::parse(text);
    EXPECT_EQ(back.size(), book.size());
    EXPECT_EQ(back.depth(), 2);
    EXPECT_EQ(back.positions(), book.positions());
    EXPECT_EQ(back.format(), text);
    const auto [own, opp] = words(after(""));
    EXPECT_EQ(back.value(own, opp), book.value(own, opp));

    // A changed score, a truncated file, a foreign header, an illegal move under a good checksum.
    std::string damaged = text;
    const size_t colon = damaged.find(':', damaged.find("\np "));
    damaged[colon + 1] = damaged[colon + 1] == '9' ? '8' : '9';
    EXPECT_THROW(engine::Book::parse(damaged), engine::BookError);
    EXPECT_THROW(engine::Book::parse(text.substr(0, text.size() / 2)), engine::BookError);
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
    const engine::Book book = small_book(12);
    const core::Variant variant{core::Setup{}};
    for (const auto& [own, opp] : book.positions()) {
        const core::Position pos = core::Position::from_discs(variant, {own, opp}, 0, 0);
        int best = -100;
        for (const engine::BookMove& m : book.moves(own, opp)) {
            // A stored child's value replaces the move's search score, with the sign of the
            // player to move there.
            core::Position child = pos.after(m.move);
            int sign = -1;
            if (child.must_pass()) {
                child.play(core::PassMove);
                sign = 1;
            }
            const auto [o, t] = words(child);
            EXPECT_EQ(m.in_book, book.contains(o, t));
            if (m.in_book) {
                EXPECT_EQ(m.value, sign * *book.value(o, t));
            }
            best = std::max(best, m.value);
        }
        EXPECT_EQ(book.value(own, opp), best);
    }
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
