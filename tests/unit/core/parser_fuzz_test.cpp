// SPDX-License-Identifier: MIT
// Bad input never crashes a reader: random edits of valid texts (characters replaced,
// inserted, deleted, cut short) either read, or fail with the reader's own error type.
#include <gtest/gtest.h>

#include "core/board_string.h"
#include "core/ggf.h"
#include "reference_rules.h"
#include "test_util.h"

namespace reversi::core {
namespace {

// One random edit of `text`, drawing replacement characters from those the formats use.
std::string mutate(const std::string& text, std::mt19937_64& rng) {
    static const std::string Alphabet = "-XO*RGN#./ =;[]()\\\n0123456789abcdefghijkPAWB\xff";
    std::string out = text;
    const int edits = 1 + test::draw(rng, 3);
    for (int e = 0; e < edits; ++e) {
        const int at = out.empty() ? 0 : test::draw(rng, static_cast<int>(out.size()));
        const char ch = Alphabet[test::draw(rng, static_cast<int>(Alphabet.size()))];
        switch (test::draw(rng, 4)) {
            case 0:
                if (!out.empty()) out[at] = ch;
                break;
            case 1:
                out.insert(out.begin() + at, ch);
                break;
            case 2:
                if (!out.empty()) out.erase(at, 1);
                break;
            default:
                out = out.substr(0, at);
                break;
        }
    }
    return out;
}

// Runs `read` on many mutations of `valid`; only `Error` may escape it.
template <class Error, class Read>
void fuzz(const std::string& valid, Read read, int seed) {
    std::mt19937_64 rng(seed);
    int accepted = 0, refused = 0;
    for (int i = 0; i < 3000; ++i) {
        const std::string text = mutate(valid, rng);
        try {
            read(text);
            ++accepted;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()), "") << text;
            ++refused;
        } catch (const std::exception& e) {
            ADD_FAILURE() << "unexpected " << e.what() << " for\n" << text;
        }
    }
    EXPECT_GT(refused, 0);
}

TEST(ParserFuzz, PositionText) {
    const core::Setup s{Shape::Octagon, 3, false, false, {{2, 2}, {7, 7}}, 0, Color::Black};
    Game g(s);
    ASSERT_FALSE(play_moves(g, "e7"));  // black brackets the neutral e6
    fuzz<NotationError>(
        format_position_text(g.position()), [](const std::string& t) { parse_position_text(t); },
        1);
}

TEST(ParserFuzz, BoardStringAndObfLine) {
    const Variant v{core::Setup{}};
    const std::string line =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
    fuzz<NotationError>(
        line, [&](const std::string& t) { parse_obf_line(v, t); }, 2);
}

TEST(ParserFuzz, Ggf) {
    core::Setup s;
    s.shape = Shape::Ten;
    s.handicap = 2;
    Game g(s);
    ASSERT_FALSE(play_moves(g, "f7 g5 d4 e7"));
    std::vector<GgfMoveNote> notes(4, GgfMoveNote{"1.5", "0.2"});
    fuzz<NotationError>(
        format_ggf(g, {"p", "d", "b", "w", "", "t"}, notes),
        [](const std::string& t) { parse_ggf(t); }, 3);
}

TEST(ParserFuzz, MoveListsNeverThrow) {
    std::mt19937_64 rng(4);
    for (int i = 0; i < 3000; ++i) {
        const std::string text = mutate("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7", rng);
        Game g{core::Setup{}};
        const auto error = play_moves(g, text);
        if (error) {
            EXPECT_EQ(g.ply(), 0) << text;
            EXPECT_NE(error->message(), "") << text;
        }
    }
}

}  // namespace
}  // namespace reversi::core
