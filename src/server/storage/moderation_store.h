// SPDX-License-Identifier: MIT
// What a store keeps for the site's moderators (docs/SITE.md "Moderation"): the roles given
// on the server's command line, the sanctions on players (mute, ban, off the leaderboards)
// with their end, the audit log of every moderator's action, and the players' reports.
// Methods throw std::runtime_error on failure and run on the storage thread (storage.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace reversi::server {

// A player's role: "admin" or "moderator" (a player without a row has none).
struct StoredRole {
    int64_t player = 0;
    std::string role;
};

// A sanction in force: `kind` is "mute", "ban" or "unlisted"; it ends at `until` (wall ms;
// 0: never).
struct StoredSanction {
    int64_t player = 0;
    std::string kind;
    int64_t until = 0;
};

// One moderator's action: who (`actor`) did what (`action`) to whom (`target`, a player id or
// 0) and when, with the reason given and what it touched (`detail`: a table and chat line, the
// games reversed, a report's id).
struct AuditEntry {
    int64_t id = 0;  // given by the store, increasing
    int64_t at = 0;  // wall ms
    int64_t actor = 0;
    std::string action;
    int64_t target = 0;
    std::string detail;
    std::string reason;
};

// A player's report of another player or of a chat line, open until a moderator resolves it.
struct StoredReport {
    std::string id;
    int64_t at = 0;  // wall ms
    int64_t reporter = 0;
    int64_t target = 0;  // the reported player
    std::string reason;  // one of a short list (moderation/reports.h)
    std::string text;    // the reporter's words
    std::string table;   // a reported chat line: its table and number, and its text
    int64_t chat_seq = 0;
    std::string chat_text;
    int64_t resolved_by = 0;  // 0 while open
    std::string resolution;
};

// A reported player's place in the moderators' queue: their open reports and the newest one's
// time (wall ms).
struct ReportGroup {
    int64_t target = 0;
    int reports = 0;
    int64_t newest = 0;
};

class ModerationStore {
  public:
    virtual ~ModerationStore() = default;

    // Gives `player` the role, or takes it when `role` is empty.
    virtual void set_role(int64_t player, const std::string& role) = 0;
    virtual std::vector<StoredRole> roles() = 0;
    // Inserts or replaces the sanction of its (player, kind); delete_sanction lifts it.
    virtual void save_sanction(const StoredSanction& sanction) = 0;
    virtual void delete_sanction(int64_t player, const std::string& kind) = 0;
    virtual std::vector<StoredSanction> sanctions() = 0;
    // Appends an entry (its id is the store's); `audit` reads the newest `limit` entries
    // older than `before_id` (0: from the newest), newest first.
    virtual void add_audit(const AuditEntry& entry) = 0;
    virtual std::vector<AuditEntry> audit(int64_t before_id, int limit) = 0;
    // Inserts or replaces a report by id; `open_reports` reads those not resolved, oldest
    // first, at most `limit`.
    virtual void save_report(const StoredReport& report) = 0;
    virtual std::vector<StoredReport> open_reports(int limit) = 0;
    // Adds a new report unless its reporter has an open one of the same player (for a
    // visitor's chat line, player 0: of the same line); false then, and nothing is written.
    virtual bool add_report(const StoredReport& report) = 0;
    // The players with open reports, the most reported first, then the most recently
    // reported; at most `limit`. `open_reports_of` reads one player's, newest first.
    virtual std::vector<ReportGroup> report_groups(int limit) = 0;
    virtual std::vector<StoredReport> open_reports_of(int64_t target, int limit) = 0;
    // A report by id, open or resolved.
    virtual std::optional<StoredReport> load_report(const std::string& id) = 0;
    // Resolves the open reports of `target` filed at or before `until` (what the moderator
    // saw; a later one stays open); returns how many.
    virtual int resolve_reports_of(int64_t target, int64_t until, int64_t by,
                                   const std::string& resolution) = 0;
    // Marks a game's rating changes as taken back; false when they already were (then nothing
    // changes). `ratings_reversed` asks without marking.
    virtual bool mark_reversed(const std::string& table) = 0;
    virtual bool ratings_reversed(const std::string& table) = 0;
};

}  // namespace reversi::server
