// SPDX-License-Identifier: MIT
// The static files' cache rules: which names are content-hashed, their Cache-Control, entity
// tags per copy, and If-None-Match read by the weak comparison.
#include "server/net/http_caching.h"

#include <gtest/gtest.h>

#include <string>

namespace reversi::server {
namespace {

TEST(HttpCaching, OnlyHashedAssetsAreImmutable) {
    for (const char* hashed :
         {"/assets/app-JZJEYAHD.js", "/assets/app-JZJEYAHD.js.map", "/assets/app-ZRKFVUUH.css",
          "/assets/favicon-B6A0139B.svg", "/assets/my-app-12345678.js"}) {
        EXPECT_TRUE(content_hashed(hashed)) << hashed;
        EXPECT_EQ(static_cache_control(hashed), "public, max-age=31536000, immutable") << hashed;
    }
    for (const char* plain :
         {"/", "/index.html", "/js/app.js", "/app-JZJEYAHD.js", "/assets/app.js",
          "/assets/app-jzjeyahd.js", "/assets/app-JZJEYAH.js", "/assets/app-JZJEYAHDX.js",
          "/assets/-JZJEYAHD.js", "/assets/x/app-JZJEYAHD.js", "/assets/app-JZJEYAHD", "/assets/",
          "/assets/app-JZJE%41AHD.js", "/js/assets/app-JZJEYAHD.js",
          // The service worker and the manifest keep their names: the browser must ask for them
          // again to find a new release (web/sw.js).
          "/sw.js", "/manifest.webmanifest", "/icons/icon-192.png"}) {
        EXPECT_FALSE(content_hashed(plain)) << plain;
        EXPECT_EQ(static_cache_control(plain), "no-cache") << plain;
    }
}

TEST(HttpCaching, EntityTagsTellCopiesAndVersionsApart) {
    const std::string plain = entity_tag(1234, 1700000000123456789, ContentCoding::Identity);
    EXPECT_EQ(plain.front(), '"');
    EXPECT_EQ(plain.back(), '"');
    EXPECT_NE(plain, entity_tag(1234, 1700000000123456789, ContentCoding::Brotli));
    EXPECT_NE(plain, entity_tag(1234, 1700000000123456790, ContentCoding::Identity));
    EXPECT_NE(plain, entity_tag(1235, 1700000000123456789, ContentCoding::Identity));
    EXPECT_NE(entity_tag(1, 2, ContentCoding::Gzip), entity_tag(1, 2, ContentCoding::Brotli));
    EXPECT_EQ(plain, entity_tag(1234, 1700000000123456789, ContentCoding::Identity));
}

TEST(HttpCaching, IfNoneMatch) {
    const std::string tag = "\"4d2-abc-br\"";
    EXPECT_TRUE(none_match_hit(tag, tag));
    EXPECT_TRUE(none_match_hit("W/" + tag, tag));
    EXPECT_TRUE(none_match_hit("\"x\", " + tag, tag));
    EXPECT_TRUE(none_match_hit(" \"x\",W/\"y\" ,\t" + tag + " ", tag));
    EXPECT_TRUE(none_match_hit("*", tag));
    EXPECT_TRUE(none_match_hit(" * ", tag));
    for (const std::string& miss :
         {std::string(""), std::string("\"4d2-abc\""), std::string("4d2-abc-br"),
          std::string("\"4d2-abc-br"), std::string("w/\"4d2-abc-br\""), std::string("x, ") + tag,
          std::string("**"), std::string("\"4d2-abc-b\"r\"")})
        EXPECT_FALSE(none_match_hit(miss, tag)) << miss;
    EXPECT_FALSE(none_match_hit(std::string(100000, '"'), tag));
    EXPECT_FALSE(none_match_hit(std::string(100000, ','), tag));
}

}  // namespace
}  // namespace reversi::server
