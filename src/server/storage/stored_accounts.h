// SPDX-License-Identifier: MIT
// The rows of players, sessions and ratings as the store keeps them (docs/SITE.md
// "Identity" and "Ratings"). Plain values: any back end (SQLite now, PostgreSQL later) maps
// them to its own tables without interpreting them.
#pragma once

#include <cstdint>
#include <string>

#include "server/common/rating_scale.h"

namespace reversi::server {

// A player: a guest has an empty password hash and a generated name ("Guest-4821").
struct StoredPlayer {
    int64_t id = 0;
    std::string name;
    std::string name_key;       // the name folded for case-insensitive uniqueness
    std::string password_hash;  // libsodium's Argon2id string, empty for guests
    int64_t created = 0;        // wall-clock ms
    bool bot = false;           // a bot account: plays through the bot API, marked BOT
    // The name's confusable skeleton, unique among players (empty: none, stored as NULL: guests,
    // and the later of two old names that look alike; docs/STORAGE.md version 15).
    std::string name_skeleton = {};
};

// A login session: only the BLAKE2b hash of the cookie's token is kept.
struct StoredSession {
    std::string token_hash;
    int64_t player = 0;
    int64_t created = 0;
    int64_t last_seen = 0;
    bool api = false;  // a bot's API token (listed, at most MaxBotTokens, revocable)
};

// One player's Glicko-2 rating in one pool.
struct StoredRating {
    int64_t player = 0;
    std::string pool;
    double rating = StartRating;
    double rd = StartRd;
    double volatility = StartVolatility;
    int games = 0;
};

// A leaderboard row: a rating and its player's name.
struct RankedRating {
    StoredRating rating;
    std::string name;
};

// Finished games of one player, counted by outcome (cancelled and expired tables excluded).
struct PlayerStats {
    int games = 0;
    int won = 0;
    int drawn = 0;
    int lost = 0;
};

}  // namespace reversi::server
