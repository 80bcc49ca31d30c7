// SPDX-License-Identifier: MIT
// A rated game's changes taken back (rating/reversal.h): the exact stored delta where there is
// one, the rounded before and after otherwise, and one game fewer.
#include "server/rating/reversal.h"

#include <gtest/gtest.h>

#include "server/rating/ratings.h"

namespace reversi::server {
namespace {

TEST(Reversal, TheExactDeltaIsTakenBack) {
    StoredRating a{1, "8x8", 1500, 350, 0.06, 0}, b{2, "8x8", 1500, 350, 0.06, 0};
    TableResult result;
    result.winner = 1;
    result.counts = {10, 54};
    const auto changes = rate_game(result, false, {a, b});
    const json stored = rating_changes_json(changes);
    const auto deltas = stored_deltas(stored);
    ASSERT_EQ(deltas.size(), 2u);
    for (const auto& [seat, delta] : deltas) {
        const StoredRating back = without_change(changes[seat].after, delta);
        EXPECT_DOUBLE_EQ(back.rating, 1500);
        EXPECT_EQ(back.games, changes[seat].after.games - 1);
    }
    // Without a delta (games rated before it was stored): the rounded difference.
    const auto old = stored_deltas(json::parse(R"([{"seat":0,"before":1500,"after":1480.5}])"));
    ASSERT_EQ(old.size(), 1u);
    EXPECT_DOUBLE_EQ(old[0].second, -19.5);
    EXPECT_TRUE(stored_deltas(json::parse(R"([{"seat":"x"},7,{"seat":1}])")).empty());
    EXPECT_TRUE(stored_deltas(json()).empty());
    EXPECT_EQ(without_change({1, "8x8", 1500, 350, 0.06, 0}, 5).games, 0);
}

}  // namespace
}  // namespace reversi::server
