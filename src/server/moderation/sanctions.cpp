// SPDX-License-Identifier: MIT
// Roles and sanctions in memory: the rows of the store, read again now and then.
#include "server/moderation/sanctions.h"

namespace reversi::server {

std::optional<Role> parse_role(std::string_view name) {
    if (name == "moderator") return Role::Moderator;
    if (name == "admin") return Role::Admin;
    if (name == "none") return Role::None;
    return std::nullopt;
}

std::string role_name(Role role) {
    switch (role) {
        case Role::Moderator:
            return "moderator";
        case Role::Admin:
            return "admin";
        case Role::None:
            break;
    }
    return "";
}

std::optional<SanctionKind> parse_sanction(std::string_view name) {
    if (name == "mute") return SanctionKind::Mute;
    if (name == "ban") return SanctionKind::Ban;
    if (name == "unlisted") return SanctionKind::Unlisted;
    return std::nullopt;
}

std::string sanction_name(SanctionKind kind) {
    switch (kind) {
        case SanctionKind::Mute:
            return "mute";
        case SanctionKind::Ban:
            return "ban";
        case SanctionKind::Unlisted:
            break;
    }
    return "unlisted";
}

void Sanctions::restore(const std::vector<StoredRole>& roles,
                        const std::vector<StoredSanction>& rows) {
    roles_.clear();
    ends_.clear();
    for (const StoredRole& r : roles)
        if (const auto role = parse_role(r.role); role && *role != Role::None)
            roles_[r.player] = *role;
    // A kind this build does not know (a newer node's) is left out, not misread.
    for (const StoredSanction& s : rows)
        if (const auto kind = parse_sanction(s.kind)) ends_[{s.player, *kind}] = s.until;
}

Role Sanctions::role(int64_t player) const {
    const auto it = roles_.find(player);
    return it == roles_.end() ? Role::None : it->second;
}

void Sanctions::set_role(int64_t player, Role role) {
    if (role == Role::None)
        roles_.erase(player);
    else
        roles_[player] = role;
}

std::optional<int64_t> Sanctions::until(int64_t player, SanctionKind kind, int64_t now) const {
    const auto it = ends_.find({player, kind});
    if (it == ends_.end() || (it->second != 0 && it->second <= now)) return std::nullopt;
    return it->second;
}

bool Sanctions::active(int64_t player, SanctionKind kind, int64_t now) const {
    return until(player, kind, now).has_value();
}

void Sanctions::impose(int64_t player, SanctionKind kind, int64_t until) {
    ends_[{player, kind}] = until;
}

void Sanctions::lift(int64_t player, SanctionKind kind) {
    ends_.erase({player, kind});
}

std::vector<StoredSanction> Sanctions::in_force(int64_t now) const {
    std::vector<StoredSanction> out;
    for (const auto& [key, end] : ends_)
        if (end == 0 || end > now) out.push_back({key.first, sanction_name(key.second), end});
    return out;
}

}  // namespace reversi::server
