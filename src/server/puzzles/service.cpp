// SPDX-License-Identifier: MIT
// The puzzle service: requests checked and bounded, grading through grading.*, ratings through
// rating/glicko2.*, rows through the storage queue (the answer waits for the commit).
#include "server/puzzles/service.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

#include "core/bitboard.h"
#include "core/notation.h"
#include "server/common/clock.h"
#include "server/common/protocol.h"
#include "server/common/rating_scale.h"
#include "server/rating/glicko2.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

namespace {

constexpr size_t MaxSubmittedMoves = 16;
constexpr size_t MaxIdBytes = 64;
// The nearest puzzles by rating that `next` picks among, so a player does not always get the
// same one when ratings tie.
constexpr size_t NearestCandidates = 8;
constexpr int64_t DayMs = 86'400'000;
// A streak's next puzzle is the nearest to this many points above the last one solved.
constexpr double StreakStep = 25;
// A streak untouched this long is dropped first when the streaks fill up.
constexpr int64_t StreakIdleMs = 3'600'000;
// Seen-solution rows older than SeenPuzzles::KeepMs are deleted at most this often.
constexpr int64_t SeenForgetEveryMs = 3'600'000;

json squares_json(const core::Geometry& g, const std::vector<core::Square>& squares) {
    json out = json::array();
    for (const core::Square s : squares) out.push_back(core::square_name(g, s));
    return out;
}

// A player's puzzle rating is provisional while its deviation is above the site's threshold
// (ProvisionalRd, the games' one), as lichess shows it with "?".
json rating_json(double rating, double before, double rd) {
    return {{"rating", std::lround(rating)},
            {"change", std::lround(rating) - std::lround(before)},
            {"provisional", rd > ProvisionalRd}};
}

}  // namespace

PuzzleService::PuzzleService(StorageQueue& storage, Accounts& accounts, PuzzleSet puzzles,
                             PuzzleOptions options)
    : storage_(storage),
      accounts_(accounts),
      puzzles_(std::move(puzzles)),
      options_(std::move(options)),
      submit_limiter_(options_.submits_per_minute, options_.submit_burst) {
    if (!options_.wall_clock) options_.wall_clock = wall_ms;
}

void PuzzleService::restore(Storage& storage) {
    // Who was shown which solution, oldest first, so the newest stay when memory fills up.
    for (const StoredSeenPuzzle& r :
         storage.seen_puzzles(now() - SeenPuzzles::KeepMs, SeenPuzzles::MaxEntries))
        if (puzzles_.find(r.puzzle)) seen_.add(r.viewer, r.puzzle);
    for (StoredPuzzleRating& r : storage.puzzle_ratings())
        if (puzzles_.find(r.puzzle)) puzzle_ratings_[r.puzzle] = std::move(r);
    for (const StoredPlayerPuzzles& p : storage.player_puzzles()) players_[p.player] = p;
    for (StoredPuzzleAttempt& a : storage.puzzle_attempts())
        attempts_[a.player].insert(std::move(a.puzzle));
    for (const StoredPuzzleStreak& s : storage.puzzle_streaks())
        best_streaks_[s.player][s.pool] = s.best;
    // Running streaks, the most recently moved first while there is room; one whose puzzle is
    // no longer served is dropped.
    std::vector<StoredRunningStreak> running = storage.running_streaks();
    std::sort(running.begin(), running.end(),
              [](const auto& a, const auto& b) { return a.touched > b.touched; });
    for (StoredRunningStreak& r : running) {
        if (streaks_.size() >= options_.max_streaks) break;
        const LoadedPuzzle* current = puzzles_.find(r.current);
        if (!current || puzzles_.pool(r.pool).empty() || r.count < 0 ||
            !std::isfinite(r.last_rating))
            continue;
        Streak s;
        s.pool = std::move(r.pool);
        s.count = r.count;
        s.current = std::move(r.current);
        s.last_rating = r.last_rating;
        std::istringstream seen(r.seen);
        for (std::string id; seen >> id;) s.seen.insert(id);
        s.seen.insert(s.current);
        s.touched = r.touched;
        streaks_[r.player] = std::move(s);
    }
}

int64_t PuzzleService::now() const {
    return options_.wall_clock();
}

const LoadedPuzzle& PuzzleService::puzzle(const std::string& id) const {
    const LoadedPuzzle* p = id.size() <= MaxIdBytes ? puzzles_.find(id) : nullptr;
    if (!p) throw ApiError(ErrorCode::NotFound, "no puzzle " + utf8_safe(id, MaxIdBytes));
    return *p;
}

