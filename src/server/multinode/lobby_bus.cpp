// SPDX-License-Identifier: MIT
// Choosing the lobby bus (lobby_bus.h).
#include "server/multinode/lobby_bus.h"

#ifdef REVERSI_WITH_POSTGRES
#include "server/multinode/pg_listener.h"
#include "server/storage/postgres/storage.h"
#endif

namespace reversi::server {

#ifdef REVERSI_WITH_POSTGRES
namespace {

class PostgresLobbyBus : public LobbyBus {
  public:
    PostgresLobbyBus(const std::string& uri, net::io_context& ioc)
        : listener_(uri, pg::PgListener::random_node_name(),
                    [&ioc](std::function<void()> f) { net::post(ioc, std::move(f)); }) {}
    LobbyBusLink link() override {
        return {listener_.node(), [this](json event, std::function<void()> failed) {
                    listener_.publish(std::move(event), std::move(failed));
                }};
    }
    void start(Lobby& lobby) override {
        listener_.share_quick(match_quick_seekers,
                              [&lobby](const json& group) { lobby.on_quick_match(group); });
        listener_.start([&lobby](const json& event) { lobby.on_remote(event); });
    }

  private:
    pg::PgListener listener_;
};

}  // namespace
#endif

std::unique_ptr<LobbyBus> open_lobby_bus([[maybe_unused]] const std::string& db,
                                         [[maybe_unused]] net::io_context& ioc) {
#ifdef REVERSI_WITH_POSTGRES
    if (PostgresStorage::is_uri(db)) return std::make_unique<PostgresLobbyBus>(db, ioc);
#endif
    return nullptr;
}

}  // namespace reversi::server
