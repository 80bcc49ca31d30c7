// SPDX-License-Identifier: MIT
// The line-oriented scripts both server harnesses read, and the HTTP calls they share.
// A script is lines separated by '\n'; each HTTP line is a verb, a space and its arguments:
//   create BODY            POST /api/tables
//   join REF BODY          POST /api/tables/REF/join
//   table REF              GET /api/tables/REF
//   game REF               GET /api/games/REF
//   export REF FORMAT      GET /api/games/REF/export?format=FORMAT
//   games LIMIT OFFSET     GET /api/games?limit=..&offset=..
//   tables                 GET /api/tables
// REF is "$" (the last table created), "$N" (the N-th, counting from 0, wrapping) or any
// literal id. Computer seats are kept to levels 1-2 (a level 3-10 or missing level in a
// create body that parses is rewritten) so that an input stays fast.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/ggf.h"
#include "core/notation.h"
#include "hub_support.h"

namespace reversi::fuzz {

inline std::vector<std::string_view> split_lines(std::string_view text, size_t max_lines) {
    std::vector<std::string_view> out;
    while (out.size() < max_lines) {
        const size_t nl = text.find('\n');
        out.push_back(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return out;
}

// Splits off the first space-separated word.
inline std::string_view next_word(std::string_view& rest) {
    const size_t sp = rest.find(' ');
    const std::string_view word = rest.substr(0, sp);
    rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
    return word;
}

// Rewrites computer levels 3-10 (and missing ones, which default to 5) to 1 or 2.
inline std::string tame_levels(const std::string& body) {
    json j;
    try {
        j = json::parse(body);
    } catch (...) {
        return body;
    }
    if (!j.is_object()) return body;
    const auto seats = j.find("seats");
    if (seats == j.end() || !seats->is_array()) return body;
    bool changed = false;
    for (json& s : *seats) {
        if (!s.is_object()) continue;
        const auto type = s.find("type");
        if (type == s.end() || *type != "computer") continue;
        const auto level = s.find("level");
        if (level == s.end() || level->is_null()) {
            s["level"] = 1;
            changed = true;
        } else if (level->is_number_integer()) {
            const int64_t v = level->get<int64_t>();
            if (v >= 3 && v <= 10) {
                s["level"] = 1 + v % 2;
                changed = true;
            }
        }
    }
    return changed ? j.dump() : body;
}

class HttpClient {
  public:
    explicit HttpClient(HubFixture& fx) : fx_(fx) {}

    struct Created {
        std::string id;
        std::string token;
        json seat;
    };
    std::vector<Created> created;

    std::string resolve(std::string_view ref) const {
        if (!ref.empty() && ref[0] == '$' && !created.empty()) {
            if (ref.size() == 1) return created.back().id;
            const size_t n = std::strtoul(std::string(ref.substr(1)).c_str(), nullptr, 10);
            return created[n % created.size()].id;
        }
        return std::string(ref);
    }

    // One call; the hub runs until it is answered (an answer given at once needs no run).
    // Every call must be answered exactly once: checked here and again by finish().
    server::Reply call(const std::string& what, const std::function<void(server::Respond)>& start) {
        auto replies = std::make_shared<std::vector<server::Reply>>();
        calls_.push_back({what, replies});
        into_hub(what,
                 [&] { start([replies](server::Reply r) { replies->push_back(std::move(r)); }); });
        if (replies->empty()) into_hub(what + " (running the hub)", [&] { fx_.drain(); });
        HUB_CHECK(replies->size() == 1,
                  what + ": answered " + std::to_string(replies->size()) + " times");
        return replies->front();
    }

    // Runs the hub until idle and checks that no call was answered twice.
    void finish() {
        into_hub("running the hub", [&] { fx_.drain(); });
        for (const auto& [what, replies] : calls_)
            HUB_CHECK(replies->size() == 1,
                      what + ": answered " + std::to_string(replies->size()) + " times");
    }

    // The table's state as GET /api/tables/ID gives it (without the running clock), or null.
    json state_of(const std::string& id) {
        const server::Reply r =
            call("get_table", [&](server::Respond res) { fx_.hub().get_table(id, res); });
        const json j = check_reply(r, "get_table");
        return r.status == 200 ? steady_state(j) : json(nullptr);
    }

    json list_tables() {
        const server::Reply r =
            call("list_tables", [&](server::Respond res) { fx_.hub().list_tables(res); });
        const json j = check_reply(r, "list_tables");
        HUB_CHECK(r.status == 200 && j.contains("tables") && j["tables"].is_array(),
                  "list_tables: " + r.body);
        return j;
    }

    // Creates a table; on success remembers its id and the creator's token.
    std::optional<Created> create(const std::string& raw_body) {
        const std::string body = tame_levels(raw_body);
        fx_.note_text(body);
        const json tables_before = list_tables();
        const size_t live_before = fx_.hub().live_tables();
        const server::Reply r =
            call("create_table", [&](server::Respond res) { fx_.hub().create_table(body, res); });
        const json j = check_reply(r, "create_table");
        if (r.status != 200) {
            HUB_CHECK(fx_.hub().live_tables() == live_before && list_tables() == tables_before,
                      "a refused create changed the tables: " + r.body);
            return std::nullopt;
        }
        HUB_CHECK(j.contains("table") && j["table"].is_string() && j.contains("table_state") &&
                      j["table_state"].is_object() &&
                      j["table_state"].value("id", "") == j["table"],
                  "create_table reply: " + r.body);
        Created c{
            j["table"].get<std::string>(),
            j.contains("token") && j["token"].is_string() ? j["token"].get<std::string>() : "",
            j.value("seat", json(nullptr))};
        HUB_CHECK(!state_of(c.id).is_null(), "a created table is not found: " + c.id);
        created.push_back(c);
        return c;
    }

    // Joins; a refused join must leave the table as it was. Returns the token on success.
    std::optional<std::string> join(const std::string& id, const std::string& body) {
        const json before = state_of(id);
        const server::Reply r =
            call("join_table", [&](server::Respond res) { fx_.hub().join_table(id, body, res); });
        const json j = check_reply(r, "join_table");
        if (r.status != 200) {
            HUB_CHECK(state_of(id) == before, "a refused join changed table " + id + ": " + r.body);
            return std::nullopt;
        }
        HUB_CHECK(!before.is_null(), "joined a table that was not found");
        HUB_CHECK(j.contains("seat") && j["seat"].is_number_integer() && j.contains("token") &&
                      j["token"].is_string(),
                  "join_table reply: " + r.body);
        return j["token"].get<std::string>();
    }

    void get_game(const std::string& id) {
        const server::Reply r =
            call("get_game", [&](server::Respond res) { fx_.hub().get_game(id, res); });
        const json j = check_reply(r, "get_game");
        if (r.status == 200)
            HUB_CHECK(j.value("id", "") == id && j.contains("moves") && j["moves"].is_array(),
                      "get_game reply: " + r.body);
    }

    void export_game(const std::string& id, const std::string& format) {
        const server::Reply r = call(
            "export_game", [&](server::Respond res) { fx_.hub().export_game(id, format, res); });
        check_reply(r, "export_game");
        if (r.status != 200 || format != "ggf") return;
        // The GGF export reads back (core's reader) to the game's moves.
        core::GgfRecord record = [&] {
            try {
                return core::parse_ggf(r.body);
            } catch (const std::exception& e) {
                hub_fail(__FILE__, __LINE__,
                         std::string("exported GGF does not read: ") + e.what() + "\n" + r.body);
            }
        }();
        const server::Reply g =
            call("get_game", [&](server::Respond res) { fx_.hub().get_game(id, res); });
        const json game = check_reply(g, "get_game");
        json moves = json::array();
        for (core::Square sq : record.game.moves())
            moves.push_back(core::square_name(record.game.variant().geometry(), sq));
        // A free-opening game is written from the position after its placements (up to 4).
        const bool tail = game["moves"].is_array() && moves.size() <= game["moves"].size() &&
                          game["moves"].size() - moves.size() <= 4 &&
                          std::equal(moves.begin(), moves.end(),
                                     game["moves"].end() - static_cast<std::ptrdiff_t>(moves.size()));
        HUB_CHECK(g.status == 200 && (game["moves"] == moves || tail),
                  "exported GGF has other moves than the game: " + r.body + "\n" + g.body);
    }

    void list_games(int limit, int offset) {
        const server::Reply r = call(
            "list_games", [&](server::Respond res) { fx_.hub().list_games(limit, offset, res); });
        const json j = check_reply(r, "list_games");
        HUB_CHECK(r.status == 200 && j.contains("games") && j["games"].is_array(),
                  "list_games: " + r.body);
    }

    // Runs one HTTP line; false when the verb is not an HTTP one.
    bool run_line(std::string_view line) {
        std::string_view rest = line;
        const std::string_view verb = next_word(rest);
        if (verb == "create") {
            create(std::string(rest));
        } else if (verb == "join") {
            const std::string id = resolve(next_word(rest));
            join(id, std::string(rest));
        } else if (verb == "table") {
            state_of(resolve(rest));
        } else if (verb == "game") {
            get_game(resolve(rest));
        } else if (verb == "export") {
            const std::string id = resolve(next_word(rest));
            export_game(id, std::string(rest));
        } else if (verb == "games") {
            const int limit = std::atoi(std::string(next_word(rest)).c_str());
            list_games(limit, std::atoi(std::string(rest).c_str()));
        } else if (verb == "tables") {
            list_tables();
        } else {
            return false;
        }
        return true;
    }

  private:
    HubFixture& fx_;
    std::vector<std::pair<std::string, std::shared_ptr<std::vector<server::Reply>>>> calls_;
};

// Runs one input: a fresh hub and client for `script(fx, client, lines)`, then the hub runs
// until idle and every call must have been answered once. Inputs over 16 KiB are skipped.
template <class Script>
void run_script(const uint8_t* data, size_t size, size_t max_lines, Script script) {
    if (size > 16 * 1024) return;
    current_input() = as_text(data, size);
    HubFixture fx;
    HttpClient client(fx);
    script(fx, client, split_lines(current_input(), max_lines));
    client.finish();
}

}  // namespace reversi::fuzz
