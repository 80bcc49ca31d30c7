// SPDX-License-Identifier: MIT
// The lobby bus's thread (pg_listener.h). It waits in poll() on the listening connection's
// socket and on an eventfd that publish() signals, so a new event goes out at once and a
// notification is read as soon as it arrives. Publishing groups the queued events into one
// transaction (one commit for many events, as the storage queue does); when it fails, each
// event is tried alone, so one bad event costs only itself.
#include "server/multinode/pg_listener.h"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <random>
#include <stdexcept>

#include "server/multinode/pg_quick_match.h"
#include "server/storage/postgres/connection.h"
#include "server/storage/postgres/schema.h"

namespace reversi::server::pg {

namespace {

// Events waiting to be published; beyond, publish() refuses (the database is far behind).
constexpr size_t MaxQueued = 100'000;
// Events in one publishing transaction.
constexpr size_t MaxBatch = 200;
// Rows of the stored state read at (re)connection, per table.
constexpr const char* MaxStateRows = "100000";

// The tables whose rows belong to one node (column `node`): gone with it.
constexpr const char* NodeRowTables[] = {"lobby_seeks", "lobby_players", "lobby_quick",
                                         "lobby_games", "lobby_challenges"};
// A quick-pairing round runs at least this often while this node has seekers (their rating
// windows grow with time), and at once after one of them joined the queue.
constexpr auto QuickRoundEvery = std::chrono::seconds(1);

// A node's row lives this long after its last online count (published every few seconds).
constexpr const char* NodeTtl = "interval '20 seconds'";

std::string dump(const nlohmann::json& event) {
    return event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string PgListener::random_node_name() {
    std::random_device entropy;
    char name[9];
    std::snprintf(name, sizeof name, "%08x", static_cast<unsigned>(entropy()));
    return name;
}

PgListener::PgListener(const std::string& uri, std::string node, Post post)
    : uri_(uri), node_(std::move(node)), post_(std::move(post)) {
    publisher_ = std::make_unique<Connection>(uri_);
    // The lobby_* tables are schema versions 5 and 7 (storage/postgres/schema.cpp): migrated here
    // too, in case the bus starts before the store (idempotent, under the migrations' lock).
    migrate(*publisher_);
    channel_ = publisher_->exec(std::string("SELECT ") + LobbyChannelSql).text(0, 0);
    // Alive before anything else, so that no other node's clean-up takes this node's rows;
    // then the rows of nodes that died without saying goodbye go.
    publisher_->exec("INSERT INTO lobby_nodes(node, online, expires) VALUES($1, 0, now() + " +
                         std::string(NodeTtl) + ")",
                     {text(node_)});
    for (const char* table : NodeRowTables)
        publisher_->exec(std::string("DELETE FROM ") + table +
                         " WHERE node NOT IN (SELECT node FROM lobby_nodes WHERE expires > now())");
    publisher_->exec("DELETE FROM lobby_nodes WHERE expires < now() - interval '1 hour'");
    wake_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wake_fd_ < 0) throw std::runtime_error("lobby bus: eventfd failed");
}

PgListener::~PgListener() {
    stopping_ = true;
    if (wake_fd_ >= 0) {
        const uint64_t one = 1;
        [[maybe_unused]] const auto n = write(wake_fd_, &one, sizeof one);
    }
    if (thread_.joinable()) thread_.join();
    drop_listener();
    if (wake_fd_ >= 0) close(wake_fd_);
}

void PgListener::start(Handler on_event) {
    on_event_ = std::move(on_event);
    thread_ = std::thread([this] { run(); });
}

void PgListener::publish(nlohmann::json event, std::function<void()> failed) {
    Outgoing out{std::move(event), {}, std::move(failed)};
    out.payload = dump(out.event);
    bool refused = out.payload.size() > MaxPayloadBytes || !out.event.contains("k");
    {
        std::lock_guard lock(mutex_);
        refused = refused || queue_.size() >= MaxQueued || stopping_;
        if (!refused) queue_.push_back(std::move(out));
    }
    if (refused) {
        if (out.failed) post_(std::move(out.failed));
        return;
    }
    const uint64_t one = 1;
    [[maybe_unused]] const auto n = write(wake_fd_, &one, sizeof one);
}

void PgListener::run() {
    while (!stopping_) {
        try {
            if (!listener_) listen();
            publish_pending();
            run_quick_round();
            wait_for_work(1000);
            read_notifications();
        } catch (const std::exception& e) {
            std::cerr << "lobby bus: " << e.what() << "; trying again\n";
            drop_listener();
            wait_for_work(1000);  // a pause before the next try
        }
    }
    publish_pending();
    say_goodbye();
}

void PgListener::listen() {
    listener_ = PQconnectdb(uri_.c_str());
    if (!listener_ || PQstatus(listener_) != CONNECTION_OK)
        throw std::runtime_error("cannot connect the listening connection");
    char* quoted = PQescapeIdentifier(listener_, channel_.c_str(), channel_.size());
    if (!quoted) throw std::runtime_error("cannot quote the channel's name");
    const std::string sql = std::string("LISTEN ") + quoted;
    PQfreemem(quoted);
    PGresult* result = PQexec(listener_, sql.c_str());
    const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
    PQclear(result);
    if (!ok) throw std::runtime_error("LISTEN failed");
    // Listening first, then reading: whatever commits in between comes both ways, and every
    // event is idempotent.
    read_stored_state();
}

void PgListener::read_stored_state() {
    if (publisher_->broken()) publisher_->reconnect();
    const std::vector<Param> me{text(node_)};
    const std::string live =
        " JOIN lobby_nodes n USING (node) WHERE n.expires > now() AND node <> $1 LIMIT ";
    const Result nodes = publisher_->exec(
        "SELECT node, online FROM lobby_nodes WHERE expires > now() AND node <> $1", me);
    for (int r = 0; r < nodes.rows(); ++r)
        deliver(dump({{"k", "online"}, {"n", nodes.text(r, 0)}, {"count", nodes.integer(r, 1)}}));
    for (const char* table : {"lobby_players", "lobby_seeks", "lobby_games", "lobby_challenges"}) {
        const Result rows =
            publisher_->exec(std::string("SELECT event FROM ") + table + live + MaxStateRows, me);
        for (int r = 0; r < rows.rows(); ++r) deliver(rows.text(r, 0));
    }
}

void PgListener::wait_for_work(int timeout_ms) {
    pollfd fds[2] = {{wake_fd_, POLLIN, 0}, {-1, POLLIN, 0}};
    if (listener_) fds[1].fd = PQsocket(listener_);
    {
        std::lock_guard lock(mutex_);
        if (!queue_.empty() || stopping_) return;
    }
    poll(fds, fds[1].fd >= 0 ? 2 : 1, timeout_ms);
    uint64_t count = 0;
    [[maybe_unused]] const auto n = read(wake_fd_, &count, sizeof count);
}

void PgListener::read_notifications() {
    if (!listener_) return;
    if (!PQconsumeInput(listener_) || PQstatus(listener_) != CONNECTION_OK)
        throw std::runtime_error("the listening connection was lost");
    while (PGnotify* note = PQnotifies(listener_)) {
        if (channel_ == note->relname) deliver(note->extra);
        PQfreemem(note);
    }
}

void PgListener::deliver(const std::string& payload) {
    nlohmann::json event = nlohmann::json::parse(payload, nullptr, false);
    if (!event.is_object()) {
        std::cerr << "lobby bus: a notification that is not a JSON object was dropped\n";
        return;
    }
    const auto from = event.find("n");
    if (from != event.end() && from->is_string() && *from == node_) return;  // our own
    post_([handler = on_event_, event = std::move(event)] { handler(event); });
}

void PgListener::publish_pending() {
    for (;;) {
        std::vector<Outgoing> batch;
        {
            std::lock_guard lock(mutex_);
            while (!queue_.empty() && batch.size() < MaxBatch) {
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
        }
        if (batch.empty()) return;
        publish_batch(batch);
    }
}

void PgListener::publish_batch(std::vector<Outgoing>& batch) {
    const auto in_transaction = [this](const std::vector<const Outgoing*>& events) {
        try {
            if (publisher_->broken()) publisher_->reconnect();
            publisher_->exec("BEGIN");
            for (const Outgoing* out : events) store_and_notify(*out);
            publisher_->exec("COMMIT");
            return true;
        } catch (const std::exception& e) {
            std::cerr << "lobby bus: publishing failed: " << e.what() << '\n';
            try {
                if (!publisher_->broken() && publisher_->in_transaction())
                    publisher_->exec("ROLLBACK");
            } catch (const std::exception&) {
            }
            return false;
        }
    };
    std::vector<const Outgoing*> all;
    for (const Outgoing& out : batch) all.push_back(&out);
    if (in_transaction(all)) return;
    for (Outgoing& out : batch)
        if ((batch.size() == 1 || !in_transaction({&out})) && out.failed)
            post_(std::move(out.failed));
}

void PgListener::store_and_notify(const Outgoing& out) {
    const std::string kind = out.event.value("k", "");
    const Param node = text(node_), payload = text(out.payload);
    if (kind == "seek+") {
        publisher_->exec(
            "INSERT INTO lobby_seeks(id, node, event) VALUES($1, $2, $3) "
            "ON CONFLICT (id) DO UPDATE SET event = EXCLUDED.event",
            {text(out.event.value("id", "")), node, payload});
    } else if (kind == "seek-") {
        publisher_->exec("DELETE FROM lobby_seeks WHERE id = $1 AND node = $2",
                         {text(out.event.value("id", "")), node});
    } else if (kind == "here") {
        const Param player = std::to_string(out.event.value("p", int64_t{0}));
        if (out.event.value("on", false))
            publisher_->exec(
                "INSERT INTO lobby_players(node, player, event) VALUES($1, $2::bigint, $3) "
                "ON CONFLICT (node, player) DO UPDATE SET event = EXCLUDED.event",
                {node, player, payload});
        else
            publisher_->exec("DELETE FROM lobby_players WHERE node = $1 AND player = $2::bigint",
                             {node, player});
    } else if (store_shared(out, kind)) {
        if (kind == "quick+" || kind == "quick-") return;  // the queue is not shown: no NOTIFY
    } else if (kind == "online") {
        publisher_->exec(
            "INSERT INTO lobby_nodes(node, online, expires) VALUES($1, $2::bigint, now() + " +
                std::string(NodeTtl) +
                ") ON CONFLICT (node) DO UPDATE SET online = EXCLUDED.online, "
                "expires = EXCLUDED.expires",
            {node, std::to_string(out.event.value("count", int64_t{0}))});
    }
    publisher_->exec("SELECT pg_notify($1, $2)", {text(channel_), payload});
}

bool PgListener::store_shared(const Outgoing& out, const std::string& kind) {
    const Param node = text(node_), payload = text(out.payload);
    if (kind == "quick+") {
        publisher_->exec(
            "INSERT INTO lobby_quick(node, player, since, event) VALUES($1, $2::bigint, "
            "(extract(epoch FROM clock_timestamp()) * 1000)::bigint, $3) "
            "ON CONFLICT (node, player) DO UPDATE SET since = EXCLUDED.since, "
            "seq = EXCLUDED.seq, event = EXCLUDED.event",
            {node, std::to_string(out.event.value("p", int64_t{0})), payload});
        quick_due_ = true;
    } else if (kind == "quick-") {
        publisher_->exec("DELETE FROM lobby_quick WHERE node = $1 AND player = $2::bigint",
                         {node, std::to_string(out.event.value("p", int64_t{0}))});
    } else if (kind == "game") {
        if (out.event.value("running", false))
            publisher_->exec(
                "INSERT INTO lobby_games(table_id, node, event) VALUES($1, $2, $3) "
                "ON CONFLICT (table_id) DO UPDATE SET node = EXCLUDED.node, event = EXCLUDED.event",
                {text(out.event.value("table", "")), node, payload});
        else
            publisher_->exec("DELETE FROM lobby_games WHERE table_id = $1",
                             {text(out.event.value("table", ""))});
    } else if (kind == "chal+") {
        publisher_->exec(
            "INSERT INTO lobby_challenges(id, node, event) VALUES($1, $2, $3) "
            "ON CONFLICT (id) DO UPDATE SET event = EXCLUDED.event",
            {text(out.event.value("id", "")), node, payload});
    } else if (kind == "chal-") {
        publisher_->exec("DELETE FROM lobby_challenges WHERE id = $1 AND node = $2",
                         {text(out.event.value("id", "")), node});
    } else {
        return false;
    }
    return true;
}

void PgListener::share_quick(QuickMatcher match, Handler on_group) {
    quick_match_ = std::move(match);
    on_quick_group_ = std::move(on_group);
}

void PgListener::run_quick_round() {
    if (!quick_match_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!quick_due_ && !(quick_seekers_ && now - last_quick_round_ >= QuickRoundEvery)) return;
    quick_due_ = false;
    last_quick_round_ = now;
    try {
        if (publisher_->broken()) publisher_->reconnect();
        QuickRound round = take_quick_groups(*publisher_, channel_, node_, quick_match_);
        quick_seekers_ = round.seekers_left;
        for (nlohmann::json& group : round.groups)
            post_([handler = on_quick_group_, group = std::move(group)] { handler(group); });
    } catch (const std::exception& e) {
        std::cerr << "lobby bus: quick pairing failed: " << e.what() << "; trying again\n";
        quick_seekers_ = true;  // the next round retries
    }
}

void PgListener::say_goodbye() {
    // The other nodes drop this node's seeks and players now rather than at its expiry.
    try {
        if (publisher_->broken()) publisher_->reconnect();
        const std::vector<Param> me{text(node_)};
        publisher_->exec("BEGIN");
        for (const char* table : NodeRowTables)
            publisher_->exec(std::string("DELETE FROM ") + table + " WHERE node = $1", me);
        publisher_->exec("DELETE FROM lobby_nodes WHERE node = $1", me);
        publisher_->exec("SELECT pg_notify($1, $2)",
                         {text(channel_), text(dump({{"k", "bye"}, {"n", node_}}))});
        publisher_->exec("COMMIT");
    } catch (const std::exception& e) {
        std::cerr << "lobby bus: goodbye failed: " << e.what() << '\n';
    }
}

void PgListener::drop_listener() {
    if (listener_) PQfinish(listener_);
    listener_ = nullptr;
}

}  // namespace reversi::server::pg
