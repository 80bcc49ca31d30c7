// SPDX-License-Identifier: MIT
// Post-game analysis and the analysis board (docs/SITE.md "Analysis"). A finished two-player
// game is analysed ply by ply on the engine pool's lowest priority: each job is one position,
// so a computer move or a hint queued meanwhile runs before the next ply and never waits
// behind a whole game. The server gives the reviews two pools of their own (issue 29): one in
// SCHED_IDLE for the reviews nobody waits on, and one at nice 19 for those someone asked for
// and for a ply the idle one has left unanswered past its patience (it may starve there).
// Results are stored (one JSON document per game) and served; progress is visible while it
// runs. The analysis board scores every legal move of a position given
// as a setup and moves. Runs on the network thread like the hub: no lock.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/game_analysis.h"
#include "server/analysis/board.h"
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
    // How long a ply may wait on the background pool before the waited pool searches it too
    // (under the pools' 10 s deadline, which would answer a starved search cut short).
    std::chrono::milliseconds patience{5'000};
    // Above this many acknowledged moves a second (the metrics' count over the last window), a
    // game that ends is not queued for its review: it is reviewed when someone asks for it, as
    // when the queue is full, and counted as deferred. 0: no bound (issue 29: what the reviews
    // cost live play when thousands of games end at once is measured with it).
    double max_move_rate = 0;
    std::chrono::milliseconds move_rate_window{1'000};
    // The analysis board: requests per minute per address (and burst), the depth allowed.
    int board_per_minute = 60;
    int board_burst = 20;
    int board_default_depth = BoardLimits{}.default_depth;
    int board_max_depth = BoardLimits{}.max_depth;
    int board_exact_empties = BoardLimits{}.exact_empties;
    size_t board_max_moves = BoardLimits{}.max_moves;
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
    // Where the plies of finished games are searched (the constructor's pool until set): those
    // nobody waits on on `background` (the server's runs in SCHED_IDLE, so reviews do not slow
    // live play), those of a game someone asked for, and any ply `background` has held past the
    // patience, on `waited` (nice 19: it cannot starve beside other low-priority work).
    void set_game_engines(EnginePool& background, EnginePool& waited) {
        background_engines_ = &background;
        waited_engines_ = &waited;
    }
    // Where the plies searched on the waited pool and the deferred reviews are counted, and
    // the moves whose rate max_move_rate bounds.
    void set_metrics(Metrics* metrics);

  private:
    struct Job;
    using JobPtr = std::shared_ptr<Job>;
    using Clock = std::chrono::steady_clock;
    // A ply in a pool, not answered yet; `waited` when it is (also) on the waited pool.
    struct Sent {
        JobPtr job;
        size_t ply = 0;
        Clock::time_point at;
        bool waited = false;
    };

    int64_t now() const;
    // Whether the node acknowledges more moves a second than options_.max_move_rate.
    bool above_move_rate();
    // Queues a finished game's analysis; false when the queue is full.
    bool enqueue(const Table& table);
    // Submits plies to the engine pool while there is room.
    void pump();
    // Queues one ply on the pool of its lane; false (retried later) when the pool refuses it.
    bool submit(const JobPtr& job, size_t ply);
    // Queues the ply on `pool`, its answer coming back to on_ply.
    bool search_on(EnginePool& pool, const JobPtr& job, size_t ply);
    // Plies in flight on the waited pool (`waited`) or on the background one only.
    int in_flight(bool waited) const;
    // Someone asked for the game: it goes first, its plies on the waited pool, those in flight
    // on the background pool searched there too.
    void make_waited(const JobPtr& job);
    // Sends `sent` to the waited pool as well; the first answer counts.
    void hedge(Sent& sent);
    // Hedges the plies the background pool has held past the patience; re-arms itself.
    void check_patience();
    void arm_patience();
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
    EnginePool* background_engines_ = &engines_;
    EnginePool* waited_engines_ = &engines_;
    AnalysisOptions options_;
    Metrics* metrics_ = nullptr;
    // The move rate over the last whole window, and where the current window began.
    double move_rate_ = 0;
    Clock::time_point rate_since_ = Clock::now();
    uint64_t rate_moves_ = 0;
    std::unordered_map<std::string, JobPtr> jobs_;
    std::deque<JobPtr> order_;  // first come, first served; games someone asked for first
    std::vector<Sent> in_flight_;
    // Finished analyses (the "done" answer's text), oldest first for eviction.
    std::unordered_map<std::string, std::shared_ptr<const std::string>> done_;
    std::deque<std::string> done_order_;
    RateLimiter board_limiter_;
    net::steady_timer retry_timer_;
    bool retry_armed_ = false;
    net::steady_timer patience_timer_;
    bool patience_armed_ = false;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
