// SPDX-License-Identifier: MIT
// Wiring of the server's parts. Shutdown order matters: the network loop stops first, then the
// engine pool (no more moves), and the storage queue last, so every write already accepted
// is committed before the process exits.
#include "server/server.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "server/accounts/accounts.h"
#include "server/accounts/routes.h"
#include "server/analysis/routes.h"
#include "server/analysis/service.h"
#include "server/common/api_routes.h"
#include "server/common/engine_pool.h"
#include "server/common/event_log.h"
#include "server/common/loop_lag.h"
#include "server/common/secrets.h"
#include "server/explorer/routes.h"
#include "server/explorer/service.h"
#include "server/hub/hub.h"
#include "server/hub/routes.h"
#include "server/hub/table_endpoint.h"
#include "server/hub/table_ownership.h"
#include "server/lobby/bot_events.h"
#include "server/lobby/endpoint.h"
#include "server/lobby/host.h"
#include "server/lobby/routes.h"
#include "server/moderation/moderation.h"
#include "server/moderation/routes.h"
#include "server/multinode/lobby_bus.h"
#include "server/net/event_stream.h"
#include "server/net/listener.h"
#include "server/net/metrics_listener.h"
#include "server/net/site_config.h"
#include "server/puzzles/mining.h"
#include "server/puzzles/routes.h"
#include "server/puzzles/service.h"
#include "server/storage/fault_injecting.h"
#include "server/storage/sqlite/backup.h"
#include "server/storage/sqlite/storage.h"
#include "server/tournament/leadership.h"
#include "server/tournament/routes.h"
#include "server/tournament/service.h"
#ifdef REVERSI_WITH_POSTGRES
#include "server/storage/postgres/storage.h"
#endif

