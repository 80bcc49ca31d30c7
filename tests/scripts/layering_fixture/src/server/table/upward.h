// SPDX-License-Identifier: MIT
// A table header that reaches up into the hub: the layering check must refuse it.
#pragma once

#include "server/common/protocol.h"
#include "server/hub/hub.h"
