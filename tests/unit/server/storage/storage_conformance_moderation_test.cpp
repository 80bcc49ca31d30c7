// SPDX-License-Identifier: MIT
// Moderation rows (storage/moderation_store.h), the same body against SQLite and PostgreSQL:
// roles given and taken, sanctions replaced and lifted, the audit log newest first in pages,
// reports open until resolved, and a hidden chat line deleted.
#include <gtest/gtest.h>

#include "storage_backends.h"

namespace reversi::server {
namespace {

class ModerationConformance : public testing_backends::BackendTest {};

TEST_P(ModerationConformance, RolesAndSanctionsAreReplacedAndTaken) {
    auto store = db_->open();
    store->begin();
    store->set_role(2, "moderator");
    store->set_role(3, "admin");
    store->set_role(2, "admin");  // replaces
    store->set_role(3, "");       // takes
    store->save_sanction({5, "mute", 1000});
    store->save_sanction({5, "mute", 2000});  // replaces
    store->save_sanction({5, "ban", 0});
    store->save_sanction({6, "unlisted", 0});
    store->delete_sanction(6, "unlisted");
    store->commit();
    const auto again = db_->open();  // read back by a new connection
    const auto roles = again->roles();
    ASSERT_EQ(roles.size(), 1u);
    EXPECT_EQ(roles[0].player, 2);
    EXPECT_EQ(roles[0].role, "admin");
    const auto sanctions = again->sanctions();
    ASSERT_EQ(sanctions.size(), 2u);
    EXPECT_EQ(sanctions[0].kind, "ban");
    EXPECT_EQ(sanctions[0].until, 0);
    EXPECT_EQ(sanctions[1].kind, "mute");
    EXPECT_EQ(sanctions[1].until, 2000);
}

TEST_P(ModerationConformance, AuditIsReadNewestFirstInPages) {
    auto store = db_->open();
    store->begin();
    for (int i = 1; i <= 5; ++i)
        store->add_audit({0, 100 + i, 2, "mute", 5, "d" + std::to_string(i), "spam"});
    store->commit();
    const auto first = store->audit(0, 3);
    ASSERT_EQ(first.size(), 3u);
    EXPECT_EQ(first[0].detail, "d5");
    EXPECT_EQ(first[0].at, 105);
    EXPECT_EQ(first[0].actor, 2);
    EXPECT_EQ(first[0].target, 5);
    EXPECT_EQ(first[0].reason, "spam");
    EXPECT_GT(first[0].id, first[1].id);
    const auto rest = store->audit(first[2].id, 10);
    ASSERT_EQ(rest.size(), 2u);
    EXPECT_EQ(rest[0].detail, "d2");
    EXPECT_EQ(rest[1].detail, "d1");
}

TEST_P(ModerationConformance, ReportsStayOpenUntilResolved) {
    auto store = db_->open();
    StoredReport a{"r1", 10, 4, 5, "abuse", "rude", "t1", 3, "you fool", 0, ""};
    StoredReport b{"r2", 20, 4, 6, "cheating", "engine", "", 0, "", 0, ""};
    store->begin();
    store->save_report(a);
    store->save_report(b);
    store->commit();
    auto open = store->open_reports(10);
    ASSERT_EQ(open.size(), 2u);
    EXPECT_EQ(open[0].id, "r1");
    EXPECT_EQ(open[0].chat_text, "you fool");
    EXPECT_EQ(open[0].chat_seq, 3);
    EXPECT_EQ(open[1].reason, "cheating");
    a.resolved_by = 2;
    a.resolution = "muted";
    store->begin();
    store->save_report(a);
    store->commit();
    open = store->open_reports(10);
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].id, "r2");
    EXPECT_EQ(store->open_reports(0).size(), 0u);
}

TEST_P(ModerationConformance, AHiddenChatLineIsDeleted) {
    auto store = db_->open();
    store->begin();
    store->save_table(testing_backends::row("t1", "playing", 1));
    store->add_chat("t1", {1, 10, 0, "Ada", "hello"});
    store->add_chat("t1", {2, 11, 1, "Bob", "spam"});
    store->delete_chat("t1", 2);
    store->delete_chat("t1", 9);  // none: no error
    store->commit();
    const auto lines = store->chat_lines("t1");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].text, "hello");
}

TEST_P(ModerationConformance, AGameIsMarkedReversedOnce) {
    auto store = db_->open();
    EXPECT_FALSE(store->ratings_reversed("t1"));
    store->begin();
    EXPECT_TRUE(store->mark_reversed("t1"));
    EXPECT_FALSE(store->mark_reversed("t1"));
    store->commit();
    EXPECT_TRUE(db_->open()->ratings_reversed("t1"));
    EXPECT_FALSE(store->ratings_reversed("t2"));
}

INSTANTIATE_TEST_SUITE_P(Backends, ModerationConformance, testing_backends::BuiltBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
