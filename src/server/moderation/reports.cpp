// SPDX-License-Identifier: MIT
// Reports as requests state them: every field bounded and checked.
#include "server/moderation/reports.h"

#include <algorithm>

#include "server/common/protocol.h"

namespace reversi::server {

namespace {

constexpr std::size_t MaxReportedNameBytes = 200;
constexpr std::size_t MaxReportedTableBytes = 64;

std::string report_field(const json& req, const char* key, std::size_t max_bytes) {
    const auto it = req.find(key);
    if (it == req.end()) return {};
    if (!it->is_string() || it->get_ref<const std::string&>().size() > max_bytes)
        throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key +
                                                  "\" must be a string of at most " +
                                                  std::to_string(max_bytes) + " bytes");
    return it->get<std::string>();
}

}  // namespace

const std::vector<std::string>& report_reasons() {
    static const std::vector<std::string> Reasons = {"abuse", "spam", "cheating", "name", "other"};
    return Reasons;
}

ReportRequest parse_report(const std::string& body) {
    const json req = parse_json(body);
    if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    ReportRequest r;
    r.reason = report_field(req, "reason", 20);
    const auto& reasons = report_reasons();
    if (std::find(reasons.begin(), reasons.end(), r.reason) == reasons.end())
        throw ApiError(ErrorCode::BadRequest,
                       "a report's reason is abuse, spam, cheating, name or other");
    // A report's text is held to a chat line's rules (visible, not a pile of marks), longer.
    r.text = report_field(req, "text", ReportTextMax * 4);
    if (!r.text.empty()) {
        if (!utf8_valid(r.text))
            throw ApiError(ErrorCode::BadRequest, "a report's text must be valid UTF-8");
        const std::size_t points =
            static_cast<std::size_t>(std::count_if(r.text.begin(), r.text.end(), [](char c) {
                return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
            }));
        if (points > ReportTextMax)
            throw ApiError(ErrorCode::BadRequest, "a report's text has at most 500 characters");
    }
    r.player = report_field(req, "player", MaxReportedNameBytes);
    r.table = report_field(req, "table", MaxReportedTableBytes);
    r.game = report_field(req, "game", MaxReportedTableBytes);
    if (r.chat_line()) {
        const auto seq = req.find("seq");
        if (seq == req.end() || !seq->is_number_integer() || seq->get<int64_t>() < 1)
            throw ApiError(ErrorCode::BadRequest, "a chat line's report names its \"seq\"");
        r.seq = seq->get<int64_t>();
        r.player.clear();  // the line's sender is the one reported
        r.game.clear();    // the line names its table
    } else if (r.player.empty()) {
        throw ApiError(ErrorCode::BadRequest, "a report names a \"player\" or a chat line");
    }
    return r;
}

bool played_together(const std::string& spec, int64_t a, int64_t b) {
    if (a == 0 || b == 0) return false;
    const json j = json::parse(spec, nullptr, false);
    if (!j.is_object() || !j.contains("seats") || !j["seats"].is_array()) return false;
    bool seen_a = false, seen_b = false;
    for (const json& seat : j["seats"]) {
        if (!seat.is_object()) continue;
        const auto player = seat.find("player");
        if (player == seat.end() || !player->is_number_integer()) continue;
        seen_a = seen_a || player->get<int64_t>() == a;
        seen_b = seen_b || player->get<int64_t>() == b;
    }
    return seen_a && seen_b;
}

}  // namespace reversi::server
