// SPDX-License-Identifier: MIT
// Post-game analysis and the analysis board (docs/SITE.md "Analysis"). A finished two-player
// game is analysed ply by ply on the engine pool's lowest priority: each job is one position,
// so a computer move or a hint queued meanwhile runs before the next ply and never waits
// behind a whole game. Results are stored (one JSON document per game) and served; progress
// is visible while it runs. The analysis board scores every legal move of a position given
// as a setup and moves. Runs on the network thread like the hub: no lock.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/game_analysis.h"
#include "server/common/engine_pool.h"
#include "server/common/net.h"
#include "server/common/rate_limiter.h"
#include "server/hub/hub.h"
#include "server/storage/storage.h"

namespace reversi::server {

struct AnalysisOptions {
    engine::AnalysisDepth depth;  // per ply of a finished game
    int parallel_plies = 1;       // plies in the engine pool at once (all games together)
    size_t max_games = 200;       // games queued or running; one more is refused `busy`
    size_t cached_games = 64;     // finished analyses kept in memory (the store has them all)
    // The analysis board: requests per minute per address (and burst), the depth allowed.
    int board_per_minute = 60;
    int board_burst = 20;
    int board_default_depth = 10;
    int board_max_depth = 12;
    int board_exact_empties = 14;
    size_t board_max_moves = 240;
};

class AnalysisService {
  public:
    AnalysisService(net::io_context& ioc, StorageQueue& storage, EnginePool& engines,
                    AnalysisOptions options = {});
    AnalysisService(const AnalysisService&) = delete;
    AnalysisService& operator=(const AnalysisService&) = delete;

    // A game just ended (the hub's hook): a finished two-player game with moves is queued;
    // anything else is ignored, and so is a game arriving while the queue is full (the
    // first request for it starts it later).
    void game_finished(const Table& table);
    // GET /api/games/{id}/analysis: {"status": "queued" | "running" | "done", "progress",
    // "plies": [...]}; starts the analysis of a finished game not analysed yet.
    void get(const std::string& id, Respond respond);
    // POST /api/analyze {"setup", "moves", "depth"}: every legal move's score in the
    // position after the moves. `client` is the caller's address (rate limit).
    void analyze(const std::string& body, Respond respond, const std::string& client);

    // Games queued or being analysed (tests).
    size_t active() const { return jobs_.size(); }
    // Where the plies of finished games are searched (the constructor's pool until set): the
    // server gives them a pool at the lowest priority, so reviews do not slow live play.
    void set_game_engines(EnginePool& engines) { game_engines_ = &engines; }

  private:
    struct Job;
    using JobPtr = std::shared_ptr<Job>;

    int64_t now() const;
    // Queues a finished game's analysis; false when the queue is full.
    bool enqueue(const Table& table);
    // Submits plies to the engine pool while there is room.
    void pump();
    // Queues one ply on the pool; false (retried later) when the pool refuses it.
    bool submit(const JobPtr& job, size_t ply);
    void on_ply(const JobPtr& job, size_t ply, const engine::SearchResult& result);
    void finish(const JobPtr& job);
    // Answers from what is in memory; false when the game is not there.
    bool answer_known(const std::string& id, const Respond& respond);
    // Reads the stored analysis or the game, then answers (starting the analysis if needed).
    void answer_from_store(const std::string& id, Respond respond);
    // Queues a stored game; throws ApiError when it cannot be analysed (yet).
    void start_stored(const StoredTable& table);
    void remember(const std::string& id, std::shared_ptr<const std::string> text);
    void retry_later();

    net::io_context& ioc_;
    StorageQueue& storage_;
    EnginePool& engines_;
    EnginePool* game_engines_ = &engines_;
    AnalysisOptions options_;
    std::unordered_map<std::string, JobPtr> jobs_;
    std::deque<JobPtr> order_;  // first come, first served
    int in_flight_ = 0;
    // Finished analyses (the "done" answer's text), oldest first for eviction.
    std::unordered_map<std::string, std::shared_ptr<const std::string>> done_;
    std::deque<std::string> done_order_;
    RateLimiter board_limiter_;
    net::steady_timer retry_timer_;
    bool retry_armed_ = false;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
