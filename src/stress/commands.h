// SPDX-License-Identifier: MIT
// Each subcommand of the `reversi-stress` executable registers itself on the root app
// through one of these functions; the callback it installs runs the test and sets the exit
// code. The tests start the `reversi` server they measure (server_child.h).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

namespace reversi::stress {

// Where a subcommand leaves its exit status (0 on success).
struct ExitStatus {
    int code = 0;
};

void add_loadtest_command(CLI::App& app, ExitStatus& status);
void add_chaos_command(CLI::App& app, ExitStatus& status);
void add_fairness_command(CLI::App& app, ExitStatus& status);
// Only with REVERSI_WITH_POSTGRES (the nodes share a PostgreSQL database); else nothing.
void add_failover_command(CLI::App& app, ExitStatus& status);
// A TCP proxy that delays each direction (a primary's round trip on one machine).
void add_delay_proxy_command(CLI::App& app, ExitStatus& status);
// One running node's figures from its /metrics, whole or since a saved page.
void add_node_metrics_command(CLI::App& app, ExitStatus& status);

// Runs a subcommand's test and leaves its exit code in `status`; an exception is reported as
// "NAME: what" on stderr, exit code 1.
void run_reporting(ExitStatus& status, const char* name, const std::function<int()>& run);

// Adds --server-binary to a subcommand that starts servers, storing the path in `path`
// (empty: the `reversi` beside this executable).
void add_server_binary_option(CLI::App& cmd, std::string& path);

}  // namespace reversi::stress
