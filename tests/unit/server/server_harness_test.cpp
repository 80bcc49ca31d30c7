// SPDX-License-Identifier: MIT
// The harness itself: a server it started never outlives the test process, even one that
// crashed, since CTest waits for every holder of a test's output to let go of it.
#include "server_harness.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <thread>

namespace reversi::server {
namespace {

using namespace testing_support;

// True when `pid` no longer runs: gone, or a zombie nobody reaped yet.
bool ended(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    if (!stat) return true;
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    const size_t paren = text.rfind(')');
    return paren == std::string::npos || text.substr(paren + 2, 1) == "Z" ||
           text.substr(paren + 2, 1) == "X";
}

TEST(ServerHarness, AServerEndsWithATestProcessThatDiesWithoutCleaningUp) {
    TempDir dir("harness_orphan");
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t test_process = fork();
    ASSERT_GE(test_process, 0);
    if (test_process == 0) {
        close(fds[0]);
        pid_t server = -1;
        try {
            ServerProcess started(dir.path);
            server = started.pid();
            if (write(fds[1], &server, sizeof server) != sizeof server) _exit(2);
            _exit(0);  // as a crash would: no destructor runs, the server is not stopped
        } catch (...) {
            _exit(3);
        }
    }
    close(fds[1]);
    pid_t server = -1;
    const ssize_t n = read(fds[0], &server, sizeof server);
    close(fds[0]);
    int status = 0;
    waitpid(test_process, &status, 0);
    ASSERT_EQ(n, static_cast<ssize_t>(sizeof server)) << "the server did not start";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!ended(server) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const bool server_ended = ended(server);
    if (!server_ended) kill(server, SIGKILL);
    EXPECT_TRUE(server_ended) << "the server outlived its test process";
}

}  // namespace
}  // namespace reversi::server
