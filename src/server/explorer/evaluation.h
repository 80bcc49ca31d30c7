// SPDX-License-Identifier: MIT
// The engine's evaluation beside the explorer's moves (docs/EXPLORER.md "Evaluation"): every
// legal move of a position scored by one multi-PV search on the engine pool's lowest priority
// (the analyses' class, so computer moves and hints always go first and the fair shares apply
// to its owner), kept in a bounded cache per position, so a position asked again costs nothing.
// Askers of a position being searched wait for that one search. Runs on the network thread: no
// lock.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "server/common/engine_pool.h"
#include "server/common/net.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"

namespace reversi::server {

struct ExplorerEvalOptions {
    int depth = 8;           // midgame depth of the multi-PV search
    int exact_empties = 14;  // solved exactly from this many empty squares
    size_t cached = 4096;    // positions kept (least recently asked dropped first)
    size_t searching = 32;   // positions searched or waiting at once; one more is `busy`
    size_t waiters = 64;     // askers waiting on one position
    // Searches started per minute per address (and burst); an answer from the cache is free.
    int per_minute = 30;
    int burst = 15;
};

class ExplorerEvaluations {
  public:
    ExplorerEvaluations(net::io_context& ioc, EnginePool& engines,
                        ExplorerEvalOptions options = {});
    ExplorerEvaluations(const ExplorerEvaluations&) = delete;
    ExplorerEvaluations& operator=(const ExplorerEvaluations&) = delete;

    // Answers {"moves": [{"move", "score", "exact"}...] best first, "depth", "exact"} for the
    // position of `game` in `pool` (scores in discs for the side to move): from the cache at
    // once, else when the search is done. `client` (an address) owns the search in the
    // engine's fair queue and its rate limit. Throws ApiError (busy, rate_limited).
    void evaluate(const std::string& pool, const core::Game& game, const std::string& client,
                  Respond respond);

    size_t cached() const { return cache_.size(); }
    size_t searches_started() const { return started_; }

  private:
    struct Cached {
        std::shared_ptr<const std::string> body;
        std::list<std::string>::iterator age;
    };
    void finish(const std::string& key, const core::Position& pos,
                const engine::SearchResult& result);
    void remember(const std::string& key, std::shared_ptr<const std::string> body);

    net::io_context& ioc_;
    EnginePool& engines_;
    ExplorerEvalOptions options_;
    RateLimiter limiter_;
    std::unordered_map<std::string, Cached> cache_;
    std::list<std::string> ages_;  // most recently asked first
    std::unordered_map<std::string, std::vector<Respond>> waiting_;
    size_t started_ = 0;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
