// SPDX-License-Identifier: MIT
// Match runner and its statistics. Openings come from a seeded generator and are played in
// seat-rotated pairs, so a lucky opening helps both sides equally.
#include "engine/match.h"

#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>

#include "core/bitboard.h"
#include "core/notation.h"
#include "engine/greedy.h"

namespace reversi::engine {

SearchPlayer::SearchPlayer(std::string name, SearchLimits limits,
                           std::optional<MultiAlgorithm> algorithm)
    : name_(std::move(name)),
      limits_(limits),
      algorithm_(algorithm),
      engine_(std::make_unique<Engine>()) {}

void SearchPlayer::new_game(const core::Game&, int game_index) {
    seed_ = limits_.seed * 1'000'003 + static_cast<uint64_t>(game_index);
    moves_made_ = 0;
    engine_->clear();
}

core::Square SearchPlayer::choose(const core::Game& game) {
    SearchLimits limits = limits_;
    // A fresh seed for every move keeps weak levels from repeating one bias all game long.
    limits.seed = seed_ * 131 + static_cast<uint64_t>(moves_made_++);
    const core::Position& pos = game.position();
    const SearchResult r = pos.players() > 2 && algorithm_
                               ? multiplayer_search(pos, limits, {*algorithm_, 0}, {}, {})
                               : engine_->search(pos, limits);
    return r.best;
}

core::Square GreedyPlayer::choose(const core::Game& game) {
    return greedy_move(game.position(), seed_ * 977 + static_cast<uint64_t>(game.ply())).best;
}

double elo_from_score(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0) + 0.0;  // + 0.0 turns -0 into 0
}

EloEstimate elo_estimate(const MatchScore& s) {
    EloEstimate e;
    const int n = s.games();
    if (n == 0) return {0, std::numeric_limits<double>::infinity()};
    const double mean = (s.wins + 0.5 * s.draws) / n;
    e.elo = elo_from_score(mean);
    // Variance of one game's score around the mean, then of the mean itself.
    const double variance = (s.wins * (1 - mean) * (1 - mean) +
                             s.draws * (0.5 - mean) * (0.5 - mean) + s.losses * mean * mean) /
                            n;
    const double margin = 1.959964 * std::sqrt(variance / n);
    const double high = elo_from_score(mean + margin);
    const double low = elo_from_score(mean - margin);
    e.error = (high - low) / 2;
    if (!std::isfinite(e.error)) e.error = std::numeric_limits<double>::infinity();
    return e;
}

std::vector<std::vector<core::Square>> match_openings(const MatchConfig& config) {
    core::Game base(config.setup);
    for (const core::Square sq : config.start_moves)
        if (!base.play(sq).empty()) throw std::invalid_argument("the start moves are not legal");
    std::mt19937_64 rng(config.seed);
    std::set<uint64_t> seen;
    std::vector<std::vector<core::Square>> openings;
    // Few distinct openings may exist (a short opening on a small board): stop trying then.
    for (int attempt = 0; static_cast<int>(openings.size()) < config.openings; ++attempt) {
        if (attempt > 100 * config.openings + 100)
            throw std::invalid_argument("not enough distinct openings of that length");
        core::Game g = base;
        std::vector<core::Square> moves = config.start_moves;
        for (int ply = 0; ply < config.opening_plies && !g.is_over(); ++ply) {
            core::Square sq = core::PassMove;
            if (!g.must_pass()) {
                core::u128 legal = g.legal_moves();
                std::vector<core::Square> list;
                while (legal) list.push_back(core::pop_lsb(legal));
                sq = list[rng() % list.size()];
            }
            g.play(sq);
            moves.push_back(sq);
        }
        if (g.is_over() || !seen.insert(g.position().key()).second) continue;
        openings.push_back(std::move(moves));
    }
    return openings;
}

