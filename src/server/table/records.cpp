// SPDX-License-Identifier: MIT
// A table as the store and the API see it: the names of statuses and end reasons, the result
// and summary documents, the spec as stored, and a table rebuilt from its stored moves.
#include <stdexcept>

#include "core/notation.h"
#include "server/common/secrets.h"
#include "server/table/table.h"

namespace reversi::server {

std::string status_name(TableStatus status) {
    switch (status) {
        case TableStatus::Waiting:
            return "waiting";
        case TableStatus::Playing:
            return "playing";
        case TableStatus::Finished:
            return "finished";
    }
    return "waiting";
}

std::string reason_name(EndReason reason) {
    switch (reason) {
        case EndReason::End:
            return "end";
        case EndReason::Resign:
            return "resign";
        case EndReason::Time:
            return "time";
        case EndReason::Cancelled:
            return "cancelled";
        case EndReason::Expired:
            return "expired";
        case EndReason::Agreed:
            return "agreed";
        case EndReason::Aborted:
            return "aborted";
        case EndReason::Abandoned:
            return "abandoned";
    }
    return "end";
}

EndReason parse_reason(const std::string& name) {
    for (EndReason r :
         {EndReason::End, EndReason::Resign, EndReason::Time, EndReason::Cancelled,
          EndReason::Expired, EndReason::Agreed, EndReason::Aborted, EndReason::Abandoned})
        if (reason_name(r) == name) return r;
    throw std::runtime_error("unknown result reason \"" + utf8_safe(name, 40) + "\"");
}

json Table::result_json() const {
    if (!result_) return nullptr;
    json j = {{"winner", result_->winner < 0 ? json(nullptr) : json(result_->winner)},
              {"counts", result_->counts},
              {"reason", reason_name(result_->reason)}};
    if (result_->ratings.is_array() && !result_->ratings.empty()) j["ratings"] = result_->ratings;
    return j;
}

json Table::summary() const {
    json seats = json::array();
    for (const Seat& s : spec_.seats) {
        if (s.type == SeatType::Computer)
            seats.push_back({{"type", "computer"}, {"level", s.level}, {"taken", true}});
        else
            seats.push_back(
                {{"type", "human"}, {"name", s.name}, {"taken", s.taken()}, {"bot", s.bot}});
    }
    json j = {{"id", id_},
              {"setup", setup_json(spec_.setup)},
              {"seats", seats},
              {"local", spec_.local},
              {"status", status_name(status_)},
              {"ply", ply()},
              {"created", created_}};
    if (status_ == TableStatus::Finished) j["result"] = result_json();
    return j;
}

bool Table::listed_open() const {
    if (status_ == TableStatus::Finished) return false;
    if (status_ == TableStatus::Waiting) return true;  // a free seat to take
    bool someone_here = false, computer = false, human_moved = false;
    for (size_t s = 0; s < spec_.seats.size(); ++s) {
        const bool human = spec_.seats[s].type == SeatType::Human;
        computer = computer || !human;
        someone_here = someone_here || (human && connections_[s] > 0);
    }
    for (int seat : movers_) human_moved = human_moved || spec_.seats[seat].type == SeatType::Human;
    return someone_here && (!computer || human_moved);
}

json Table::spec_json() const {
    json seats = json::array();
    for (const Seat& s : spec_.seats)
        seats.push_back({{"type", s.type == SeatType::Computer ? "computer" : "human"},
                         {"level", s.level},
                         {"name", s.name},
                         {"token_hash", s.token_hash},
                         {"player", s.player},
                         {"rating", s.rating},
                         {"bot", s.bot}});
    json out = {{"setup", setup_json(spec_.setup)},
                {"seats", seats},
                {"local", spec_.local},
                {"hints", spec_.hints},
                {"clock", clock_spec_json(spec_.clock)},
                {"rated", spec_.rated},
                {"rematch", rematch_}};
    // Only at a tournament's tables, so that the other stored specs read as before.
    if (!spec_.tournament.empty()) out["tournament"] = spec_.tournament;
    return out;
}

const std::string& Table::spec_text() const {
    if (!spec_text_) spec_text_ = dump_safe(spec_json());
    return *spec_text_;
}

TableSpec Table::spec_from_json(const json& j) {
    TableSpec spec;
    spec.setup = parse_setup(j.at("setup")).setup;
    for (const json& s : j.at("seats")) {
        Seat seat;
        seat.type = s.at("type") == "computer" ? SeatType::Computer : SeatType::Human;
        seat.level = s.at("level").get<int>();
        seat.name = s.at("name").get<std::string>();
        // Stores written before tokens were hashed hold the token itself.
        if (s.contains("token_hash"))
            seat.token_hash = s.at("token_hash").get<std::string>();
        else if (const std::string plain = s.at("token").get<std::string>(); !plain.empty())
            seat.token_hash = token_hash(plain);
        seat.player = s.value("player", int64_t{0});
        seat.rating = s.value("rating", 0.0);
        seat.bot = s.value("bot", false);
        spec.seats.push_back(seat);
    }
    spec.local = j.at("local").get<bool>();
    spec.hints = j.at("hints").get<bool>();
    spec.clock = parse_clock(j.at("clock"));
    spec.rated = j.value("rated", false);
    spec.tournament = j.value("tournament", "");
    return spec;
}

bool Table::rename_player(int64_t player, const std::string& name) {
    bool changed = false;
    for (Seat& seat : spec_.seats) {
        if (!player || seat.player != player || seat.name == name) continue;
        seat.name = name;
        changed = true;
    }
    if (changed) spec_text_.reset();
    return changed;
}

bool rename_player_in_spec(json& spec, int64_t player, const std::string& name) {
    const auto seats = spec.find("seats");
    if (!player || seats == spec.end() || !seats->is_array()) return false;
    bool changed = false;
    for (json& seat : *seats) {
        if (!seat.is_object() || seat.value("player", int64_t{0}) != player ||
            seat.value("name", "") == name)
            continue;
        seat["name"] = name;
        changed = true;
    }
    return changed;
}

Table Table::restore(std::string id, const json& spec, int64_t created,
                     const std::vector<MoveRecord>& moves, const json& result, int64_t now,
                     std::string* cut) {
    Table t(std::move(id), spec_from_json(spec), created, now);
    t.rematch_ = spec.value("rematch", "");
    const bool finished = !result.is_null();
    if (cut) cut->clear();
    // Replaying must not finish the table by the clock or end it early: play as stored.
    for (const MoveRecord& m : moves) {
        std::string why;
        const auto sq = core::parse_square(t.game_.variant().geometry(), m.square);
        if (m.ply != t.ply())
            why = "move " + std::to_string(t.ply()) + " is missing";
        else if (m.damaged)
            why = "the stored move " + std::to_string(m.ply) + " is damaged";
        else if (!sq || !t.game_.position().is_legal(*sq) || t.game_.is_over())
            why = "the stored move " + std::to_string(m.ply) + " (" + utf8_safe(m.square, 20) +
                  ") does not replay";
        if (!why.empty()) {
            if (cut) *cut = why + "; kept the game up to ply " + std::to_string(t.ply());
            break;
        }
        const TableStatus keep = t.status_;
        t.status_ = TableStatus::Playing;
        t.apply(*sq, now);
        if (t.status_ != TableStatus::Finished) t.status_ = keep;
        if (m.clock_after.size() == t.remaining_.size()) {
            t.remaining_ = m.clock_after;
            t.clock_history_.back() = m.clock_after;
        }
    }
    // Downtime is not charged to anyone: the running clock restarts at the restore.
    t.turn_start_ = now;
    if (finished) {
        TableResult r;
        r.winner = result.at("winner").is_null() ? -1 : result.at("winner").get<int>();
        r.counts = result.at("counts").get<std::vector<int>>();
        r.reason = parse_reason(result.at("reason").get<std::string>());
        if (result.contains("ratings")) r.ratings = result.at("ratings");
        t.result_ = r;
        t.status_ = TableStatus::Finished;
    } else {
        t.result_.reset();
        t.status_ = TableStatus::Waiting;
        t.update_status(now);
    }
    return t;
}

}  // namespace reversi::server
