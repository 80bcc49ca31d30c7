// SPDX-License-Identifier: MIT
// Names are checked code point by code point. "Letter" is approximated without a Unicode
// database: ASCII letters, and code points from U+00C0 up that are not in the blocks of
// punctuation, symbols, marks, spaces, private use or specials, which keeps look-alike and
// invisible characters out of names while letting every script's letters in.
#include "server/accounts/player_names.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <string_view>

#include "server/common/protocol.h"
#include "server/common/secrets.h"

namespace reversi::server {

namespace {

constexpr int MinChars = 3;
constexpr int MaxChars = 20;
constexpr std::string_view GuestPrefix = "Guest-";
constexpr std::string_view DeletedPrefix = "deleted-";

// Decodes the code point at `i` of valid UTF-8 and advances `i`.
char32_t next_code_point(std::string_view s, std::size_t& i) {
    const auto b = static_cast<unsigned char>(s[i]);
    int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
    char32_t c = extra == 0 ? b : extra == 1 ? (b & 0x1F) : extra == 2 ? (b & 0x0F) : (b & 0x07);
    ++i;
    while (extra-- > 0 && i < s.size()) c = (c << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    return c;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

bool in(char32_t c, char32_t lo, char32_t hi) {
    return c >= lo && c <= hi;
}

bool allowed(char32_t c) {
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-';
    if (c < 0xC0 || c == 0xD7 || c == 0xF7) return false;  // Latin-1 punctuation and signs
    return !(in(c, 0x02B0, 0x036F) ||                      // modifier letters, combining marks
             in(c, 0x0483, 0x0489) || in(c, 0x0591, 0x05C7) || in(c, 0x0600, 0x061F) ||
             in(c, 0x064B, 0x065F) || c == 0x0E3F || in(c, 0x1AB0, 0x1AFF) ||
             in(c, 0x1DC0, 0x1DFF) ||
             in(c, 0x2000, 0x2BFF) ||  // punctuation, symbols, arrows, maths, shapes
             in(c, 0x2E00, 0x2E7F) || in(c, 0x3000, 0x303F) || in(c, 0xD800, 0xF8FF) ||
             in(c, 0xFE00, 0xFE6F) || in(c, 0xFF00, 0xFF20) || in(c, 0xFF3B, 0xFF40) ||
             in(c, 0xFF5B, 0xFF65) || in(c, 0xFFF0, 0xFFFF) || c >= 0x1F000);
}

// ICU's view of the same: a letter (not a modifier letter) or a decimal digit that no
// renderer may hide (default-ignorable code points such as U+FEFF, U+180E and the Hangul
// fillers are letters or formats that draw as nothing).
bool visible_letter_or_digit(char32_t c) {
    if (c == '_' || c == '-') return true;
    const auto point = static_cast<UChar32>(c);
    if (u_hasBinaryProperty(point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return false;
    switch (u_charType(point)) {
        case U_UPPERCASE_LETTER:
        case U_LOWERCASE_LETTER:
        case U_TITLECASE_LETTER:
        case U_OTHER_LETTER:
        case U_DECIMAL_DIGIT_NUMBER:
            return true;
        default:
            return false;
    }
}

// ICU's spoof checker, configured once and only read after: a name keeps to one script (Latin
// may go with one other script that does not look like it, as Unicode's "moderately
// restrictive" level says), has no invisible characters and digits of one system only.
const USpoofChecker* spoof_checker() {
    static const USpoofChecker* const checker = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker* made = uspoof_open(&status);
        uspoof_setChecks(made, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS,
                         &status);
        uspoof_setRestrictionLevel(made, USPOOF_MODERATELY_RESTRICTIVE);
        return U_SUCCESS(status) ? made : nullptr;
    }();
    return checker;
}

// True when `name` (NFC) changes under NFKC: full-width letters, ligatures, circled and
// superscript forms, which look like plainer names.
bool has_compatibility_forms(std::string_view name) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_FAILURE(status)) return true;
    const icu::UnicodeString text = icu::UnicodeString::fromUTF8(
        icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
    const bool stable = nfkc->isNormalized(text, status);
    return U_FAILURE(status) || !stable;
}

char32_t fold(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c < 0x80) return c;
    if (in(c, 0xC0, 0xDE) && c != 0xD7) return c + 32;
    if (c == 0x130 || c == 0x131) return 'i';  // Turkish dotted capital and dotless small i
    if (in(c, 0x100, 0x137) || in(c, 0x14A, 0x177)) return c | 1;
    if (in(c, 0x139, 0x148) || in(c, 0x179, 0x17E)) return (c & 1) ? c + 1 : c;
    if (c == 0x178) return 0xFF;
    if (in(c, 0x391, 0x3AB) && c != 0x3A2) return c + 32;
    if (c == 0x3C2) return 0x3C3;  // final sigma
    if (in(c, 0x410, 0x42F)) return c + 32;
    if (in(c, 0x400, 0x40F)) return c + 80;
    return c;
}

}  // namespace

std::string normalized_name(std::string_view name) {
    if (!utf8_valid(name)) return std::string(name);
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return std::string(name);
    const icu::UnicodeString text = icu::UnicodeString::fromUTF8(
        icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
    if (nfc->isNormalized(text, status) && U_SUCCESS(status)) return std::string(name);
    status = U_ZERO_ERROR;
    const icu::UnicodeString composed = nfc->normalize(text, status);
    if (U_FAILURE(status)) return std::string(name);
    std::string out;
    composed.toUTF8String(out);
    return out;
}

bool is_guest_name(std::string_view name) {
    return name.size() >= GuestPrefix.size() &&
           name_key(name.substr(0, GuestPrefix.size())) == "guest-";
}

std::string deleted_name(int64_t id) {
    return std::string(DeletedPrefix) + std::to_string(id);
}

bool is_deleted_name(std::string_view name) {
    return name.size() >= DeletedPrefix.size() &&
           name_key(name.substr(0, DeletedPrefix.size())) == DeletedPrefix;
}

std::string player_name_problem(std::string_view raw) {
    if (!utf8_valid(raw)) return "a name must be UTF-8 text";
    const std::string normal = normalized_name(raw);
    const std::string_view name = normal;
    int chars = 0;
    for (std::size_t i = 0; i < name.size();) {
        const char32_t c = next_code_point(name, i);
        if (!allowed(c) || !visible_letter_or_digit(c))
            return "a name may hold only letters, digits, '_' and '-'";
        ++chars;
    }
    if (chars < MinChars || chars > MaxChars)
        return "a name has " + std::to_string(MinChars) + " to " + std::to_string(MaxChars) +
               " characters; this one has " + std::to_string(chars);
    if (is_guest_name(name)) return "names starting with \"Guest-\" are kept for guests";
    if (is_deleted_name(name))
        return "names starting with \"deleted-\" are kept for deleted accounts";
    if (has_compatibility_forms(name))
        return "a name may not use full-width, circled or other compatibility forms of letters";
    UErrorCode status = U_ZERO_ERROR;
    const USpoofChecker* checker = spoof_checker();
    if (!checker ||
        uspoof_checkUTF8(checker, name.data(), static_cast<int32_t>(name.size()), nullptr,
                         &status) != 0 ||
        U_FAILURE(status))
        return "a name may not mix scripts that look alike (such as Latin with Cyrillic or "
               "Greek)";
    return {};
}

std::string name_key(std::string_view raw) {
    const std::string normal = normalized_name(raw);
    const std::string_view name = normal;
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size();) append_utf8(out, fold(next_code_point(name, i)));
    return out;
}

namespace {

// ICU's confusable skeleton of `text` (valid UTF-8); empty when ICU fails.
std::string icu_skeleton(const std::string& text) {
    const USpoofChecker* checker = spoof_checker();
    if (!checker) return {};
    UErrorCode status = U_ZERO_ERROR;
    const int32_t length = uspoof_getSkeletonUTF8(
        checker, 0, text.data(), static_cast<int32_t>(text.size()), nullptr, 0, &status);
    if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return {};
    std::string out(static_cast<std::size_t>(length), '\0');
    status = U_ZERO_ERROR;
    uspoof_getSkeletonUTF8(checker, 0, text.data(), static_cast<int32_t>(text.size()), out.data(),
                           length, &status);
    return U_SUCCESS(status) ? out : std::string();
}

// The letter a digit is drawn like (issue 48: "0lga" beside "Olga"). ICU maps only 0 and 1;
// 2, 5, 6 and 9 pass for z, s, b and g in most fonts. 3, 4 and 7 look like no letter, and 8
// keeps its own: its B would fold to 6's b, and no two digits may share a letter, or names
// that differ only in their numbers (Player6, Player8) would be taken for one another.
char32_t letter_of_digit(char32_t c) {
    switch (c) {
        case '0':
            return 'o';
        case '1':
            return 'l';
        case '2':
            return 'z';
        case '5':
            return 's';
        case '6':
            return 'b';
        case '9':
            return 'g';
        default:
            return c;
    }
}

// `text` with capitals folded and look-alike digits made letters.
std::string folded_letters(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();)
        append_utf8(out, letter_of_digit(fold(next_code_point(text, i))));
    return out;
}

}  // namespace

std::string name_skeleton(std::string_view raw) {
    if (!utf8_valid(raw)) return {};
    // Step 1. The skeleton of the name as drawn, capitals kept: a capital I is drawn like a
    // small l, which folding first would turn into an i ("PayPaI" beside "Paypal").
    const std::string drawn = icu_skeleton(normalized_name(raw));
    if (drawn.empty()) return {};
    // Step 2. Case folded and digits made letters, then ICU again for what folding revealed.
    const std::string folded = icu_skeleton(folded_letters(drawn));
    return folded.empty() ? std::string() : folded_letters(folded);
}

std::string closed_name_mark(std::string_view skeleton) {
    return skeleton.empty() ? std::string() : "closed:" + token_hash(skeleton);
}

}  // namespace reversi::server
