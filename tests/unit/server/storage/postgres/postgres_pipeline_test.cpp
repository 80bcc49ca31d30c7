// SPDX-License-Identifier: MIT
// The PostgreSQL store's pipelined transactions (docs/STORAGE.md "Pipelined writes"): a batch
// goes out without waiting for each statement's answer, and still no write is acknowledged
// before its COMMIT is answered, a batch cut off midway leaves nothing of itself, and a write
// whose lease was lost makes the whole batch roll back. The store reaches the test server
// through a proxy of the test's own, which can hold the server's answers back and cut the
// connection after a given number of the store's bytes. Runs only on a build with PostgreSQL
// and a test server on a Unix socket (scripts/pg-temp.sh).
#ifdef REVERSI_WITH_POSTGRES
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <regex>
#include <thread>

#include "server/storage/postgres/storage.h"
#include "storage/postgres/two_nodes.h"
#include "storage_backends.h"

namespace reversi::server {
namespace {

using namespace std::chrono_literals;
using testing_backends::PostgresDb;

// Forwards TCP connections on 127.0.0.1 to the server's Unix socket, one thread for all.
// While held, the server's bytes wait in the proxy; once cut, every connection is closed
// and new ones are closed as they come.
class CuttingProxy {
  public:
    explicit CuttingProxy(std::string socket_path) : socket_path_(std::move(socket_path)) {
        listener_ = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (listener_ < 0 || bind(listener_, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
            listen(listener_, 8) != 0 ||
            getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
            throw std::runtime_error("the proxy cannot listen");
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { serve(); });
    }
    ~CuttingProxy() {
        stopping_ = true;
        thread_.join();
        for (const Pair& p : pairs_) close_pair(p);
        close(listener_);
    }
    int port() const { return port_; }
    void hold_answers(bool hold) { holding_ = hold; }
    // Forwards `bytes` more of the store's bytes, then cuts.
    void cut_after(int64_t bytes) { cut_budget_ = bytes; }
    bool cut() const { return cut_; }
    // The store's bytes read after the cut was armed and never forwarded.
    int64_t dropped() const { return dropped_; }

  private:
    struct Pair {
        int client = -1, server = -1;
        std::string held;  // the server's bytes kept back
    };
    static void close_pair(const Pair& p) {
        close(p.client);
        close(p.server);
    }
    static void write_all(int fd, const char* data, size_t size) {
        while (size > 0) {
            const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
            if (n <= 0) return;
            data += n;
            size -= static_cast<size_t>(n);
        }
    }
    int connect_server() const {
        const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        socket_path_.copy(address.sun_path, sizeof address.sun_path - 1);
        if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            close(fd);
            return -1;
        }
        return fd;
    }
    // Reads the store's bytes of `p` and forwards what the cut allows; false: the pair ends.
    bool from_client(Pair& p, char* buffer, size_t size) {
        const ssize_t n = read(p.client, buffer, size);
        if (n <= 0) return false;
        int64_t forward = n;
        const int64_t budget = cut_budget_;
        if (budget >= 0) {
            forward = std::min<int64_t>(n, budget);
            cut_budget_ = budget - forward;
            dropped_ += n - forward;
        }
        write_all(p.server, buffer, static_cast<size_t>(forward));
        if (budget >= 0 && cut_budget_ == 0) cut_ = true;
        return !cut_;
    }
    void serve() {
        std::vector<char> buffer(1 << 16);
        while (!stopping_) {
            std::vector<pollfd> fds = {{listener_, POLLIN, 0}};
            for (const Pair& p : pairs_) {
                fds.push_back({p.client, POLLIN, 0});
                fds.push_back({p.server, POLLIN, 0});
            }
            if (poll(fds.data(), fds.size(), 10) < 0) continue;
            if (fds[0].revents & POLLIN) {
                const int client = accept(listener_, nullptr, nullptr);
                const int server = cut_ || client < 0 ? -1 : connect_server();
                if (server < 0) {
                    if (client >= 0) close(client);
                } else {
                    pairs_.push_back({client, server, {}});
                }
            }
            std::vector<Pair> kept;
            for (size_t i = 0; i < pairs_.size(); ++i) {
                Pair& p = pairs_[i];
                bool alive = !cut_;
                if (alive && 2 + 2 * i < fds.size()) {
                    const short client_events = fds[1 + 2 * i].revents;
                    const short server_events = fds[2 + 2 * i].revents;
                    if (client_events & (POLLIN | POLLHUP | POLLERR))
                        alive = from_client(p, buffer.data(), buffer.size());
                    if (alive && (server_events & (POLLIN | POLLHUP | POLLERR))) {
                        const ssize_t n = read(p.server, buffer.data(), buffer.size());
                        if (n <= 0)
                            alive = false;
                        else
                            p.held.append(buffer.data(), static_cast<size_t>(n));
                    }
                }
                if (alive && !holding_ && !p.held.empty()) {
                    write_all(p.client, p.held.data(), p.held.size());
                    p.held.clear();
                }
                if (alive)
                    kept.push_back(std::move(p));
                else
                    close_pair(p);
            }
            pairs_ = std::move(kept);
        }
    }

