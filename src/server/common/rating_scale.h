// SPDX-License-Identifier: MIT
// The rating scale every pool, puzzle and player starts on (Glicko-2's public scale): one
// owner for the numbers that stored ratings, the lobby, tournaments and puzzles default to, and
// that GET /api/config publishes.
#pragma once

namespace reversi::server {

// A new rating: 1500, deviation 350, volatility 0.06 (Glickman's recommended start).
constexpr double StartRating = 1500;
constexpr double StartRd = 350;
constexpr double StartVolatility = 0.06;

}  // namespace reversi::server
