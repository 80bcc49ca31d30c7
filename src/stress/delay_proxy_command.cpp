// SPDX-License-Identifier: MIT
// `reversi-stress delay-proxy`: a TCP proxy on 127.0.0.1 that holds every chunk of bytes for a
// fixed time in each direction before passing it on, so that a node and a PostgreSQL server on
// one machine see the round trip of a primary on another machine (docs/MULTINODE.md "What one
// PostgreSQL primary absorbs"). The far end is a Unix socket (the tests' throwaway server,
// scripts/pg-temp.sh) or a TCP port on 127.0.0.1. Bytes keep their order; a chunk read at t is
// written at t + delay, so a stream is delayed, not slowed. Runs until killed.
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "stress/commands.h"

namespace reversi::stress {

namespace {

using Clock = std::chrono::steady_clock;

struct DelayOptions {
    int port = 0;    // 0: any free port, printed
    std::string to;  // a Unix socket path, or a port on 127.0.0.1
    double delay_ms = 0.3;
};

// One direction of one connection: a reader stamps each chunk, a writer sends it when due.
class Direction {
  public:
    Direction(int from, int to, Clock::duration delay) : from_(from), to_(to), delay_(delay) {}
    void run() {
        std::thread writer([this] { write_loop(); });
        std::vector<char> buffer(1 << 16);
        for (;;) {
            const ssize_t n = read(from_, buffer.data(), buffer.size());
            std::lock_guard lock(mutex_);
            if (n <= 0) {
                ended_ = true;
                ready_.notify_one();
                break;
            }
            chunks_.push_back({Clock::now() + delay_, std::string(buffer.data(), size_t(n))});
            ready_.notify_one();
        }
        writer.join();
        shutdown(to_, SHUT_WR);
    }

  private:
    struct Chunk {
        Clock::time_point due;
        std::string bytes;
    };
    void write_loop() {
        for (;;) {
            Chunk chunk;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [&] { return ended_ || !chunks_.empty(); });
                if (chunks_.empty()) return;
                chunk = std::move(chunks_.front());
                chunks_.pop_front();
            }
            std::this_thread::sleep_until(chunk.due);
            const char* data = chunk.bytes.data();
            size_t left = chunk.bytes.size();
            while (left > 0) {
                const ssize_t n = ::send(to_, data, left, MSG_NOSIGNAL);
                if (n <= 0) {
                    shutdown(from_, SHUT_RD);  // the far side is gone: end the reader too
                    return;
                }
                data += n;
                left -= size_t(n);
            }
        }
    }
    const int from_, to_;
    const Clock::duration delay_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<Chunk> chunks_;
    bool ended_ = false;
};

int connect_far(const std::string& to) {
    const bool is_port = !to.empty() && to.find_first_not_of("0123456789") == std::string::npos;
    if (is_port) {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = htons(static_cast<uint16_t>(std::stoi(to)));
        const int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
        close(fd);
        return -1;
    }
    const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (to.size() >= sizeof address.sun_path) return -1;
    to.copy(address.sun_path, sizeof address.sun_path - 1);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    close(fd);
    return -1;
}

int run_delay_proxy(const DelayOptions& o) {
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    const int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(o.port));
    socklen_t length = sizeof address;
    if (bind(listener, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
        listen(listener, 64) != 0 ||
        getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        std::cerr << "delay-proxy: cannot listen on port " << o.port << '\n';
        return 1;
    }
    const auto delay = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double, std::milli>(o.delay_ms));
    std::cout << "delay-proxy on 127.0.0.1:" << ntohs(address.sin_port) << ", " << o.delay_ms
              << " ms each way to " << o.to << std::endl;
    for (;;) {
        const int client = accept(listener, nullptr, nullptr);
        if (client < 0) continue;
        setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        const int far = connect_far(o.to);
        if (far < 0) {
            std::cerr << "delay-proxy: cannot reach " << o.to << '\n';
            close(client);
            continue;
        }
        // Four threads a connection: a storage connection or a lobby bus each, a handful.
        std::thread([client, far, delay] {
            Direction up(client, far, delay), down(far, client, delay);
            std::thread back([&] { down.run(); });
            up.run();
            back.join();
            close(client);
            close(far);
        }).detach();
    }
}

}  // namespace

void add_delay_proxy_command(CLI::App& app, ExitStatus& status) {
    auto o = std::make_shared<DelayOptions>();
    auto* cmd = app.add_subcommand(
        "delay-proxy",
        "forward 127.0.0.1:PORT to a Unix socket or local port, each direction delayed");
    cmd->add_option("--port", o->port, "Port to listen on (0: any, printed)")
        ->capture_default_str();
    cmd->add_option("--to", o->to, "Unix socket path, or a port on 127.0.0.1")->required();
    cmd->add_option("--delay-ms", o->delay_ms, "Delay of each direction, milliseconds")
        ->check(CLI::Range(0.0, 1000.0))
        ->capture_default_str();
    cmd->callback([o, &status] { status.code = run_delay_proxy(*o); });
}

}  // namespace reversi::stress
