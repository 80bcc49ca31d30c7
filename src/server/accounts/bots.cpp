// SPDX-License-Identifier: MIT
// Bot accounts (docs/PROTOCOL.md "Bot API"). A bot is a registered account with its flag set;
// the flag is for good, so every game it played was a bot's. An API token is a session of
// the bot marked `api`: the bridge sends it as `Authorization: Bearer`, which the HTTP session
// reads as the session cookie, so a bot reaches the lobby and its tables by the same code as a
// person. A bot holds at most MaxBotTokens live tokens, listed by a short id (the start of the
// token's hash, never the token) and revoked by it; only a login, not a token, makes or
// revokes them, so a leaked token cannot replace itself or lock its owner out.
#include <algorithm>
#include <set>

#include "server/accounts/accounts.h"
#include "server/common/secrets.h"

namespace reversi::server {

namespace {

// A token's id: the start of its hash ("b2:" and 16 hex digits), enough to tell a bot's few
// tokens apart, and nothing that opens a session.
std::string token_id(const std::string& token_hash) {
    return token_hash.substr(token_hash.find(':') + 1, 16);
}

json token_json(const StoredSession& s) {
    return {{"id", token_id(s.token_hash)}, {"created", s.created}, {"last_used", s.last_seen}};
}

}  // namespace

void Accounts::become_bot(const Identity& who, Respond respond) {
    answer_errors(respond, "accounts", [&] {
        const auto it = players_.find(who.player);
        if (it == players_.end() || it->second.guest())
            throw ApiError(ErrorCode::Guest, "only a registered player can become a bot");
        for (auto r = ratings_.lower_bound({who.player, std::string()});
             r != ratings_.end() && r->first.first == who.player; ++r)
            if (r->second.games > 0)
                throw ApiError(ErrorCode::NotAllowed,
                               "an account that played rated games cannot become a bot");
        it->second.row.bot = true;
        write([row = it->second.row](Storage& s) { s.save_player(row); });
        respond(json_reply(200, me_json(identity_of(it->second))));
    });
}

void Accounts::require_bot(const Identity& who) const {
    const auto it = players_.find(who.player);
    if (it == players_.end() || !it->second.row.bot)
        throw ApiError(ErrorCode::NotAllowed, "only a bot account has API tokens");
}

void Accounts::with_tokens_of(int64_t player,
                              std::function<void(std::vector<StoredSession>)> then) {
    // The cache holds every session on one node. On a shared store the store is read, after
    // this node's writes queued before the read; the cache adds the tokens made here since
    // (not yet written), but not those it still holds that another node revoked.
    std::set<std::string> cached;
    for (const auto& [hash, s] : sessions_)
        if (s.row.player == player) cached.insert(hash);
    const auto finish = [this, player, then, cached](std::vector<StoredSession> stored) {
        const int64_t now = wall_now();
        for (const auto& [hash, s] : sessions_)
            if (s.row.player == player && !cached.count(hash)) stored.push_back(s.row);
        std::erase_if(stored, [&](const StoredSession& s) {
            return !s.api || now - s.last_seen > SessionLifeMs;
        });
        std::sort(stored.begin(), stored.end(), [](const auto& a, const auto& b) {
            return a.created != b.created ? a.created < b.created : a.token_hash < b.token_hash;
        });
        then(std::move(stored));
    };
    if (!options_.shared_store) {
        std::vector<StoredSession> all;
        for (const std::string& hash : cached) all.push_back(sessions_.at(hash).row);
        return finish(std::move(all));
    }
    auto rows = std::make_shared<std::vector<StoredSession>>();
    std::weak_ptr<const int> life = life_;
    storage_.read([rows, player](Storage& s) { *rows = s.sessions_of(player); },
                  [life, rows, finish] {
                      if (!life.expired()) finish(std::move(*rows));
                  });
}

bool Accounts::by_token(std::string_view cookie_header) {
    const Session* s = session_of(cookie_header);
    return s && s->row.api;
}

void Accounts::bot_token(std::string_view cookie_header, const Identity& who, Respond respond) {
    require_bot(who);
    if (by_token(cookie_header))
        throw ApiError(ErrorCode::NotAllowed, "log in as the bot to make a token");
    with_tokens_of(who.player, [this, who, respond](std::vector<StoredSession> tokens) {
        answer_errors(respond, "accounts", [&] {
            if (static_cast<int>(tokens.size()) >= MaxBotTokens)
                throw ApiError(ErrorCode::TokenLimit, "a bot holds at most " +
                                                          std::to_string(MaxBotTokens) +
                                                          " tokens: revoke one first");
            const std::string token = open_session(who.player, true);
            const Session& made = sessions_.at(token_hash(token));
            json reply = token_json(made.row);
            reply["token"] = token;
            reply["name"] = who.name;
            respond(json_reply(200, reply));
        });
    });
}

void Accounts::bot_tokens(const Identity& who, Respond respond) {
    require_bot(who);
    with_tokens_of(who.player, [respond](std::vector<StoredSession> tokens) {
        json rows = json::array();
        for (const StoredSession& s : tokens) rows.push_back(token_json(s));
        respond(json_reply(200, {{"tokens", rows}, {"max", MaxBotTokens}}));
    });
}

void Accounts::revoke_bot_token(std::string_view cookie_header, const Identity& who,
                                const std::string& id, Respond respond) {
    require_bot(who);
    if (by_token(cookie_header))
        throw ApiError(ErrorCode::NotAllowed, "log in as the bot to revoke a token");
    with_tokens_of(who.player, [this, who, id, respond](std::vector<StoredSession> tokens) {
        answer_errors(respond, "accounts", [&] {
            const auto it = std::find_if(tokens.begin(), tokens.end(), [&](const auto& s) {
                return token_id(s.token_hash) == id;
            });
            if (it == tokens.end()) throw ApiError(ErrorCode::NotFound, "no such token");
            const std::string hash = it->token_hash;
            sessions_.erase(hash);
            // The sockets close and the other nodes are told once the row is gone: told
            // earlier, a node could read the token back from the store and take it up again.
            std::weak_ptr<const int> life = life_;
            storage_.write([hash](Storage& s) { s.delete_session(hash); },
                           [this, life, player = who.player, hash, id, respond](bool ok) {
                               if (life.expired()) return;
                               if (!ok) return respond(store_failed_reply());
                               sessions_.erase(hash);  // if read back meanwhile
                               if (on_revoked_) on_revoked_(player, hash);
                               respond(json_reply(200, {{"revoked", id}}));
                           });
        });
    });
}

void Accounts::revoked_elsewhere(const std::string& token_hash) {
    sessions_.erase(token_hash);
}

void Accounts::trim_bot_tokens(Storage& storage) {
    // Before tokens were counted a bot could hold thousands (issue 48): it keeps the ones it
    // used last.
    std::unordered_map<int64_t, std::vector<const StoredSession*>> by_bot;
    for (const auto& [hash, s] : sessions_)
        if (s.row.api) by_bot[s.row.player].push_back(&s.row);
    std::vector<std::string> gone;
    for (auto& [player, tokens] : by_bot) {
        if (static_cast<int>(tokens.size()) <= MaxBotTokens) continue;
        std::sort(tokens.begin(), tokens.end(), [](const auto* a, const auto* b) {
            return a->last_seen != b->last_seen ? a->last_seen > b->last_seen
                                                : a->token_hash < b->token_hash;
        });
        for (std::size_t i = MaxBotTokens; i < tokens.size(); ++i)
            gone.push_back(tokens[i]->token_hash);
    }
    if (gone.empty()) return;
    try {
        storage.begin();
        for (const std::string& hash : gone) storage.delete_session(hash);
        storage.commit();
    } catch (const std::exception&) {
        storage.rollback();  // they stay, and are trimmed at the next start
        return;
    }
    for (const std::string& hash : gone) sessions_.erase(hash);
}

}  // namespace reversi::server
