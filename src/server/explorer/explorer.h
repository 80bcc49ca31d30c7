// SPDX-License-Identifier: MIT
// The opening explorer's index (docs/EXPLORER.md): every finished game of the site per pool,
// kept as its move string, its players, their ratings and its result; a query counts, for a
// move sequence, each next move played with its results, filtered by a player or a rating
// band. 8x8 games are kept in the orientation whose first move is f5 (openings.h), so the four
// first moves share one tree; a query is turned the same way and its answer turned back.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/types.h"

namespace reversi::server {

struct ExplorerGame {
    std::string pool;
    std::vector<core::Square> moves;  // as played (PassMove for a pass), on the pool's board
    int winner = -1;                  // 0 Black, 1 White, -1 draw
    std::array<int64_t, 2> players{};
    std::array<int, 2> ratings{};  // when seated; 0 unrated
    // The player whose own database holds it (an imported game), 0 for a game of the site:
    // an imported game counts only in that player's "my openings".
    int64_t imported_by = 0;
};

// Which games a query counts: one player's (0: everyone's; a player's own imported games
// too), and a band of the players' mean rating (0: no bound; an unrated game is outside any
// band).
struct ExplorerFilter {
    int64_t player = 0;
    int min_rating = 0;
    int max_rating = 0;
};

struct ExplorerMove {
    core::Square move = core::NoSquare;
    int games = 0;
    int black_wins = 0;
    int white_wins = 0;
    int draws = 0;
};

struct ExplorerAnswer {
    int games = 0;                    // games that went through the sequence
    std::vector<ExplorerMove> moves;  // the next moves, most played first
};

class Explorer {
  public:
    void add(const ExplorerGame& game);
    // The next moves after `moves` (as the asker sees the board) in `pool`.
    ExplorerAnswer query(const std::string& pool, const std::vector<core::Square>& moves,
                         const ExplorerFilter& filter) const;
    size_t games(const std::string& pool) const;

  private:
    struct Entry {
        std::string moves;  // one byte per move: the square + 1, 0 for a pass
        int8_t winner;
        std::array<int64_t, 2> players;
        std::array<int, 2> ratings;
        int64_t imported_by;
    };
    std::map<std::string, std::vector<Entry>> pools_;
};

}  // namespace reversi::server
