// SPDX-License-Identifier: MIT
// Bot accounts (docs/PROTOCOL.md "Bot API"). A bot is a registered account with its flag set;
// the flag is for good, so every game it played was a bot's. An API token is a session of
// the bot: the bridge sends it as `Authorization: Bearer`, which the HTTP session reads as
// the session cookie, so a bot reaches the lobby and its tables by the same code as a person.
#include "server/accounts/accounts.h"

namespace reversi::server {

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

void Accounts::bot_token(const Identity& who, Respond respond) {
    answer_errors(respond, "accounts", [&] {
        const auto it = players_.find(who.player);
        if (it == players_.end() || !it->second.row.bot)
            throw ApiError(ErrorCode::NotAllowed, "only a bot account has API tokens");
        respond(json_reply(200, {{"token", open_session(who.player)}, {"name", who.name}}));
    });
}

}  // namespace reversi::server
