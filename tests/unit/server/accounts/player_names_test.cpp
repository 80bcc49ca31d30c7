// SPDX-License-Identifier: MIT
// Player names: letters of any script, digits, '_' and '-', 3-20 characters, no "Guest-"
// prefix; the unique key ignores case in Latin (Turkish and Polish letters too), Greek and
// Cyrillic. Also the session cookie's parsing, which takes only a well-formed token.
#include "server/accounts/player_names.h"

#include <gtest/gtest.h>

#include "server/accounts/accounts.h"

namespace reversi::server {
namespace {

TEST(PlayerNames, LettersOfAnyScriptDigitsUnderscoreAndHyphen) {
    for (const char* ok : {"Ada", "ada_99", "Łukasz", "Çağrı", "Ödön-2", "Ελένη", "Жанна",
                           "山田太郎", "abcdefghijklmnopqrst"})
        EXPECT_EQ(player_name_problem(ok), "") << ok;
    for (const char* bad :
         {"ab", "", "has space", "dot.ted", "semi;colon", "<script>", "abcdefghijklmnopqrstu",
          "Guest-1234", "guest-x", "tab\there", "zero\u200Bwidth", "emoji\U0001F600", "a\u0301bc"})
        EXPECT_NE(player_name_problem(bad), "") << bad;
    EXPECT_NE(player_name_problem("\xff\xfe\xfd"), "");
    // Twenty characters, more than twenty bytes.
    EXPECT_EQ(player_name_problem("ŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁ"), "");
    EXPECT_NE(player_name_problem("ŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁ"), "");
}

TEST(PlayerNames, KeysIgnoreCase) {
    EXPECT_EQ(name_key("AdA"), name_key("ada"));
    EXPECT_EQ(name_key("ŁÓDŹ"), name_key("łódź"));
    EXPECT_EQ(name_key("İSTANBUL"), name_key("istanbul"));
    EXPECT_EQ(name_key("ΕΛΕΝΗ"), name_key("ελενη"));
    EXPECT_EQ(name_key("ЖАННА"), name_key("жанна"));
    EXPECT_NE(name_key("Ada"), name_key("Adb"));
    EXPECT_TRUE(is_guest_name("GUEST-12"));
    EXPECT_FALSE(is_guest_name("Guest"));
}

TEST(PlayerNames, SessionCookieParsing) {
    const std::string token = "0123456789abcdef0123456789abcdef";
    EXPECT_EQ(session_token("rv_session=" + token), token);
    EXPECT_EQ(session_token("a=1; rv_session=" + token + "; b=2"), token);
    EXPECT_EQ(session_token("rv_session=short"), "");
    EXPECT_EQ(session_token("rv_session=" + token + "x"), "");
    EXPECT_EQ(session_token("xrv_session=" + token), "");
    EXPECT_EQ(session_token(""), "");
    const std::string cookie = session_cookie(token);
    for (const char* part : {"HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000"})
        EXPECT_NE(cookie.find(part), std::string::npos);
    EXPECT_NE(cleared_session_cookie().find("Max-Age=0"), std::string::npos);
}

}  // namespace
}  // namespace reversi::server
