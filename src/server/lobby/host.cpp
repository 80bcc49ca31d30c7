// SPDX-License-Identifier: MIT
// Wiring of the lobby (lobby/host.h). The timer's handler checks the error code only: the
// host lives as long as the io_context runs, and a cancelled wait at shutdown does nothing.
#include "server/lobby/host.h"

#include <chrono>
#include <iostream>

#include "server/accounts/accounts.h"
#include "server/common/clock.h"
#include "server/storage/storage.h"

namespace reversi::server {

namespace {

// Several nodes claim a stopped node's challenges this often (in lobby ticks of a second).
constexpr int ClaimEveryTicks = 30;

LobbyServices services(const LobbyTables& tables, Accounts& accounts, std::mt19937_64& rng,
                       LobbyBusLink bus, StorageQueue* queue) {
    LobbyServices s;
    s.node = std::move(bus.node);
    s.publish = std::move(bus.publish);
    s.now = steady_ms;
    s.wall_now = wall_ms;
    s.random = [&rng] { return rng(); };
    s.rating = [&accounts](const Identity& who, const std::string& pool) {
        const StoredRating r = accounts.rating(who.player, pool);
        return LobbyRating{r.rating, r.rd > ProvisionalRd};
    };
    s.me = [&accounts](const Identity& who) { return accounts.me_json(who); };
    s.lobby_socket = [&accounts](int64_t player, int delta) { accounts.connected(player, delta); };
    s.account = [&accounts](const std::string& name) { return accounts.find(name); };
    s.create_table = tables.create_paired;
    // A failed write costs only the challenge's survival of a restart: nobody waits for it.
    if (queue) {
        s.keep_challenge = [queue](const StoredChallenge& c) {
            queue->write([c](Storage& store) { store.save_challenge(c); }, [](bool) {});
        };
        s.forget_challenge = [queue](const std::string& id) {
            queue->write([id](Storage& store) { store.delete_challenge(id); }, [](bool) {});
        };
    }
    return s;
}

}  // namespace

LobbyHost::LobbyHost(net::io_context& ioc, const LobbyTables& tables, Accounts& accounts,
                     LobbyLimits limits, LobbyBusLink bus, StorageQueue* queue)
    : rng_(entropy_()),
      lobby_(services(tables, accounts, rng_, bus, queue), limits),
      timer_(ioc),
      queue_(queue),
      node_(bus.node) {
    tables.on_table_change([this](const Table& table) {
        try {
            GameEntry game = game_entry_of(table, false);
            if (lobby_.needs_setup(game)) game.setup = setup_json(table.spec().setup);
            lobby_.game_changed(game);
        } catch (const std::exception& e) {
            std::cerr << "lobby: table " << table.id() << ": " << utf8_safe(e.what()) << '\n';
        }
    });
    arm();
}

void LobbyHost::arm() {
    timer_.expires_after(std::chrono::seconds(1));
    timer_.async_wait([this](error_code ec) {
        if (ec) return;
        try {
            lobby_.tick();
            if (++ticks_ % ClaimEveryTicks == 0) claim_challenges();
        } catch (const std::exception& e) {
            std::cerr << "lobby: tick: " << utf8_safe(e.what()) << '\n';
        }
        arm();
    });
}

void LobbyHost::claim_challenges() {
    if (!queue_ || node_.empty()) return;
    auto rows = std::make_shared<std::vector<StoredChallenge>>();
    std::weak_ptr<const int> life = lobby_.life();
    queue_->write([rows, node = node_](Storage& s) { *rows = s.claim_challenges(node); },
                  [this, life, rows](bool ok) {
                      if (ok && !life.expired()) lobby_.restore_challenges(*rows);
                  });
}

}  // namespace reversi::server
