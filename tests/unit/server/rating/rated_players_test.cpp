// SPDX-License-Identifier: MIT
// Who may play rated (rated_players.h): the rule every path asks, and two of those paths
// (making a rated table, joining one) giving the same answer.
#include "server/rating/rated_players.h"

#include <gtest/gtest.h>

#include "server/rating/ratings.h"

namespace reversi::server {
namespace {

Identity registered() {
    Identity who;
    who.player = 7;
    who.name = "Ada";
    who.guest = false;
    return who;
}

TEST(RatedPlayers, OnlyARegisteredPlayerMayPlayRated) {
    EXPECT_TRUE(may_play_rated(registered()));
    Identity guest = registered();
    guest.guest = true;
    EXPECT_FALSE(may_play_rated(guest));
    EXPECT_FALSE(may_play_rated(Identity{}));  // no session
}

TEST(RatedPlayers, MakingARatedTableAsksTheSameRule) {
    TableSpec spec;
    spec.setup = core::Setup{};
    spec.seats.resize(2);
    spec.rated = true;
    EXPECT_EQ(rated_problem(spec, registered()), "");
    Identity guest = registered();
    guest.guest = true;
    EXPECT_NE(rated_problem(spec, guest), "");
    EXPECT_NE(rated_problem(spec, Identity{}), "");
}

}  // namespace
}  // namespace reversi::server
