// SPDX-License-Identifier: MIT
// The explorer's index is a flat list per pool, scanned per query: a byte compare of the
// prefix per game, which answers 100,000 games in milliseconds (docs/EXPLORER.md "Figures")
// without a tree to keep in step with the games.
#include "server/explorer/explorer.h"

#include <algorithm>

#include "server/explorer/openings.h"

namespace reversi::server {

namespace {

constexpr int Stride8 = 8;

bool oriented(const std::string& pool) {
    return pool == "8x8" || pool == "8x8-anti";
}

core::Square turned(int symmetry, core::Square sq) {
    if (sq < 0 || symmetry == 0) return sq;
    const core::Coord c = transform(symmetry, {sq % Stride8, sq / Stride8});
    return c.row * Stride8 + c.col;
}

std::vector<core::Coord> coords(const std::vector<core::Square>& moves) {
    std::vector<core::Coord> out;
    for (const core::Square m : moves)
        if (m >= 0) out.push_back({m % Stride8, m / Stride8});
    return out;
}

// The moves as stored: turned to the canonical orientation on 8x8, one byte each.
std::string encode(const std::string& pool, const std::vector<core::Square>& moves, int& symmetry) {
    symmetry = oriented(pool) ? canonical_symmetry(coords(moves)) : 0;
    std::string out;
    out.reserve(moves.size());
    for (const core::Square m : moves)
        out.push_back(static_cast<char>(m < 0 ? 0 : turned(symmetry, m) + 1));
    return out;
}

}  // namespace

void Explorer::add(const ExplorerGame& game) {
    int symmetry = 0;
    pools_[game.pool].push_back({encode(game.pool, game.moves, symmetry),
                                 static_cast<int8_t>(game.winner), game.players, game.ratings,
                                 game.imported_by});
}

ExplorerAnswer Explorer::query(const std::string& pool, const std::vector<core::Square>& moves,
                               const ExplorerFilter& filter) const {
    ExplorerAnswer answer;
    const auto it = pools_.find(pool);
    if (it == pools_.end()) return answer;
    int symmetry = 0;
    const std::string prefix = encode(pool, moves, symmetry);
    // An empty prefix has no orientation: its next moves are the stored (f5) ones.
    std::map<unsigned char, ExplorerMove> next;
    for (const Entry& e : it->second) {
        if (e.moves.size() < prefix.size() || e.moves.compare(0, prefix.size(), prefix) != 0)
            continue;
        if (e.imported_by
                ? e.imported_by != filter.player
                : filter.player && e.players[0] != filter.player && e.players[1] != filter.player)
            continue;
        if (filter.min_rating || filter.max_rating) {
            if (!e.ratings[0] || !e.ratings[1]) continue;
            const int mean = (e.ratings[0] + e.ratings[1]) / 2;
            if (filter.min_rating && mean < filter.min_rating) continue;
            if (filter.max_rating && mean > filter.max_rating) continue;
        }
        ++answer.games;
        if (e.moves.size() == prefix.size()) continue;
        ExplorerMove& m = next[static_cast<unsigned char>(e.moves[prefix.size()])];
        ++m.games;
        if (e.winner == 0) ++m.black_wins;
        if (e.winner == 1) ++m.white_wins;
        if (e.winner < 0) ++m.draws;
    }
    const int back = inverse_symmetry(symmetry);
    for (auto& [byte, m] : next) {
        m.move = byte == 0 ? core::PassMove : turned(back, byte - 1);
        answer.moves.push_back(m);
    }
    std::stable_sort(
        answer.moves.begin(), answer.moves.end(),
        [](const ExplorerMove& a, const ExplorerMove& b) { return a.games > b.games; });
    return answer;
}

size_t Explorer::games(const std::string& pool) const {
    const auto it = pools_.find(pool);
    return it == pools_.end() ? 0 : it->second.size();
}

}  // namespace reversi::server
