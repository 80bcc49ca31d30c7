// SPDX-License-Identifier: MIT
// A rules header that reaches up into the engine: the layering check must refuse it.
#pragma once

#include "core/types.h"
#include "engine/engine.h"
