// SPDX-License-Identifier: MIT
// Text helpers shared by the line protocols (GTP, NBoard).
#pragma once

#include <string>

namespace reversi::cli {

// `s` without the spaces, tabs and line ends around it.
inline std::string trim(const std::string& s) {
    const auto begin = s.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos) return "";
    return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

}  // namespace reversi::cli