    const std::string socket_path_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> holding_{false};
    std::atomic<int64_t> cut_budget_{-1};
    std::atomic<bool> cut_{false};
    std::atomic<int64_t> dropped_{0};
    std::vector<Pair> pairs_;  // the proxy thread's only
    std::thread thread_;
};

// The value of `name=` in the query of `uri`, or empty.
std::string uri_parameter(const std::string& uri, const std::string& name) {
    const std::regex pattern("[?&]" + name + "=([^&]*)");
    std::smatch match;
    return std::regex_search(uri, match, pattern) ? match[1].str() : std::string();
}

// What the storage thread reported, in order, for the writes of one test.
struct Acknowledgements {
    std::mutex mutex;
    std::vector<bool> stored;
    std::function<void(bool)> record() {
        return [this](bool ok) {
            std::lock_guard lock(mutex);
            stored.push_back(ok);
        };
    }
    size_t count() {
        std::lock_guard lock(mutex);
        return stored.size();
    }
    size_t count_stored() {
        std::lock_guard lock(mutex);
        return static_cast<size_t>(std::count(stored.begin(), stored.end(), true));
    }
};

// (table rows, move rows) of one table.
std::pair<int64_t, int64_t> rows(int64_t tables, int64_t moves) {
    return {tables, moves};
}

template <class Predicate>
bool wait_for(Predicate done, std::chrono::milliseconds limit = 10s) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

class PostgresPipelineTest : public testing::Test {
  protected:
    void SetUp() override {
        const std::string server = testing_backends::test_server_uri();
        if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
        const std::string host = uri_parameter(server, "host");
        const std::string port = uri_parameter(server, "port");
        if (host.empty() || host[0] != '/' || port.empty())
            GTEST_SKIP() << "the test server is not on a Unix socket (scripts/pg-temp.sh)";
        db_ = std::make_unique<PostgresDb>(server);
        proxy_ = std::make_unique<CuttingProxy>(host + "/.s.PGSQL." + port);
        // The same database, schema and user, through the proxy.
        proxied_uri_ =
            std::regex_replace(db_->uri(), std::regex("([?&])host=[^&]*"), "$1host=127.0.0.1");
        proxied_uri_ = std::regex_replace(proxied_uri_, std::regex("([?&])port=[^&]*"),
                                          "$1port=" + std::to_string(proxy_->port()));
    }
    // What is stored of table `id`, read past the proxy: (table rows, move rows).
    std::pair<int64_t, int64_t> stored(const std::string& id) {
        pg::Connection direct(db_->uri());
        return {direct.exec("SELECT COUNT(*) FROM tables WHERE id = $1", {id}).integer(0, 0),
                direct.exec("SELECT COUNT(*) FROM moves WHERE table_id = $1", {id}).integer(0, 0)};
    }
    // A held queue given a table and `moves` moves, so that all go out as one batch.
    void queue_one_batch(StorageQueue& queue, Acknowledgements& acks, const std::string& id,
                         int moves) {
        StoredTable t;
        t.id = id;
        t.created = 1;
        t.status = "playing";
        t.spec = "{}";
        queue.write([t](Storage& s) { s.save_table(t); }, acks.record());
        for (int ply = 0; ply < moves; ++ply)
            queue.write(
                [id, ply](Storage& s) {
                    s.add_move(id, {ply, "d3", {60'000}});
                },
                acks.record());
    }
    std::unique_ptr<PostgresDb> db_;
    std::unique_ptr<CuttingProxy> proxy_;
    std::string proxied_uri_;
};

constexpr int Moves = 200;

TEST_F(PostgresPipelineTest, NoWriteIsAcknowledgedBeforeItsCommitIsAnswered) {
    PostgresStorage store(proxied_uri_);
    Acknowledgements acks;
    StorageQueue queue(
        store, [](std::function<void()> f) { f(); }, QueueStart::Held);
    queue_one_batch(queue, acks, "held", Moves);
    proxy_->hold_answers(true);
    queue.release();
    // The server commits the whole batch; its answers wait in the proxy.
    ASSERT_TRUE(wait_for([&] { return stored("held") == rows(1, Moves); }))
        << "the batch was not committed";
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(acks.count(), 0u) << "writes acknowledged before their COMMIT was answered";
    proxy_->hold_answers(false);
    ASSERT_TRUE(wait_for([&] { return acks.count() == Moves + 1; }));
    EXPECT_EQ(acks.count_stored(), Moves + 1u);
    EXPECT_EQ(queue.transactions(), 1u) << "the writes were meant to go out as one batch";
}

TEST_F(PostgresPipelineTest, ABatchCutMidwayLeavesNothingAndIsNotAcknowledged) {
    PostgresStorage store(proxied_uri_);
    Acknowledgements acks;
    StorageQueue queue(
        store, [](std::function<void()> f) { f(); }, QueueStart::Held);
    queue_one_batch(queue, acks, "cut", Moves);
    // About a quarter of the batch's bytes reach the server (BEGIN and some fifty moves, run
    // there in the open transaction), then the connection dies and no new one is let through,
    // so the queue's one-by-one retries fail too.
    proxy_->cut_after(4000);
    queue.release();
    ASSERT_TRUE(wait_for([&] { return acks.count() == Moves + 1; }));
    EXPECT_TRUE(proxy_->cut());
    EXPECT_GT(proxy_->dropped(), 0) << "the cut came after the whole batch";
    EXPECT_EQ(acks.count_stored(), 0u) << "a write acknowledged though its batch was cut";
    EXPECT_EQ(stored("cut"), rows(0, 0)) << "part of a cut batch was stored";
}

TEST_F(PostgresPipelineTest, AReadInsideABatchSeesItsEarlierWritesAndTheBatchStaysWhole) {
    PostgresStorage store(proxied_uri_);
    store.begin();
    StoredTable t;
    t.id = "r";
    t.created = 1;
    t.status = "playing";
    t.spec = "{}";
    store.save_table(t);
    store.add_move("r", {0, "d3", {1}});
    // An answer needed now (a read, a lease's fence): every statement before it is answered
    // first, in the same open transaction.
    EXPECT_EQ(
        store.connection().exec("SELECT COUNT(*) FROM moves WHERE table_id = 'r'").integer(0, 0),
        1);
    EXPECT_EQ(stored("r"), rows(0, 0)) << "visible before the commit";
    store.add_move("r", {1, "c3", {1}});
    store.commit();
    EXPECT_EQ(stored("r"), rows(1, 2));
}

class PostgresPipelineLeaseTest : public testing_backends::TwoPostgresNodes {};

TEST_F(PostgresPipelineLeaseTest, ALostLeaseRollsTheWholeBatchBack) {
    constexpr int64_t Ttl = 60'000;
    ASSERT_TRUE(a_->acquire_lease("kept", Ttl));
    ASSERT_TRUE(a_->acquire_lease("lost", Ttl));
    StoredTable t;
    t.created = 1;
    t.status = "playing";
    t.spec = "{}";
    a_->begin();
    t.id = "kept";
    a_->save_table(t);
    t.id = "lost";
    a_->save_table(t);
    a_->commit();
    db_->exec_raw(
        "UPDATE table_leases SET expires = now() - interval '1 second' "
        "WHERE table_id = 'lost'");
    ASSERT_TRUE(b_->acquire_lease("lost", Ttl));
    // Node a's batch: a move on each table, the lost one in the middle.
    a_->begin();
    a_->add_move("kept", {0, "d3", {1}});
    a_->add_move("lost", {0, "d3", {1}});
    a_->add_move("kept", {1, "c3", {1}});
    EXPECT_THROW(a_->commit(), std::runtime_error);
    a_->rollback();
    pg::Connection direct(db_->uri());
    EXPECT_EQ(direct.exec("SELECT COUNT(*) FROM moves").integer(0, 0), 0)
        << "a batch with a lost lease was stored in part";
    // The connection serves the next batch.
    a_->begin();
    a_->add_move("kept", {0, "d3", {1}});
    a_->commit();
    EXPECT_EQ(direct.exec("SELECT COUNT(*) FROM moves WHERE table_id = 'kept'").integer(0, 0), 1);
}

TEST_F(PostgresPipelineLeaseTest, ANewTablesLeaseGoesInItsFirstBatchAndFencesItsWrites) {
    constexpr int64_t Ttl = 60'000;
    StoredTable t;
    t.id = "new";
    t.created = 1;
    t.status = "playing";
    t.spec = "{}";
    // The lease, the table and its first move in one pipeline, nothing waited for before
    // COMMIT: the writes are fenced by the lease taken in the same transaction.
    a_->begin();
    a_->acquire_lease_for_write("new", Ttl);
    a_->save_table(t);
    a_->add_move("new", {0, "d3", {1}});
    a_->commit();
    pg::Connection direct(db_->uri());
    EXPECT_EQ(direct.exec("SELECT fence FROM moves WHERE table_id = 'new'").integer(0, 0), 1);
    // The fence was kept once its answer came: the next batch writes under it.
    a_->begin();
    a_->add_move("new", {1, "c3", {1}});
    a_->commit();
    EXPECT_EQ(direct.exec("SELECT COUNT(*) FROM moves WHERE table_id = 'new'").integer(0, 0), 2);
    // Held by another node: the whole batch fails, and that node's table is untouched.
    ASSERT_TRUE(b_->acquire_lease("theirs", Ttl));
    a_->begin();
    a_->add_move("new", {2, "c4", {1}});
    a_->acquire_lease_for_write("theirs", Ttl);
    t.id = "theirs";
    a_->save_table(t);
    EXPECT_THROW(a_->commit(), std::runtime_error);
    a_->rollback();
    EXPECT_EQ(direct.exec("SELECT COUNT(*) FROM moves WHERE table_id = 'new'").integer(0, 0), 2)
        << "a batch whose lease was refused was stored in part";
    EXPECT_EQ(direct.exec("SELECT COUNT(*) FROM tables WHERE id = 'theirs'").integer(0, 0), 0);
    EXPECT_EQ(direct.exec("SELECT owner FROM table_leases WHERE table_id = 'theirs'").text(0, 0),
              "node-b");
    EXPECT_THROW(a_->add_move("theirs", {0, "d3", {1}}), std::runtime_error);
}

}  // namespace
}  // namespace reversi::server
#endif