namespace {

// Plays one game; `seat_owner[s]` is the player in seat s.
GameRecord play_game(const MatchConfig& config, const std::vector<core::Square>& opening,
                     const std::array<MatchPlayer*, core::MaxPlayers>& seat_owner, MatchPlayer& a,
                     int index) {
    core::Game game(config.setup);
    GameRecord record;
    record.index = index;
    for (int s = 0; s < config.setup.players; ++s)
        if (seat_owner[s] == &a) record.a_seats.push_back(s);
    for (MatchPlayer* p : seat_owner)
        if (p) p->new_game(game, index);
    auto observe_all = [&] {
        for (int s = 0; s < config.setup.players; ++s) {
            bool seen_before = false;
            for (int t = 0; t < s; ++t) seen_before |= seat_owner[t] == seat_owner[s];
            if (!seen_before) seat_owner[s]->observe(game);
        }
    };
    for (const core::Square sq : opening) {
        game.play(sq);
        observe_all();
    }
    while (!game.is_over()) {
        core::Square sq = core::PassMove;
        if (!game.must_pass()) {
            MatchPlayer* mover = seat_owner[game.position().side()];
            sq = mover->choose(game);
            if (!game.position().is_legal(sq) || sq == core::PassMove)
                throw std::runtime_error(mover->name() + " chose an illegal move: " +
                                         core::square_name(game.position().geometry(), sq));
        }
        game.play(sq);
        observe_all();
    }
    record.moves = game.moves();
    record.outcome = game.outcome();
    if (record.outcome.winner < 0)
        record.score_a = 0.5;
    else
        record.score_a = seat_owner[record.outcome.winner] == &a ? 1.0 : 0.0;
    return record;
}

}  // namespace

namespace {

// Who sits where in game `round` of an opening. Two players: A is Black, then White. More:
// the lone player sits in seat round / 2 and is A on even rounds, B on odd ones.
std::array<MatchPlayer*, core::MaxPlayers> seating(int players, int round, MatchPlayer& a,
                                                   MatchPlayer& b) {
    std::array<MatchPlayer*, core::MaxPlayers> seats{};
    if (players == 2) {
        seats[0] = round == 0 ? &a : &b;
        seats[1] = round == 0 ? &b : &a;
    } else {
        MatchPlayer* alone = round % 2 == 0 ? &a : &b;
        MatchPlayer* rest = round % 2 == 0 ? &b : &a;
        for (int s = 0; s < players; ++s) seats[s] = s == round / 2 ? alone : rest;
    }
    return seats;
}

using PlayersOfWorker = std::function<std::pair<MatchPlayer*, MatchPlayer*>(int worker)>;

// Workers take the next unplayed game until none is left or one of them fails; the first
// failure is rethrown once every worker has stopped.
MatchScore play_all(const MatchConfig& config, int jobs, const PlayersOfWorker& players_of,
                    const GameCallback& on_game) {
    const auto openings = match_openings(config);
    const int players = config.setup.players;
    const int per_opening = players == 2 ? 2 : 2 * players;
    const int total = static_cast<int>(openings.size()) * per_opening;
    MatchScore score;
    std::mutex lock;
    if (config.first_game < 0 || config.first_game >= total)
        throw std::invalid_argument("the first game must be 1 to " + std::to_string(total));
    std::atomic<int> next{config.first_game};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    auto work = [&](int worker) {
        try {
            auto [a, b] = players_of(worker);
            for (int index = next++; index < total && !failed; index = next++) {
                const auto seats = seating(players, index % per_opening, *a, *b);
                GameRecord record;
                try {
                    record = play_game(config, openings[index / per_opening], seats, *a, index);
                } catch (const std::exception& e) {
                    throw std::runtime_error("game " + std::to_string(index + 1) + ": " + e.what());
                }
                const std::lock_guard guard(lock);
                if (record.score_a == 1.0)
                    ++score.wins;
                else if (record.score_a == 0.0)
                    ++score.losses;
                else
                    ++score.draws;
                if (on_game) on_game(record, score, total - config.first_game);
            }
        } catch (...) {
            const std::lock_guard guard(lock);
            if (!failure) failure = std::current_exception();
            failed = true;
        }
    };
    if (jobs <= 1) {
        work(0);
    } else {
        std::vector<std::jthread> workers;
        for (int w = 0; w < std::min(jobs, total - config.first_game); ++w)
            workers.emplace_back(work, w);
    }  // the jthreads join here
    if (failure) std::rethrow_exception(failure);
    return score;
}

}  // namespace

MatchScore run_match(const MatchConfig& config, MatchPlayer& a, MatchPlayer& b,
                     const GameCallback& on_game) {
    return play_all(
        config, 1,
        [&](int) {
            return std::pair{&a, &b};
        },
        on_game);
}

MatchScore run_match(const MatchConfig& config, const PlayerFactory& make_a,
                     const PlayerFactory& make_b, int jobs, const GameCallback& on_game) {
    std::vector<std::pair<std::unique_ptr<MatchPlayer>, std::unique_ptr<MatchPlayer>>> owned(
        static_cast<size_t>(std::max(jobs, 1)));
    return play_all(
        config, jobs,
        [&](int worker) {
            auto& [a, b] = owned[static_cast<size_t>(worker)];
            a = make_a();  // in the worker's thread: an external engine's process is its own
            b = make_b();
            return std::pair{a.get(), b.get()};
        },
        on_game);
}

}  // namespace reversi::engine
