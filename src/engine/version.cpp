// SPDX-License-Identifier: MIT
#include "engine/version.h"

namespace reversi::engine {

std::string engine_name() { return "reversi"; }
std::string engine_version() { return "0.1.0"; }

}  // namespace reversi::engine
