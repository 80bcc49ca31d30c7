// SPDX-License-Identifier: MIT
// The server's own view of a load run: `loadtest` starts its server with a metrics listener
// and reads its histograms at the end (docs/OPERATIONS.md "Metrics"). The client's latency
// includes the client's own delays (it runs on the same cores); the server's move histogram
// does not, so the two side by side say whose stalls make the tail.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace reversi::stress {

// One histogram of a Prometheus text page: (upper bound, cumulative count) per bucket, the
// +Inf bucket last with an infinite bound.
struct HistogramReading {
    std::vector<std::pair<double, double>> buckets;
    double count() const { return buckets.empty() ? 0 : buckets.back().second; }
};

// The histogram `name` (without _bucket) of `page`; nullopt when the page has none.
std::optional<HistogramReading> read_histogram(const std::string& page, const std::string& name);
// The q-quantile (0..1) as Prometheus' histogram_quantile computes it: linear within the
// bucket that holds it; the last finite bound when it falls in +Inf; 0 for no observations.
double histogram_quantile(const HistogramReading& h, double q);

// The port of "metrics on http://HOST:PORT/metrics" in a server's output file; 0: none.
int metrics_port_in(const std::string& out_path);
// GET /metrics from 127.0.0.1:`port`; empty when it does not answer 200 within 10 s.
std::string fetch_metrics(int port);

// Prints the server's histograms of `page` in one line beside the client's figures: its move
// latency has none of the client's delays, its loop lag is its own longest tasks.
void print_server_view(const std::string& page);

}  // namespace reversi::stress
