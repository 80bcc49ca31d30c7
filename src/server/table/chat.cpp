// SPDX-License-Identifier: MIT
// Chat lines, their JSON and the throttle. The text was checked on the way in (chat_problem),
// but it still goes out through dump_safe, the server's last barrier for what it writes.
#include "server/table/chat.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>

#include "server/common/protocol.h"

namespace reversi::server {

namespace {

// Combining marks allowed on one base character: enough for any script's diacritics and
// tone marks, far from the stacks of hundreds that draw over the lines around them.
constexpr int MaxMarksInARow = 4;

// Why the (valid UTF-8) `text` would draw as nothing, or as a tower of marks; empty when fine.
std::string rendering_problem(std::string_view text) {
    bool visible = false;
    int marks = 0;
    for (int32_t i = 0; i < static_cast<int32_t>(text.size());) {
        UChar32 c = 0;
        U8_NEXT(text.data(), i, static_cast<int32_t>(text.size()), c);
        if (c < 0) return "is not UTF-8 text";
        const int8_t type = u_charType(c);
        if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK) {
            if (++marks > MaxMarksInARow)
                return "stacks more than " + std::to_string(MaxMarksInARow) +
                       " combining marks on one character";
            continue;
        }
        marks = 0;
        if (!u_isUWhiteSpace(c) && !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) &&
            type != U_CONTROL_CHAR && type != U_FORMAT_CHAR)
            visible = true;
    }
    return visible ? std::string() : "has nothing visible";
}

json chat_json(const ChatLine& line) {
    return {{"type", "chat"},    {"seq", line.seq},
            {"from", line.from}, {"seat", line.spectator() ? json(nullptr) : json(line.seat)},
            {"text", line.text}, {"time", line.time}};
}

}  // namespace

std::string chat_problem(std::string_view text) {
    std::string why = text_problem(text, ChatMaxChars);
    if (why.empty()) why = rendering_problem(text);
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

bool ChatLog::forget_from(int64_t player, const std::string& name) {
    const auto before = lines_.size();
    std::erase_if(lines_, [&](const ChatLine& l) {
        return (player && l.player == player) || (!name.empty() && l.from == name);
    });
    return lines_.size() != before;
}

bool ChatThrottle::room_for(const std::string& key, std::size_t burst, int64_t now) {
    const auto it = sent_.find(key);
    if (it == sent_.end()) return true;
    std::deque<int64_t>& times = it->second;
    while (!times.empty() && now - times.front() >= ChatWindowMs) times.pop_front();
    return times.size() < burst;
}

bool ChatThrottle::allow(int64_t player, const std::string& address, int64_t now) {
    // A visitor without a session is known by the address alone, at a player's allowance.
    const std::string by_player = player ? "p" + std::to_string(player) : "v" + address;
    const std::string by_address = "a" + address;
    if (!room_for(by_player, ChatBurst, now)) return false;
    if (!room_for(by_address, ChatAddressBurst, now)) return false;
    sent_[by_player].push_back(now);
    sent_[by_address].push_back(now);
    // Forget the senders whose lines have all left the window.
    if (sent_.size() > 64)
        std::erase_if(sent_, [now](const auto& entry) {
            return entry.second.empty() || now - entry.second.back() >= ChatWindowMs;
        });
    return true;
}

}  // namespace reversi::server
