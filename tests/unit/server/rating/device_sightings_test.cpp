// SPDX-License-Identifier: MIT
// The devices registered players were seen on, and the rated-meeting rule that reads them
// (issue 27, finding 5): two accounts of one browser do not meet rated; memory stays bounded.
#include "server/rating/device_sightings.h"

#include <gtest/gtest.h>

#include "server/rating/rated_players.h"

namespace reversi::server {
namespace {

const std::string DeviceA(32, 'a'), DeviceB(32, 'b');

TEST(DeviceSightings, TwoPlayersOfOneDeviceAreKeptApartInRatedGames) {
    DeviceSightings devices;
    devices.seen(7, DeviceA);
    devices.seen(9, DeviceB);
    const RatedMeetingRule rule(false, &devices);
    EXPECT_EQ(rule.problem({{7, "10.0.0.1"}, {9, "10.0.0.2"}}), "");
    devices.seen(9, DeviceA);  // the second account, in the first one's browser
    EXPECT_TRUE(devices.shared(7, 9));
    EXPECT_TRUE(devices.shared(9, 7));
    EXPECT_NE(rule.problem({{7, "10.0.0.1"}, {9, "10.0.0.2"}}), "");
    EXPECT_EQ(RatedMeetingRule(true, &devices).problem({{7, "10.0.0.1"}, {9, "10.0.0.2"}}), "");
    EXPECT_FALSE(devices.shared(7, 7));
    devices.seen(0, DeviceB);  // visitors without an account are not recorded
    devices.seen(11, "");
    EXPECT_FALSE(devices.shared(11, 7));
}

TEST(DeviceSightings, MemoryIsBoundedOldestFirst) {
    DeviceSightings devices;
    // One device used by more players than it keeps: the earliest is forgotten.
    for (int64_t p = 1; p <= static_cast<int64_t>(DeviceSightings::MaxPlayersPerDevice) + 1; ++p)
        devices.seen(p, DeviceA);
    EXPECT_FALSE(devices.shared(1, 2));
    EXPECT_TRUE(devices.shared(2, 3));
    // Minted devices past the cap push the oldest out, with what it knew.
    devices.seen(100, DeviceB);
    devices.seen(101, DeviceB);
    for (size_t i = 0; i < DeviceSightings::MaxDevices; ++i) {
        std::string minted = std::to_string(i);
        minted.resize(32, 'c');
        devices.seen(200, minted);
    }
    EXPECT_EQ(devices.devices(), DeviceSightings::MaxDevices);
    EXPECT_FALSE(devices.shared(2, 3));
    EXPECT_FALSE(devices.shared(100, 101));
}

}  // namespace
}  // namespace reversi::server
