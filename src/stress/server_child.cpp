// SPDX-License-Identifier: MIT
// Starting and stopping the server under test (server_child.h). The child is started with
// fork and execv, not a shell, so its pid is the server's own and a signal reaches it.
#include "stress/server_child.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace reversi::stress::client {

std::filesystem::path server_binary(const std::string& option) {
    std::filesystem::path path(option);
    if (option.empty()) {
        std::error_code ec;
        path = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path() / "reversi";
        if (ec)
            throw std::runtime_error(
                "cannot read /proc/self/exe: name the server binary "
                "with --server-binary PATH");
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) || access(path.c_str(), X_OK) != 0)
        throw std::runtime_error("no server executable at " + path.string() +
                                 " (reversi-stress starts the `reversi` beside it: build it, or "
                                 "name one with --server-binary PATH)");
    return path;
}

std::filesystem::path scratch_path(const std::string& name) {
    return std::filesystem::temp_directory_path() / (name + "_" + std::to_string(getpid()));
}

std::filesystem::path run_directory(const std::string& dir, const std::string& name) {
    const std::filesystem::path path =
        dir.empty() ? scratch_path(name) : std::filesystem::path(dir);
    std::filesystem::create_directories(path);
    return path;
}

void remove_run_directory(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
}

ServerChild start_server(const std::filesystem::path& binary, const std::vector<std::string>& args,
                         const std::string& out_path, const std::string& err_path,
                         double timeout_s) {
    // Opened before fork: between fork and exec the child only duplicates descriptors.
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out < 0) throw std::runtime_error("cannot write " + out_path);
    const int err = err_path.empty()
                        ? -1
                        : open(err_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (!err_path.empty() && err < 0) {
        close(out);
        throw std::runtime_error("cannot write " + err_path);
    }
    std::ifstream reader(out_path, std::ios::binary | std::ios::ate);
    std::streamoff offset = reader.tellg();  // what earlier runs wrote is not this start
    // No puzzles: the stress tests never ask for them, and reading the shipped thousands would
    // cost every start (and every chaos restart) a second or more. A later --puzzles counts.
    std::vector<std::string> argv_text = {binary.string(), "serve", "--puzzles", ""};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    ServerChild child;
    child.pid = fork();
    if (child.pid == 0) {
        dup2(out, 1);
        if (err >= 0) dup2(err, 2);
        execv(argv_text[0].c_str(), argv.data());
        _exit(127);
    }
    close(out);
    if (err >= 0) close(err);
    if (child.pid < 0) throw std::runtime_error("fork failed");

    const std::string marker = "listening on http://";
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(timeout_s * 1000));
    std::string text;
    for (;;) {
        reader.clear();
        reader.seekg(offset);
        std::string more((std::istreambuf_iterator<char>(reader)),
                         std::istreambuf_iterator<char>());
        offset += static_cast<std::streamoff>(more.size());
        text += more;
        const size_t at = text.find(marker);
        const size_t eol = at == std::string::npos ? at : text.find('\n', at);
        if (eol != std::string::npos) {
            const std::string line = text.substr(at, eol - at);
            child.port = std::stoi(line.substr(line.rfind(':') + 1));
            return child;
        }
        int status = 0;
        if (waitpid(child.pid, &status, WNOHANG) == child.pid) {
            child.pid = -1;
            throw std::runtime_error("the server exited before listening: " + text);
        }
        if (std::chrono::steady_clock::now() > deadline) {
            stop_server(child, SIGKILL);
            throw std::runtime_error("the server did not start: " + text);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void stop_server(ServerChild& server, int signal) {
    if (server.pid <= 0) return;
    kill(server.pid, signal);
    int status = 0;
    waitpid(server.pid, &status, 0);
    server.pid = -1;
}

long proc_status_kib(pid_t pid, const char* field) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(field, 0) == 0) return std::stol(line.substr(std::string(field).size()));
    return -1;
}

namespace {
// utime + stime of a /proc/.../stat file, in seconds; -1 when it does not read.
double stat_cpu_seconds(const std::string& path) {
    std::ifstream f(path);
    std::string text;
    std::getline(f, text);
    // The command name (field 2) may hold spaces; utime and stime are fields 14 and 15.
    const size_t close = text.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream fields(text.substr(close + 2));
    std::string skip;
    for (int i = 3; i < 14; ++i) fields >> skip;
    long long utime = 0, stime = 0;
    if (!(fields >> utime >> stime)) return -1;
    return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}
}  // namespace

double proc_cpu_seconds(pid_t pid) {
    return stat_cpu_seconds("/proc/" + (pid == 0 ? std::string("self") : std::to_string(pid)) +
                            "/stat");
}

double thread_cpu_seconds(pid_t pid, pid_t tid) {
    return stat_cpu_seconds("/proc/" + std::to_string(pid) + "/task/" + std::to_string(tid) +
                            "/stat");
}

std::string load_average() {
    std::ifstream f("/proc/loadavg");
    std::string one, five, fifteen;
    f >> one >> five >> fifteen;
    return one + " " + five + " " + fifteen;
}

}  // namespace reversi::stress::client
