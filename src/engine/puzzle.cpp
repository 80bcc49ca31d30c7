// SPDX-License-Identifier: MIT
// Puzzle mining: every legal move of a turn scored by one exact multi-PV solve, the solution
// followed through the opponent's best replies while the solver's turns stay critical, and the
// themes read off the position and the tree (docs/PUZZLES.md).
#include "engine/puzzle.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "core/bitboard.h"
#include "engine/random.h"

namespace reversi::engine {

namespace {

constexpr std::array<const char*, 5> ThemeNames = {"corner", "parity", "wipe-out", "sacrifice",
                                                   "tempo"};

SearchLimits exact_limits(int multipv) {
    SearchLimits limits;
    limits.exact = true;
    limits.multipv = multipv;
    return limits;
}

int empties_of(const core::Position& pos) {
    return core::popcount(pos.empty());
}

bool is_corner(const core::Geometry& geometry, core::Square sq) {
    for (const core::Coord c : geometry.handicap_corners())
        if (geometry.square(c) == sq) return true;
    return false;
}

// The corners `seat` may play in `pos` (whoever is to move there).
core::u128 corner_moves(const core::Position& pos, int seat) {
    std::array<core::u128, core::MaxPlayers> discs{};
    discs[0] = pos.discs(0);
    discs[1] = pos.discs(1);
    const core::Position as_seat = core::Position::from_discs(pos.variant(), discs, 0, seat);
    core::u128 corners = 0;
    for (const core::Coord c : pos.geometry().handicap_corners())
        corners |= core::square_bit<core::u128>(pos.geometry().square(c));
    return as_seat.legal_moves() & corners;
}

// The number of empty squares in the region (empty squares joined by a king's step) of `sq`.
int region_size(const core::Position& pos, core::Square sq) {
    const core::Geometry& g = pos.geometry();
    const core::u128 empty = pos.empty();
    core::u128 seen = core::square_bit<core::u128>(sq);
    std::vector<core::Square> todo{sq};
    while (!todo.empty()) {
        const core::Coord c = g.coord(todo.back());
        todo.pop_back();
        for (int dr = -1; dr <= 1; ++dr)
            for (int dc = -1; dc <= 1; ++dc) {
                const core::Coord n{c.col + dc, c.row + dr};
                if (n.col < 0 || n.row < 0 || n.col >= g.width() || n.row >= g.height()) continue;
                const core::u128 bit = core::square_bit<core::u128>(g.square(n));
                if (!(empty & bit) || (seen & bit)) continue;
                seen |= bit;
                todo.push_back(g.square(n));
            }
    }
    return core::popcount(seen);
}

struct TreeBuilder {
    Engine& engine;
    const PuzzleCriteria& criteria;
    int solver = 0;
    PuzzleTree tree;
    bool opponent_passed = false;

    // Plays the forced part after a solution move: the opponent's best replies and every
    // pass, until the solver has a move again or the game is over.
    void follow_replies(core::Position& pos, std::vector<core::Square>& replies) {
        while (!pos.is_over() && (pos.side() != solver || pos.must_pass())) {
            core::Square move = core::PassMove;
            if (pos.must_pass()) {
                if (pos.side() != solver) opponent_passed = true;
            } else {
                move = engine.search(pos, exact_limits(1)).best;
            }
            replies.push_back(move);
            pos.play(move);
        }
    }

