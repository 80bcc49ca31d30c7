// SPDX-License-Identifier: MIT
// The rule that decides whether a table allows hints when its creator does not say (issue 48,
// 16; table.h hints_by_default applies it): off from this many screens with people at them,
// each human seat its own screen and a one-screen table one, since an engine's help against a
// person is no game. GET /api/config publishes it, so the setup form shows the default
// without a copy of the rule (net/site_config.cpp).
#pragma once

namespace reversi::server {

constexpr int HintsOffFromScreens = 2;

}  // namespace reversi::server
