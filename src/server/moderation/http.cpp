// SPDX-License-Identifier: MIT
// The moderation's HTTP API (docs/PROTOCOL.md "Moderation"): reports from players, and for
// moderators sanctions, the report queue and the audit log. Every check runs before anything
// changes; an action is answered after its write and its audit entry have committed.
#include <algorithm>

#include "server/common/secrets.h"
#include "server/moderation/moderation.h"

namespace reversi::server {

namespace {

constexpr std::size_t MaxReasonBytes = 600;
constexpr std::size_t MaxNameBytes = 200;
constexpr int AuditPageMax = 200;

json object_body(const std::string& body) {
    json req = parse_json(body);
    if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    return req;
}

std::string text_field(const json& req, const char* key, std::size_t max_bytes, bool required) {
    const auto it = req.find(key);
    if (it == req.end() && !required) return {};
    if (it == req.end() || !it->is_string() ||
        it->get_ref<const std::string&>().size() > max_bytes ||
        !utf8_valid(it->get_ref<const std::string&>()))
        throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key +
                                                  "\" must be a string of at most " +
                                                  std::to_string(max_bytes) + " bytes");
    return it->get<std::string>();
}

}  // namespace

std::string moderator_reason(const json& req) {
    // A missing reason is named as such (issue 48, 20), not as a malformed request.
    std::string reason = text_field(req, "reason", MaxReasonBytes, false);
    if (reason.find_first_not_of(" \t\r\n") == std::string::npos)
        throw ApiError(ErrorCode::ReasonRequired, "a moderator's action gives a reason");
    return reason;
}

namespace {

std::string resolution_of(const json& req) {
    const std::string resolution = text_field(req, "resolution", 20, true);
    if (resolution != "dismissed" && resolution != "actioned")
        throw ApiError(ErrorCode::BadRequest, "a resolution is dismissed or actioned");
    return resolution;
}

ApiError not_stored() {
    return ApiError(ErrorCode::Unavailable, "the store failed: nothing was changed");
}

}  // namespace

void Moderation::my_role(const Identity& who, Respond respond) const {
    respond(json_reply(200, {{"role", who.guest ? "" : role_name(state_.role(who.player))}}));
}

void Moderation::sanction(const Identity& who, const std::string& body, Respond respond) {
    require_moderator(who);
    const json req = object_body(body);
    const std::string name = text_field(req, "player", MaxNameBytes, true);
    const auto kind = parse_sanction(text_field(req, "kind", 20, true));
    if (!kind) throw ApiError(ErrorCode::BadRequest, "a sanction is mute, ban or unlisted");
    const std::string reason = moderator_reason(req);
    const bool lift = req.value("lift", false);
    int64_t minutes = 0;
    if (const auto m = req.find("minutes"); m != req.end()) {
        if (!m->is_number_integer() || m->get<int64_t>() < 0 ||
            m->get<int64_t>() > MaxSanctionMinutes)
            throw ApiError(ErrorCode::BadRequest,
                           "\"minutes\" is 0 (no end) to " + std::to_string(MaxSanctionMinutes));
        minutes = m->get<int64_t>();
    }
    with_player(name, [this, who, kind = *kind, reason, lift, minutes, respond](int64_t target) {
        answer_errors(respond, "moderation", [&] {
            if (target == 0) throw ApiError(ErrorCode::NotFound, "no such player");
            // Moderators are not sanctioned: a role is taken on the server first.
            if (state_.role(target) != Role::None)
                throw ApiError(ErrorCode::Forbidden, "a moderator or admin cannot be sanctioned");
            const int64_t at = now();
            const int64_t until = lift || minutes == 0 ? 0 : at + minutes * 60'000;
            const std::string kind_name = sanction_name(kind);
            AuditEntry entry{
                0,          at,
                who.player, (lift ? "lift_" : "") + kind_name,
                target,     lift ? "" : (until ? "until " + std::to_string(until) : "no end"),
                reason};
            auto change = [target, kind_name, until, lift](Storage& s) {
                if (lift)
                    s.delete_sanction(target, kind_name);
                else
                    s.save_sanction({target, kind_name, until});
            };
            act(change, entry, [this, target, kind, until, lift, kind_name, respond](bool ok) {
                if (!ok) return respond(error_reply(not_stored()));
                if (lift) {
                    state_.lift(target, kind);
                } else {
                    state_.impose(target, kind, until);
                    if (kind == SanctionKind::Ban) banned_now(target);
                }
                respond(json_reply(200, {{"player", name_of(target)},
                                         {"kind", kind_name},
                                         {"until", until},
                                         {"lifted", lift}}));
            });
        });
    });
}