    void expand(int node, const core::Position& pos, int turn) {
        const std::vector<PuzzleChoice> choices = tree.nodes[node].choices;
        const int best = choices.front().score;
        for (const PuzzleChoice& choice : choices) {
            if (choice.score != best) break;
            PuzzleBranch branch{choice.move, {}, -1};
            core::Position next = pos.after(choice.move);
            follow_replies(next, branch.replies);
            if (!next.is_over() && turn + 1 < criteria.max_turns) {
                std::vector<PuzzleChoice> scored = score_all_moves(engine, next);
                if (is_critical(scored, criteria)) {
                    branch.next = static_cast<int>(tree.nodes.size());
                    tree.nodes.push_back({std::move(scored), {}});
                }
            }
            tree.nodes[node].branches.push_back(branch);
            if (branch.next >= 0) expand(branch.next, next, turn + 1);
        }
    }
};

uint32_t position_themes(const core::Position& pos, const PuzzleTree& tree) {
    const core::Geometry& g = pos.geometry();
    const PuzzleNode& root = tree.nodes.front();
    const core::Square solution = root.branches.front().move;
    uint32_t themes = 0;
    if (is_corner(g, solution)) themes |= ThemeCorner;
    if (std::abs(tree.best) == g.playable_count()) themes |= ThemeWipeOut;
    const int opponent = 1 - pos.side();
    const core::u128 corners_before = corner_moves(pos, opponent);
    const core::u128 corners_after = corner_moves(pos.after(solution), opponent);
    if (corners_after & ~corners_before) themes |= ThemeSacrifice;
    if (region_size(pos, solution) % 2 == 1) {
        for (const PuzzleChoice& c : root.choices)
            if (c.score < tree.best && region_size(pos, c.move) % 2 == 0) {
                themes |= ThemeParity;
                break;
            }
    }
    return themes;
}

}  // namespace

std::vector<std::string> theme_names(uint32_t themes) {
    std::vector<std::string> names;
    for (size_t i = 0; i < ThemeNames.size(); ++i)
        if (themes & (1u << i)) names.emplace_back(ThemeNames[i]);
    return names;
}

uint32_t theme_flag(const std::string& name) {
    for (size_t i = 0; i < ThemeNames.size(); ++i)
        if (name == ThemeNames[i]) return 1u << i;
    return 0;
}

std::vector<PuzzleChoice> score_all_moves(Engine& engine, const core::Position& pos) {
    std::vector<PuzzleChoice> choices;
    if (pos.players() != 2 || pos.is_over() || pos.must_pass()) return choices;
    const int legal = core::popcount(pos.legal_moves());
    const SearchResult r = engine.search(pos, exact_limits(std::max(2, legal)));
    for (const MoveScore& m : r.root_moves)
        if (m.exact) choices.push_back({m.move, m.score});
    if (static_cast<int>(choices.size()) != legal) choices.clear();
    std::stable_sort(
        choices.begin(), choices.end(),
        [](const PuzzleChoice& a, const PuzzleChoice& b) { return a.score > b.score; });
    return choices;
}

bool is_critical(const std::vector<PuzzleChoice>& choices, const PuzzleCriteria& criteria) {
    if (choices.size() < 2) return false;
    const int best = choices.front().score;
    int solutions = 0;
    for (const PuzzleChoice& c : choices) {
        if (c.score == best)
            ++solutions;
        else if (best - c.score < criteria.min_loss)
            return false;
    }
    return solutions <= criteria.max_solutions && solutions < static_cast<int>(choices.size());
}

bool asks_for(int best, const PuzzleCriteria& criteria) {
    return best >= criteria.min_best;
}

std::optional<PuzzleTree> find_puzzle(Engine& engine, const core::Position& pos,
                                      const PuzzleCriteria& criteria) {
    if (pos.players() != 2 || pos.is_over() || pos.must_pass()) return std::nullopt;
    const int empties = empties_of(pos);
    if (empties < criteria.min_empties || empties > criteria.max_empties) return std::nullopt;
    std::vector<PuzzleChoice> choices = score_all_moves(engine, pos);
    if (!is_critical(choices, criteria) || !asks_for(choices.front().score, criteria))
        return std::nullopt;
    TreeBuilder builder{engine, criteria, pos.side(), {}, false};
    builder.tree.best = choices.front().score;
    builder.tree.solutions =
        static_cast<int>(std::count_if(choices.begin(), choices.end(), [&](const PuzzleChoice& c) {
            return c.score == builder.tree.best;
        }));
    builder.tree.nodes.push_back({std::move(choices), {}});
    builder.expand(0, pos, 0);
    builder.tree.themes = position_themes(pos, builder.tree);
    if (builder.opponent_passed) builder.tree.themes |= ThemeTempo;
    return builder.tree;
}

double puzzle_starting_rating(const PuzzleTree& tree) {
    const double choices = static_cast<double>(tree.nodes.front().choices.size());
    const double rating = 1500 + 50 * (choices - 4) + 100 * (tree.nodes.size() - 1.0);
    return std::clamp(rating, 1000.0, 2200.0);
}

std::vector<MinedPuzzle> mine_game(Engine& engine, const core::Variant& variant,
                                   const std::vector<core::Square>& moves,
                                   const PuzzleCriteria& criteria, int per_game,
                                   std::unordered_set<uint64_t>& seen) {
    std::vector<MinedPuzzle> found;
    core::Position pos = core::Position::start(variant);
    size_t skip_until = 0;
    for (size_t ply = 0; ply <= moves.size() && static_cast<int>(found.size()) < per_game; ++ply) {
        if (ply >= skip_until && !seen.count(pos.key())) {
            if (auto tree = find_puzzle(engine, pos, criteria)) {
                found.push_back({ply, std::move(*tree)});
                seen.insert(pos.key());
                skip_until = ply + 2 * static_cast<size_t>(criteria.max_turns);
            }
        }
        if (ply < moves.size()) pos.play(moves[ply]);
    }
    return found;
}

std::vector<core::Square> puzzle_selfplay_game(const core::Variant& variant, uint64_t seed,
                                               uint64_t index, int min_empties, Engine& engine) {
    // Another stream than the training self-play's, so the two never share games.
    uint64_t state = seed * 0x9e3779b97f4a7c15ULL + index * 0x2545f4914f6cdd1dULL + 0x5eed;
    const int random_plies = 2 + static_cast<int>(next_random(state) % 9);
    constexpr int RandomPermille = 150;
    constexpr int Depth = 3;
    core::Position pos = core::Position::start(variant);
    std::vector<core::Square> moves;
    engine.clear();
    for (int ply = 0; !pos.is_over() && empties_of(pos) > min_empties; ++ply) {
        core::Square move = core::PassMove;
        if (!pos.must_pass()) {
            if (ply < random_plies ||
                static_cast<int>(next_random(state) % 1000) < RandomPermille) {
                move = random_move(pos.legal_moves(), state);
            } else {
                SearchLimits limits;
                limits.depth = Depth;
                move = engine.search(pos, limits).best;
                if (move < 0) move = random_move(pos.legal_moves(), state);
            }
        }
        moves.push_back(move);
        pos.play(move);
    }
    return moves;
}

}  // namespace reversi::engine