StoredPuzzleRating PuzzleService::puzzle_rating(const LoadedPuzzle& p) const {
    const auto it = puzzle_ratings_.find(p.record.id);
    if (it != puzzle_ratings_.end()) return it->second;
    StoredPuzzleRating r;
    r.puzzle = p.record.id;
    r.rating = p.record.rating;
    r.rd = options_.puzzle_start_rd;
    return r;
}

StoredPlayerPuzzles PuzzleService::player_rating(int64_t player) const {
    const auto it = players_.find(player);
    if (it != players_.end()) {
        StoredPlayerPuzzles r = it->second;
        r.rd = std::min(r.rd, options_.player_max_rd);  // rows from before the bound too
        return r;
    }
    StoredPlayerPuzzles r;
    r.player = player;
    r.rd = options_.player_max_rd;
    return r;
}

bool PuzzleService::attempted(int64_t player, const std::string& id) const {
    const auto it = attempts_.find(player);
    return it != attempts_.end() && it->second.count(id);
}

std::string PuzzleService::unrated_reason(const Identity& who, const PuzzleViewer& viewer,
                                          const std::string& id) const {
    if (!may_play_rated(who)) return "guest";
    if (attempted(who.player, id)) return "again";
    if (seen_.any_seen(viewer, id)) return "seen";
    return {};
}

const LoadedPuzzle* PuzzleService::daily_puzzle() const {
    const auto counts = puzzles_.counts();
    if (counts.empty()) return nullptr;
    const std::string pool = counts.count("8x8") ? "8x8" : counts.begin()->first;
    const auto& list = puzzles_.pool(pool);
    const uint64_t day = static_cast<uint64_t>(now() / DayMs);
    return list[(day * 2654435761ULL) % list.size()];
}

json PuzzleService::puzzle_json(const LoadedPuzzle& p) const {
    const core::Geometry& g = p.game.variant().geometry();
    return {{"id", p.record.id},
            {"pool", p.pool},
            {"setup", setup_json(p.game.variant().setup())},
            {"moves", squares_json(g, p.record.moves)},
            {"side", p.position().side() == 0 ? "black" : "white"},
            {"empties", core::popcount(p.position().empty())},
            {"best", p.record.tree.best},
            {"rating", std::lround(puzzle_rating(p).rating)}};
}

void PuzzleService::overview(Respond respond) const {
    json pools = json::object();
    for (const auto& [pool, count] : puzzles_.counts()) pools[pool] = count;
    const LoadedPuzzle* d = daily_puzzle();
    respond(json_reply(200, {{"pools", pools}, {"daily", d ? json(d->record.id) : json()}}));
}

