// SPDX-License-Identifier: MIT
// Test harness for the real `reversi serve` binary: starts it on a free loopback port with
// its own database, and talks to it with small blocking HTTP and WebSocket clients whose
// reads time out instead of hanging the test run.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/common/net.h"

namespace reversi::server::testing_support {

using json = nlohmann::json;

// Called in a forked child before its exec: the child is killed when the test process ends,
// even by a crash or by CTest's timeout. A server left running would hold the test's standard
// error, which CTest reads to its end: the run would wait for it forever.
inline void die_with_test_process(pid_t test_process) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != test_process) _exit(126);  // the test ended before the prctl
}

// A temporary directory removed at the end of the test.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name) {
        path = std::filesystem::temp_directory_path() /
               ("reversi_" + name + "_" + std::to_string(getpid()));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path / "web");
        std::ofstream(path / "web" / "index.html") << "<!doctype html><title>reversi</title>";
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};

class ServerProcess {
  public:
    ServerProcess(const std::filesystem::path& dir, std::vector<std::string> extra = {}) {
        int fds[2];
        if (pipe(fds) != 0) throw std::runtime_error("pipe");
        const std::string db = (dir / "test.db").string(), web = (dir / "web").string();
        const pid_t test_process = getpid();
        pid_ = fork();
        if (pid_ == 0) {
            die_with_test_process(test_process);
            dup2(fds[1], 1);
            close(fds[0]);
            std::vector<std::string> args = {REVERSI_BINARY,
                                             "serve",
                                             "--port",
                                             "0",
                                             "--db",
                                             db,
                                             "--web",
                                             web,
                                             "--engine-threads",
                                             "1",
                                             "--hint-seconds",
                                             "0.05",
                                             "--computer-pause-ms",
                                             "0"};
            // A --db in `extra` (a PostgreSQL URI) replaces the file: serve takes one --db.
            if (std::find(extra.begin(), extra.end(), "--db") != extra.end())
                args.erase(args.begin() + 4, args.begin() + 6);
            // So does a --port (a server restarted where its clients knew it).
            if (std::find(extra.begin(), extra.end(), "--port") != extra.end())
                args.erase(args.begin() + 2, args.begin() + 4);
            // The tests' small puzzle set (tests/data/puzzles) unless `extra` names another:
            // the shipped thousands would cost every start a few tenths of a second.
            if (std::find(extra.begin(), extra.end(), "--puzzles") == extra.end())
                args.insert(args.end(), {"--puzzles", REVERSI_TEST_DATA_DIR "/puzzles"});
            args.insert(args.end(), extra.begin(), extra.end());
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(REVERSI_BINARY, argv.data());
            _exit(127);
        }
        close(fds[1]);
        out_ = fds[0];
        std::string text;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        const std::string marker = "listening on http://127.0.0.1:";
        while (text.find(marker) == std::string::npos ||
               text.find('\n', text.find(marker)) == std::string::npos) {
            pollfd p{out_, POLLIN, 0};
            if (std::chrono::steady_clock::now() > deadline || poll(&p, 1, 1000) < 0)
                throw std::runtime_error("server did not start: " + text);
            if (!(p.revents & (POLLIN | POLLHUP))) continue;
            char buf[256];
            const ssize_t n = read(out_, buf, sizeof buf);
            if (n <= 0) throw std::runtime_error("server exited: " + text);
            text.append(buf, n);
        }
        port =
            static_cast<unsigned short>(std::stoi(text.substr(text.find(marker) + marker.size())));
        output = text;
    }
    ~ServerProcess() {
        if (pid_ > 0) {
            // A clean stop, given 20 s (a stop that hangs is a defect the test should not
            // turn into a run that never ends), then a kill.
            kill(pid_, SIGTERM);
            int status = 0;
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (waitpid(pid_, &status, WNOHANG) == 0) {
                if (std::chrono::steady_clock::now() > deadline) {
                    kill(pid_, SIGKILL);
                    waitpid(pid_, &status, 0);
                    break;
                }
                usleep(10'000);
            }
        }
        if (out_ >= 0) close(out_);
    }
    // Kills the server at once, as a crash would.
    void kill9() {
        kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    pid_t pid() const { return pid_; }
    // Resident memory of the server process in KiB.
    long rss_kib() const {
        std::ifstream f("/proc/" + std::to_string(pid_) + "/status");
        std::string line;
        while (std::getline(f, line))
            if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
        return -1;
    }
    unsigned short port = 0;
    std::string output;

  private:
    pid_t pid_ = -1;
    int out_ = -1;
};

struct HttpResult {
    int status = 0;
    std::string content_type;
    std::string body;
    json data() const { return json::parse(body); }
};

inline HttpResult http_request(unsigned short port, http::verb method, const std::string& target,
                               const std::string& body = "") {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    http::read(stream, buffer, parser);
    const auto& res = parser.get();
    error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    return {static_cast<int>(res.result_int()), std::string(res[http::field::content_type]),
            res.body()};
}

inline HttpResult get(unsigned short port, const std::string& target) {
    return http_request(port, http::verb::get, target);
}
inline HttpResult post(unsigned short port, const std::string& target, const json& body) {
    return http_request(port, http::verb::post, target, body.dump());
}

class WsClient {
  public:
    WsClient(unsigned short port, const std::string& target) : ws_(ioc_) {
        beast::get_lowest_layer(ws_).connect(
            tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        ws_.handshake("127.0.0.1", target);
    }
    ~WsClient() {
        error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }
    void send(const std::string& text) { ws_.write(net::buffer(text)); }
    void send(const json& msg) { send(msg.dump()); }
    // The next message, or throws after `seconds`.
    json read(double seconds = 5) {
        beast::flat_buffer buffer;
        bool done = false;
        error_code result;
        ws_.async_read(buffer, [&](error_code ec, std::size_t) {
            done = true;
            result = ec;
        });
        ioc_.restart();
        ioc_.run_for(std::chrono::milliseconds(static_cast<int>(seconds * 1000)));
        if (!done) {
            beast::get_lowest_layer(ws_).socket().cancel();
            ioc_.restart();
            ioc_.run();
            throw std::runtime_error("timed out waiting for a message");
        }
        if (result) throw std::runtime_error("read failed: " + result.message());
        return json::parse(beast::buffers_to_string(buffer.data()));
    }
    // Reads until a message satisfies `pred` and returns it.
    json read_until(const std::function<bool(const json&)>& pred, double seconds = 10) {
        const auto deadline = std::chrono::steady_clock::now() +
                              std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        for (;;) {
            const double left =
                std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0) throw std::runtime_error("timed out waiting for a matching message");
            json msg = read(left);
            if (pred(msg)) return msg;
        }
    }
    // Reads until the next error or state; errors are returned, states of `ply` too.
    json read_state(int ply, double seconds = 10) {
        return read_until(
            [ply](const json& m) { return m["type"] == "state" && m["table"]["ply"] == ply; },
            seconds);
    }
    json read_error(double seconds = 5) {
        return read_until([](const json& m) { return m["type"] == "error"; }, seconds);
    }

  private:
    net::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace reversi::server::testing_support
