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
// The key under which names are unique by their look (issue 27): ICU's confusable skeleton
// of name_key(name), so Cyrillic "Асе" and Latin "Ace" share one; empty when ICU fails.
std::string name_skeleton(std::string_view name);
// The name a deleted account's games show ("deleted-<id>"); registration refuses the prefix.
std::string deleted_name(int64_t id);
bool is_deleted_name(std::string_view name);
// True for names of the generated form ("Guest-" then digits), which registration refuses.
bool is_guest_name(std::string_view name);

}  // namespace reversi::server
