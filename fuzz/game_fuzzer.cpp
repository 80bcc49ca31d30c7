// SPDX-License-Identifier: MIT
// Setups and games (core/variant.h, core/game.h) against the square-by-square reference rules
// of the unit tests (tests/unit/core/reference_rules.h). Input: bytes (FuzzedDataProvider)
// choosing a setup, possibly invalid, then a sequence of actions: play the k-th legal move,
// play any square number, pass, undo, redo.
// Properties:
//  - Setup::problem() is empty exactly when Variant accepts the setup (SetupError otherwise);
//  - Game::play accepts exactly the legal moves and forced passes; a refused play, undo or
//    redo changes nothing;
//  - after every action the bitboard rules agree with the reference: start, legal moves,
//    flips (the whole board after the move), passes, the end and the result;
//  - every position's text (both layouts) and, on two-player 8x8, board string read back to
//    the same position; the game's move list and (where GGF can express the setup) its GGF
//    text replay to the same game.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>

#include "core/bitboard.h"
#include "core/board_string.h"
#include "core/ggf.h"
#include "core_support.h"
#include "fuzz_check.h"
#include "reference_rules.h"

using namespace reversi;
using namespace reversi::core;
using reversi::fuzz::GameSnapshot;

namespace {

std::string where(const Game& g) {
    return "\nsetup players=" + std::to_string(g.variant().players()) +
           " anti=" + std::to_string(g.variant().anti()) +
           " free=" + std::to_string(g.variant().free_opening()) +
           " handicap=" + std::to_string(g.variant().setup().handicap) +
           "\nmoves: " + fuzz::describe_moves(g) + "\n" + fuzz::describe(g.position());
}

std::vector<test::RefSquare> legal_squares(const Position& p) {
    std::vector<test::RefSquare> out;
    u128 bits = p.legal_moves();
    while (bits) {
        const Coord c = p.geometry().coord(pop_lsb(bits));
        out.push_back({c.col, c.row});
    }
    std::sort(out.begin(), out.end());
    return out;
}

void check_against_reference(const Game& g) {
    const Position& p = g.position();
    const test::RefBoard ref = test::ref_from_position(p);
    auto ref_moves = test::ref_legal_moves(ref);
    std::sort(ref_moves.begin(), ref_moves.end());
    FUZZ_CHECK(legal_squares(p) == ref_moves, "legal moves differ from the reference" + where(g));
    FUZZ_CHECK(p.must_pass() == test::ref_must_pass(ref), "must_pass differs" + where(g));
    FUZZ_CHECK(p.is_over() == test::ref_is_over(ref), "is_over differs" + where(g));
    if (p.is_over()) {
        const Outcome a = p.outcome(), b = test::ref_outcome(ref);
        FUZZ_CHECK(a.discs == b.discs && a.winner == b.winner && a.black_score == b.black_score,
                   "outcome differs" + where(g));
    }
}

void check_texts(const Game& g, TextLayout layout) {
    const Position& p = g.position();
    Setup options = g.variant().setup();
    options.blocked.clear();
    {
        const std::string text = format_position_text(p, layout);
        try {
            const PositionText back = parse_position_text(text, options);
            FUZZ_CHECK(back.position == p && back.variant->setup() == g.variant().setup(),
                       "position text does not read back\n" + text + where(g));
        } catch (const std::exception& e) {
            FUZZ_CHECK(false,
                       std::string("position text refused: ") + e.what() + "\n" + text + where(g));
        }
    }
}

void check_records(const Game& g) {
    const Setup& s = g.variant().setup();
    const Position& p = g.position();
    if (g.variant().players() == 2 && g.variant().geometry().shape() == Shape::Eight) {
        const std::string board = format_board_string(p);
        try {
            FUZZ_CHECK(parse_board_string(g.variant(), board) == p,
                       "board string does not read back: " + board + where(g));
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, std::string("board string refused: ") + e.what() + where(g));
        }
    }

    Game replay(s);
    const std::string list = fuzz::describe_moves(g);
    const auto error = play_moves(replay, list);
    FUZZ_CHECK(!error && replay.moves() == g.moves(),
               "move list does not replay: " + (error ? error->message() : list) + where(g));
    if (s.players == 2 && s.shape != Shape::Six && s.blocked.empty()) {
        std::string text;
        try {
            text = format_ggf(g);
            const GgfRecord back = parse_ggf(text);
            // A free-opening game is written from the position after its placements.
            FUZZ_CHECK(back.game.position() == g.position() &&
                           (s.free_opening || (back.game.variant().setup() == s &&
                                               back.game.moves() == g.moves())),
                       "GGF does not replay\n" + text + where(g));
        } catch (const std::exception& e) {
            FUZZ_CHECK(false, std::string("GGF refused: ") + e.what() + "\n" + text + where(g));
        }
    }
}