void Moderation::list_sanctions(const Identity& who, Respond respond) const {
    require_moderator(who);
    json rows = json::array();
    for (const StoredSanction& s : state_.in_force(now()))
        rows.push_back({{"player", name_of(s.player)}, {"kind", s.kind}, {"until", s.until}});
    respond(json_reply(200, {{"sanctions", rows}}));
}

void Moderation::list_audit(const Identity& who, int64_t before, int limit, Respond respond) {
    require_moderator(who);
    limit = std::clamp(limit, 1, AuditPageMax);
    before = std::max<int64_t>(before, 0);
    auto rows = std::make_shared<std::vector<AuditEntry>>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [rows, before, limit](Storage& s) { *rows = s.audit(before, limit); },
        [this, life, rows, respond] {
            if (life.expired()) return;
            json entries = json::array();
            for (const AuditEntry& e : *rows)
                entries.push_back({{"id", e.id},
                                   {"at", e.at},
                                   {"moderator", e.actor ? json(name_of(e.actor)) : json(nullptr)},
                                   {"action", e.action},
                                   {"player", e.target ? name_of(e.target) : ""},
                                   {"detail", e.detail},
                                   {"reason", e.reason}});
            respond(json_reply(200, {{"entries", entries}}));
        });
}

void Moderation::report(const Identity& who, const std::string& body, Respond respond) {
    if (who.player == 0 || who.guest)
        throw ApiError(ErrorCode::Guest, "only registered players may report");
    const ReportRequest request = parse_report(body);
    StoredReport row;
    row.reporter = who.player;
    row.reason = request.reason;
    row.text = request.text;
    if (request.chat_line()) {
        const auto line = chat_source_ ? chat_source_(request.table, request.seq) : std::nullopt;
        if (!line) throw ApiError(ErrorCode::NotFound, "no such chat line");
        row.table = request.table;
        row.chat_seq = request.seq;
        row.chat_text = line->from + ": " + line->text;
        row.target = line->player;
        return file_report(who, std::move(row), std::move(respond));
    }
    with_player(
        request.player, [this, who, row, game = request.game, respond](int64_t target) mutable {
            answer_errors(respond, "moderation", [&] {
                if (target == 0) throw ApiError(ErrorCode::NotFound, "no such player");
                row.target = target;
                if (game.empty()) return file_report(who, std::move(row), respond);
                // A game named from the profile: one the reporter played against this player,
                // as the store has it; kept as the report's table (no chat line: seq 0).
                auto together = std::make_shared<bool>(false);
                std::weak_ptr<const int> life = life_;
                storage_.read(
                    [together, game, me = who.player, target](Storage& s) {
                        const auto stored = s.load(game);
                        *together = stored && played_together(stored->spec, me, target);
                    },
                    [this, life, together, who, row, game, respond]() mutable {
                        if (life.expired()) return;
                        answer_errors(respond, "moderation", [&] {
                            if (!*together)
                                throw ApiError(ErrorCode::NotFound,
                                               "no game of yours against this player has that id");
                            row.table = game;
                            file_report(who, std::move(row), respond);
                        });
                    });
            });
        });
}

void Moderation::file_report(const Identity& who, StoredReport row, Respond respond) {
    if (row.target == who.player)
        throw ApiError(ErrorCode::BadRequest, "you cannot report yourself");
    if (!reports_by_player_.allow(std::to_string(who.player), now()))
        throw ApiError(ErrorCode::RateLimited, "too many reports; try again later");
    row.id = random_id(12);
    row.at = now();
    auto added = std::make_shared<bool>(false);
    std::weak_ptr<const int> life = life_;
    storage_.write([row, added](Storage& s) { *added = s.add_report(row); },
                   [life, added, id = row.id, respond](bool ok) {
                       if (life.expired()) return;
                       if (!ok) return respond(error_reply(not_stored()));
                       if (!*added)
                           return respond(error_reply(ApiError(
                               ErrorCode::AlreadyReported,
                               "your report of this player is still open; a moderator will "
                               "look at it")));
                       respond(json_reply(200, {{"id", id}}));
                   });
}