void PuzzleService::next(const Identity& who, const PuzzleViewer& viewer, const std::string& pool,
                         const std::string& skip, Respond respond) const {
    const auto& list = puzzles_.pool(pool);
    if (list.empty()) throw ApiError(ErrorCode::NotFound, "no puzzles for " + utf8_safe(pool, 20));
    const double target = who.player ? player_rating(who.player).rating : StartRating;
    std::vector<std::pair<double, const LoadedPuzzle*>> near;
    near.reserve(list.size());
    for (const LoadedPuzzle* p : list) {
        if (p->record.id == skip || (who.player && attempted(who.player, p->record.id)) ||
            seen_.any_seen(viewer, p->record.id))
            continue;
        near.emplace_back(std::abs(puzzle_rating(*p).rating - target), p);
    }
    if (near.empty()) throw ApiError(ErrorCode::NotFound, "you have tried every puzzle here");
    const size_t k = std::min(near.size(), NearestCandidates);
    std::partial_sort(near.begin(), near.begin() + static_cast<long>(k), near.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
    const size_t pick = static_cast<size_t>(steady_ms()) % k;
    respond(json_reply(200, puzzle_json(*near[pick].second)));
}

void PuzzleService::daily(Respond respond) const {
    const LoadedPuzzle* d = daily_puzzle();
    if (!d) throw ApiError(ErrorCode::NotFound, "this server has no puzzles");
    json answer = puzzle_json(*d);
    answer["daily"] = true;
    respond(json_reply(200, answer));
}

void PuzzleService::get(const std::string& id, Respond respond) const {
    respond(json_reply(200, puzzle_json(puzzle(id))));
}

json PuzzleService::grade_json(const LoadedPuzzle& p, const PuzzleGrade& grade) const {
    const core::Geometry& g = p.game.variant().geometry();
    json moves = json::array();
    for (const GradedMove& m : grade.moves)
        moves.push_back({{"move", core::square_name(g, m.move)},
                         {"score", m.score},
                         {"best", m.best},
                         {"loss", m.loss},
                         {"solution", m.solution},
                         {"replies", squares_json(g, m.replies)}});
    json answer = {
        {"id", p.record.id}, {"status", puzzle_status_name(grade.status)}, {"moves", moves}};
    if (grade.status != PuzzleStatus::Playing) {
        answer["tree"] = puzzle_tree_json(g, p.record.tree);
        answer["themes"] = engine::theme_names(p.record.tree.themes);
    }
    return answer;
}

void PuzzleService::submit(const Identity& who, const PuzzleViewer& viewer, const std::string& id,
                           const std::string& body, Respond respond) {
    if (!submit_limiter_.allow(viewer.address, steady_ms()))
        throw ApiError(ErrorCode::RateLimited, "too many puzzle moves; wait a moment");
    const LoadedPuzzle& p = puzzle(id);
    const json request = json::parse(body, nullptr, false);
    if (request.is_discarded()) throw ApiError(ErrorCode::BadJson, "the body is not JSON");
    if (!request.is_object() || !request.contains("moves") || !request["moves"].is_array() ||
        request["moves"].empty() || request["moves"].size() > MaxSubmittedMoves)
        throw ApiError(ErrorCode::BadRequest, "moves: a list of 1 to 16 squares");
    std::vector<core::Square> moves;
    for (const json& m : request["moves"]) {
        const auto sq = m.is_string() && m.get_ref<const std::string&>().size() <= 8
                            ? core::parse_square(p.game.variant().geometry(), m.get<std::string>())
                            : std::nullopt;
        if (!sq || *sq < 0) throw ApiError(ErrorCode::BadRequest, "moves: squares such as \"c4\"");
        moves.push_back(*sq);
    }
    PuzzleGrade grade;
    try {
        grade = grade_puzzle(p.record.tree, moves);
    } catch (const PuzzleMoveError& e) {
        throw ApiError(ErrorCode::IllegalMove, e.what());
    }
    json answer = grade_json(p, grade);
    const bool finished = grade.status != PuzzleStatus::Playing;
    const bool solved = grade.status == PuzzleStatus::Solved;
    std::optional<StoredPuzzleStreak> best;
    if (finished) best = advance_streak(who, p, solved, answer);
    const std::string unrated = finished ? unrated_reason(who, viewer, p.record.id) : "";
    // The answer that ends an attempt sends the tree: from now on the solution is known to
    // every part of the viewer, here and (through the store) after a restart and on every node.
    if (finished) seen_.seen(viewer, p.record.id);
    if (finished && unrated.empty())
        return rate(who, viewer, p, solved, best, std::move(answer), std::move(respond));
    answer["rated"] = false;
    if (!finished) return respond(json_reply(200, answer));
    answer["unrated"] = unrated;
    // The tree goes out only once the record of its showing is stored (a restart or another
    // node asks the store), with the new best streak when there is one.
    std::weak_ptr<const int> life = life_;
    storage_.write(
        [record = record_seen(viewer, p.record.id), best](Storage& s) {
            record(s);
            if (best) s.save_puzzle_streak(*best);
        },
        [life, answer = std::move(answer), respond = std::move(respond)](bool ok) {
            if (life.expired()) return;
            if (ok) return respond(json_reply(200, answer));
            respond(store_failed_reply());
        });
}

int PuzzleService::best_streak(int64_t player, const std::string& pool) const {
    const auto it = best_streaks_.find(player);
    if (it == best_streaks_.end()) return 0;
    const auto in_pool = it->second.find(pool);
    return in_pool == it->second.end() ? 0 : in_pool->second;
}

const LoadedPuzzle* PuzzleService::streak_puzzle(const Streak& s) const {
    std::vector<std::pair<double, const LoadedPuzzle*>> near;
    for (const LoadedPuzzle* p : puzzles_.pool(s.pool)) {
        const double rating = puzzle_rating(*p).rating;
        if (rating < s.last_rating || s.seen.count(p->record.id)) continue;
        near.emplace_back(std::abs(rating - (s.last_rating + StreakStep)), p);
    }
    if (near.empty()) return nullptr;
    const size_t k = std::min(near.size(), NearestCandidates);
    std::partial_sort(near.begin(), near.begin() + static_cast<long>(k), near.end(),
                      [](const auto& a, const auto& b) { return a.first < b.first; });
    return near[static_cast<size_t>(steady_ms()) % k].second;
}

void PuzzleService::start_streak(const Identity& who, const std::string& body,
                                 const std::string& client, Respond respond) {
    if (!submit_limiter_.allow(client, steady_ms()))
        throw ApiError(ErrorCode::RateLimited, "too many puzzle requests; wait a moment");
    const json request = json::parse(body, nullptr, false);
    if (!request.is_object() || !request.contains("pool") || !request["pool"].is_string())
        throw ApiError(ErrorCode::BadRequest, "pool: a pool's name such as \"8x8\"");
    const std::string pool = request["pool"];
    if (puzzles_.pool(pool).empty())
        throw ApiError(ErrorCode::NotFound, "no puzzles for " + utf8_safe(pool, 20));
    const int64_t t = now();
    if (!streaks_.count(who.player) && streaks_.size() >= options_.max_streaks) {
        std::erase_if(streaks_, [t](const auto& e) { return t - e.second.touched > StreakIdleMs; });
        if (streaks_.size() >= options_.max_streaks)
            throw ApiError(ErrorCode::Busy, "too many streaks running; try again later");
    }
    Streak s;
    s.pool = pool;
    s.touched = t;
    const LoadedPuzzle* first = streak_puzzle(s);
    s.current = first->record.id;
    s.seen.insert(s.current);
    keep_running_streak(who, &s);
    streaks_[who.player] = std::move(s);
    json answer = puzzle_json(*first);
    answer["streak"] = {{"count", 0}, {"best", best_streak(who.player, pool)}};
    respond(json_reply(200, answer));
}

std::optional<StoredPuzzleStreak> PuzzleService::advance_streak(const Identity& who,
                                                                const LoadedPuzzle& p, bool solved,
                                                                json& answer) {
    const auto it = streaks_.find(who.player);
    if (!who.player || it == streaks_.end() || it->second.current != p.record.id) return {};
    Streak& s = it->second;
    s.touched = now();
    std::optional<StoredPuzzleStreak> best;
    const int before = best_streak(who.player, s.pool);
    if (solved) {
        ++s.count;
        s.last_rating = puzzle_rating(p).rating;
        if (s.count > before && may_play_rated(who)) {
            best = StoredPuzzleStreak{who.player, s.pool, s.count, s.touched};
            best_streaks_[who.player][s.pool] = s.count;
        }
    }
    const LoadedPuzzle* next = solved ? streak_puzzle(s) : nullptr;
    answer["streak"] = {{"count", s.count},
                        {"best", std::max(before, s.count)},
                        {"over", !solved},
                        {"next", next ? json(next->record.id) : json()}};
    if (next) {
        s.current = next->record.id;
        s.seen.insert(s.current);
        keep_running_streak(who, &s);
    } else {
        keep_running_streak(who, nullptr);
        streaks_.erase(it);  // failed, or no puzzle rated higher is left: the streak is done
    }
    return best;
}

void PuzzleService::keep_running_streak(const Identity& who, const Streak* s) {
    if (!who.player || who.guest) return;
    std::function<void(Storage&)> op;
    if (s) {
        StoredRunningStreak row{who.player,     s->pool, s->count,  s->current,
                                s->last_rating, {},      s->touched};
        for (const std::string& id : s->seen) row.seen += (row.seen.empty() ? "" : " ") + id;
        op = [row = std::move(row)](Storage& store) { store.save_running_streak(row); };
    } else {
        op = [player = who.player](Storage& store) { store.end_running_streak(player); };
    }
    // A failed write costs only the streak's survival of a restart: the answer does not wait.
    storage_.write(std::move(op), [](bool) {});
}

std::function<void(Storage&)> PuzzleService::record_seen(const PuzzleViewer& viewer,
                                                         const std::string& puzzle) {
    const int64_t t = now();
    const bool forget = t - seen_forgotten_at_ >= SeenForgetEveryMs;
    if (forget) seen_forgotten_at_ = t;
    return [keys = seen_keys(viewer), puzzle, t, forget](Storage& s) {
        s.add_seen_puzzle(keys, puzzle, t, SeenPuzzles::MaxPerKey);
        if (forget) s.forget_seen_puzzles(t - SeenPuzzles::KeepMs);
    };
}

void PuzzleService::rate(const Identity& who, const PuzzleViewer& viewer, const LoadedPuzzle& p,
                         bool solved, std::optional<StoredPuzzleStreak> streak, json answer,
                         Respond respond) {
    const StoredPlayerPuzzles player_before = player_rating(who.player);
    const StoredPuzzleRating puzzle_before = puzzle_rating(p);
    const Glicko2Rating mine{player_before.rating, player_before.rd, player_before.volatility};
    const Glicko2Rating its{puzzle_before.rating, puzzle_before.rd, puzzle_before.volatility};
    const Glicko2Rating mine_after =
        glicko2_update(mine, {{its.rating, its.rd, solved ? 1.0 : 0.0}});
    const Glicko2Rating its_after =
        glicko2_update(its, {{mine.rating, mine.rd, solved ? 0.0 : 1.0}});
    StoredPlayerPuzzles player_row{who.player,
                                   mine_after.rating,
                                   mine_after.rd,
                                   mine_after.volatility,
                                   player_before.attempts + 1,
                                   player_before.solved + (solved ? 1 : 0)};
    StoredPuzzleRating puzzle_row{
        p.record.id,          its_after.rating,           its_after.rd,
        its_after.volatility, puzzle_before.attempts + 1, puzzle_before.solved + (solved ? 1 : 0)};
    const StoredPuzzleAttempt attempt{who.player, p.record.id, solved, now()};
    // Memory first, so a second submission while this one commits is not rated again; undone
    // when the commit fails.
    const bool had_player = players_.count(who.player) > 0;
    const bool had_puzzle = puzzle_ratings_.count(p.record.id) > 0;
    players_[who.player] = player_row;
    puzzle_ratings_[p.record.id] = puzzle_row;
    attempts_[who.player].insert(p.record.id);
    answer["rated"] = true;
    answer["player_rating"] = rating_json(player_row.rating, player_before.rating, player_row.rd);
    answer["puzzle_rating"] = rating_json(puzzle_row.rating, puzzle_before.rating, puzzle_row.rd);
    std::weak_ptr<const int> life = life_;
    // Whether the store had the solution shown to a part of the viewer: then nothing is rated.
    auto seen_elsewhere = std::make_shared<bool>(false);
    storage_.write(
        [player_row, puzzle_row, attempt, streak, seen_elsewhere, keys = seen_keys(viewer),
         since = attempt.at - SeenPuzzles::KeepMs,
         record = record_seen(viewer, p.record.id)](Storage& s) {
            *seen_elsewhere = s.puzzle_seen(keys, attempt.puzzle, since);
            record(s);
            if (streak) s.save_puzzle_streak(*streak);
            if (*seen_elsewhere) return;
            s.save_player_puzzles(player_row);
            s.save_puzzle_rating(puzzle_row);
            s.add_puzzle_attempt(attempt);
        },
        [this, life, player_before, puzzle_before, had_player, had_puzzle, attempt, seen_elsewhere,
         answer = std::move(answer), respond = std::move(respond)](bool ok) mutable {
            if (life.expired()) return;
            if (ok && !*seen_elsewhere) return respond(json_reply(200, answer));
            if (had_player)
                players_[attempt.player] = player_before;
            else
                players_.erase(attempt.player);
            if (had_puzzle)
                puzzle_ratings_[attempt.puzzle] = puzzle_before;
            else
                puzzle_ratings_.erase(attempt.puzzle);
            attempts_[attempt.player].erase(attempt.puzzle);
            if (!ok) return respond(store_failed_reply());
            answer["rated"] = false;
            answer["unrated"] = "seen";
            answer.erase("player_rating");
            answer.erase("puzzle_rating");
            respond(json_reply(200, answer));
        });
}

void PuzzleService::player(const std::string& name, Respond respond) const {
    const std::optional<Identity> who = accounts_.find(name);
    if (!who) throw ApiError(ErrorCode::NotFound, "no player " + utf8_safe(name, 40));
    const StoredPlayerPuzzles r = player_rating(who->player);
    json streaks = json::object();
    if (const auto it = best_streaks_.find(who->player); it != best_streaks_.end())
        for (const auto& [pool, best] : it->second) streaks[pool] = best;
    respond(json_reply(200, {{"name", who->name},
                             {"rating", std::lround(r.rating)},
                             {"rd", std::lround(r.rd)},
                             {"provisional", r.rd > ProvisionalRd},
                             {"attempts", r.attempts},
                             {"solved", r.solved},
                             {"streaks", streaks}}));
}

}  // namespace reversi::server
