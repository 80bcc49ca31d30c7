// SPDX-License-Identifier: MIT
// The site's moderation (docs/SITE.md "Moderation"): roles, sanctions with their end, players'
// reports and the audit log of every moderator's action. Roles and sanctions are cached in
// memory and read again from the store every few seconds, so a role given by `reversi admin
// role` while the server runs, or a ban made on another node, takes effect here soon after.
// A moderator's action is written together with its audit entry, in one transaction, and
// answered only after that commit. Not thread-safe: used from the network thread only.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts/accounts.h"
#include "server/common/identity.h"
#include "server/common/net.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"
#include "server/moderation/reports.h"
#include "server/moderation/sanctions.h"
#include "server/storage/storage.h"

namespace reversi::server {

// A chat line as a report needs it: who sent it and what it said.
struct ReportedLine {
    int64_t player = 0;  // 0: a visitor without a session
    std::string from;
    std::string text;
};

// The "reason" of a moderator's request: required and not blank, so the audit log always says
// why; at most 600 bytes of UTF-8. Throws bad_request.
std::string moderator_reason(const json& request);

// Gives the player named `name` the role, or takes it (Role::None), with an audit entry by
// "server" (actor 0), in one transaction of `storage` (`reversi admin role`); returns the
// player's id. Throws std::runtime_error when no registered player has that name.
int64_t grant_role(Storage& storage, const std::string& name, Role role, int64_t now);

class Moderation : public AccessGate {
  public:
    // Wall-clock ms (tests pass their own).
    using Clock = std::function<int64_t()>;
    Moderation(net::io_context& ioc, StorageQueue& storage, Accounts& accounts, Clock clock = {});
    ~Moderation() override;
    Moderation(const Moderation&) = delete;
    Moderation& operator=(const Moderation&) = delete;

    // Loads roles and sanctions (call once, before serving; the queue has no work yet).
    void restore(Storage& storage);
    // Reads roles and sanctions again now and then every `every` (the server starts it).
    void refresh_every(std::chrono::milliseconds every);
    // Reads them again; `then` runs on the network thread afterwards. A player found banned
    // who was not is told to the ban listeners (a ban made on another node).
    void refresh(std::function<void()> then = {});

    // AccessGate: a ban or an unlisting in force now.
    bool banned(int64_t player) const override;
    bool unlisted(int64_t player) const override;
    // When the mute of `player` ends (0: never); nothing when not muted now.
    std::optional<int64_t> muted_until(int64_t player) const;
    Role role(int64_t player) const { return state_.role(player); }
    // Throws forbidden unless `who` is a registered moderator or admin.
    void require_moderator(const Identity& who) const;

    // `listener` hears of each player banned, here or on another node (the hub and the lobby
    // close that player's sockets). Add listeners before serving.
    void on_banned(std::function<void(int64_t)> listener) {
        ban_listeners_.push_back(std::move(listener));
    }
    // Where a chat line's report finds the line (the hub's tables; null: no chat reports).
    void set_chat_source(
        std::function<std::optional<ReportedLine>(const std::string&, int64_t)> source) {
        chat_source_ = std::move(source);
    }
    // Writes `change` (may be empty) and `entry` (its time and actor set by the caller) in one
    // transaction; `done(ok)` runs on the network thread after the commit.
    void act(std::function<void(Storage&)> change, AuditEntry entry,
             std::function<void(bool)> done);
    int64_t now() const;

    // HTTP API (moderation/http.cpp; docs/PROTOCOL.md "Moderation"); each answers through
    // `respond`, possibly later.
    // {"role": "moderator" | "admin" | ""} of the caller.
    void my_role(const Identity& who, Respond respond) const;
    // A player's report of a player or a chat line (registered players; limited per player).
    void report(const Identity& who, const std::string& body, Respond respond);
    // Moderators: a sanction imposed or lifted, {"player", "kind", "minutes", "reason",
    // "lift"}.
    void sanction(const Identity& who, const std::string& body, Respond respond);
    void list_sanctions(const Identity& who, Respond respond) const;
    void list_audit(const Identity& who, int64_t before, int limit, Respond respond);
    // The open reports grouped by reported player, the most reported first, then the most
    // recently reported (at most ReportGroupsMax players, each with its ReportsPerGroupMax
    // newest reports).
    void list_reports(const Identity& who, Respond respond);
    // {"resolution", "reason"}: the report leaves the queue; the audit log says who and why.
    void resolve_report(const Identity& who, const std::string& id, const std::string& body,
                        Respond respond);
    // {"resolution", "reason", "until"}: every open report of the player named `name` filed
    // at or before `until` (default now) leaves the queue, with one audit entry.
    void resolve_reports_of(const Identity& who, const std::string& name, const std::string& body,
                            Respond respond);

    // Games found farmed: {"games": [table ids], "reason"}; each rated game's changes are taken
    // back (moderation/farmed.cpp), once.
    void reverse_games(const Identity& who, const std::string& body, Respond respond);

  private:
    // The finished games a reversal found, and the ids it passed over (unknown, unfinished,
    // taken back before).
    struct FarmedGames {
        std::vector<StoredTable> tables;
        std::vector<std::string> skipped;
    };
    void take_back(const Identity& who, const std::string& reason, const FarmedGames& games,
                   Respond respond);
    // The player of `name`, from the cache or the store; `then(id)` with 0 when none.
    void with_player(const std::string& name, std::function<void(int64_t)> then);
    void banned_now(int64_t player);
    void file_report(const Identity& who, StoredReport report, Respond respond);
    json report_json(const StoredReport& report) const;
    void apply_refresh(const std::vector<StoredRole>& roles,
                       const std::vector<StoredSanction>& rows);
    std::string name_of(int64_t player) const;

    net::io_context& ioc_;
    StorageQueue& storage_;
    Accounts& accounts_;
    Clock clock_;
    Sanctions state_;
    RateLimiter reports_by_player_;
    std::vector<std::function<void(int64_t)>> ban_listeners_;
    std::function<std::optional<ReportedLine>(const std::string&, int64_t)> chat_source_;
    std::unique_ptr<net::steady_timer> refresh_timer_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
