// SPDX-License-Identifier: MIT
// Games found farmed (docs/SITE.md "Moderation"): a moderator takes back the rating changes of
// given finished rated games. The changes are those each game stored (rating/reversal.h: the
// exact delta), applied to the cached ratings at once and written with the games' marks and
// the audit entries in one transaction; a game already taken back fails the whole write, and
// the cache is put back, so a game is never taken back twice.
#include <memory>
#include <stdexcept>

#include "server/moderation/moderation.h"
#include "server/rating/ratings.h"
#include "server/rating/reversal.h"
#include "server/table/table.h"

namespace reversi::server {

namespace {

constexpr std::size_t MaxGamesReversed = 50;

}  // namespace

void Moderation::reverse_games(const Identity& who, const std::string& body, Respond respond) {
    require_moderator(who);
    const json req = parse_json(body);
    if (!req.is_object() || !req.contains("games") || !req["games"].is_array() ||
        req["games"].empty() || req["games"].size() > MaxGamesReversed)
        throw ApiError(ErrorCode::BadRequest, "\"games\" lists 1 to 50 table ids");
    std::vector<std::string> ids;
    for (const json& id : req["games"]) {
        if (!id.is_string() || id.get_ref<const std::string&>().empty() ||
            id.get_ref<const std::string&>().size() > 64)
            throw ApiError(ErrorCode::BadRequest, "\"games\" lists table ids");
        ids.push_back(id.get<std::string>());
    }
    const std::string reason = moderator_reason(req);
    auto read = std::make_shared<FarmedGames>();
    std::weak_ptr<const int> life = life_;
    storage_.read(
        [read, ids](Storage& s) {
            for (const std::string& id : ids) {
                auto row = s.load(id);
                if (row && row->status == "finished" && !row->result.empty() &&
                    !s.ratings_reversed(id))
                    read->tables.push_back(std::move(*row));
                else
                    read->skipped.push_back(id);
            }
        },
        [this, life, read, who, reason, respond] {
            if (life.expired()) return;
            answer_errors(respond, "moderation", [&] { take_back(who, reason, *read, respond); });
        });
}

void Moderation::take_back(const Identity& who, const std::string& reason, const FarmedGames& games,
                           Respond respond) {
    json reversed = json::array();
    json skipped = games.skipped;
    std::vector<StoredRating> before, after;
    std::vector<AuditEntry> entries;
    std::vector<std::string> marked;
    const int64_t at = now();
    for (const StoredTable& row : games.tables) {
        const Table table = Table::restore(row.id, json::parse(row.spec), row.created, row.moves,
                                           json::parse(row.result), at);
        const auto pool = rating_pool(table.spec().setup, table.spec().clock);
        const json result = table.result_json();
        const auto deltas =
            stored_deltas(result.is_object() ? result.value("ratings", json()) : json());
        if (!pool || deltas.empty()) {
            skipped.push_back(row.id);  // not rated: nothing to take back
            continue;
        }
        json players = json::array();
        std::string detail = "table " + row.id + ":";
        for (const auto& [seat, delta] : deltas) {
            if (seat < 0 || seat >= static_cast<int>(table.spec().seats.size())) continue;
            const int64_t player = table.spec().seats[seat].player;
            if (player == 0) continue;
            const StoredRating now_rating = accounts_.rating(player, *pool);
            before.push_back(now_rating);
            after.push_back(without_change(now_rating, delta));
            accounts_.set_rating(after.back());
            players.push_back({{"player", name_of(player)},
                               {"pool", *pool},
                               {"delta", -delta},
                               {"rating", after.back().rating},
                               {"games", after.back().games}});
            detail += " " + name_of(player) + " " + std::to_string(-delta);
        }
        marked.push_back(row.id);
        entries.push_back({0, at, who.player, "reverse_game", 0, detail, reason});
        reversed.push_back({{"table", row.id}, {"players", players}});
    }
    if (marked.empty())
        return respond(json_reply(200, {{"reversed", reversed}, {"skipped", skipped}}));
    std::weak_ptr<const int> life = life_;
    storage_.write(
        [marked, after, entries](Storage& s) {
            for (const std::string& id : marked)
                if (!s.mark_reversed(id))
                    throw std::runtime_error("table " + id + " was taken back meanwhile");
            for (const StoredRating& r : after) s.save_rating(r);
            for (const AuditEntry& e : entries) s.add_audit(e);
        },
        [this, life, before, reversed, skipped, respond](bool ok) {
            if (life.expired()) return;
            if (!ok) {
                // Put back in the reverse order, so a player in two games ends where he began.
                for (auto it = before.rbegin(); it != before.rend(); ++it)
                    accounts_.set_rating(*it);
                return respond(error_reply(
                    ApiError(ErrorCode::Unavailable, "nothing was taken back; try again")));
            }
            respond(json_reply(200, {{"reversed", reversed}, {"skipped", skipped}}));
        });
}

}  // namespace reversi::server