namespace reversi::server {

namespace {

// Many concurrent games need many sockets: raise the soft descriptor limit to the hard one,
// and say so when even that is below --max-connections (each connection is a descriptor; past
// the limit accept fails and clients wait in the kernel's queue until they give up).
void raise_file_limit(int max_connections, std::ostream& log) {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return;
    if (lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
    }
    constexpr rlim_t OtherDescriptors = 64;  // the database, logs, engine files, listeners
    const rlim_t wanted = static_cast<rlim_t>(max_connections) + OtherDescriptors;
    if (lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < wanted)
        log << "warning: the open file limit (" << lim.rlim_cur << ") is below --max-connections ("
            << max_connections << ") plus " << OtherDescriptors
            << ": raise it (LimitNOFILE=, ulimit -n)" << std::endl;
}

bool is_postgres(const std::string& db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

// --db names a SQLite file, or a PostgreSQL database (postgresql://...) on a build with it.
std::unique_ptr<Storage> open_storage(const std::string& db) {
    if (is_postgres(db)) {
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

// The tournaments of --tournament-schedule, and the site's own with --site-tournaments.
std::vector<tournament::ScheduleEntry> schedule_entries(const ServerOptions& options) {
    std::vector<std::string> schedule = options.tournament_schedule;
    if (options.site_tournaments)
        for (std::string& entry : tournament::standard_schedule()) schedule.push_back(entry);
    std::vector<tournament::ScheduleEntry> entries;
    for (const std::string& entry : schedule) {
        try {
            entries.push_back(tournament::parse_schedule_entry(entry));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error("--tournament-schedule \"" + entry + "\": " + e.what());
        }
    }
    return entries;
}

// The proxies whose forwarded-for headers are believed (--trusted-proxy).
std::vector<Network> trusted_networks(const ServerOptions& options) {
    std::vector<Network> trusted;
    for (const std::string& proxy : options.trusted_proxies) {
        const auto network = parse_network(proxy);
        if (!network) throw std::runtime_error("--trusted-proxy: not ADDR or ADDR/BITS: " + proxy);
        trusted.push_back(*network);
    }
    return trusted;
}

// The modules that answer the JSON API.
struct ApiModules {
    GameHub& hub;
    TournamentService& tournaments;
    AnalysisService& analysis;
    PuzzleService& puzzles;
    ExplorerService& explorer;
    Accounts& accounts;
    Lobby& lobby;
    Moderation& moderation;
};

// The JSON API: each module adds its own calls (common/api_routes.h).
void add_api_routes(http_api::ApiRoutes& routes, const ApiModules& m) {
    add_hub_routes(routes, m.hub);
    add_config_route(routes);
    add_tournament_routes(routes, &m.tournaments);
    add_analysis_routes(routes, &m.analysis);
    add_puzzle_routes(routes, &m.puzzles);
    add_explorer_routes(routes, &m.explorer);
    add_account_routes(routes, m.accounts);
    add_lobby_routes(routes, &m.lobby);
    add_moderation_routes(routes, &m.moderation);
}

// What a revoked token and a deleted account end, here and, through the lobby bus, on the
// other nodes.
void follow_account_events(Accounts& accounts, GameHub& hub, Lobby& lobby,
                           TournamentService& tournaments) {
    // A bot's sockets close when one of its tokens is revoked (its other tokens' bridges
    // reconnect).
    // On the other nodes too, told through the lobby bus (docs/MULTINODE.md "Accounts across
    // nodes").
    accounts.on_revoked(
        [&lobby = lobby, &hub = hub](int64_t player, const std::string& token_hash) {
            hub.disconnect_player(player);
            lobby.disconnect_player(player);
            lobby.publish_account_event({{"k", "revoked"}, {"p", player}, {"t", token_hash}});
        });
    // A deleted account's sockets close, its tables' and the lobby's; its tables, chat and
    // tournaments name it deleted-<id> (issue 48).
    // The other nodes, told through the lobby bus, do the same with what they hold in memory:
    // their tables and, on the leader, the tournaments.
    accounts.on_deleted([&lobby = lobby, &hub = hub, &tournaments = tournaments](
                            int64_t player, const std::string& old_name) {
        hub.disconnect_player(player);
        lobby.disconnect_player(player);
        lobby.end_challenges_of(player);
        hub.anonymize_player(player, old_name);
        tournaments.anonymize_player(player);
        lobby.publish_account_event({{"k", "deleted"}, {"p", player}, {"old", old_name}});
    });
    lobby.on_account_event([&lobby = lobby, &hub = hub, &tournaments = tournaments,
                            &accounts = accounts](const json& event) {
        const int64_t player = event.at("p").get<int64_t>();
        if (event.at("k") == "revoked") {
            accounts.revoked_elsewhere(event.at("t").get<std::string>());
        } else {
            accounts.deleted_elsewhere(player);
            lobby.end_challenges_of(player);
            hub.anonymize_player(player, event.value("old", ""), false);
            tournaments.anonymize_player(player);
        }
        hub.disconnect_player(player);
        lobby.disconnect_player(player);
    });
}

// The gauges of what lives in memory, read by the metrics page.
void add_live_gauges(Metrics& metrics, GameHub& hub, Listener& listener, EnginePool& engines,
                     Lobby& lobby) {
    metrics.gauge("reversi_live_tables", "Tables in memory.",
                  [&hub] { return static_cast<double>(hub.live_tables()); });
    metrics.gauge("reversi_open_connections", "Connections open (HTTP and WebSocket).",
                  [&listener] { return static_cast<double>(listener.open_connections()); });
    metrics.gauge("reversi_engine_queue", "Searches waiting for an engine thread.",
                  [&engines] { return static_cast<double>(engines.queued()); });
    metrics.gauge("reversi_quick_seekers", "Players waiting for a quick pairing here.",
                  [&lobby] { return static_cast<double>(lobby.quick_count()); });
}

// The last barrier: a handler that throws (none should: each entry point has its own) is
// logged and the loop goes on, rather than the process ending for every game.
void run_loop(net::io_context& ioc) {
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
}

}  // namespace

std::string set_player_role(const std::string& db, const std::string& name,
                            const std::string& role) {
    const auto parsed = parse_role(role);
    if (!parsed) throw std::runtime_error("a role is moderator, admin or none, not " + role);
    const std::unique_ptr<Storage> store = open_storage(db);
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    grant_role(*store, name, *parsed, now);
    return *parsed == Role::None ? name + " has no role now" : name + " is now " + role;
}

int run_server(const ServerOptions& options, std::ostream& log) {
    raise_file_limit(options.limits.max_connections, log);
    net::io_context ioc{1};
    // A SQLite file stays locked against `reversi restore` while it is served.
    std::optional<ServingLock> serving;
    if (!is_postgres(options.db)) serving.emplace(options.db);
    const std::unique_ptr<Storage> store = open_storage(options.db);
    // The chaos test's storage faults (off unless asked for) wrap the real store.
    FaultInjectingStorage faulty(*store, options.storage_fault_rate,
                                 static_cast<uint64_t>(getpid()));
    Storage& storage = options.storage_fault_rate > 0 ? static_cast<Storage&>(faulty) : *store;
    if (options.storage_fault_rate > 0)
        log << "testing: storage commits fail with probability " << options.storage_fault_rate
            << std::endl;
    // Counted by every part below; read by the metrics page (docs/OPERATIONS.md).
    Metrics metrics;
    // Held until the restores below have read the store directly (storage.h, QueueStart).
    StorageQueue queue(
        storage, [&ioc](std::function<void()> f) { net::post(ioc, std::move(f)); },
        QueueStart::Held);
    queue.set_metrics(&metrics);
    static_assert(ServerOptions{}.answer_slice == StorageQueue::DefaultAnswerSlice);
    queue.set_answer_slice(static_cast<size_t>(options.answer_slice));
    storage.set_metrics(&metrics);
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
    engines.set_metrics(&metrics);
    engines.set_move_threads(options.move_threads);
    // The reviews of finished games run on threads of their own: at 5,000 games they took a core
    // from the network thread and the moves' p99 rose from 31-40 ms to 150-190 ms once games
    // began to end (docs/MULTINODE.md). Those nobody waits on run in SCHED_IDLE, which gets a
    // core only when nothing else wants it; a review someone asked for, or a ply the idle
    // thread has starved on, runs at nice 19, which still progresses beside other low-priority
    // work.
    EnginePool idle_review_engines(1, options.limits.engine_queue,
                                   options.limits.computer_move_seconds,
                                   options.limits.engine_seconds_per_minute);
    idle_review_engines.set_worker_class(EnginePool::WorkerClass::Idle);
    EnginePool review_engines(1, options.limits.engine_queue, options.limits.computer_move_seconds,
                              options.limits.engine_seconds_per_minute);
    review_engines.set_worker_class(EnginePool::WorkerClass::Lowest);
    // Before the hub: sockets that outlive the hub (at shutdown) must find the accounts too.
    // Several nodes' accounts meet in the store (docs/MULTINODE.md "Accounts across nodes").
    AccountsOptions account_options;
    account_options.shared_store = leases != nullptr;
    account_options.logins.attempts_per_minute = options.login_attempts_per_minute;
    Accounts accounts(ioc, queue, account_options);
    // Who used which device, for the rated-meeting rule of the hub and the lobby.
    DeviceSightings devices;
    // Roles, sanctions, reports and the audit log (docs/SITE.md "Moderation"): its bans bar
    // logins, its unlisted players leave the leaderboards.
    Moderation moderation(ioc, queue, accounts);
    accounts.set_gate(&moderation);
    HubOptions hub_options;
    hub_options.hint_seconds = options.hint_seconds;
    hub_options.limits = options.limits;
    hub_options.devices = &devices;
    GameHub hub(ioc, queue, engines, hub_options);
    hub.set_metrics(&metrics);
    // Post-game analysis leaves one engine thread free for moves when there are several.
    AnalysisOptions analysis_options;
    analysis_options.parallel_plies = std::max(1, options.engine_threads - 1);
    analysis_options.max_move_rate = options.review_max_move_rate;
    AnalysisService analysis(ioc, queue, engines, analysis_options);
    analysis.set_game_engines(idle_review_engines, review_engines);
    analysis.set_metrics(&metrics);
    hub.on_game_over([&analysis](const Table& table) { analysis.game_finished(table); });
    std::optional<EventLog> event_log;
    if (options.json_log) {
        event_log.emplace(log);
        hub.on_game_over([&event_log](const Table& table) {
            event_log->write(
                "game_over",
                {{"table", table.id()}, {"plies", table.ply()}, {"result", table.result_json()}});
        });
    }
    // The explorer's evaluations search on the analyses' class, behind every move and hint.
    ExplorerEvaluations explorer_evaluations(ioc, engines);
    ExplorerService explorer(accounts, &queue, &explorer_evaluations);
    hub.on_game_over([&explorer](const Table& table) { explorer.game_finished(table); });
    hub.set_accounts(&accounts);
    hub.set_moderation(&moderation);
    // Puzzles: the files are read and checked before the server listens.
    PuzzleSet puzzle_set =
        options.puzzles_dir.empty() ? PuzzleSet() : PuzzleSet::load_directory(options.puzzles_dir);
    // What the background job mined before this start is served beside the shipped puzzles.
    if (!options.mine_dir.empty()) puzzle_set.add_directory(options.mine_dir);
    PuzzleService puzzles(queue, accounts, std::move(puzzle_set));
    if (puzzles.puzzles().size())
        log << "puzzles: " << puzzles.puzzles().size() << " from " << options.puzzles_dir
            << std::endl;
    // The mining job looks at every finished game of a puzzle pool, on idle CPU time only.
    std::unique_ptr<PuzzleMiner> miner;
    if (!options.mine_dir.empty()) {
        MiningOptions mining;
        mining.dir = options.mine_dir;
        mining.games_per_hour = options.mine_games_per_hour;
        miner = std::make_unique<PuzzleMiner>(mining);
        hub.on_game_over([&miner](const Table& table) {
            ExplorerGame game;
            if (explorer_game_of(table, game)) miner->add(game.pool, table.id(), game.moves);
        });
    }
    // On PostgreSQL the lobbies of the nodes talk through LISTEN/NOTIFY (lobby_bus.h).
    const std::unique_ptr<LobbyBus> lobby_bus = open_lobby_bus(options.db, ioc);
    // Before the restore, so that the lobby hears of every unfinished table (running games).
    LobbyLimits lobby_limits;
    lobby_limits.rated_meeting = RatedMeetingRule(options.limits.rated_same_address, &devices);
    lobby_limits.computer_turn_ms = int64_t{options.limits.idle_table_seconds} * 1000;
    const LobbyBusLink bus_link = lobby_bus ? lobby_bus->link() : LobbyBusLink{};
    // The hub makes the lobby's tables and tells it of their changes; the lobby, below the
    // hub, knows it only through these two calls.
    const LobbyTables lobby_tables{[&hub](PairingOrder order, PairingDone done) {
                                       hub.create_paired(std::move(order), std::move(done));
                                   },
                                   [&hub](std::function<void(const Table&)> listener) {
                                       hub.on_table_change(std::move(listener));
                                   }};
    LobbyHost lobby(ioc, lobby_tables, accounts, lobby_limits, bus_link, &queue);
    // Restoring reads the store directly: the queue is held and the loop is not running.
    accounts.restore(*store);
    moderation.restore(*store);
    // Roles given by `reversi admin role`, and other nodes' sanctions, are read again.
    moderation.refresh_every(std::chrono::seconds(5));
    puzzles.restore(*store);
    // Open correspondence challenges wait days: a restart keeps them (with several nodes, those
    // of nodes that stopped).
    lobby.lobby().restore_challenges(store->claim_challenges(bus_link.node));
    explorer.restore(*store, 0);
    // Other nodes' imported games join this node's explorer (docs/EXPLORER.md "Several nodes").
    if (lobby_bus) explorer.follow_imports_every(ioc, std::chrono::seconds(2));
    // Guests who left nothing behind are forgotten (docs/SITE.md "Identity").
    accounts.sweep_guests(std::chrono::hours(1));
    // With several nodes, unfinished tables are taken over from the nodes that ran them,
    // once their leases expire, by the ownership's sweeper.
    if (!ownership) hub.restore(*store);
    // What every HTTP and WebSocket session reaches (site.h).
    Site site{accounts};
    // A table's socket: the hub's endpoint, its player counted online by the lobby.
    site.table_endpoint = [&hub, &lobby](const std::string& table, const std::string& token) {
        return counted_online(lobby.lobby(), std::make_unique<TableEndpoint>(hub, table, token));
    };
    site.lobby_endpoint = [&lobby] { return std::make_unique<LobbyEndpoint>(lobby.lobby()); };
    site.bot_event_line = bot_event_line;
    site.devices = &devices;
    site.metrics = &metrics;
    StreamQuota streams(options.limits.bot_streams_per_player);
    site.streams = &streams;
    if (event_log) site.log = &*event_log;
    lobby.lobby().set_metrics(&metrics);
    // A banned player's lobby sockets close too (their table sockets: the hub's).
    moderation.on_banned([&lobby](int64_t player) { lobby.lobby().disconnect_player(player); });
    if (lobby_bus) lobby_bus->start(lobby.lobby());
    // Tournaments pair through the lobby and hear of every game's end. With several nodes one
    // of them, the leader, runs them all (docs/MULTINODE.md "Tournaments across nodes").
    auto tournaments = std::make_unique<TournamentService>(ioc, queue, lobby.lobby(), accounts,
                                                           options.tournament_limits);
    tournaments->set_schedule(schedule_entries(options));
    hub.on_game_over([&tournaments](const Table& table) { tournaments->game_finished(table); });
    if (!ownership) tournaments->restore(*store);
    // The JSON API: each module adds its own calls (common/api_routes.h).
    http_api::ApiRoutes routes;
    add_api_routes(routes, {hub, *tournaments, analysis, puzzles, explorer, accounts, lobby.lobby(),
                            moderation});
    site.routes = &routes;
    follow_account_events(accounts, hub, lobby.lobby(), *tournaments);
    accounts.announce_earlier_deletions();
    // The last direct read is done: what the restores queued (the guest sweep, cut tables'
    // truncations) runs from here on, alone on the connection.
    queue.release();

    std::unique_ptr<TournamentLeadership> leadership;
    const auto address = net::ip::make_address(options.host);
    auto listener = std::make_shared<Listener>(
        ioc, tcp::endpoint{address, static_cast<unsigned short>(options.port)}, site,
        SessionSettings{options.web_dir, options.limits, ClientAddresses(trusted_networks(options)),
                        OriginPolicy(options.allowed_origins), options.engine_dir});
    if (ownership) {
        ownership->set_public_url(!options.public_url.empty()
                                      ? options.public_url
                                      : "http://" + options.host + ':' +
                                            std::to_string(listener->port()));
        hub.set_ownership(*ownership);
        // After the node is named in the store: the lease is taken in its name.
        if (auto* tournament_leases = dynamic_cast<TournamentLeases*>(store.get())) {
            leadership = std::make_unique<TournamentLeadership>(ioc, queue, *tournament_leases,
                                                                ownership->options().ttl_ms);
            tournaments->follow(*leadership);
        }
        log << "node " << ownership->options().node << " at " << ownership->options().public_url
            << ", table leases of " << options.lease_ttl_seconds << " s" << std::endl;
    }
    // Before the site: "listening on" is the last line of start-up.
    std::shared_ptr<MetricsListener> metrics_listener;
    // Only when the metrics are served: idle, it wakes the thread 100 times a second.
    std::optional<LoopLagProbe> loop_lag;
    if (options.metrics_port >= 0) {
        add_live_gauges(metrics, hub, *listener, engines, lobby.lobby());
        metrics_listener = std::make_shared<MetricsListener>(
            ioc,
            tcp::endpoint{net::ip::make_address(options.metrics_host),
                          static_cast<unsigned short>(options.metrics_port)},
            metrics, options.metrics_token);
        metrics_listener->run();
        loop_lag.emplace(ioc, metrics);
        loop_lag->start();
        log << "metrics on http://" << options.metrics_host << ':' << metrics_listener->port()
            << "/metrics" << std::endl;
    }
    listener->run();
    log << (options.engine_dir.empty()
                ? "browser engine: none (built without emscripten): the server's engine answers "
                  "everything\n"
                : "browser engine: " + options.engine_dir + '\n');
    log << "listening on http://" << options.host << ':' << listener->port() << std::endl;
    if (event_log)
        event_log->write("start",
                         {{"listen", options.host + ':' + std::to_string(listener->port())},
                          {"store", is_postgres(options.db) ? "postgresql" : "sqlite"},
                          {"engine_threads", options.engine_threads}});

    net::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](error_code, int) {
        listener->stop();
        if (metrics_listener) metrics_listener->stop();
        if (loop_lag) loop_lag->stop();
        ioc.stop();
    });
    run_loop(ioc);
    if (event_log) event_log->write("stop", {{"tables", hub.live_tables()}});
    engines.stop();
    // A clean stop hands this node's tables over at once (after its queued writes).
    // (the tournament lease first: the node's address goes with its table leases)
    if (leadership) leadership->hand_over();
    if (ownership) ownership->hand_over();
    queue.stop();
    return 0;
}

}  // namespace reversi::server
