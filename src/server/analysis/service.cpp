// SPDX-License-Identifier: MIT
// The analysis service. Everything here runs on the network thread; engine results come back
// through posted completions, checked against the service's life token. At most
// `parallel_plies` positions are in each review pool at once, taken from the oldest game first
// (a game someone asked for before all), so a burst of finished games queues here (bounded)
// rather than in the pools. A ply sent to the waited pool while the background pool still
// holds it is searched twice; the first answer counts and the other is dropped.
#include "server/analysis/service.h"

#include <algorithm>
#include <iostream>
#include <optional>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "server/analysis/board.h"
#include "server/analysis/review.h"

namespace reversi::server {

namespace {

// The longest id looked up (table ids are 8 characters).
constexpr size_t MaxIdBytes = 64;

}  // namespace

struct AnalysisService::Job {
    std::string id;
    std::shared_ptr<const core::Variant> variant;
    std::vector<core::Position> before;  // the position before each ply
    std::vector<core::Square> moves;
    std::vector<std::optional<engine::PlyVerdict>> verdicts;
    size_t next = 0;  // next ply to submit
    size_t done = 0;  // plies analysed
    bool finished = false;
    bool waited = false;  // someone asked for it: its plies go to the waited pool

    // Plies analysed from the first on, without gaps (what the graph can draw).
    json plies_json() const {
        json out = json::array();
        for (const auto& v : verdicts) {
            if (!v) break;
            out.push_back(ply_json(variant->geometry(), *v));
        }
        return out;
    }
    double progress() const { return moves.empty() ? 1.0 : double(done) / double(moves.size()); }
};

AnalysisService::AnalysisService(net::io_context& ioc, StorageQueue& storage, EnginePool& engines,
                                 AnalysisOptions options)
    : ioc_(ioc),
      storage_(storage),
      engines_(engines),
      options_(options),
      board_limiter_(options.board_per_minute, options.board_burst),
      retry_timer_(ioc),
      patience_timer_(ioc) {}

int64_t AnalysisService::now() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void AnalysisService::set_metrics(Metrics* metrics) {
    metrics_ = metrics;
    rate_since_ = Clock::now();
    rate_moves_ = metrics ? metrics->moves.value() : 0;
}

bool AnalysisService::above_move_rate() {
    if (options_.max_move_rate <= 0 || !metrics_) return false;
    const Clock::time_point t = Clock::now();
    if (t - rate_since_ >= options_.move_rate_window) {
        const uint64_t moves = metrics_->moves.value();
        move_rate_ = static_cast<double>(moves - rate_moves_) /
                     std::chrono::duration<double>(t - rate_since_).count();
        rate_since_ = t;
        rate_moves_ = moves;
    }
    return move_rate_ > options_.max_move_rate;
}

// Step: finished games.

void AnalysisService::game_finished(const Table& table) {
    try {
        if (table.status() != TableStatus::Finished || table.game().variant().players() != 2 ||
            table.game().moves().empty() || jobs_.count(table.id()) || done_.count(table.id()))
            return;
        if (above_move_rate()) {
            metrics_->reviews_deferred.add();
            return;
        }
        enqueue(table);
    } catch (const std::exception& e) {
        std::cerr << "analysis: game " << utf8_safe(table.id(), MaxIdBytes)
                  << " not queued: " << utf8_safe(e.what()) << '\n';
    }
}

bool AnalysisService::enqueue(const Table& table) {
    if (jobs_.size() >= options_.max_games) return false;
    auto job = std::make_shared<Job>();
    job->id = table.id();
    job->variant = table.game().shared_variant();
    job->moves = table.game().moves();
    core::Position pos = table.game().start();
    for (const core::Square m : job->moves) {
        job->before.push_back(pos);
        pos.play(m);
    }
    job->verdicts.resize(job->moves.size());
    jobs_[job->id] = job;
    order_.push_back(job);
    if (job->moves.empty())
        finish(job);
    else
        pump();
    return true;
}

void AnalysisService::pump() {
    const int limit = std::max(1, options_.parallel_plies);
    // Each lane fills up to the limit: a full background pool does not hold a waited game back.
    for (const JobPtr& job : order_)
        while (job->next < job->moves.size() && in_flight(job->waited) < limit)
            if (!submit(job, job->next)) return;
    arm_patience();
}

int AnalysisService::in_flight(bool waited) const {
    return static_cast<int>(std::count_if(in_flight_.begin(), in_flight_.end(),
                                          [&](const Sent& s) { return s.waited == waited; }));
}

bool AnalysisService::submit(const JobPtr& job, size_t ply) {
    if (!search_on(job->waited ? *waited_engines_ : *background_engines_, job, ply)) {
        retry_later();
        return false;
    }
    if (job->waited && metrics_) metrics_->review_waited_plies.add();
    job->next = ply + 1;
    in_flight_.push_back({job, ply, Clock::now(), job->waited});
    return true;
}

bool AnalysisService::search_on(EnginePool& pool, const JobPtr& job, size_t ply) {
    const core::Position& pos = job->before[ply];
    const std::weak_ptr<const int> life = life_;
    return pool.submit(
        job->variant, pos, engine::analysis_limits(pos, options_.depth),
        // Runs on a worker thread: it touches nothing of the service but the io_context.
        [this, &ioc = ioc_, life, job, ply](const engine::SearchResult& r) {
            net::post(ioc, [this, life, job, ply, r] {
                if (life.expired()) return;
                on_ply(job, ply, r);
            });
        },
        EnginePool::Priority::Analysis, "post-game analysis");
}

void AnalysisService::make_waited(const JobPtr& job) {
    if (job->waited || job->finished) return;
    job->waited = true;
    order_.erase(std::remove(order_.begin(), order_.end(), job), order_.end());
    order_.push_front(job);
    for (Sent& sent : in_flight_)
        if (sent.job == job && !sent.waited) hedge(sent);
    pump();
}

void AnalysisService::hedge(Sent& sent) {
    if (waited_engines_ == background_engines_) {
        sent.waited = true;  // one pool for both: the ply is where it would go
        return;
    }
    // Refused (the waited pool's queue is full): the ply stays on the background pool and the
    // next patience check tries again.
    if (!search_on(*waited_engines_, sent.job, sent.ply)) return;
    sent.waited = true;
    if (metrics_) metrics_->review_waited_plies.add();
}

void AnalysisService::arm_patience() {
    if (patience_armed_) return;
    const auto oldest =
        std::min_element(in_flight_.begin(), in_flight_.end(), [](const Sent& a, const Sent& b) {
            return std::make_pair(a.waited, a.at) < std::make_pair(b.waited, b.at);
        });
    if (oldest == in_flight_.end() || oldest->waited) return;
    patience_armed_ = true;
    patience_timer_.expires_at(oldest->at + options_.patience);
    const std::weak_ptr<const int> life = life_;
    patience_timer_.async_wait([this, life](error_code ec) {
        if (ec || life.expired()) return;
        patience_armed_ = false;
        check_patience();
    });
}

void AnalysisService::check_patience() {
    const auto due = Clock::now() - options_.patience;
    const int limit = std::max(1, options_.parallel_plies);
    for (Sent& sent : in_flight_)
        if (!sent.waited && sent.at <= due && in_flight(true) < limit) hedge(sent);
    arm_patience();
}

void AnalysisService::retry_later() {
    if (retry_armed_) return;
    retry_armed_ = true;
    retry_timer_.expires_after(std::chrono::seconds(1));
    const std::weak_ptr<const int> life = life_;
    retry_timer_.async_wait([this, life](error_code ec) {
        if (ec || life.expired()) return;
        retry_armed_ = false;
        pump();
    });
}

void AnalysisService::on_ply(const JobPtr& job, size_t ply, const engine::SearchResult& result) {
    const auto sent = std::find_if(in_flight_.begin(), in_flight_.end(),
                                   [&](const Sent& s) { return s.job == job && s.ply == ply; });
    if (sent == in_flight_.end()) return;  // the other pool's answer came first
    in_flight_.erase(sent);
    try {
        job->verdicts[ply] =
            engine::judge_ply(job->before[ply], static_cast<int>(ply), job->moves[ply], result);
    } catch (const std::exception& e) {
        // Cannot happen for a replayed game; a ply without a verdict counts as the best.
        std::cerr << "analysis: game " << job->id << " ply " << ply << ": " << e.what() << '\n';
        engine::PlyVerdict v;
        v.ply = static_cast<int>(ply);
        v.side = job->before[ply].side();
        v.played = v.best = job->moves[ply];
        job->verdicts[ply] = v;
    }
    job->done++;
    if (job->done == job->moves.size()) finish(job);
    pump();
}

void AnalysisService::finish(const JobPtr& job) {
    job->finished = true;
    const json body = review_done_json(options_.depth, job->plies_json());
    auto text = std::make_shared<const std::string>(dump_safe(body));
    remember(job->id, text);
    jobs_.erase(job->id);
    order_.erase(std::remove(order_.begin(), order_.end(), job), order_.end());
    // Stored without a fence: an analysis that fails to save is simply computed again.
    const std::string id = job->id;
    storage_.write([id, text](Storage& s) { s.save_analysis(id, *text); },
                   [id](bool ok) {
                       if (!ok) std::cerr << "analysis: game " << id << " was not saved\n";
                   });
}

void AnalysisService::remember(const std::string& id, std::shared_ptr<const std::string> text) {
    if (!done_.count(id)) done_order_.push_back(id);
    done_[id] = std::move(text);
    while (done_order_.size() > std::max<size_t>(1, options_.cached_games)) {
        done_.erase(done_order_.front());
        done_order_.pop_front();
    }
}

// Step: answers.

bool AnalysisService::answer_known(const std::string& id, const Respond& respond) {
    if (const auto it = done_.find(id); it != done_.end()) {
        respond(Reply{.body = *it->second});  // a stored JSON answer
        return true;
    }
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return false;
    make_waited(it->second);
    const Job& job = *it->second;
    respond(json_reply(200, {{"status", job.next == 0 ? "queued" : "running"},
                             {"progress", job.progress()},
                             {"plies", job.plies_json()}}));
    return true;
}

void AnalysisService::get(const std::string& id, Respond respond) {
    answer_errors(respond, "analysis", [&] {
        if (answer_known(id, respond)) return;
        if (id.empty() || id.size() > MaxIdBytes)
            throw ApiError(ErrorCode::NotFound, "no game " + utf8_safe(id, MaxIdBytes));
        answer_from_store(id, std::move(respond));
    });
}

void AnalysisService::answer_from_store(const std::string& id, Respond respond) {
    struct Loaded {
        std::optional<std::string> analysis;
        std::optional<StoredTable> table;
    };
    auto loaded = std::make_shared<Loaded>();
    const std::weak_ptr<const int> life = life_;
    storage_.read(
        [id, loaded](Storage& s) {
            try {
                loaded->analysis = s.load_analysis(id);
                // A stored analysis that does not read is computed again.
                if (loaded->analysis) {
                    const json stored = json::parse(*loaded->analysis, nullptr, false);
                    if (!stored.is_object() || stored.value("status", "") != "done")
                        loaded->analysis.reset();
                }
            } catch (const std::exception& e) {
                std::cerr << "analysis: game " << id << ": " << e.what() << '\n';
            }
            if (!loaded->analysis) loaded->table = s.load(id);
        },
        [this, life, id, loaded, respond] {
            if (life.expired()) return;
            answer_errors(respond, "analysis", [&] {
                if (answer_known(id, respond)) return;  // queued meanwhile
                if (loaded->analysis) {
                    remember(id, std::make_shared<const std::string>(*loaded->analysis));
                    answer_known(id, respond);
                    return;
                }
                if (!loaded->table) throw ApiError(ErrorCode::NotFound, "no game " + id);
                start_stored(*loaded->table);
                answer_known(id, respond);
            });
        });
}

void AnalysisService::start_stored(const StoredTable& st) {
    std::optional<Table> table;
    try {
        table.emplace(Table::restore(st.id, json::parse(st.spec), st.created, st.moves,
                                     st.result.empty() ? json(nullptr) : json::parse(st.result),
                                     now()));
    } catch (const std::exception&) {
        throw ApiError(ErrorCode::NotFound,
                       "game " + utf8_safe(st.id, MaxIdBytes) + " cannot be read");
    }
    if (table->status() != TableStatus::Finished)
        throw ApiError(ErrorCode::NotAllowed,
                       "the game is not over: its analysis opens when it ends");
    if (table->game().variant().players() != 2)
        throw ApiError(ErrorCode::NotAllowed, "analysis is for two-player games");
    if (!enqueue(*table))
        throw ApiError(ErrorCode::Busy, "many games are being analysed; try again in a minute");
}

// Step: the analysis board.

void AnalysisService::analyze(const std::string& body, Respond respond, const std::string& client) {
    answer_errors(respond, "analysis", [&] {
        const int64_t t = now();
        if (board_limiter_.keys() > 1024) board_limiter_.prune(t);
        if (!board_limiter_.allow(client, t))
            throw ApiError(ErrorCode::RateLimited,
                           "too many analysis requests from this address; wait a moment");
        const BoardLimits limits{options_.board_default_depth, options_.board_max_depth,
                                 options_.board_max_moves, options_.board_exact_empties};
        BoardRequest req = parse_board_request(parse_json(body), limits);
        const core::Position& pos = req.game.position();
        const int ply = req.game.ply();
        const auto searched = board_search(pos, req.depth, limits.exact_empties);
        if (!searched) return respond(json_reply(200, board_over_answer(pos, ply)));
        const engine::SearchLimits search = *searched;
        auto variant = req.game.shared_variant();
        const std::weak_ptr<const int> life = life_;
        // Someone waits for the answer: it goes with the hints, after computer moves.
        const bool queued = engines_.submit(
            variant, pos, search,
            [&ioc = ioc_, life, respond, variant, pos, ply](const engine::SearchResult& r) {
                net::post(ioc, [life, respond, variant, pos, ply, r] {
                    if (life.expired()) return;
                    answer_errors(respond, "analysis",
                                  [&] { respond(json_reply(200, board_answer(pos, ply, r))); });
                });
            },
            EnginePool::Priority::Hint, client);
        if (!queued) throw ApiError(ErrorCode::Busy, "the engine is busy; try again soon");
    });
}

}  // namespace reversi::server
