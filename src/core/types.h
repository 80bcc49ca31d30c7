// SPDX-License-Identifier: MIT
// Basic vocabulary of the rules library: colours, squares and the 128-bit board word.
// A square is an index into the board's bit layout (row * stride + column), never a name.
#pragma once

#include <cstdint>

namespace reversi::core {

using u128 = unsigned __int128;

// Seats in turn order; a seat's colour is its index.
enum class Color : uint8_t { Black = 0, White = 1, Red = 2, Green = 3 };

constexpr int MaxPlayers = 4;

// A bit index in the board layout, or one of the two special values below.
using Square = int;
constexpr Square PassMove = -1;
constexpr Square NoSquare = -2;

// Board shapes of RULES.md section 1.
enum class Shape : uint8_t { Six, Eight, Ten, Octagon };

}  // namespace reversi::core
