// SPDX-License-Identifier: MIT
// The explorer's evaluations: one search per position however many ask, its answer kept as the
// JSON text the askers get, dropped least recently asked first.
#include "server/explorer/evaluation.h"

#include <cmath>

#include "core/bitboard.h"
#include "core/notation.h"
#include "engine/game_analysis.h"
#include "server/common/clock.h"

namespace reversi::server {

namespace {

// A score in discs for the side to move: exact scores are discs, midgame ones hundredths.
double discs(int score, bool exact) {
    return exact ? score : std::round(score / 10.0) / 10.0;
}

Reply cached_reply(const std::string& body) {
    Reply r;
    r.body = body;
    return r;
}

}  // namespace

ExplorerEvaluations::ExplorerEvaluations(net::io_context& ioc, EnginePool& engines,
                                         ExplorerEvalOptions options)
    : ioc_(ioc),
      engines_(engines),
      options_(options),
      limiter_(options.per_minute, options.burst) {}

void ExplorerEvaluations::evaluate(const std::string& pool, const core::Game& game,
                                   const std::string& client, Respond respond) {
    const core::Position& pos = game.position();
    const std::string key = pool + ":" + std::to_string(pos.key());
    if (const auto hit = cache_.find(key); hit != cache_.end()) {
        ages_.splice(ages_.begin(), ages_, hit->second.age);
        return respond(cached_reply(*hit->second.body));
    }
    if (pos.is_over()) return respond(json_reply(200, {{"moves", json::array()}, {"exact", true}}));
    if (const auto searching = waiting_.find(key); searching != waiting_.end()) {
        if (searching->second.size() >= options_.waiters)
            throw ApiError(ErrorCode::Busy, "the engine is busy; try again soon");
        searching->second.push_back(std::move(respond));
        return;
    }
    if (waiting_.size() >= options_.searching)
        throw ApiError(ErrorCode::Busy, "the engine is busy; try again soon");
    const int64_t now = steady_ms();
    if (limiter_.keys() > 1024) limiter_.prune(now);
    if (!limiter_.allow(client, now))
        throw ApiError(ErrorCode::RateLimited, "too many evaluations from this address; wait");
    const engine::SearchLimits limits =
        engine::analysis_limits(pos, {options_.depth, options_.exact_empties});
    const std::weak_ptr<const int> life = life_;
    // The analyses' class: every computer move and hint goes first, and the asker's address is
    // the owner whose fair share it spends.
    const bool queued = engines_.submit(
        game.shared_variant(), pos, limits,
        [&ioc = ioc_, this, life, key, pos](const engine::SearchResult& r) {
            net::post(ioc, [this, life, key, pos, r] {
                if (!life.expired()) finish(key, pos, r);
            });
        },
        EnginePool::Priority::Analysis, client);
    if (!queued) throw ApiError(ErrorCode::Busy, "the engine is busy; try again soon");
    ++started_;
    waiting_[key].push_back(std::move(respond));
}

void ExplorerEvaluations::finish(const std::string& key, const core::Position& pos,
                                 const engine::SearchResult& result) {
    const core::Geometry& g = pos.geometry();
    json moves = json::array();
    for (const engine::MoveScore& m : result.root_moves)
        moves.push_back({{"move", core::square_name(g, m.move)},
                         {"score", discs(m.score, m.exact)},
                         {"exact", m.exact}});
    const json answer = {{"moves", moves}, {"depth", result.depth}, {"exact", result.exact}};
    auto body = std::make_shared<const std::string>(dump_safe(answer));
    // A search the watchdog cut short is answered but not kept: the next asker searches again.
    if (!result.root_moves.empty()) remember(key, body);
    const auto it = waiting_.find(key);
    if (it == waiting_.end()) return;
    const std::vector<Respond> askers = std::move(it->second);
    waiting_.erase(it);
    for (const Respond& r : askers) r(cached_reply(*body));
}

void ExplorerEvaluations::remember(const std::string& key,
                                   std::shared_ptr<const std::string> body) {
    if (cache_.count(key)) return;
    ages_.push_front(key);
    cache_[key] = {std::move(body), ages_.begin()};
    while (cache_.size() > options_.cached) {
        cache_.erase(ages_.back());
        ages_.pop_back();
    }
}

}  // namespace reversi::server
