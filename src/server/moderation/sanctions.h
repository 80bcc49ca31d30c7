// SPDX-License-Identifier: MIT
// Roles and sanctions (docs/SITE.md "Moderation"), pure, time passed in: who is an admin or a
// moderator, and who is muted, banned or left off the leaderboards until when. Invariant: a
// sanction whose end has passed counts as none, whether or not it has been forgotten yet.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/storage/moderation_store.h"

namespace reversi::server {

// A moderator may sanction players, hide chat lines, resolve reports and read the audit log;
// an admin may too (roles are given only by `reversi admin role` on the server).
enum class Role { None, Moderator, Admin };

// "moderator", "admin"; "none" reads as Role::None; anything else is nothing.
std::optional<Role> parse_role(std::string_view name);
// The stored name ("" for Role::None).
std::string role_name(Role role);

enum class SanctionKind { Mute, Ban, Unlisted };
std::optional<SanctionKind> parse_sanction(std::string_view name);
std::string sanction_name(SanctionKind kind);

// The longest sanction with an end: a year (no end at all is 0 minutes).
constexpr int64_t MaxSanctionMinutes = 366LL * 24 * 60;

class Sanctions {
  public:
    // Replaces everything by the stored rows (at start and at each refresh).
    void restore(const std::vector<StoredRole>& roles, const std::vector<StoredSanction>& rows);

    Role role(int64_t player) const;
    void set_role(int64_t player, Role role);
    // Whether `player` is under `kind` at `now` (wall ms).
    bool active(int64_t player, SanctionKind kind, int64_t now) const;
    // When it ends (0: never); nothing when none is in force at `now`.
    std::optional<int64_t> until(int64_t player, SanctionKind kind, int64_t now) const;
    // Puts `player` under `kind` until `until` (0: never), or lifts it.
    void impose(int64_t player, SanctionKind kind, int64_t until);
    void lift(int64_t player, SanctionKind kind);
    // The sanctions in force at `now`, by player.
    std::vector<StoredSanction> in_force(int64_t now) const;

  private:
    std::unordered_map<int64_t, Role> roles_;
    std::map<std::pair<int64_t, SanctionKind>, int64_t> ends_;  // 0: no end
};

}  // namespace reversi::server
