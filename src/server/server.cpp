// SPDX-License-Identifier: MIT
// Wiring of the server's parts. Shutdown order matters: the network loop stops first, then the
// engine pool (no more moves), and the storage queue last, so every write already accepted
// is committed before the process exits.
#include "server/server.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "server/accounts/accounts.h"
#include "server/analysis/service.h"
#include "server/common/engine_pool.h"
#include "server/common/secrets.h"
#include "server/hub/hub.h"
#include "server/hub/table_ownership.h"
#include "server/lobby/host.h"
#include "server/multinode/lobby_bus.h"
#include "server/net/listener.h"
#include "server/storage/fault_injecting.h"
#include "server/storage/sqlite/storage.h"
#ifdef REVERSI_WITH_POSTGRES
#include "server/storage/postgres/storage.h"
#endif

namespace reversi::server {

namespace {

// Many concurrent games need many sockets: raise the soft descriptor limit to the hard one.
void raise_file_limit() {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
    }
}

// --db names a SQLite file, or a PostgreSQL database (postgresql://...) on a build with it.
std::unique_ptr<Storage> open_storage(const std::string& db) {
    if (db.starts_with("postgresql://") || db.starts_with("postgres://")) {
#ifdef REVERSI_WITH_POSTGRES
        return std::make_unique<PostgresStorage>(db);
#else
        throw std::runtime_error(
            "--db: this build has no PostgreSQL support (configure "
            "with -DREVERSI_WITH_POSTGRES=ON)");
#endif
    }
    return std::make_unique<SqliteStorage>(db);
}

}  // namespace

int run_server(const ServerOptions& options, std::ostream& log) {
    raise_file_limit();
    net::io_context ioc{1};
    const std::unique_ptr<Storage> store = open_storage(options.db);
    // The chaos test's storage faults (off unless asked for) wrap the real store.
    FaultInjectingStorage faulty(*store, options.storage_fault_rate,
                                 static_cast<uint64_t>(getpid()));
    Storage& storage = options.storage_fault_rate > 0 ? static_cast<Storage&>(faulty) : *store;
    if (options.storage_fault_rate > 0)
        log << "testing: storage commits fail with probability " << options.storage_fault_rate
            << std::endl;
    StorageQueue queue(storage, [&ioc](std::function<void()> f) { net::post(ioc, std::move(f)); });
    // Several nodes share a PostgreSQL store: each table is owned by one node at a time
    // (docs/MULTINODE.md). A SQLite store has one node: this one owns every table.
    TableLeases* leases = dynamic_cast<TableLeases*>(store.get());
    std::unique_ptr<TableOwnership> ownership;
    if (leases) {
        OwnershipOptions o;
        o.node = "node-" + random_id(12);  // a restarted node is a new owner
        o.ttl_ms = static_cast<int64_t>(options.lease_ttl_seconds * 1000);
        ownership = std::make_unique<TableOwnership>(ioc, queue, *leases, o);
    }
    EnginePool engines(options.engine_threads, options.limits.engine_queue,
                       options.limits.computer_move_seconds,
                       options.limits.engine_seconds_per_minute);
    // Before the hub: sockets that outlive the hub (at shutdown) must find the accounts too.
    // Several nodes' accounts meet in the store (docs/MULTINODE.md "Accounts across nodes").
    AccountsOptions account_options;
    account_options.shared_store = leases != nullptr;
    Accounts accounts(ioc, queue, account_options);
    HubOptions hub_options;
    hub_options.hint_seconds = options.hint_seconds;
    hub_options.limits = options.limits;
    GameHub hub(ioc, queue, engines, hub_options);
    // Post-game analysis leaves one engine thread free for moves when there are several.
    AnalysisOptions analysis_options;
    analysis_options.parallel_plies = std::max(1, options.engine_threads - 1);
    AnalysisService analysis(ioc, queue, engines, analysis_options);
    hub.on_game_over([&analysis](const Table& table) { analysis.game_finished(table); });
    hub.set_accounts(&accounts);
    // On PostgreSQL the lobbies of the nodes talk through LISTEN/NOTIFY (lobby_bus.h).
    const std::unique_ptr<LobbyBus> lobby_bus = open_lobby_bus(options.db, ioc);
    // Before the restore, so that the lobby hears of every unfinished table (running games).
    LobbyLimits lobby_limits;
    lobby_limits.rated_same_address = options.limits.rated_same_address;
    LobbyHost lobby(ioc, hub, accounts, lobby_limits,
                    lobby_bus ? lobby_bus->link() : LobbyBusLink{});
    // Restoring reads the store directly: the queue has no work yet and the loop is not running.
    accounts.restore(*store);
    // With several nodes, unfinished tables are taken over from the nodes that ran them,
    // once their leases expire, by the ownership's sweeper.
    if (!ownership) hub.restore(*store);
    // What every HTTP and WebSocket session reaches (site.h).
    Site site{hub, accounts};
    site.analysis = &analysis;
    site.lobby = &lobby.lobby();
    if (lobby_bus) lobby_bus->start(lobby.lobby());

    const auto address = net::ip::make_address(options.host);
    auto listener = std::make_shared<Listener>(
        ioc, tcp::endpoint{address, static_cast<unsigned short>(options.port)}, site,
        options.web_dir, options.limits);
    if (ownership) {
        ownership->set_public_url(!options.public_url.empty()
                                      ? options.public_url
                                      : "http://" + options.host + ':' +
                                            std::to_string(listener->port()));
        hub.set_ownership(*ownership);
        log << "node " << ownership->options().node << " at " << ownership->options().public_url
            << ", table leases of " << options.lease_ttl_seconds << " s" << std::endl;
    }
    listener->run();
    log << "listening on http://" << options.host << ':' << listener->port() << std::endl;

    net::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](error_code, int) {
        listener->stop();
        ioc.stop();
    });
    // The last barrier: a handler that throws (none should: each entry point has its own)
    // is logged and the loop goes on, rather than the process ending for every game.
    for (;;) {
        try {
            ioc.run();
            break;
        } catch (const std::exception& e) {
            std::cerr << "server: an exception reached the event loop: " << utf8_safe(e.what())
                      << '\n';
        } catch (...) {
            std::cerr << "server: an unknown exception reached the event loop\n";
        }
    }
    engines.stop();
    // A clean stop hands this node's tables over at once (after its queued writes).
    if (ownership) ownership->hand_over();
    queue.stop();
    return 0;
}

}  // namespace reversi::server
