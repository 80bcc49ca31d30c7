// SPDX-License-Identifier: MIT
// Roles and sanctions in memory (moderation/sanctions.h): a sanction holds until its end and
// not a millisecond after, one without an end holds until lifted, and the stored rows replace
// everything (a kind or role this build does not know is left out).
#include "server/moderation/sanctions.h"

#include <gtest/gtest.h>

namespace reversi::server {
namespace {

TEST(Sanctions, ASanctionHoldsUntilItsEnd) {
    Sanctions s;
    s.impose(5, SanctionKind::Mute, 1000);
    EXPECT_TRUE(s.active(5, SanctionKind::Mute, 999));
    EXPECT_EQ(s.until(5, SanctionKind::Mute, 999), 1000);
    EXPECT_FALSE(s.active(5, SanctionKind::Mute, 1000));
    EXPECT_FALSE(s.active(5, SanctionKind::Ban, 0));
    EXPECT_FALSE(s.active(6, SanctionKind::Mute, 0));
    EXPECT_TRUE(s.in_force(1000).empty());
    s.impose(5, SanctionKind::Ban, 0);  // no end
    EXPECT_TRUE(s.active(5, SanctionKind::Ban, int64_t{1} << 60));
    s.lift(5, SanctionKind::Ban);
    EXPECT_FALSE(s.active(5, SanctionKind::Ban, 0));
}

TEST(Sanctions, StoredRowsReplaceEverything) {
    Sanctions s;
    s.impose(1, SanctionKind::Ban, 0);
    s.set_role(9, Role::Admin);
    s.restore({{2, "moderator"}, {3, "emperor"}},
              {{4, "unlisted", 0}, {4, "shadowban", 0}, {5, "mute", 50}});
    EXPECT_FALSE(s.active(1, SanctionKind::Ban, 0));
    EXPECT_EQ(s.role(9), Role::None);
    EXPECT_EQ(s.role(2), Role::Moderator);
    EXPECT_EQ(s.role(3), Role::None);
    EXPECT_TRUE(s.active(4, SanctionKind::Unlisted, 0));
    const auto rows = s.in_force(10);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].kind, "unlisted");
    EXPECT_EQ(rows[1].kind, "mute");
    EXPECT_EQ(rows[1].until, 50);
}

TEST(Sanctions, NamesReadBack) {
    for (Role r : {Role::Moderator, Role::Admin}) EXPECT_EQ(parse_role(role_name(r)), r);
    EXPECT_EQ(parse_role("none"), Role::None);
    EXPECT_FALSE(parse_role("root"));
    for (SanctionKind k : {SanctionKind::Mute, SanctionKind::Ban, SanctionKind::Unlisted})
        EXPECT_EQ(parse_sanction(sanction_name(k)), k);
    EXPECT_FALSE(parse_sanction(""));
}

}  // namespace
}  // namespace reversi::server
