// SPDX-License-Identifier: MIT
#include "server/common/metrics.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "prometheus_sample.h"

namespace reversi::server {
namespace {

using testing_support::prometheus_sample;

TEST(Metrics, HistogramBucketsAreCumulativeWithSumAndCount) {
    Metrics m;
    m.commit_seconds.observe(0.0004);  // first bucket
    m.commit_seconds.observe(0.003);   // le 0.005
    m.commit_seconds.observe(0.003);
    m.commit_seconds.observe(42);  // past the last bound: +Inf only
    const std::string page = m.text();
    EXPECT_EQ(prometheus_sample(page, "reversi_commit_seconds_bucket{le=\"0.0005\"}"), 1);
    EXPECT_EQ(prometheus_sample(page, "reversi_commit_seconds_bucket{le=\"0.0025\"}"), 1);
    EXPECT_EQ(prometheus_sample(page, "reversi_commit_seconds_bucket{le=\"0.005\"}"), 3);
    EXPECT_EQ(prometheus_sample(page, "reversi_commit_seconds_bucket{le=\"10\"}"), 3);
    EXPECT_EQ(prometheus_sample(page, "reversi_commit_seconds_bucket{le=\"+Inf\"}"), 4);
    EXPECT_EQ(prometheus_sample(page, "reversi_commit_seconds_count"), 4);
    EXPECT_NEAR(prometheus_sample(page, "reversi_commit_seconds_sum"), 42.0064, 1e-5);
}

TEST(Metrics, CountersErrorsByCodeAndGauges) {
    Metrics m;
    int tables = 7;
    m.gauge("reversi_live_tables", "Tables in memory.", [&] { return double(tables); });
    m.move_acknowledged(std::chrono::steady_clock::now());
    m.move_acknowledged(std::chrono::steady_clock::now());
    m.error(ErrorCode::BadJson);
    m.error(ErrorCode::BadJson);
    count_error(&m, ErrorCode::IllegalMove);
    count_error(nullptr, ErrorCode::IllegalMove);  // a part without metrics counts nothing
    std::string page = m.text();
    EXPECT_EQ(prometheus_sample(page, "reversi_moves_total"), 2);
    EXPECT_EQ(prometheus_sample(page, "reversi_move_seconds_count"), 2);
    EXPECT_EQ(prometheus_sample(page, "reversi_errors_total{code=\"bad_json\"}"), 2);
    EXPECT_EQ(prometheus_sample(page, "reversi_errors_total{code=\"illegal_move\"}"), 1);
    EXPECT_EQ(prometheus_sample(page, "reversi_live_tables"), 7);
    tables = 3;  // gauges are read when the page is made
    EXPECT_EQ(prometheus_sample(m.text(), "reversi_live_tables"), 3);
}

// The text exposition format: each family's HELP then TYPE before its samples, names and
// labels well formed, every value a number, and no family twice.
TEST(Metrics, PageIsPrometheusTextFormat) {
    Metrics m;
    m.gauge("reversi_engine_queue", "Searches waiting.", [] { return 2.0; });
    m.error(ErrorCode::Busy);
    m.pairing_seconds.observe(0.2);
    const std::regex help(R"(# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) \S.*)");
    const std::regex type(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram))");
    const std::regex value(
        R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*"\})? (-?[0-9.e+-]+|\+Inf))");
    std::istringstream in(m.text());
    std::string family, kind;
    std::set<std::string> seen;
    int samples = 0;
    for (std::string line; std::getline(in, line);) {
        std::smatch match;
        if (std::regex_match(line, match, help)) {
            family = match[1];
            EXPECT_TRUE(seen.insert(family).second) << family << " twice";
            ASSERT_TRUE(std::getline(in, line));
            ASSERT_TRUE(std::regex_match(line, match, type)) << line;
            EXPECT_EQ(match[1], family);
            kind = match[2];
            continue;
        }
        ASSERT_TRUE(std::regex_match(line, match, value)) << line;
        const std::string name = match[1];
        ASSERT_FALSE(family.empty()) << "a sample before any family: " << line;
        if (kind == "histogram")
            EXPECT_TRUE(name == family + "_bucket" || name == family + "_sum" ||
                        name == family + "_count")
                << line;
        else
            EXPECT_EQ(name, family) << line;
        ++samples;
    }
    EXPECT_GT(samples, 40);
    EXPECT_TRUE(seen.count("reversi_errors_total"));
    EXPECT_TRUE(seen.count("reversi_storage_faults_total"));
}

}  // namespace
}  // namespace reversi::server
