// SPDX-License-Identifier: MIT
// Which registered players were seen on which device (the long-lived `rv_device` cookie a
// browser keeps whatever account it logs into), so that one person's two accounts do not
// meet in a rated game even from two addresses (issue 27, finding 5; RatedMeetingRule).
// Kept in memory and bounded: a visitor can mint devices at will by dropping the cookie, so
// the oldest devices are forgotten first and each device and player keeps a few entries.
// A farmer who clears cookies between accounts is not caught here; the address rule, the
// per-pair daily limit and moderators remain.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace reversi::server {

class DeviceSightings {
  public:
    static constexpr size_t MaxDevices = 100'000;
    static constexpr size_t MaxPlayersPerDevice = 8;
    static constexpr size_t MaxDevicesPerPlayer = 8;

    // Records that `player` used `device` (an empty device or player 0: nothing).
    void seen(int64_t player, std::string_view device);
    // Whether two different players were seen on one device.
    bool shared(int64_t a, int64_t b) const;
    size_t devices() const { return players_of_.size(); }

  private:
    void forget_oldest_device();

    std::unordered_map<std::string, std::vector<int64_t>> players_of_;
    std::unordered_map<int64_t, std::vector<std::string>> devices_of_;
    std::deque<std::string> order_;  // devices, oldest first
};

}  // namespace reversi::server
