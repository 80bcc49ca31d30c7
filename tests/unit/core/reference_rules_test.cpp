// SPDX-License-Identifier: MIT
// The bitboard rules library against the square-by-square reference (reference_rules.h) on
// random games of every variant, with a fixed seed: legal moves, the flips of every legal
// move, passes, the end, the result, and the position after each move.
#include "reference_rules.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/position_text.h"

namespace reversi::core {
namespace {

using test::RefBoard;
using test::RefSquare;

std::vector<RefSquare> squares_of(const Geometry& g, u128 bits) {
    std::vector<RefSquare> out;
    while (bits) {
        const Coord c = g.coord(pop_lsb(bits));
        out.push_back({c.col, c.row});
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct Tally {
    long positions = 0;
    long moves_checked = 0;
    long passes = 0;
    long finished = 0;
};

// Plays one random game on both implementations, comparing them at every ply.
void compare_game(const core::Setup& setup, std::mt19937_64& rng, Tally& tally) {
    Game game(setup);
    RefBoard ref = test::ref_start(setup);
    ASSERT_EQ(test::ref_from_position(game.position()).grid, ref.grid)
        << "start of\n"
        << format_position_text(game.position());
    for (int ply = 0; ply < 200; ++ply) {
        const Position& pos = game.position();
        const Geometry& g = pos.geometry();
        const std::string where = format_position_text(pos);
        ++tally.positions;
        const auto expected = test::ref_legal_moves(ref);
        ASSERT_EQ(squares_of(g, pos.legal_moves()), expected) << where;
        for (RefSquare s : expected) {
            ++tally.moves_checked;
            ASSERT_EQ(squares_of(g, pos.flips(g.square({s.col, s.row}))), test::ref_flips(ref, s))
                << where << "move " << coord_name({s.col, s.row});
        }
        ASSERT_EQ(pos.must_pass(), test::ref_must_pass(ref)) << where;
        ASSERT_EQ(pos.is_over(), test::ref_is_over(ref)) << where;
        if (pos.is_over()) {
            const Outcome got = pos.outcome(), want = test::ref_outcome(ref);
            ASSERT_EQ(got.discs, want.discs) << where;
            ASSERT_EQ(got.winner, want.winner) << where;
            ASSERT_EQ(got.black_score, want.black_score) << where;
            ++tally.finished;
            return;
        }
        if (pos.must_pass()) {
            ++tally.passes;
            ASSERT_EQ(game.play(PassMove), "");
            test::ref_pass(ref);
        } else {
            const RefSquare s = expected[test::draw(rng, static_cast<int>(expected.size()))];
            ASSERT_EQ(game.play(g.square({s.col, s.row})), "");
            test::ref_play(ref, s);
        }
        ASSERT_EQ(test::ref_from_position(game.position()).grid, ref.grid) << "after a move from\n"
                                                                           << where;
        ASSERT_EQ(game.position().side(), ref.side);
    }
    FAIL() << "a game lasted 200 plies";
}

TEST(ReferenceRules, RandomGamesOfEveryVariantAgreeWithTheBitboards) {
    std::mt19937_64 rng(20261130);
    Tally tally;
    const auto setups = test::every_setup();
    for (const core::Setup& base : setups) {
        for (int game = 0; game < 24; ++game) {
            core::Setup setup = base;
            // A third of the games are played with a few blocked squares.
            if (game % 3 == 2)
                setup.blocked = test::random_blocked(rng, setup, 1 + test::draw(rng, 3));
            SCOPED_TRACE("setup: board " + shape_name(setup.shape) + ", " +
                         std::to_string(setup.players) + " players, game " + std::to_string(game));
            compare_game(setup, rng, tally);
            if (HasFatalFailure()) return;
        }
    }
    EXPECT_GT(tally.positions, 30000);
    EXPECT_GT(tally.passes, 10);
    EXPECT_EQ(tally.finished, static_cast<long>(setups.size()) * 24);
    RecordProperty("positions", std::to_string(tally.positions));
    RecordProperty("moves_checked", std::to_string(tally.moves_checked));
}

// Perft on the reference rules (RULES.md 8: a pass is a ply, a finished game one leaf).
uint64_t ref_perft(const RefBoard& board, int depth) {
    if (depth == 0 || test::ref_is_over(board)) return 1;
    if (test::ref_must_pass(board)) {
        RefBoard next = board;
        test::ref_pass(next);
        return ref_perft(next, depth - 1);
    }
    const auto moves = test::ref_legal_moves(board);
    if (depth == 1) return moves.size();
    uint64_t total = 0;
    for (RefSquare s : moves) {
        RefBoard next = board;
        test::ref_play(next, s);
        total += ref_perft(next, depth - 1);
    }
    return total;
}

// The setup of a perft.txt options field ("--board 8 --players 3 --blocked c3,f6").
core::Setup setup_of(const std::string& options) {
    core::Setup s;
    std::istringstream in(options);
    std::string flag, value;
    while (in >> flag) {
        if (flag == "--anti")
            s.anti = true;
        else if (flag == "--free-opening")
            s.free_opening = true;
        else if (!(in >> value))
            ADD_FAILURE() << "flag without value: " << flag;
        else if (flag == "--board")
            EXPECT_TRUE(parse_shape(value, s.shape)) << value;
        else if (flag == "--players")
            s.players = std::stoi(value);
        else if (flag == "--handicap")
            s.handicap = std::stoi(value);
        else if (flag == "--handicap-to")
            s.handicap_to = value == "white" ? Color::White : Color::Black;
        else if (flag == "--blocked") {
            std::istringstream list(value);
            for (std::string name; std::getline(list, name, ',');)
                s.blocked.push_back({name[0] - 'a', std::stoi(name.substr(1)) - 1});
        } else {
            ADD_FAILURE() << "unknown flag " << flag;
        }
    }
    return s;
}

std::string field(std::istream& in) {
    std::string f;
    std::getline(in, f, ';');
    const size_t a = f.find_first_not_of(' '), b = f.find_last_not_of(' ');
    return a == std::string::npos ? "" : f.substr(a, b - a + 1);
}

// The reference itself against an independent source: the lines of perft.txt small enough
// for the slow reference (every variant has some).
TEST(ReferenceRules, ReferencePerftMatchesPerftTxt) {
    std::ifstream file(std::filesystem::path(REVERSI_TEST_DATA_DIR) / "perft.txt");
    ASSERT_TRUE(file);
    int checked = 0;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        const std::string options = field(in), moves = field(in);
        const int depth = std::stoi(field(in));
        const uint64_t nodes = std::stoull(field(in));
        if (nodes > 60000) continue;
        RefBoard board = test::ref_start(setup_of(options));
        std::istringstream list(moves);
        for (std::string name; list >> name;) {
            if (name == "pass") {
                ASSERT_TRUE(test::ref_must_pass(board)) << line;
                test::ref_pass(board);
                continue;
            }
            const RefSquare s{name[0] - 'a', std::stoi(name.substr(1)) - 1};
            const auto legal = test::ref_legal_moves(board);
            ASSERT_NE(std::find(legal.begin(), legal.end(), s), legal.end())
                << name << " in " << line;
            test::ref_play(board, s);
        }
        EXPECT_EQ(ref_perft(board, depth), nodes) << line;
        ++checked;
    }
    EXPECT_GE(checked, 50);
}

}  // namespace
}  // namespace reversi::core
