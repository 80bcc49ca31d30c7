// SPDX-License-Identifier: MIT
// The accounts' HTTP API (docs/SITE.md "Identity"). Every check that needs no password runs
// first and changes nothing; hashing runs on the hashing thread; the caches change only on
// the network thread after it, after checking again what may have changed meanwhile.
// Wrong name and wrong password give the same answer after the same work.
#include <sodium.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "server/accounts/accounts.h"
#include "server/accounts/player_names.h"
#include "server/common/secrets.h"
#include "server/rating/ratings.h"

namespace reversi::server {

namespace {

constexpr int MinPasswordChars = 8;
constexpr int MaxPasswordChars = 200;
constexpr std::size_t MaxLoginNameBytes = 200;
constexpr int ProfileGames = 20;

// Not a libsodium hash string: no password verifies against a deleted account's, and it is no
// guest's (empty).
constexpr const char* DeletedPasswordHash = "!deleted";

json object_body(const std::string& body) {
    json req = parse_json(body);
    if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    return req;
}

// A string field that must be present.
std::string required(const json& req, const char* key) {
    const auto it = req.find(key);
    if (it == req.end() || !it->is_string())
        throw ApiError(ErrorCode::BadRequest,
                       std::string("field \"") + key + "\" must be a string");
    return it->get<std::string>();
}

int chars(std::string_view s) {
    return static_cast<int>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void check_new_password(const std::string& password) {
    const int n = chars(password);
    if (!utf8_valid(password) || n < MinPasswordChars || n > MaxPasswordChars)
        throw ApiError(ErrorCode::BadRequest, "a password has 8 to 200 characters");
}

ApiError bad_login() {
    return ApiError(ErrorCode::BadLogin, "wrong name or password");
}

ApiError logged_in(const std::string& name) {
    return ApiError(ErrorCode::LoggedIn,
                    "you are logged in as " + utf8_safe(name, 80) + "; log out first");
}

}  // namespace

void Accounts::spend_attempt(const std::string& client, const std::string& key,
                             LoginFailureCounts shared) {
    const int64_t now = steady_now();
    const double wait =
        key.empty() ? logins_.wait(client, now) : logins_.wait(client, key, now, shared);
    if (wait > 0)
        throw ApiError(ErrorCode::RateLimited,
                       "too many attempts; try again in " +
                           std::to_string(static_cast<int>(std::ceil(wait))) + " s");
    logins_.attempt(client, now);
}

void Accounts::with_failures(const std::string& client, const std::string& key,
                             std::function<void(LoginFailureCounts)> then) {
    if (!options_.shared_store) return then({});
    auto counts = std::make_shared<LoginFailureCounts>();
    const int64_t since = wall_now() - logins_.limits().window_ms;
    std::weak_ptr<const int> life = life_;
    // A failed read (logged by the queue) counts as none: this node's own count still holds.
    storage_.read([counts, client, key,
                   since](Storage& s) { *counts = s.login_failures(key, client, since); },
                  [life, counts, then = std::move(then)] {
                      if (!life.expired()) then(*counts);
                  });
}

void Accounts::login_failed(const std::string& client, const std::string& key,
                            std::function<void()> then) {
    logins_.failed(client, key, steady_now());
    if (!options_.shared_store) return then();
    const int64_t now = wall_now();
    std::weak_ptr<const int> life = life_;
    storage_.write([key, client, now, forget = now - logins_.limits().window_ms](
                       Storage& s) { s.add_login_failure(key, client, now, forget); },
                   [life, then = std::move(then)](bool) {
                       if (!life.expired()) then();
                   });
}

void Accounts::me(const Identity& who, Respond respond) const {
    if (!who.player)
        return respond(error_reply(ApiError(
            ErrorCode::RateLimited, "too many new visitors from your address; try again later")));
    respond(json_reply(200, me_json(who)));
}

void Accounts::register_player(const Identity& who, const std::string& body,
                               const std::string& client, Respond respond) {
    answer_errors(respond, "accounts", [&] {
        // Said first: no rule of the name or password matters to a registered player.
        if (who.player && !who.guest) throw logged_in(who.name);
        const json req = object_body(body);
        // Kept as checked: in NFC, so "Zoë" is one name however it was typed.
        const std::string name = normalized_name(required(req, "name"));
        const std::string password = required(req, "password");
        if (const std::string why = player_name_problem(name); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        check_new_password(password);
        // Each registration costs a hash: it counts against the address like a login. So does
        // a name_taken answer, or asking name after name would list the players.
        spend_attempt(client, {});
        if (name_taken(name))
            throw ApiError(ErrorCode::NameTaken, "the name " + name + " is taken");
        auto hash = std::make_shared<std::string>();
        off_thread(
            HashClass::Signup, [this, hash, password] { *hash = hash_password(password); },
            [this, hash, name, who, respond] {
                answer_errors(respond, "accounts", [&] {
                    if (hash->empty())
                        throw ApiError(ErrorCode::Internal, "the password could not be hashed");
                    if (name_taken(name))
                        throw ApiError(ErrorCode::NameTaken, "the name " + name + " is taken");
                    // A guest keeps its id, so the games of this browser stay its own; with
                    // no session (or one that ended meanwhile) it is a new player.
                    const auto it = players_.find(who.player);
                    const bool fresh = it == players_.end() || !it->second.guest();
                    StoredPlayer row;
                    if (!fresh) {
                        row = it->second.row;
                    } else if (const std::optional<int64_t> id = take_player_id()) {
                        row.id = *id;
                        row.created = wall_now();
                    } else {
                        throw ApiError(ErrorCode::Unavailable,
                                       "too many new players at once; try again");
                    }
                    row.name = name;
                    row.name_key = name_key(name);
                    row.name_skeleton = name_skeleton(name);
                    row.password_hash = *hash;
                    if (options_.shared_store) return register_shared(row, fresh, respond);
                    // Every registration gets a new session: a guest's old token, which an
                    // attacker may have planted in this browser, ends here.
                    if (!fresh) end_sessions_of(row.id);
                    const std::string cookie = session_cookie(open_session(row.id));
                    registered(row);
                    write([row](Storage& s) { s.save_player(row); });
                    respond(json_reply(200, me_json(identity_of(players_.at(row.id))), cookie));
                });
            });
    });
}

void Accounts::registered(const StoredPlayer& row) {
    if (const auto it = players_.find(row.id); it != players_.end()) forget_names(it->second.row);
    players_[row.id] = Player{row};
    index_names(row);
}

void Accounts::register_shared(const StoredPlayer& row, bool fresh, Respond respond) {
    // Other nodes register too: the store's unique name key decides, so the answer (and the
    // cache) wait for the commit. The new session (a guest's old ones end: they may have been
    // planted) is written in the same transaction.
    const std::string token = random_token();
    const int64_t now = wall_now();
    const StoredSession session{token_hash(token), row.id, now, now};
    std::weak_ptr<const int> life = life_;
    storage_.write(
        [row, session, fresh](Storage& s) {
            // Another node's deleted account may have closed the name (its unique mark is not
            // the skeleton itself): refused as taken.
            if (s.load_player_with_skeleton(closed_name_mark(row.name_skeleton)))
                throw std::runtime_error("the name is closed");
            s.save_player(row);
            if (!fresh) s.delete_sessions_of(row.id, session.token_hash);
            s.save_session(session);
        },
        [this, life, row, session, token, fresh, respond](bool ok) {
            if (life.expired()) return;
            if (ok) {
                if (!fresh) end_sessions_of(row.id, false);
                sessions_[session.token_hash] = Session{session, session.last_seen, steady_now()};
                registered(row);
                return respond(json_reply(200, me_json(identity_of(players_.at(row.id))),
                                          session_cookie(token)));
            }
            // Refused: taken on another node meanwhile, or the store failed.
            auto holder = std::make_shared<std::optional<StoredPlayer>>();
            storage_.read(
                [holder, key = row.name_key, skeleton = row.name_skeleton](Storage& s) {
                    *holder = s.load_player_named(key);
                    if (!*holder) *holder = s.load_player_with_skeleton(skeleton);
                    if (!*holder) *holder = s.load_player_with_skeleton(closed_name_mark(skeleton));
                },
                [this, life, holder, row, respond] {
                    if (life.expired()) return;
                    if (*holder && (*holder)->id != row.id) {
                        return respond(error_reply(
                            ApiError(ErrorCode::NameTaken, "the name " + row.name + " is taken")));
                    }
                    respond(store_failed_reply());
                });
        });
}

void Accounts::login(std::string_view cookie_header, const std::string& body,
                     const std::string& client, Respond respond) {
    answer_errors(respond, "accounts", [&] {
        // A registered player's session logs out first (a guest's is replaced by the login).
        if (Session* s = session_of(cookie_header))
            if (const auto it = players_.find(s->row.player);
                it != players_.end() && !it->second.guest())
                throw logged_in(it->second.row.name);
        const json req = object_body(body);
        LoginTry login{std::string(cookie_header), required(req, "name"), required(req, "password"),
                       client};
        login.readable = login.name.size() <= MaxLoginNameBytes && utf8_valid(login.name);
        // Every node's failures of this name count (a shared store's are read first); then,
        // on a shared store, the player (and its password hash) is read: it may have
        // registered, or changed its password, on another node.
        const std::string key = name_key(utf8_safe(login.name, MaxLoginNameBytes));
        with_failures(client, key, [this, login, key, respond](LoginFailureCounts shared) {
            answer_errors(respond, "accounts", [&] {
                spend_attempt(login.client, key, shared);
                with_player_named(
                    login.readable ? login.name : std::string(), [this, login, respond] {
                        answer_errors(respond, "accounts", [&] { check_login(login, respond); });
                    });
            });
        });
    });
}

void Accounts::check_login(const LoginTry& login, Respond respond) {
    std::string hash;
    int64_t id = 0;
    if (login.readable) {
        if (const auto it = by_key_.find(name_key(login.name)); it != by_key_.end()) {
            id = it->second;
            hash = players_.at(id).row.password_hash;
        }
    }
    const bool plausible = login.password.size() <= 4 * MaxPasswordChars;
    std::string old_session;
    if (Session* s = session_of(login.cookie_header)) old_session = s->row.token_hash;
    auto ok = std::make_shared<bool>(false);
    off_thread(
        HashClass::Login,
        [this, ok, hash, password = login.password, plausible] {
            // The decoy takes the place of a missing hash, so the work is the same.
            const bool match = verify_password(hash.empty() ? decoy_.get() : hash,
                                               plausible ? password : std::string());
            *ok = match && !hash.empty() && plausible;
        },
        [this, ok, id, hash, old_session, login, respond] {
            answer_errors(respond, "accounts", [&] {
                const auto it = players_.find(id);
                // A password changed meanwhile makes the old one wrong.
                // The refusal waits for the failure to be counted on every node.
                if (!*ok || it == players_.end() || it->second.row.password_hash != hash)
                    return login_failed(login.client,
                                        name_key(utf8_safe(login.name, MaxLoginNameBytes)),
                                        [respond] { respond(error_reply(bad_login())); });
                // Only the right password learns of the ban.
                if (gate_ && gate_->banned(id))
                    return respond(
                        error_reply(ApiError(ErrorCode::Banned, "this account is banned for now")));
                if (!old_session.empty() && sessions_.erase(old_session))
                    write([old_session](Storage& s) { s.delete_session(old_session); });
                const std::string cookie = session_cookie(open_session(id));
                respond(json_reply(200, me_json(identity_of(it->second)), cookie));
            });
        });
}

void Accounts::logout(std::string_view cookie_header, Respond respond) {
    if (Session* s = session_of(cookie_header)) {
        const std::string hash = s->row.token_hash;
        sessions_.erase(hash);
        write([hash](Storage& st) { st.delete_session(hash); });
    }
    respond(json_reply(200, {{"ok", true}}, cleared_session_cookie()));
}

void Accounts::change_password(std::string_view cookie_header, const std::string& body,
                               const std::string& client, Respond respond) {
    answer_errors(respond, "accounts", [&] {
        const json req = object_body(body);
        const std::string old_password = required(req, "old");
        const std::string new_password = required(req, "new");
        Session* s = session_of(cookie_header);
        const auto it = s ? players_.find(s->row.player) : players_.end();
        // 403 (docs/SITE.md), although not_allowed is a 400 elsewhere in the protocol.
        if (it != players_.end() && it->second.guest())
            throw ApiError(ErrorCode::Guest, "guests have no password; register to choose one");
        if (it == players_.end())
            return respond(error_reply(
                ApiError(ErrorCode::NotAllowed, "log in to change your password"), 403));
        check_new_password(new_password);
        // A wrong old password counts as a wrong login of the name.
        spend_attempt(client, it->second.row.name_key);
        const PasswordChange change{it->first, s->row.token_hash, old_password, new_password,
                                    client};
        // On a shared store the player is read first: its password may have changed on
        // another node since this one cached it.
        with_player_named(it->second.row.name, [this, change, respond] {
            answer_errors(respond, "accounts", [&] { change_password_of(change, respond); });
        });
    });
}

void Accounts::change_password_of(const PasswordChange& change, Respond respond) {
    const int64_t id = change.id;
    const auto it = players_.find(id);
    if (it == players_.end() || it->second.guest())
        throw ApiError(ErrorCode::BadLogin, "wrong password");
    const std::string hash = it->second.row.password_hash;
    auto fresh = std::make_shared<std::string>();
    off_thread(
        HashClass::Login,
        [this, fresh, hash, change] {
            if (verify_password(hash, change.old_password))
                *fresh = hash_password(change.new_password);
        },
        [this, fresh, id, hash, keep = change.keep, client = change.client, respond] {
            answer_errors(respond, "accounts", [&] {
                const auto it = players_.find(id);
                if (fresh->empty() || it == players_.end() ||
                    it->second.row.password_hash != hash) {
                    if (it != players_.end()) login_failed(client, it->second.row.name_key, [] {});
                    throw ApiError(ErrorCode::BadLogin, "wrong password");
                }
                it->second.row.password_hash = *fresh;
                // Every other session of the player ends: a stolen one stops working.
                std::erase_if(sessions_, [&](const auto& kv) {
                    return kv.second.row.player == id && kv.first != keep;
                });
                write([row = it->second.row, keep](Storage& s) {
                    s.save_player(row);
                    s.delete_sessions_of(row.id, keep);
                });
                respond(json_reply(200, {{"ok", true}}));
            });
        });
}

void Accounts::profile(const std::string& name, Respond respond) {
    // On a shared store the player and its ratings are read first (another node may have
    // made or rated it).
    const bool readable = name.size() <= MaxLoginNameBytes && utf8_valid(name);
    answer_errors(respond, "accounts", [&] {
        with_player_named(readable ? name : std::string(), [this, name, respond] {
            answer_errors(respond, "accounts", [&] { show_profile(name, respond); });
        });
    });
}

void Accounts::show_profile(const std::string& name, Respond respond) {
    const auto who = name.size() <= MaxLoginNameBytes && utf8_valid(name)
                         ? find(name)
                         : std::optional<Identity>();
    if (!who) throw ApiError(ErrorCode::NotFound, "no player " + utf8_safe(name, 60));
    struct Rows {
        PlayerStats stats;
        std::vector<StoredTable> games;
    };
    auto rows = std::make_shared<Rows>();
    const int64_t id = who->player;
    storage_.read(
        [rows, id](Storage& s) {
            rows->stats = s.player_stats(id);
            rows->games = s.player_games(id, ProfileGames);
        },
        [this, rows, who = *who, respond] {
            answer_errors(respond, "accounts", [&] {
                json recent = json::array();
                for (const StoredTable& st : rows->games) {
                    try {
                        const Table t = Table::restore(
                            st.id, json::parse(st.spec), st.created, st.moves,
                            st.result.empty() ? json(nullptr) : json::parse(st.result),
                            steady_now());
                        json game = t.summary();
                        // The profile's own seat (its colour) and the others by name: a
                        // computer by its level, the player by today's name (a guest who
                        // registered played under the guest name).
                        const auto& seats = t.spec().seats;
                        int seat = -1;
                        json opponents = json::array();
                        for (int i = 0; i < static_cast<int>(seats.size()); ++i) {
                            if (seats[i].player == who.player && seat < 0) {
                                seat = i;
                                game["seats"][i]["name"] = who.name;
                            } else if (seats[i].type == SeatType::Computer) {
                                opponents.push_back("computer level " +
                                                    std::to_string(seats[i].level));
                            } else {
                                opponents.push_back(seats[i].name);
                            }
                        }
                        game["seat"] = seat < 0 ? json(nullptr) : json(seat);
                        game["opponents"] = opponents;
                        game["clock"] = clock_spec_json(t.spec().clock);
                        game["rated"] = t.spec().rated;
                        recent.push_back(std::move(game));
                    } catch (const std::exception&) {
                        // A row that no longer reads is left out of the list.
                    }
                }
                const auto& p = players_.at(who.player);
                json body = me_json(who);
                body.erase("id");
                body["online"] = online(who.player);
                body["created"] = p.row.created;
                body["stats"] = {{"games", rows->stats.games},
                                 {"won", rows->stats.won},
                                 {"drawn", rows->stats.drawn},
                                 {"lost", rows->stats.lost}};
                body["recent"] = recent;
                respond(json_reply(200, body));
            });
        });
}

void Accounts::leaderboard(const std::string& pool, int limit, Respond respond) const {
    const auto& all = rating_pools();
    if (std::find(all.begin(), all.end(), pool) == all.end())
        return respond(error_reply(ApiError(ErrorCode::BadRequest, "no rating pool " + pool)));
    limit = std::clamp(limit, 1, 200);
    if (options_.shared_store) {
        // Other nodes rate games too: the leaderboard is the store's.
        auto rows = std::make_shared<std::vector<RankedRating>>();
        return storage_.read(
            [rows, pool, limit](Storage& s) { *rows = s.top_ratings(pool, limit); },
            [rows, pool, respond, gate = gate_] {
                json players = json::array();
                for (const RankedRating& r : *rows) {
                    if (is_deleted_name(r.name) || (gate && gate->unlisted(r.rating.player)))
                        continue;
                    json row = rating_json(r.rating);
                    row.erase("volatility");
                    row["name"] = r.name;
                    players.push_back(row);
                }
                respond(json_reply(200, {{"pool", pool}, {"players", players}}));
            });
    }
    std::vector<const StoredRating*> rows;
    for (const auto& [key, r] : ratings_)
        if (key.second == pool && r.games > 0 && players_.count(r.player) &&
            !is_deleted_name(players_.at(r.player).row.name) &&
            !(gate_ && gate_->unlisted(r.player)))
            rows.push_back(&r);
    // Established players first, each group by rating.
    std::sort(rows.begin(), rows.end(), [](const StoredRating* a, const StoredRating* b) {
        const bool pa = a->rd > ProvisionalRd, pb = b->rd > ProvisionalRd;
        if (pa != pb) return !pa;
        if (a->rating != b->rating) return a->rating > b->rating;
        return a->player < b->player;
    });
    json players = json::array();
    for (const StoredRating* r : rows) {
        if (static_cast<int>(players.size()) >= limit) break;
        json row = rating_json(*r);
        row.erase("volatility");
        row["name"] = players_.at(r->player).row.name;
        row["bot"] = players_.at(r->player).row.bot;
        players.push_back(row);
    }
    respond(json_reply(200, {{"pool", pool}, {"players", players}}));
}

// A player deletes their account (issue 27, docs/SITE.md "Identity"): the password says it is
// them; the games stay under an anonymous name (deleted-<id>, which registration refuses); the
// password and every session go, the player's sockets close and the ratings leave the
// leaderboards. The row stays, so the games keep a player to point at.
void Accounts::delete_account(std::string_view cookie_header, const std::string& body,
                              const std::string& client, Respond respond) {
    answer_errors(respond, "accounts", [&] {
        const json req = object_body(body);
        const std::string password = required(req, "password");
        Session* s = session_of(cookie_header);
        const auto it = s ? players_.find(s->row.player) : players_.end();
        if (it != players_.end() && it->second.guest())
            throw ApiError(ErrorCode::Guest, "a guest has no account to delete");
        if (it == players_.end())
            return respond(
                error_reply(ApiError(ErrorCode::NotAllowed, "log in to delete your account"), 403));
        // A wrong password counts as a wrong login of the name.
        spend_attempt(client, it->second.row.name_key);
        const int64_t id = it->first;
        with_player_named(it->second.row.name, [this, id, password, client, respond] {
            answer_errors(respond, "accounts",
                          [&] { delete_account_of(id, password, client, respond); });
        });
    });
}

void Accounts::delete_account_of(int64_t id, const std::string& password, const std::string& client,
                                 Respond respond) {
    const auto it = players_.find(id);
    if (it == players_.end() || it->second.guest())
        throw ApiError(ErrorCode::BadLogin, "wrong password");
    const std::string hash = it->second.row.password_hash;
    auto right = std::make_shared<bool>(false);
    off_thread(
        HashClass::Login,
        [this, right, hash, password] { *right = verify_password(hash, password); },
        [this, right, id, hash, client, respond] {
            answer_errors(respond, "accounts", [&] {
                const auto it = players_.find(id);
                if (!*right || it == players_.end() || it->second.row.password_hash != hash) {
                    if (it != players_.end()) login_failed(client, it->second.row.name_key, [] {});
                    throw ApiError(ErrorCode::BadLogin, "wrong password");
                }
                StoredPlayer row = it->second.row;
                const std::string old_name = row.name;
                forget_names(row);
                row.name = deleted_name(id);
                row.name_key = name_key(row.name);
                // The old name is never given again (issue 48): the row keeps a one-way mark
                // of its look, not the name itself.
                row.name_skeleton = closed_name_mark(name_skeleton(old_name));
                if (by_skeleton_.count(row.name_skeleton)) row.name_skeleton.clear();
                row.password_hash = DeletedPasswordHash;
                it->second.row = row;
                index_names(row);
                end_sessions_of(id, false);
                // The sockets close and the other nodes are told once the sessions' rows are
                // gone: told earlier, a node could read a session back and take it up again.
                std::weak_ptr<const int> life = life_;
                storage_.write(
                    [row](Storage& s) {
                        s.save_player(row);
                        s.delete_sessions_of(row.id, {});
                    },
                    [this, life, id, old_name, respond](bool ok) {
                        if (life.expired()) return;
                        if (on_deleted_) on_deleted_(id, old_name);
                        if (!ok) return respond(store_failed_reply());
                        respond(json_reply(200, {{"ok", true}}, cleared_session_cookie()));
                    });
            });
        });
}

void Accounts::deleted_elsewhere(int64_t id) {
    const auto it = players_.find(id);
    if (it == players_.end() || it->second.guest()) return;
    StoredPlayer row = it->second.row;
    forget_names(row);
    // As the deleting node wrote it, less the mark of the old name, which the store keeps
    // (its unique index decides a registration on a shared store).
    row.name = deleted_name(id);
    row.name_key = name_key(row.name);
    row.name_skeleton.clear();
    row.password_hash = DeletedPasswordHash;
    it->second.row = row;
    index_names(row);
    end_sessions_of(id, false);
}

}  // namespace reversi::server
