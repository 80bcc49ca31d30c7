// SPDX-License-Identifier: MIT
// The defaults of a store without puzzles: saving throws, loading finds none.
#include "server/storage/puzzle_store.h"

#include <stdexcept>

namespace reversi::server {

void PuzzleStore::save_puzzle_rating(const StoredPuzzleRating&) {
    throw std::runtime_error("this store keeps no puzzles");
}

std::vector<StoredPuzzleRating> PuzzleStore::puzzle_ratings() {
    return {};
}

void PuzzleStore::save_player_puzzles(const StoredPlayerPuzzles&) {
    throw std::runtime_error("this store keeps no puzzles");
}

std::vector<StoredPlayerPuzzles> PuzzleStore::player_puzzles() {
    return {};
}

void PuzzleStore::add_puzzle_attempt(const StoredPuzzleAttempt&) {
    throw std::runtime_error("this store keeps no puzzles");
}

std::vector<StoredPuzzleAttempt> PuzzleStore::puzzle_attempts() {
    return {};
}

void PuzzleStore::save_puzzle_streak(const StoredPuzzleStreak&) {
    throw std::runtime_error("this store keeps no puzzles");
}

std::vector<StoredPuzzleStreak> PuzzleStore::puzzle_streaks() {
    return {};
}

void PuzzleStore::save_running_streak(const StoredRunningStreak&) {
    throw std::runtime_error("this store keeps no puzzles");
}

void PuzzleStore::end_running_streak(int64_t) {
    throw std::runtime_error("this store keeps no puzzles");
}

std::vector<StoredRunningStreak> PuzzleStore::running_streaks() {
    return {};
}

void PuzzleStore::add_seen_puzzle(const std::vector<std::string>&, const std::string&, int64_t,
                                  int) {
    throw std::runtime_error("this store keeps no puzzles");
}

bool PuzzleStore::puzzle_seen(const std::vector<std::string>&, const std::string&, int64_t) {
    return false;
}

std::vector<StoredSeenPuzzle> PuzzleStore::seen_puzzles(int64_t, size_t) {
    return {};
}

void PuzzleStore::forget_seen_puzzles(int64_t) {
    throw std::runtime_error("this store keeps no puzzles");
}

}  // namespace reversi::server
