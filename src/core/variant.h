// SPDX-License-Identifier: MIT
// A game's setup (RULES.md sections 1-5) and the validated Variant built from it.
// A Setup is plain data that anyone may fill in; a Variant only exists for a setup that
// passed every check, and holds the geometry and start discs that positions refer to.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/geometry.h"

namespace reversi::core {

struct Setup {
    Shape shape = Shape::Eight;
    int players = 2;
    bool anti = false;
    bool free_opening = false;
    std::vector<Coord> blocked;
    int handicap = 0;  // corners given to `handicap_to`, 0..4
    Color handicap_to = Color::Black;

    // Empty when the setup is playable, otherwise a sentence saying what is wrong.
    std::string problem() const;
    friend bool operator==(const Setup&, const Setup&) = default;
};

// Thrown when a setup (or a position text) breaks RULES.md; what() says why.
class SetupError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

class Variant {
public:
    // Validates the setup; throws SetupError with the reason when it is not playable.
    explicit Variant(Setup setup);

    const Setup& setup() const { return setup_; }
    const Geometry& geometry() const { return geometry_; }
    int players() const { return setup_.players; }
    bool anti() const { return setup_.anti; }
    bool free_opening() const { return setup_.free_opening; }

    // Discs of each seat and neutral discs before the first move.
    const std::array<u128, MaxPlayers>& start_discs() const { return start_discs_; }
    u128 start_neutral() const { return start_neutral_; }

private:
    Setup setup_;
    Geometry geometry_;
    std::array<u128, MaxPlayers> start_discs_{};
    u128 start_neutral_ = 0;
};

// "6", "8", "10" or "octagon".
std::string shape_name(Shape shape);
// Parses a shape name ("6", "8", "10", "octagon", also "6x6", "88", ...); false if unknown.
bool parse_shape(const std::string& text, Shape& out);
// "black", "white", "red", "green".
std::string color_name(Color color);

}  // namespace reversi::core
