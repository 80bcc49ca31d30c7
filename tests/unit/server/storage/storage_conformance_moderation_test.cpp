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

// Issue 48, 9: one open report per reporter and player (per line for a visitor's chat),
// the queue's groups most reported first, then newest, and a group resolved up to a time.
TEST_P(ModerationConformance, OpenReportsAreOnePerReporterAndGroupedByPlayer) {
    auto store = db_->open();
    const auto report = [](const char* id, int64_t at, int64_t reporter, int64_t target) {
        return StoredReport{id, at, reporter, target, "abuse", "", "", 0, "", 0, ""};
    };
    store->begin();
    EXPECT_TRUE(store->add_report(report("a", 10, 4, 5)));
    EXPECT_FALSE(store->add_report(report("b", 11, 4, 5)));  // Ada again on Bob
    EXPECT_TRUE(store->add_report(report("c", 12, 6, 5)));
    EXPECT_TRUE(store->add_report(report("d", 13, 4, 7)));
    EXPECT_TRUE(store->add_report(report("e", 30, 6, 8)));
    // Visitors' lines (player 0): one report per line, not per "player".
    StoredReport line{"f", 14, 4, 0, "spam", "", "t1", 1, "x: buy", 0, ""};
    EXPECT_TRUE(store->add_report(line));
    line.id = "g";
    EXPECT_FALSE(store->add_report(line));
    line.chat_seq = 2;
    EXPECT_TRUE(store->add_report(line));
    store->commit();
    EXPECT_FALSE(store->load_report("b"));

    const auto groups = store->report_groups(10);
    ASSERT_EQ(groups.size(), 4u);
    EXPECT_EQ(groups[0].target, 0);  // two lines, newer than Bob's two
    EXPECT_EQ(groups[0].reports, 2);
    EXPECT_EQ(groups[0].newest, 14);
    EXPECT_EQ(groups[1].target, 5);
    EXPECT_EQ(groups[1].reports, 2);
    EXPECT_EQ(groups[1].newest, 12);
    EXPECT_EQ(groups[2].target, 8);  // one, the newest
    EXPECT_EQ(groups[3].target, 7);
    EXPECT_EQ(store->report_groups(1).size(), 1u);
    const auto bobs = store->open_reports_of(5, 10);
    ASSERT_EQ(bobs.size(), 2u);
    EXPECT_EQ(bobs[0].id, "c");  // newest first
    EXPECT_EQ(store->open_reports_of(5, 1).size(), 1u);

    store->begin();
    EXPECT_EQ(store->resolve_reports_of(5, 11, 2, "dismissed"), 1);
    store->commit();
    const auto a = store->load_report("a");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->resolved_by, 2);
    EXPECT_EQ(a->resolution, "dismissed");
    EXPECT_EQ(store->open_reports_of(5, 10).size(), 1u);
    store->begin();
    EXPECT_TRUE(store->add_report(report("h", 40, 4, 5)));  // Ada's was resolved
    EXPECT_EQ(store->resolve_reports_of(5, 100, 2, "actioned"), 2);
    store->commit();
    EXPECT_TRUE(store->open_reports_of(5, 10).empty());
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

INSTANTIATE_TEST_SUITE_P(Backends, ModerationConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
