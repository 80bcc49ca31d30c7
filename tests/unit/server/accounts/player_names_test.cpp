// SPDX-License-Identifier: MIT
// Player names: letters of any script, digits, '_' and '-', 3-20 characters, no "Guest-"
// prefix; the unique key ignores case in Latin (Turkish and Polish letters too), Greek and
// Cyrillic. Also the session cookie's parsing, which takes only a well-formed token, and
// guest names, which stay four digits on a small site and lengthen before the four-digit
// names fill up, so a new one is found in about one draw however many guests there are.
#include "server/accounts/player_names.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "hub_fixture.h"
#include "rating/cheap_hashing.h"
#include "server/accounts/accounts.h"
#include "server/common/protocol.h"

namespace reversi::server {
namespace {

TEST(PlayerNames, LettersOfAnyScriptDigitsUnderscoreAndHyphen) {
    for (const char* ok : {"Ada", "ada_99", "Łukasz", "Çağrı", "Ödön-2", "Ελένη", "Жанна",
                           "山田太郎", "abcdefghijklmnopqrst"})
        EXPECT_EQ(player_name_problem(ok), "") << ok;
    for (const char* bad :
         {"ab", "", "has space", "dot.ted", "semi;colon", "<script>", "abcdefghijklmnopqrstu",
          "Guest-1234", "guest-x", "tab\there", "zero\u200Bwidth", "emoji\U0001F600", "x\u0301yz"})
        EXPECT_NE(player_name_problem(bad), "") << bad;
    EXPECT_NE(player_name_problem("\xff\xfe\xfd"), "");
    // Twenty characters, more than twenty bytes.
    EXPECT_EQ(player_name_problem("ŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁ"), "");
    EXPECT_NE(player_name_problem("ŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁŁ"), "");
}

// Issue 27, finding 9: a name is unique by its look. Cyrillic "Асе" and "Рох" are drawn like
// Latin "Ace" and "Pox", so they share a skeleton; other names do not.
TEST(PlayerNames, LookAlikeNamesShareASkeleton) {
    EXPECT_EQ(name_skeleton("\u0410\u0441\u0435"), name_skeleton("Ace"));
    EXPECT_EQ(name_skeleton("\u0420\u043e\u0445"), name_skeleton("pox"));
    EXPECT_EQ(name_skeleton("ADA"), name_skeleton("ada"));
    EXPECT_NE(name_skeleton("Ace"), name_skeleton("Ada"));
    EXPECT_FALSE(name_skeleton("Ace").empty());
    EXPECT_EQ(name_skeleton("\xff\xfe"), "");
}

// Issue 27: a deleted account's games show "deleted-<id>", a name registration refuses.
TEST(PlayerNames, DeletedAccountNamesAreKept) {
    EXPECT_EQ(deleted_name(42), "deleted-42");
    EXPECT_TRUE(is_deleted_name("deleted-42"));
    EXPECT_TRUE(is_deleted_name("DELETED-x"));
    EXPECT_FALSE(is_deleted_name("deleted"));
    EXPECT_NE(player_name_problem("deleted-42"), "");
    EXPECT_EQ(player_name_problem("deleted42"), "");
}

// Issue 26, defect 11: "Zoë" typed as e + combining diaeresis was refused; names are
// normalised to NFC before they are checked and keyed. A name over the limit is refused
// with the limit (and its length) in characters.
TEST(PlayerNames, NamesAreCheckedInNfcAndLimitsAreInCharacters) {
    const std::string decomposed = "Zoe\u0308", composed = "Zo\u00EB";
    EXPECT_EQ(player_name_problem(decomposed), "");
    EXPECT_EQ(name_key(decomposed), name_key(composed));
    EXPECT_EQ(name_key("ZOE\u0308"), name_key(composed));
    const std::string why = player_name_problem(std::string(30, 'a'));
    EXPECT_NE(why.find("20 characters"), std::string::npos) << why;
    EXPECT_NE(why.find("30"), std::string::npos) << why;
    // Twenty characters of two bytes each are twenty characters.
    EXPECT_EQ(player_name_problem("ŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻ"), "");
    // Seat names (one-screen tables) count characters too: 40 of them, whatever the bytes.
    EXPECT_EQ(name_problem(std::string(20, 'a') + "ŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻŻ"), "");
    const std::string long_seat = name_problem(std::string(41, 'a'));
    EXPECT_NE(long_seat.find("40 characters"), std::string::npos) << long_seat;
}

// Issue 27, finding 9: look-alike and invisible names passed the hand-made check. ICU says
// what a letter is, what renders as nothing, what NFKC folds and which scripts may mix.
TEST(PlayerNames, LookAlikeAndInvisibleNamesAreRefused) {
    for (const char* bad : {"Ada\uFEFF", "Ada\u180E", "\u0410da", "\uFF21\uFF24\uFF21",
                            "\u3164\u3164\u3164", "G\u03C5est-1", "Ad\u0430", "\u2460da"})
        EXPECT_NE(player_name_problem(bad), "") << bad;
    // One script at a time stays welcome, with ASCII digits, '_' and '-'.
    for (const char* ok : {"\u0410\u043D\u043D\u0430", "\u0391\u03B8\u03B7\u03BD\u03AC", "Ada_2",
                           "Ay\u015Fe-1", "\u5C71\u7530\u592A\u90CE"})
        EXPECT_EQ(player_name_problem(ok), "") << ok;
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

TEST(GuestNames, FourDigitsUntilAQuarterOfThemAreTakenThenFive) {
    hub_testing::TempDb db("guest_names");
    hub_testing::Hub h(db.path, hub_testing::quick_options());
    Accounts accounts(h.ioc, h.queue, cheap_hashing());
    std::set<std::string> names;
    int five_digits_at = -1;
    // One guest an address (the per-address limit stays as it is).
    for (int i = 0; i < 2600; ++i) {
        const std::string address =
            "10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250 + 1);
        const Identity guest = accounts.ensure({}, address).identity;
        ASSERT_TRUE(guest.player) << i;
        ASSERT_TRUE(names.insert(guest.name).second) << guest.name;
        if (std::regex_match(guest.name, std::regex("Guest-[0-9]{5}")) && five_digits_at < 0)
            five_digits_at = i;
        if (five_digits_at < 0) {
            ASSERT_TRUE(std::regex_match(guest.name, std::regex("Guest-[0-9]{4}"))) << guest.name;
        }
    }
    // 10,000 four-digit names, at most a quarter taken: the 2,500th guest gets five digits.
    EXPECT_GE(five_digits_at, 2490);
    EXPECT_LE(five_digits_at, 2500);
}

}  // namespace
}  // namespace reversi::server
