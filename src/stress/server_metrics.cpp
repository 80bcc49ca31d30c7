// SPDX-License-Identifier: MIT
#include "stress/server_metrics.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

#include "stress/ws_client.h"

namespace reversi::stress {

std::optional<HistogramReading> read_histogram(const std::string& page, const std::string& name) {
    HistogramReading h;
    const std::string prefix = name + "_bucket{le=\"";
    std::istringstream lines(page);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(prefix, 0) != 0) continue;
        const size_t close = line.find('"', prefix.size());
        const size_t space = line.rfind(' ');
        if (close == std::string::npos || space == std::string::npos) continue;
        const std::string le = line.substr(prefix.size(), close - prefix.size());
        const double bound = le == "+Inf" ? std::numeric_limits<double>::infinity()
                                          : std::strtod(le.c_str(), nullptr);
        h.buckets.emplace_back(bound, std::strtod(line.c_str() + space + 1, nullptr));
    }
    if (h.buckets.empty()) return std::nullopt;
    return h;
}

double histogram_quantile(const HistogramReading& h, double q) {
    const double total = h.count();
    if (total <= 0) return 0;
    const double rank = q * total;
    double lower = 0, below = 0;
    for (const auto& [bound, cumulative] : h.buckets) {
        if (cumulative >= rank) {
            if (std::isinf(bound)) return lower;
            const double in_bucket = cumulative - below;
            return in_bucket <= 0 ? bound : lower + (bound - lower) * (rank - below) / in_bucket;
        }
        lower = bound;
        below = cumulative;
    }
    return lower;
}

int metrics_port_in(const std::string& out_path) {
    std::ifstream in(out_path);
    const std::string marker = "metrics on http://";
    std::string line;
    while (std::getline(in, line)) {
        const size_t at = line.find(marker);
        if (at == std::string::npos) continue;
        const size_t colon = line.find(':', at + marker.size());
        if (colon == std::string::npos) return 0;
        return std::atoi(line.c_str() + colon + 1);
    }
    return 0;
}

std::string fetch_metrics(int port) {
    if (port <= 0) return {};
    namespace asio = client::net;
    asio::io_context ioc{1};
    const client::Target target = client::loopback_target(port);
    std::string page;
    asio::co_spawn(
        ioc,
        [&]() -> asio::awaitable<void> {
            const client::HttpAnswer answer =
                co_await client::http_call(target, {}, client::http::verb::get, "/metrics", "", 10);
            if (answer.status == 200) page = answer.body;
        },
        [](std::exception_ptr) {});
    ioc.run_for(std::chrono::seconds(15));
    return page;
}

void print_server_view(const std::string& page) {
    const auto ms = [&](const char* name, double q) -> std::string {
        const auto h = read_histogram(page, name);
        if (!h) return "-";
        std::ostringstream text;
        text << histogram_quantile(*h, q) * 1000;
        return text.str();
    };
    const auto count = [&](const char* name) -> std::string {
        const auto h = read_histogram(page, name);
        return h ? std::to_string(static_cast<uint64_t>(h->count())) : "-";
    };
    const auto counter = [&](const std::string& name) -> std::string {
        const size_t at = page.find('\n' + name + ' ');
        if (at == std::string::npos) return "-";
        const size_t from = at + name.size() + 2;
        return page.substr(from, page.find('\n', from) - from);
    };
    std::cout << "server ms (its histograms): move p50 " << ms("reversi_move_seconds", 0.5)
              << ", p99 " << ms("reversi_move_seconds", 0.99) << "; loop lag p99 "
              << ms("reversi_loop_lag_seconds", 0.99) << ", p99.9 "
              << ms("reversi_loop_lag_seconds", 0.999) << " (waiting for a core p99 "
              << ms("reversi_loop_runqueue_seconds", 0.99) << ", p99.9 "
              << ms("reversi_loop_runqueue_seconds", 0.999) << "); commit p99 "
              << ms("reversi_commit_seconds", 0.99) << "; checkpoints "
              << count("reversi_checkpoint_seconds") << " (p99 "
              << ms("reversi_checkpoint_seconds", 0.99) << "); sweep p99 "
              << ms("reversi_sweep_seconds", 0.99) << "; answer tasks "
              << count("reversi_answer_seconds") << " (p99 " << ms("reversi_answer_seconds", 0.99)
              << ", p99.9 " << ms("reversi_answer_seconds", 0.999) << "); review plies at nice 19 "
              << counter("reversi_review_waited_plies_total") << ", reviews deferred "
              << counter("reversi_reviews_deferred_total") << '\n';
    // A write's stages, each p99 / p99.9 (issue 29), and what the checkpoints did to BEGIN.
    const auto tail = [&](const char* name) { return ms(name, 0.99) + " / " + ms(name, 0.999); };
    std::cout << "server stages ms p99 / p99.9: queued " << tail("reversi_write_queue_seconds")
              << "; BEGIN " << tail("reversi_begin_seconds") << "; transaction "
              << tail("reversi_commit_seconds") << "; answered "
              << tail("reversi_write_answer_seconds") << "; checkpoints by the idle writer "
              << counter("reversi_idle_checkpoints_total") << ", by a commit at the bound "
              << counter("reversi_commit_checkpoints_total") << "; BEGIN busy waits "
              << counter("reversi_begin_busy_waits_total");
    // A server from before the idle writer's checkpoints (issue 29) ran FULL ones instead.
    if (read_histogram(page, "reversi_checkpoint_lock_seconds"))
        std::cout << "; FULL checkpoints " << counter("reversi_full_checkpoints_total")
                  << ", of which held the write lock " << count("reversi_checkpoint_lock_seconds")
                  << " (p50 " << ms("reversi_checkpoint_lock_seconds", 0.5) << ", p99 "
                  << ms("reversi_checkpoint_lock_seconds", 0.99) << ")";
    std::cout << '\n';
}

}  // namespace reversi::stress
