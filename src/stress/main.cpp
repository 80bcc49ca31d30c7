// SPDX-License-Identifier: MIT
// The `reversi-stress` executable: the load, chaos and failover tests of the server, kept
// apart from the `reversi` binary they test (as pgbench is from PostgreSQL). Parses the
// command line and runs one subcommand.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "stress/commands.h"

namespace reversi::stress {

void add_server_binary_option(CLI::App& cmd, std::string& path) {
    cmd.add_option("--server-binary", path,
                   "The `reversi` executable to start as the server (default: the one beside "
                   "reversi-stress)");
}

void run_reporting(ExitStatus& status, const char* name, const std::function<int()>& run) {
    try {
        status.code = run();
    } catch (const std::exception& e) {
        std::cerr << name << ": " << e.what() << '\n';
        status.code = 1;
    }
}

}  // namespace reversi::stress

int main(int argc, char** argv) {
    CLI::App app{"reversi-stress: load, chaos and failover tests of the reversi server"};
    app.require_subcommand(1);
    reversi::stress::ExitStatus status;
    reversi::stress::add_loadtest_command(app, status);
    reversi::stress::add_chaos_command(app, status);
    reversi::stress::add_fairness_command(app, status);
    reversi::stress::add_failover_command(app, status);
    reversi::stress::add_delay_proxy_command(app, status);
    reversi::stress::add_node_metrics_command(app, status);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
    return status.code;
}
