// SPDX-License-Identifier: MIT
// The moderation's state: roles and sanctions cached and refreshed from the store, actions
// written with their audit entries, bans told to the parts that hold sockets.
#include "server/moderation/moderation.h"

#include <iostream>
#include <set>
#include <stdexcept>

#include "server/accounts/player_names.h"

namespace reversi::server {

Moderation::Moderation(net::io_context& ioc, StorageQueue& storage, Accounts& accounts, Clock clock)
    : ioc_(ioc),
      storage_(storage),
      accounts_(accounts),
      clock_(std::move(clock)),
      reports_by_player_(ReportsPerHour / 60, ReportBurst) {}

Moderation::~Moderation() = default;

int64_t Moderation::now() const {
    if (clock_) return clock_();
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

void Moderation::restore(Storage& storage) {
    state_.restore(storage.roles(), storage.sanctions());
}

void Moderation::refresh_every(std::chrono::milliseconds every) {
    if (!refresh_timer_) refresh_timer_ = std::make_unique<net::steady_timer>(ioc_);
    refresh_timer_->expires_after(every);
    std::weak_ptr<const int> life = life_;
    refresh_timer_->async_wait([this, life, every](error_code ec) {
        if (ec || life.expired()) return;
        refresh([this, life, every] {
            if (!life.expired()) refresh_every(every);
        });
    });
}

void Moderation::refresh(std::function<void()> then) {
    struct Read {
        std::vector<StoredRole> roles;
        std::vector<StoredSanction> sanctions;
        bool ok = false;
    };
    auto read = std::make_shared<Read>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [read](Storage& s) {
            try {
                read->roles = s.roles();
                read->sanctions = s.sanctions();
                read->ok = true;
            } catch (const std::exception& e) {
                std::cerr << "moderation: reading roles and sanctions failed: " << e.what() << '\n';
            }
        },
        [this, read, life, then] {
            if (life.expired()) return;
            if (read->ok) apply_refresh(read->roles, read->sanctions);
            if (then) then();
        });
}

void Moderation::apply_refresh(const std::vector<StoredRole>& roles,
                               const std::vector<StoredSanction>& rows) {
    const int64_t t = now();
    std::set<int64_t> before;
    for (const StoredSanction& s : state_.in_force(t))
        if (s.kind == "ban") before.insert(s.player);
    state_.restore(roles, rows);
    for (const StoredSanction& s : state_.in_force(t))
        if (s.kind == "ban" && !before.count(s.player)) banned_now(s.player);
}

bool Moderation::banned(int64_t player) const {
    return state_.active(player, SanctionKind::Ban, now());
}

bool Moderation::unlisted(int64_t player) const {
    return state_.active(player, SanctionKind::Unlisted, now());
}

std::optional<int64_t> Moderation::muted_until(int64_t player) const {
    return state_.until(player, SanctionKind::Mute, now());
}

void Moderation::require_moderator(const Identity& who) const {
    if (who.player == 0 || who.guest || state_.role(who.player) == Role::None)
        throw ApiError(ErrorCode::Forbidden, "only moderators may do this");
}

void Moderation::banned_now(int64_t player) {
    accounts_.close_sessions(player);
    for (const auto& listener : ban_listeners_) listener(player);
}

void Moderation::act(std::function<void(Storage&)> change, AuditEntry entry,
                     std::function<void(bool)> done) {
    std::weak_ptr<const int> life = life_;
    storage_.write(
        [change = std::move(change), entry = std::move(entry)](Storage& s) {
            if (change) change(s);
            s.add_audit(entry);
        },
        [life, done = std::move(done)](bool ok) {
            if (life.expired()) return;
            if (!ok) std::cerr << "moderation: a moderator's action was not stored\n";
            done(ok);
        });
}

void Moderation::with_player(const std::string& name, std::function<void(int64_t)> then) {
    if (const auto found = accounts_.find(name)) return then(found->player);
    // Another node's player may not be cached here: the store knows every name.
    auto id = std::make_shared<int64_t>(0);
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [id, key = name_key(name)](Storage& s) {
            try {
                if (const auto row = s.load_player_named(key)) *id = row->id;
            } catch (const std::exception&) {
                // none found: the caller answers not_found
            }
        },
        [life, id, then = std::move(then)] {
            if (!life.expired()) then(*id);
        });
}

std::string Moderation::name_of(int64_t player) const {
    const auto found = accounts_.player(player);
    return found ? found->name : "#" + std::to_string(player);
}

int64_t grant_role(Storage& storage, const std::string& name, Role role, int64_t now) {
    const auto player = storage.load_player_named(name_key(name));
    if (!player) throw std::runtime_error("no player is named " + name);
    if (player->password_hash.empty())
        throw std::runtime_error(name + " is a guest; only registered players take roles");
    storage.begin();
    try {
        storage.set_role(player->id, role_name(role));
        storage.add_audit({0, now, 0, "role", player->id,
                           role == Role::None ? "none" : role_name(role), "reversi admin role"});
        storage.commit();
    } catch (...) {
        storage.rollback();
        throw;
    }
    return player->id;
}

}  // namespace reversi::server
