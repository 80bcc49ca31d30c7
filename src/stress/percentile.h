// SPDX-License-Identifier: MIT
// The nearest-rank percentile of measured samples, as the load tools report latencies.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace reversi::stress {

// The sample at fraction `p` (0..1) of `samples` in order; 0 when there are none.
inline double percentile(std::vector<double> samples, double p) {
    if (samples.empty()) return 0;
    const size_t k =
        std::min(samples.size() - 1, static_cast<size_t>(p * (samples.size() - 1) + 0.5));
    std::nth_element(samples.begin(), samples.begin() + k, samples.end());
    return samples[k];
}

}  // namespace reversi::stress
