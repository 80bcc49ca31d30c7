// SPDX-License-Identifier: MIT
#include "server/rating/device_sightings.h"

#include <algorithm>
#include <optional>

namespace reversi::server {

namespace {

// Appends `value` unless present; past `cap` entries the oldest goes, and is returned.
template <class T>
std::optional<T> remember(std::vector<T>& list, const T& value, size_t cap) {
    if (std::find(list.begin(), list.end(), value) != list.end()) return std::nullopt;
    std::optional<T> dropped;
    if (list.size() >= cap) {
        dropped = std::move(list.front());
        list.erase(list.begin());
    }
    list.push_back(value);
    return dropped;
}

template <class T>
void erase_value(std::vector<T>& list, const T& value) {
    list.erase(std::remove(list.begin(), list.end(), value), list.end());
}

}  // namespace

void DeviceSightings::seen(int64_t player, std::string_view device) {
    if (player == 0 || device.empty()) return;
    const std::string key(device);
    auto it = players_of_.find(key);
    if (it == players_of_.end()) {
        if (players_of_.size() >= MaxDevices) forget_oldest_device();
        it = players_of_.emplace(key, std::vector<int64_t>{}).first;
        order_.push_back(key);
    }
    // Both directions stay one relation: what one side forgets, the other forgets too.
    if (const auto gone = remember(it->second, player, MaxPlayersPerDevice)) {
        auto& list = devices_of_[*gone];
        erase_value(list, key);
        if (list.empty()) devices_of_.erase(*gone);
    }
    if (const auto gone = remember(devices_of_[player], key, MaxDevicesPerPlayer)) {
        const auto other = players_of_.find(*gone);
        if (other != players_of_.end()) erase_value(other->second, player);
    }
}

bool DeviceSightings::shared(int64_t a, int64_t b) const {
    if (a == b || a == 0 || b == 0) return false;
    const auto mine = devices_of_.find(a);
    if (mine == devices_of_.end()) return false;
    for (const std::string& device : mine->second) {
        const auto it = players_of_.find(device);
        if (it != players_of_.end() &&
            std::find(it->second.begin(), it->second.end(), b) != it->second.end())
            return true;
    }
    return false;
}

void DeviceSightings::forget_oldest_device() {
    const std::string device = std::move(order_.front());
    order_.pop_front();
    const auto it = players_of_.find(device);
    if (it == players_of_.end()) return;
    for (const int64_t player : it->second) {
        auto& list = devices_of_[player];
        erase_value(list, device);
        if (list.empty()) devices_of_.erase(player);
    }
    players_of_.erase(it);
}

}  // namespace reversi::server
