// SPDX-License-Identifier: MIT
// Checks shared by the book tests of every board (book_test.cpp: 8x8; book_boards_test.cpp:
// 10x10 and the octagon).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/position.h"
#include "engine/book.h"
#include "engine/book_builder.h"

namespace reversi::test {

// The mover's and the opponent's discs.
inline engine::Book::Words book_words(const core::Position& p) {
    return {p.discs(p.side()), p.discs(1 - p.side())};
}

// A small book of `shape` grown by the builder itself at a shallow depth.
inline engine::Book small_book(core::Shape shape, size_t positions) {
    engine::Book book(shape, 2);
    engine::Engine eng;
    engine::BookBuildSettings settings;
    settings.full_width_plies = 1;
    EXPECT_EQ(engine::expand_book(book, positions, eng, settings, {}), positions);
    return book;
}

// Stores `pos` with made-up scores; each of its eight images (`image_word(word, s)`,
// `image_square(sq, s)`) finds the one entry, with its own legal moves valued as their
// preimages.
template <class ImageWord, class ImageSquare>
void expect_images_share_entry(core::Shape shape, const core::Position& pos, ImageWord image_word,
                               ImageSquare image_square) {
    engine::Book book(shape, 2);
    const auto [own, opp] = book_words(pos);
    std::vector<engine::MoveScore> scores;
    int score = -5;
    for (core::u128 m = pos.legal_moves(); m;) scores.push_back({core::pop_lsb(m), score++, false});
    book.add(own, opp, scores);
    ASSERT_EQ(book.size(), 1u);
    const std::vector<engine::BookMove> here = book.moves(own, opp);
    for (int s = 0; s < 8; ++s) {
        const core::u128 o = image_word(own, s), t = image_word(opp, s);
        ASSERT_TRUE(book.contains(o, t)) << "symmetry " << s;
        const std::vector<engine::BookMove> there = book.moves(o, t);
        ASSERT_EQ(there.size(), here.size());
        for (const engine::BookMove& m : here) {
            const int image = image_square(m.move, s);
            const auto it =
                std::find_if(there.begin(), there.end(),
                             [&](const engine::BookMove& b) { return b.move == image; });
            ASSERT_NE(it, there.end()) << "symmetry " << s;
            EXPECT_EQ(it->value, m.value);
        }
    }
}

// The text reads back as the same book, and a changed score or a truncated file is refused.
inline void expect_round_trip_and_damage_refused(const engine::Book& book) {
    const std::string text = book.format();
    const engine::Book back = engine::Book::parse(text);
    EXPECT_EQ(back.shape(), book.shape());
    EXPECT_EQ(back.depth(), book.depth());
    EXPECT_EQ(back.size(), book.size());
    EXPECT_TRUE(back.positions() == book.positions());
    EXPECT_EQ(back.format(), text);
    std::string damaged = text;
    const size_t colon = damaged.find(':', damaged.find("\np "));
    damaged[colon + 1] = damaged[colon + 1] == '9' ? '8' : '9';
    EXPECT_THROW(engine::Book::parse(damaged), engine::BookError);
    EXPECT_THROW(engine::Book::parse(text.substr(0, text.size() / 2)), engine::BookError);
}

// Every stored value is the negamax of its moves: a stored child's value replaces the move's
// search score, with the sign of the player to move there.
inline void expect_negamax_values(const engine::Book& book, const core::Variant& variant) {
    for (const auto& [own, opp] : book.positions()) {
        const core::Position pos = core::Position::from_discs(variant, {own, opp}, 0, 0);
        int best = -200;
        for (const engine::BookMove& m : book.moves(own, opp)) {
            core::Position child = pos.after(m.move);
            int sign = -1;
            if (child.must_pass()) {
                child.play(core::PassMove);
                sign = 1;
            }
            const auto [o, t] = book_words(child);
            EXPECT_EQ(m.in_book, book.contains(o, t));
            if (m.in_book) EXPECT_EQ(m.value, sign * *book.value(o, t));
            best = std::max(best, m.value);
        }
        EXPECT_EQ(book.value(own, opp), best);
    }
}

}  // namespace reversi::test