// Plays `sq` expecting success, and checks the result against the reference move.
void play_legal(Game& g, Square sq) {
    const test::RefBoard before = test::ref_from_position(g.position());
    const std::string why = g.play(sq);
    FUZZ_CHECK(why.empty(), "legal move refused: " + why + where(g));
    test::RefBoard expected = before;
    if (sq == PassMove) {
        test::ref_pass(expected);
    } else {
        const Coord c = g.variant().geometry().coord(sq);
        test::ref_play(expected, {c.col, c.row});
    }
    const test::RefBoard got = test::ref_from_position(g.position());
    FUZZ_CHECK(got.grid == expected.grid && got.side == expected.side,
               "move " + square_name(g.variant().geometry(), sq) + " differs from the reference" +
                   where(g));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    Setup s;
    s.shape = static_cast<Shape>(in.ConsumeIntegralInRange<int>(0, 3));
    s.players = in.ConsumeIntegralInRange<int>(1, 5);
    s.anti = in.ConsumeBool();
    s.free_opening = in.ConsumeBool();
    s.handicap = in.ConsumeIntegralInRange<int>(-1, 5);
    s.handicap_to = static_cast<Color>(in.ConsumeIntegralInRange<int>(0, 3));
    const int blocked = in.ConsumeIntegralInRange<int>(0, 8);
    for (int i = 0; i < blocked; ++i)
        s.blocked.push_back(
            {in.ConsumeIntegralInRange<int>(-1, 11), in.ConsumeIntegralInRange<int>(-1, 11)});

    const std::string problem = s.problem();
    std::optional<Game> game;
    try {
        game.emplace(s);
    } catch (const SetupError& e) {
        FUZZ_CHECK(!problem.empty(),
                   std::string("Variant refused a setup without problem: ") + e.what());
        FUZZ_CHECK(problem == e.what(), "SetupError and problem() disagree");
        return 0;
    } catch (const std::exception& e) {
        FUZZ_CHECK(false, std::string("unexpected exception: ") + e.what());
    }
    FUZZ_CHECK(problem.empty(), "Variant accepted a setup with a problem: " + problem);
    Game& g = *game;

    // The start agrees with the reference start built from RULES.md's square names.
    const test::RefBoard start = test::ref_start(s), from = test::ref_from_position(g.position());
    FUZZ_CHECK(start.grid == from.grid && start.side == from.side, "start differs" + where(g));
    check_against_reference(g);
    check_texts(g, TextLayout::Lines);

    for (int step = 0; step < 200 && in.remaining_bytes() > 0; ++step) {
        const uint8_t action = in.ConsumeIntegral<uint8_t>();
        const GameSnapshot before(g);
        switch (action % 8) {
            case 0:
            case 1:
            case 2:
            case 3: {  // the k-th legal move, or the forced pass
                u128 legal = g.legal_moves();
                if (legal) {
                    int k = (action / 8) % popcount(legal);
                    while (k-- > 0) legal &= legal - 1;
                    play_legal(g, lsb(legal));
                } else if (g.must_pass()) {
                    play_legal(g, PassMove);
                } else {
                    FUZZ_CHECK(g.is_over(), "no move, no pass, but not over" + where(g));
                    FUZZ_CHECK(!g.play(PassMove).empty() && before.same(g),
                               "a finished game took a pass" + where(g));
                }
                break;
            }
            case 4: {  // any square number, legal or not
                const Square sq = in.ConsumeIntegralInRange<int>(-3, 130);
                const bool legal = g.position().is_legal(sq) && !g.is_over();
                if (legal) {
                    play_legal(g, sq);
                } else {
                    FUZZ_CHECK(!g.play(sq).empty(),
                               "an illegal move was accepted: " + std::to_string(sq) + where(g));
                    FUZZ_CHECK(before.same(g), "a refused move changed the game" + where(g));
                }
                break;
            }
            case 5:
                if (!g.undo()) FUZZ_CHECK(before.same(g), "a refused undo changed the game");
                break;
            case 6:
                if (!g.redo()) FUZZ_CHECK(before.same(g), "a refused redo changed the game");
                break;
            default: {  // an explicit pass
                const bool forced = g.must_pass();
                if (forced) {
                    play_legal(g, PassMove);
                } else {
                    FUZZ_CHECK(!g.play(PassMove).empty() && before.same(g),
                               "a pass that is not forced was accepted" + where(g));
                }
                break;
            }
        }
        check_against_reference(g);
        // The texts cost more than the rules: every fourth position, and the records (move
        // list, GGF) of every sixteenth.
        if (step % 4 == 3) check_texts(g, step % 8 == 3 ? TextLayout::Lines : TextLayout::OneLine);
        if (step % 16 == 15) check_records(g);
    }
    check_records(g);
    return 0;
}
