// SPDX-License-Identifier: MIT
// The engine's name and version, as front ends and protocols (GTP, NBoard) report them.
#pragma once

#include <string>

namespace reversi::engine {

// "reversi".
std::string engine_name();
// The project version, e.g. "0.1.0".
std::string engine_version();

}  // namespace reversi::engine
