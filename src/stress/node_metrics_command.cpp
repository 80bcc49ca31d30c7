// SPDX-License-Identifier: MIT
// `reversi-stress node-metrics`: one node's own figures of a load run, from its /metrics
// (server_metrics.h), for scripts that run the nodes themselves (scripts/multinode-load.sh): the
// moves it acknowledged, its move latency p50 / p99 / p99.9 (no client delay in it), its loop
// lag, its commit p99 and its memory. With --since, only what happened after an earlier page
// saved with --save: the histograms' buckets are subtracted (a window, e.g. a takeover).
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "stress/commands.h"
#include "stress/server_child.h"
#include "stress/server_metrics.h"

namespace reversi::stress {

namespace {

struct NodeMetricsOptions {
    int port = 0;
    int pid = 0;  // the node's process, for its memory (0: not shown)
    std::string label = "node";
    std::string save;   // write the page here
    std::string since;  // an earlier page: figures of the difference
};

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// `now` less `before`, bucket by bucket (the same buckets: the same node).
std::optional<HistogramReading> window(const std::string& now, const std::string& before,
                                       const std::string& name) {
    auto h = read_histogram(now, name);
    if (!h || before.empty()) return h;
    const auto b = read_histogram(before, name);
    if (!b || b->buckets.size() != h->buckets.size()) return h;
    for (size_t i = 0; i < h->buckets.size(); ++i) h->buckets[i].second -= b->buckets[i].second;
    return h;
}

int run_node_metrics(const NodeMetricsOptions& o) {
    const std::string page = fetch_metrics(o.port);
    if (page.empty()) {
        std::cerr << "node-metrics: no /metrics on port " << o.port << '\n';
        return 1;
    }
    if (!o.save.empty()) std::ofstream(o.save) << page;
    const std::string before = o.since.empty() ? std::string() : read_file(o.since);
    const auto ms = [&](const char* name, double q) -> std::string {
        const auto h = window(page, before, name);
        if (!h) return "-";
        std::ostringstream text;
        text.precision(3);
        text << histogram_quantile(*h, q) * 1000;
        return text.str();
    };
    const auto moves = window(page, before, "reversi_move_seconds");
    std::cout << o.label << ": moves " << static_cast<uint64_t>(moves ? moves->count() : 0)
              << "; move ms p50 " << ms("reversi_move_seconds", 0.5) << ", p99 "
              << ms("reversi_move_seconds", 0.99) << ", p99.9 " << ms("reversi_move_seconds", 0.999)
              << "; loop lag ms p99 " << ms("reversi_loop_lag_seconds", 0.99) << ", p99.9 "
              << ms("reversi_loop_lag_seconds", 0.999) << "; commit ms p99 "
              << ms("reversi_commit_seconds", 0.99);
    if (o.pid > 0)
        std::cout << "; RSS " << client::proc_status_kib(o.pid, "VmRSS:") / 1024 << " MiB (peak "
                  << client::proc_status_kib(o.pid, "VmHWM:") / 1024 << " MiB)";
    std::cout << '\n';
    return 0;
}

}  // namespace

void add_node_metrics_command(CLI::App& app, ExitStatus& status) {
    auto o = std::make_shared<NodeMetricsOptions>();
    auto* cmd = app.add_subcommand("node-metrics",
                                   "print one running node's move, loop and commit figures");
    cmd->add_option("--port", o->port, "The node's --metrics-port")->required();
    cmd->add_option("--pid", o->pid, "The node's process id, for its memory");
    cmd->add_option("--label", o->label, "The line's first word")->capture_default_str();
    cmd->add_option("--save", o->save, "Write the page to this file");
    cmd->add_option("--since", o->since, "Only what came after this page (saved with --save)");
    cmd->callback([o, &status] { status.code = run_node_metrics(*o); });
}

}  // namespace reversi::stress
