// SPDX-License-Identifier: MIT
// The mining thread: one engine, the idle scheduling class, a budget of games an hour, and a
// file per pool rewritten (through a temporary file) after each game that gave a puzzle.
#include "server/puzzles/mining.h"

#include <sched.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <iostream>

namespace reversi::server {

namespace {

using Clock = std::chrono::steady_clock;

// The pools whose games are mined (those puzzles are served for).
// A table id as a puzzle id may hold it (letters, digits, '-', '_'; short).
std::string id_part(const std::string& id) {
    std::string out;
    for (const char c : id)
        if (out.size() < 24 &&
            (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
            out += c;
    return out;
}

bool puzzle_pool(const std::string& pool) {
    try {
        puzzle_pool_setup(pool);
        return true;
    } catch (const PuzzleFileError&) {
        return false;
    }
}

}  // namespace

PuzzleMiner::PuzzleMiner(MiningOptions options) : options_(std::move(options)) {
    std::filesystem::create_directories(options_.dir);
    for (const auto& entry : std::filesystem::directory_iterator(options_.dir)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("mined-", 0) != 0 || entry.path().extension() != ".jsonl") continue;
        PuzzleFile file = read_puzzle_file(entry.path().string());
        for (const PuzzleRecord& p : file.puzzles)
            seen_.insert(puzzle_game(file.pool, p).position().key());
        files_[file.pool] = std::move(file);
    }
    thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

PuzzleMiner::~PuzzleMiner() {
    thread_.request_stop();
    wake_.notify_all();
}

std::string PuzzleMiner::path(const std::string& pool) const {
    return (std::filesystem::path(options_.dir) / ("mined-" + pool + ".jsonl")).string();
}

void PuzzleMiner::add(const std::string& pool, const std::string& id,
                      std::vector<core::Square> moves) {
    if (!puzzle_pool(pool)) return;
    {
        std::lock_guard lock(mutex_);
        if (jobs_.size() >= options_.queue) {
            ++figures_.dropped;
            return;
        }
        jobs_.push_back({pool, id, std::move(moves)});
    }
    wake_.notify_all();
}

MiningFigures PuzzleMiner::figures() const {
    std::lock_guard lock(mutex_);
    return figures_;
}

void PuzzleMiner::run(std::stop_token stop) {
    // SCHED_IDLE: below every nice level, so the engine workers and the network thread always
    // get the cores first. Where it is refused, the job still runs, at its normal class.
    sched_param idle{};
    sched_setscheduler(0, SCHED_IDLE, &idle);
    engine::Engine engine({options_.hash_mb});
    const auto spacing = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(3600.0 / std::max(options_.games_per_hour, 1e-6)));
    Clock::time_point next = Clock::now();
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            // The budget first (a game every `spacing`), then a game to mine.
            wake_.wait_until(lock, stop, next, [] { return false; });
            if (stop.stop_requested()) return;
            if (!wake_.wait(lock, stop, [this] { return !jobs_.empty(); })) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        const Clock::time_point started = Clock::now();
        next = started + spacing;
        try {
            mine(engine, job);
        } catch (const std::exception& e) {
            std::cerr << "puzzle mining: game " << job.id << ": " << e.what() << std::endl;
        }
        std::lock_guard lock(mutex_);
        ++figures_.games;
        figures_.seconds += std::chrono::duration<double>(Clock::now() - started).count();
    }
}

void PuzzleMiner::mine(engine::Engine& engine, const Job& job) {
    const core::Variant variant(puzzle_pool_setup(job.pool));
    const std::vector<engine::MinedPuzzle> found =
        engine::mine_game(engine, variant, job.moves, options_.criteria, options_.per_game, seen_);
    if (found.empty()) return;
    PuzzleFile& file = files_[job.pool];
    file.pool = job.pool;
    for (const engine::MinedPuzzle& m : found) {
        PuzzleRecord record;
        record.id = job.pool + "-site-" + id_part(job.id) + "-p" + std::to_string(m.ply);
        record.moves.assign(job.moves.begin(), job.moves.begin() + static_cast<long>(m.ply));
        record.rating = engine::puzzle_starting_rating(m.tree);
        record.tree = m.tree;
        file.puzzles.push_back(std::move(record));
    }
    write_puzzle_file(path(job.pool), file);
    std::lock_guard lock(mutex_);
    figures_.puzzles += static_cast<int64_t>(found.size());
}

}  // namespace reversi::server
