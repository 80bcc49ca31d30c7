// SPDX-License-Identifier: MIT
// The rules of player names (docs/SITE.md "Identity"): 3-20 characters, letters of any
// script, digits, '_' and '-', not starting with "Guest-" (kept for generated guest names),
// unique ignoring case and look-alike letters (name_skeleton); ICU refuses invisible characters, compatibility forms and names that
// mix look-alike scripts (player_names.cpp). The case-insensitive key folds Latin (with Turkish and Polish
// letters), Greek and Cyrillic capitals; other scripts have no case.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace reversi::server {

// `name` in Unicode normalisation form C (composed: "e" + U+0308 becomes U+00EB), the form
// names are checked, keyed and kept in; `name` itself when it is not valid UTF-8.
std::string normalized_name(std::string_view name);
// Why `name` (normalised first) cannot be a registered player's name; empty when it can.
std::string player_name_problem(std::string_view name);
// The key under which names are unique: `name` (valid UTF-8), normalised, with its
// capitals folded.
std::string name_key(std::string_view name);
// The key under which names are unique by their look (issue 27, issue 48): ICU's confusable
// skeleton of the name as drawn, then case folded with look-alike digits made letters
// (0 o, 1 l, 2 z, 5 s, 6 b, 8 b, 9 g) and skeletoned again, so Cyrillic "Асе" and Latin
// "Ace" share one, as do "PayPaI" and "Paypal", "0lga" and "Olga"; empty when ICU fails.
std::string name_skeleton(std::string_view name);
// What a deleted account keeps of its name (issue 48): a one-way hash of its skeleton,
// "closed:b2:<hex>", stored as that account's name_skeleton so that the name and its
// look-alikes are never given again while the store no longer says what it was; empty for
// an empty skeleton.
std::string closed_name_mark(std::string_view skeleton);
// The name a deleted account's games show ("deleted-<id>"); registration refuses the prefix.
std::string deleted_name(int64_t id);
bool is_deleted_name(std::string_view name);
// True for names of the generated form ("Guest-" then digits), which registration refuses.
bool is_guest_name(std::string_view name);

}  // namespace reversi::server
