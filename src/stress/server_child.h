// SPDX-License-Identifier: MIT
// The server a stress test runs against, as a child process: the `reversi` executable (the
// one beside `reversi-stress`, or the one --server-binary names) started as `reversi serve
// ARGS...` and watched until it prints the address it listens on. The tests start the server
// they measure, so that they can kill it, restart it and read its memory.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace reversi::stress::client {

struct ServerChild {
    pid_t pid = -1;
    int port = 0;
};

// The server executable to start: `option` (--server-binary) when not empty, else `reversi`
// in the directory of the running executable. Throws std::runtime_error naming the path when
// no executable file is there.
std::filesystem::path server_binary(const std::string& option);

// `name`_PID in the system's temporary folder: a path of this run's own for the server's
// database and logs.
std::filesystem::path scratch_path(const std::string& name);

// The folder of a run's files: `dir` (a test's --dir) when not empty, else scratch_path(name);
// created when missing.
std::filesystem::path run_directory(const std::string& dir, const std::string& name);
// Removes a run's folder and everything in it; a failure to is ignored (a temporary folder
// left behind harms nothing).
void remove_run_directory(const std::filesystem::path& dir);

// Starts `binary` as `reversi serve ARGS...`, its stdout appended to `out_path` and its
// stderr to `err_path` (empty: inherited), and waits until it prints "listening on
// http://HOST:PORT". Throws when it exits first or is not listening after `timeout_s`.
ServerChild start_server(const std::filesystem::path& binary, const std::vector<std::string>& args,
                         const std::string& out_path, const std::string& err_path,
                         double timeout_s = 30);

// Sends `signal` to the server and waits for it to end.
void stop_server(ServerChild& server, int signal);

// A field of /proc/PID/status in KiB ("VmRSS:", "VmHWM:"), -1 when unknown.
long proc_status_kib(pid_t pid, const char* field);

// CPU time (user + system, every thread) the process has used so far, in seconds; pid 0:
// this process. -1 when unknown.
double proc_cpu_seconds(pid_t pid);
// The same for one thread `tid` of process `pid` (the server's main thread, tid == pid, runs
// its network loop).
double thread_cpu_seconds(pid_t pid, pid_t tid);

// The machine's load averages over 1, 5 and 15 minutes, as /proc/loadavg has them.
std::string load_average();

}  // namespace reversi::stress::client
