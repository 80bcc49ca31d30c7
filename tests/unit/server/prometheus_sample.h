// SPDX-License-Identifier: MIT
// Reading a Prometheus text page in tests: the value of one sample.
#pragma once

#include <sstream>
#include <string>

namespace reversi::server::testing_support {

// The value on the line that starts with `series ` (a sample of the page), or -1.
inline double prometheus_sample(const std::string& page, const std::string& series) {
    std::istringstream in(page);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(series + ' ', 0) == 0) return std::stod(line.substr(series.size() + 1));
    return -1;
}

}  // namespace reversi::server::testing_support
