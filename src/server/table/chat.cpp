// SPDX-License-Identifier: MIT
// Chat lines, their JSON and the throttle. The text was checked on the way in (chat_problem),
// but it still goes out through dump_safe, the server's last barrier for what it writes.
#include "server/table/chat.h"

#include <algorithm>

#include "server/common/protocol.h"

namespace reversi::server {

namespace {

json chat_json(const ChatLine& line) {
    return {{"type", "chat"},    {"seq", line.seq},
            {"from", line.from}, {"seat", line.spectator() ? json(nullptr) : json(line.seat)},
            {"text", line.text}, {"time", line.time}};
}

}  // namespace

std::string chat_problem(std::string_view text) {
    const std::string why = text_problem(text, ChatMaxChars);
    return why.empty() ? why : "a chat message " + why;
}

std::string chat_message_text(const ChatLine& line) {
    return dump_safe(chat_json(line));
}

std::string chat_log_text(const std::deque<ChatLine>& lines, bool with_spectators) {
    json messages = json::array();
    for (const ChatLine& line : lines)
        if (with_spectators || !line.spectator()) messages.push_back(chat_json(line));
    return dump_safe({{"type", "chat_log"}, {"messages", std::move(messages)}});
}

void ChatLog::restore(const std::vector<ChatLine>& lines) {
    lines_.assign(lines.begin(), lines.end());
    while (lines_.size() > ChatKept) lines_.pop_front();
    last_seq_ = lines_.empty() ? 0 : lines_.back().seq;
}

const ChatLine& ChatLog::append(ChatLine line) {
    line.seq = ++last_seq_;
    lines_.push_back(std::move(line));
    while (lines_.size() > ChatKept) lines_.pop_front();
    return lines_.back();
}

void ChatLog::forget(int64_t seq) {
    const auto it = std::find_if(lines_.begin(), lines_.end(),
                                 [seq](const ChatLine& l) { return l.seq == seq; });
    if (it != lines_.end()) lines_.erase(it);
}

bool ChatThrottle::allow(int64_t now) {
    // Full ring: the oldest of the last ChatBurst sends must have left the window.
    if (count_ == ChatBurst && now - sent_[next_] < ChatWindowMs) return false;
    sent_[next_] = now;
    next_ = (next_ + 1) % ChatBurst;
    count_ = std::min(count_ + 1, ChatBurst);
    return true;
}

}  // namespace reversi::server
