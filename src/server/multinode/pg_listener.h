// SPDX-License-Identifier: MIT
// The lobby bus of several nodes on one PostgreSQL database (docs/MULTINODE.md "Lobby,
// seeks, chat, online counts"): one thread of its own with two connections, one that LISTENs
// and one that publishes, so the network thread never waits on the database. An event that
// is state (a seek, a player in the lobby, a node's online count) is written to its row and
// NOTIFYed in the same transaction: PostgreSQL delivers a NOTIFY only after its commit, so no
// node shows what is not stored, and a node that starts (or reconnects) reads the rows of
// the live nodes first. Events are JSON objects {"k": kind, "n": node, ...} of at most
// MaxPayloadBytes.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/multinode/pg_quick_match.h"

struct pg_conn;

namespace reversi::server::pg {

class Connection;

// The channel's name as SQL: one per schema, so that sites (and tests) in other schemas of
// the same database do not hear each other.
constexpr const char* LobbyChannelSql =
    "CASE WHEN current_schema() = 'public' THEN 'reversi_lobby' "
    "ELSE 'reversi_lobby_' || current_schema() END";

// PostgreSQL refuses NOTIFY payloads of 8000 bytes and more.
constexpr size_t MaxPayloadBytes = 7999;

class PgListener {
  public:
    // Runs a function on the network thread (net::post).
    using Post = std::function<void(std::function<void()>)>;
    using Handler = std::function<void(const nlohmann::json& event)>;

    // Connects to `uri`, creates the lobby's tables when missing and marks this node alive;
    // throws std::runtime_error when the database cannot be reached.
    PgListener(const std::string& uri, std::string node, Post post);
    ~PgListener();
    PgListener(const PgListener&) = delete;
    PgListener& operator=(const PgListener&) = delete;

    // Starts the thread: `on_event` (run through `post`) gets the stored state of the other
    // live nodes, then every event they publish; again the state after a lost connection.
    void start(Handler on_event);
    // Quick pairing across nodes (pg_quick_match.h): the thread pairs this node's seekers
    // ("quick+" events) with every node's by `match`, and hands each group it took to
    // `on_group` (through `post`). Before start(); without it, nothing is paired here.
    void share_quick(QuickMatcher match, Handler on_group);
    // Queues `event` for the other nodes; `failed` (through `post`) when it was not stored
    // and sent: too large, the queue full, or the database refused it. Any thread.
    void publish(nlohmann::json event, std::function<void()> failed);
    const std::string& node() const { return node_; }

    // A fresh node name: 8 random hex digits (a restarted process is a new node).
    static std::string random_node_name();

  private:
    struct Outgoing {
        nlohmann::json event;
        std::string payload;
        std::function<void()> failed;
    };
    void run();
    void listen();
    void read_stored_state();
    void wait_for_work(int timeout_ms);
    void read_notifications();
    void publish_pending();
    void publish_batch(std::vector<Outgoing>& batch);
    void store_and_notify(const Outgoing& out);
    // Stores the shared rows (quick seekers, games, challenges); false for other kinds.
    bool store_shared(const Outgoing& out, const std::string& kind);
    void run_quick_round();
    void say_goodbye();
    void deliver(const std::string& payload);
    void drop_listener();

    std::string uri_;
    std::string node_;
    Post post_;
    Handler on_event_;
    std::string channel_;
    std::unique_ptr<Connection> publisher_;  // used by the thread only (after the constructor)
    pg_conn* listener_ = nullptr;            // used by the thread only
    QuickMatcher quick_match_;
    Handler on_quick_group_;
    // The thread's: a round is due (a seeker joined); this node has seekers waiting.
    bool quick_due_ = false;
    bool quick_seekers_ = false;
    std::chrono::steady_clock::time_point last_quick_round_{};

    std::mutex mutex_;
    std::deque<Outgoing> queue_;  // guarded by mutex_
    std::atomic<bool> stopping_{false};
    int wake_fd_ = -1;  // an eventfd: publish() and the destructor wake the thread
    std::thread thread_;
};

}  // namespace reversi::server::pg