json Moderation::report_json(const StoredReport& r) const {
    json j = {{"id", r.id},
              {"at", r.at},
              {"reporter", name_of(r.reporter)},
              {"player", r.target ? name_of(r.target) : ""},
              {"reason", r.reason},
              {"text", r.text}};
    // A chat line's table with its number and text, or the game a profile's report named.
    if (!r.table.empty()) j["table"] = r.table;
    if (r.chat_seq > 0) {
        j["seq"] = r.chat_seq;
        j["chat"] = r.chat_text;
    }
    return j;
}

void Moderation::list_reports(const Identity& who, Respond respond) {
    require_moderator(who);
    struct Queue {
        std::vector<ReportGroup> groups;
        std::vector<std::vector<StoredReport>> reports;
    };
    auto queue = std::make_shared<Queue>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [queue](Storage& s) {
            queue->groups = s.report_groups(ReportGroupsMax + 1);
            const std::size_t shown = std::min<std::size_t>(queue->groups.size(), ReportGroupsMax);
            for (std::size_t i = 0; i < shown; ++i)
                queue->reports.push_back(
                    s.open_reports_of(queue->groups[i].target, ReportsPerGroupMax));
        },
        [this, life, queue, respond] {
            if (life.expired()) return;
            json groups = json::array();
            for (std::size_t i = 0; i < queue->reports.size(); ++i) {
                const ReportGroup& g = queue->groups[i];
                json reports = json::array();
                for (const StoredReport& r : queue->reports[i]) reports.push_back(report_json(r));
                groups.push_back({{"player", g.target ? name_of(g.target) : ""},
                                  {"count", g.reports},
                                  {"newest", g.newest},
                                  {"reports", reports}});
            }
            respond(json_reply(
                200, {{"groups", groups}, {"more", queue->groups.size() > queue->reports.size()}}));
        });
}

void Moderation::resolve_report(const Identity& who, const std::string& id, const std::string& body,
                                Respond respond) {
    require_moderator(who);
    const json req = object_body(body);
    const std::string resolution = resolution_of(req);
    const std::string reason = moderator_reason(req);
    auto found = std::make_shared<std::optional<StoredReport>>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [found, id](Storage& s) { *found = s.load_report(id); },
        [this, life, found, who, resolution, reason, respond] {
            if (life.expired()) return;
            answer_errors(respond, "moderation", [&] {
                if (!*found || (*found)->resolved_by != 0)
                    throw ApiError(ErrorCode::NotFound, "no such open report");
                StoredReport row = **found;
                row.resolved_by = who.player;
                row.resolution = resolution;
                AuditEntry entry{0,          now(),
                                 who.player, "resolve_report",
                                 row.target, "report " + row.id + ": " + resolution,
                                 reason};
                act([row](Storage& s) { s.save_report(row); }, entry,
                    [id = row.id, resolution, respond](bool ok) {
                        if (!ok) return respond(error_reply(not_stored()));
                        respond(json_reply(200, {{"id", id}, {"resolution", resolution}}));
                    });
            });
        });
}

void Moderation::resolve_reports_of(const Identity& who, const std::string& name,
                                    const std::string& body, Respond respond) {
    require_moderator(who);
    const json req = object_body(body);
    const std::string resolution = resolution_of(req);
    const std::string reason = moderator_reason(req);
    // What the moderator saw: a report filed after the page was drawn stays open.
    int64_t until = now();
    if (const auto u = req.find("until"); u != req.end()) {
        if (!u->is_number_integer() || u->get<int64_t>() < 0)
            throw ApiError(ErrorCode::BadRequest, "\"until\" is a time in ms");
        until = std::min(until, u->get<int64_t>());
    }
    with_player(name, [this, who, resolution, reason, until, respond](int64_t target) {
        answer_errors(respond, "moderation", [&] {
            if (target == 0) throw ApiError(ErrorCode::NotFound, "no such player");
            auto resolved = std::make_shared<int>(0);
            AuditEntry entry{0, now(), who.player, "resolve_reports", target, resolution, reason};
            act(
                [target, until, by = who.player, resolution, resolved](Storage& s) {
                    *resolved = s.resolve_reports_of(target, until, by, resolution);
                },
                entry,
                [this, target, resolution, resolved, respond](bool ok) {
                    if (!ok) return respond(error_reply(not_stored()));
                    respond(json_reply(200, {{"player", name_of(target)},
                                             {"resolution", resolution},
                                             {"resolved", *resolved}}));
                });
        });
    });
}

}  // namespace reversi::server
