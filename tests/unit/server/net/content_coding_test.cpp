// SPDX-License-Identifier: MIT
// Accept-Encoding negotiation: q-values, "*", identity, ties, the copies that exist, and
// headers that cannot be read falling back to the file as it is.
#include "server/net/content_coding.h"

#include <gtest/gtest.h>

#include <string>

namespace reversi::server {
namespace {

constexpr AvailableCodings BothCopies{.brotli = true, .gzip = true};
constexpr AvailableCodings GzipCopy{.brotli = false, .gzip = true};
constexpr AvailableCodings NoCopy{};

TEST(ContentCoding, BrowsersGetBrotliWhenItExists) {
    EXPECT_EQ(choose_coding("gzip, deflate, br, zstd", BothCopies), ContentCoding::Brotli);
    EXPECT_EQ(choose_coding("gzip, deflate, br, zstd", GzipCopy), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("gzip, deflate, br, zstd", NoCopy), ContentCoding::Identity);
    EXPECT_EQ(choose_coding("gzip", BothCopies), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("x-gzip", BothCopies), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("GZIP, BR", BothCopies), ContentCoding::Brotli);
}

TEST(ContentCoding, NoHeaderOrNothingKnownIsIdentity) {
    EXPECT_EQ(choose_coding("", BothCopies), ContentCoding::Identity);
    EXPECT_EQ(choose_coding("deflate, zstd", BothCopies), ContentCoding::Identity);
    EXPECT_EQ(choose_coding("identity", BothCopies), ContentCoding::Identity);
}

TEST(ContentCoding, QValuesDecide) {
    EXPECT_EQ(choose_coding("br;q=0.5, gzip;q=0.8", BothCopies), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("br;q=0.8, gzip;q=0.5", BothCopies), ContentCoding::Brotli);
    EXPECT_EQ(choose_coding("br ; q=0.001 ,gzip;Q=0", BothCopies), ContentCoding::Brotli);
    EXPECT_EQ(choose_coding("br;q=0, gzip;q=0", BothCopies), ContentCoding::Identity);
    EXPECT_EQ(choose_coding("br;q=0", GzipCopy), ContentCoding::Identity);
    // Identity named above the codings wins; named level with them, the smaller copy does.
    EXPECT_EQ(choose_coding("identity;q=1, br;q=0.5", BothCopies), ContentCoding::Identity);
    EXPECT_EQ(choose_coding("identity, gzip", BothCopies), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("br;q=1.000, gzip;q=1", BothCopies), ContentCoding::Brotli);
}

TEST(ContentCoding, StarStandsForTheCodingsNotNamed) {
    EXPECT_EQ(choose_coding("*", BothCopies), ContentCoding::Brotli);
    EXPECT_EQ(choose_coding("*;q=0.5, br;q=0", BothCopies), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("*;q=0, gzip", BothCopies), ContentCoding::Gzip);
    EXPECT_EQ(choose_coding("*;q=0", BothCopies), ContentCoding::Identity);
    EXPECT_EQ(choose_coding("identity;q=0.9, *;q=0.1", BothCopies), ContentCoding::Identity);
}

TEST(ContentCoding, UnreadableWeightsAskForNothing) {
    for (const char* bad : {"br;q=2", "br;q=1.5", "br;q=0.12345", "br;q=", "br;q=abc", "br;x=1",
                            "br;q=-1", "br;q=0.5x", "br;;", ";q=1", ",,,", "br;q=1e3"})
        EXPECT_EQ(choose_coding(bad, BothCopies), ContentCoding::Identity) << bad;
    EXPECT_EQ(choose_coding("br;q=2, gzip", BothCopies), ContentCoding::Gzip);
    // A long hostile header is read through without trouble.
    EXPECT_EQ(choose_coding(std::string(100000, ',') + "br", BothCopies), ContentCoding::Brotli);
    EXPECT_EQ(choose_coding(std::string(100000, ';'), BothCopies), ContentCoding::Identity);
}

TEST(ContentCoding, NamesAndSuffixes) {
    EXPECT_EQ(coding_name(ContentCoding::Brotli), "br");
    EXPECT_EQ(coding_name(ContentCoding::Gzip), "gzip");
    EXPECT_EQ(coding_name(ContentCoding::Identity), "");
    EXPECT_EQ(coding_suffix(ContentCoding::Brotli), ".br");
    EXPECT_EQ(coding_suffix(ContentCoding::Gzip), ".gz");
}

}  // namespace
}  // namespace reversi::server
