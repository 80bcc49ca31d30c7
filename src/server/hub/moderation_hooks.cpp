// SPDX-License-Identifier: MIT
// The live tables' side of moderation (moderation_hooks.h).
#include "server/hub/moderation_hooks.h"

#include <vector>

#include "server/hub/room.h"

namespace reversi::server {

ModerationHooks::ModerationHooks(RoomHost& host, const Rooms& rooms, const Subscribers& subscribers,
                                 std::function<int64_t(const std::string& name)> player_named)
    : host_(host),
      rooms_(rooms),
      subscribers_(subscribers),
      player_named_(std::move(player_named)) {}

void ModerationHooks::attach(Moderation* moderation) {
    moderation_ = moderation;
    if (!moderation) return;
    moderation->on_banned([this](int64_t player) { disconnect_player(player); });
    moderation->set_chat_source(
        [this](const std::string& table, int64_t seq) { return chat_line(table, seq); });
}

void ModerationHooks::check_mute(int64_t player) const {
    if (!moderation_ || player == 0) return;
    if (const auto until = moderation_->muted_until(player))
        throw ApiError(ErrorCode::Muted, *until ? "a moderator muted you; you may chat again later"
                                                : "a moderator muted you");
}

std::optional<ReportedLine> ModerationHooks::chat_line(const std::string& table,
                                                       int64_t seq) const {
    const auto room = rooms_.find(table);
    if (room == rooms_.end()) return std::nullopt;
    for (const ChatLine& line : room->second->chat.lines()) {
        if (line.seq != seq) continue;
        ReportedLine out{line.player, line.from, line.text};
        // A line read back after a restart knows only the name it shows.
        if (out.player == 0 && player_named_)
            if (const int64_t named = player_named_(line.from)) out.player = named;
        return out;
    }
    return std::nullopt;
}

void ModerationHooks::disconnect_player(int64_t player) {
    std::vector<Subscriber*> theirs;
    for (const auto& [serial, sub] : subscribers_)
        if (sub->identity.player == player) theirs.push_back(sub);
    for (Subscriber* sub : theirs) sub->close();
}

void ModerationHooks::hide_chat(const Identity& who, const std::string& body, Respond respond) {
    if (!moderation_) throw ApiError(ErrorCode::NotFound, "this server has no moderation");
    moderation_->require_moderator(who);
    const json req = parse_json(body);
    if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    const std::string table = get_string(req, "table", "");
    if (table.empty() || table.size() > 64)
        throw ApiError(ErrorCode::BadRequest, "field \"table\" names the table");
    const auto seq_it = req.find("seq");
    if (seq_it == req.end() || !seq_it->is_number_integer() || seq_it->get<int64_t>() < 1)
        throw ApiError(ErrorCode::BadRequest, "field \"seq\" numbers the chat line");
    const int64_t seq = seq_it->get<int64_t>();
    const std::string reason = moderator_reason(req);
    // What the line said stays in the audit log, so the action can be judged later.
    std::string said;
    int64_t sender = 0;
    if (const auto line = chat_line(table, seq)) {
        said = line->from + ": " + line->text;
        sender = line->player;
    }
    AuditEntry entry{
        0,
        moderation_->now(),
        who.player,
        "hide_chat",
        sender,
        "table " + table + " line " + std::to_string(seq) + (said.empty() ? "" : " (" + said + ")"),
        reason};
    moderation_->act([table, seq](Storage& s) { s.delete_chat(table, seq); }, entry,
                     [this, table, seq, respond](bool ok) {
                         if (!ok)
                             return respond(error_reply(ApiError(
                                 ErrorCode::Unavailable, "the store failed: nothing was hidden")));
                         const auto room = rooms_.find(table);
                         if (room != rooms_.end()) {
                             room->second->chat.forget(seq);
                             for (Subscriber* s : room->second->subscribers)
                                 host_.send_chat_log(*s, *room->second);
                         }
                         respond(json_reply(200, {{"table", table}, {"seq", seq}}));
                     });
}

}  // namespace reversi::server
