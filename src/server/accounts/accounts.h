// SPDX-License-Identifier: MIT
// Players, sessions and ratings (docs/SITE.md "Identity"). Everything is cached in memory,
// loaded once at start and written through the storage queue, so identifying a request is
// a hash-table lookup on the network thread and never waits for the store. Password hashing
// (Argon2id) runs on a worker thread of its own; its result comes back to the network thread,
// which alone touches the caches. Not thread-safe: used from the network thread only.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/accounts/hashing_pool.h"
#include "server/accounts/login_throttle.h"
#include "server/common/identity.h"
#include "server/common/net.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"
#include "server/rating/settlement.h"
#include "server/storage/storage.h"

namespace reversi::server {

struct AccountsOptions {
    // Argon2id cost (libsodium's INTERACTIVE limits by default). Tests may lower them.
    unsigned long long hash_ops = 0;  // 0: crypto_pwhash_OPSLIMIT_INTERACTIVE
    std::size_t hash_memory = 0;      // 0: crypto_pwhash_MEMLIMIT_INTERACTIVE
    LoginLimits logins;               // password attempts per address, failures per name
    double guests_per_minute = 30;    // new guests per address (a burst of twice that)
    // Hashing threads (0: one per core) and the jobs each class (logins, sign-ups) may queue;
    // beyond it a request is answered 503 busy with Retry-After.
    int hash_threads = 0;
    std::size_t hash_queue = 64;
    // A guest with no game and no visit for this long is deleted by the sweep (sweep_guests).
    int64_t guest_expiry_ms = int64_t{30} * 24 * 3600 * 1000;
    // Several nodes share the store (PostgreSQL; docs/MULTINODE.md "Accounts across nodes"):
    // ids come in blocks from the store, unknown sessions and names are looked up there, and
    // cached sessions are checked again once older than session_recheck_ms.
    bool shared_store = false;
    int64_t session_recheck_ms = 10'000;
    int64_t miss_memory_ms = 5'000;  // how long a token the store does not know is not asked
};

// A session cookie to send: the full Set-Cookie value.
std::string session_cookie(const std::string& token);
// The Set-Cookie value that removes the session cookie.
std::string cleared_session_cookie();
// The session token in a Cookie header ("rv_session"), empty when absent or malformed.
std::string session_token(std::string_view cookie_header);
// The device id of a Cookie header (`rv_device`, 32 hex digits), or empty; and the Set-Cookie
// value that gives a browser a device id (sent beside a new session: rating/device_sightings.h).
std::string device_of(std::string_view cookie_header);
std::string device_cookie(const std::string& device);

// A rating as docs/SITE.md writes it ({"rating", "rd", "volatility", "games", "provisional"}).
json rating_json(const StoredRating& rating);
// The live API tokens a bot may hold (docs/PROTOCOL.md "Bot API").
constexpr int MaxBotTokens = 5;

// Provisional while the deviation is above this.
constexpr double ProvisionalRd = 110;

// What the site's moderators decided about a player, as the accounts ask it (the moderation
// module, above the accounts, implements it): a banned player has no session and cannot log
// in; an unlisted one is left off the leaderboards.
class AccessGate {
  public:
    virtual ~AccessGate() = default;
    virtual bool banned(int64_t player) const = 0;
    virtual bool unlisted(int64_t player) const = 0;
};

class Accounts : public RatingCache {
  public:
    Accounts(net::io_context& ioc, StorageQueue& storage, AccountsOptions options = {});
    ~Accounts() override;
    Accounts(const Accounts&) = delete;
    Accounts& operator=(const Accounts&) = delete;

    // Loads players, sessions and ratings (call once, before serving). Throws when the store
    // does not read: serving without the accounts would hand out duplicate ids.
    void restore(Storage& storage);

    // Makes the session of a Cookie header known before identify(): on a shared store a token
    // not cached, or cached and not checked for session_recheck_ms, is read from the store
    // (session, player, ratings) on the storage thread; `then` runs on the network thread
    // afterwards, or at once when nothing needs reading (always on a one-node store).
    void resolve(std::string_view cookie_header, std::function<void()> then);

    // The identity of a Cookie header (player 0 when it holds no live session).
    Identity identify(std::string_view cookie_header);
    // `current`, or when it has no player a new guest with a session; `set_cookie` is then
    // the Set-Cookie value to send. Too many new guests from `client` give player 0.
    struct Ensured {
        Identity identity;
        std::string set_cookie;
    };
    Ensured ensure(const Identity& current, const std::string& client);

    // HTTP API (docs/SITE.md); each answers through `respond`, possibly later.
    void me(const Identity& who, Respond respond) const;
    void register_player(const Identity& who, const std::string& body, const std::string& client,
                         Respond respond);
    void login(std::string_view cookie_header, const std::string& body, const std::string& client,
               Respond respond);
    void logout(std::string_view cookie_header, Respond respond);
    void change_password(std::string_view cookie_header, const std::string& body,
                         const std::string& client, Respond respond);
    // POST /api/account/delete {"password"}: the caller's account ends, its games stay.
    void delete_account(std::string_view cookie_header, const std::string& body,
                        const std::string& client, Respond respond);
    void profile(const std::string& name, Respond respond);
    void leaderboard(const std::string& pool, int limit, Respond respond) const;
    // The bot API's accounts (accounts/bots.cpp; docs/PROTOCOL.md "Bot API"): a registered
    // player with no rated game makes its account a bot, for good; a bot's owner (logged in
    // as it, not by a token) makes API tokens, each a session of the bot that never needs a
    // cookie, at most MaxBotTokens live at once, lists them and revokes one by its id.
    void become_bot(const Identity& who, Respond respond);
    void bot_token(std::string_view cookie_header, const Identity& who, Respond respond);
    void bot_tokens(const Identity& who, Respond respond);
    void revoke_bot_token(std::string_view cookie_header, const Identity& who,
                          const std::string& id, Respond respond);

    // Who is banned or unlisted (null: nobody; set before serving).
    void set_gate(const AccessGate* gate) { gate_ = gate; }
    // Told the id and the former name of each player who deleted their account, once the
    // account row says deleted-<id>: their sockets close, and the tables, chat and
    // tournaments that name them are rewritten (issue 48).
    using DeletedListener = std::function<void(int64_t player, const std::string& old_name)>;
    void on_deleted(DeletedListener listener) { on_deleted_ = std::move(listener); }
    // Tells the listener of the accounts deleted before issue 48, which restore() found with
    // their old name still on their tables (call once, after on_deleted, before serving).
    void announce_earlier_deletions();
    // Told the id of each bot whose API token was revoked, and the token's hash: its sockets
    // close, on this node and (told through the lobby bus) on the others, so none opened with
    // that token goes on (those of its other tokens connect again).
    using RevokedListener = std::function<void(int64_t player, const std::string& token_hash)>;
    void on_revoked(RevokedListener listener) { on_revoked_ = std::move(listener); }
    // Another node revoked the token of this hash: this node's cache forgets it at once rather
    // than at its next check of the session (docs/MULTINODE.md "Accounts across nodes").
    void revoked_elsewhere(const std::string& token_hash);
    // Another node deleted the account of `player`: this node's cache names it deleted-<id>
    // and forgets its sessions at once.
    void deleted_elsewhere(int64_t player);
    // Ends every session of `player`, in the cache and the store (a ban).
    void close_sessions(int64_t player) { end_sessions_of(player); }

    // The me object: {"id", "name", "guest", "ratings": {pool: rating}}.
    json me_json(const Identity& who) const;
    // A player by name (ignoring case), or nothing.
    std::optional<Identity> find(std::string_view name) const;
    // A player by id, or nothing.
    std::optional<Identity> player(int64_t id) const;

    // Deletes guests idle past guest_expiry_ms (with no game, not online) now and then every
    // `every`, from the store and the caches (issue 27, finding 11). The server starts it;
    // tests call expire_guests.
    void sweep_guests(std::chrono::milliseconds every);
    void expire_guests();

    // Open sockets per player (tables and lobby), fed by their subscribe and unsubscribe.
    void connected(int64_t player, int delta);
    bool online(int64_t player) const;
    // Players with at least one open socket.
    int online_count() const { return static_cast<int>(online_.size()); }

    // The player's rating in `pool` (the starting rating when none is stored).
    StoredRating rating(int64_t player, const std::string& pool) const override;
    // Replaces the cached rating (the caller writes it to the store in its own commit).
    void set_rating(const StoredRating& rating) override;
    // Whether several nodes share the store (then a rated end re-reads stored ratings).
    bool shared_store() const override { return options_.shared_store; }
    // A function that any thread may call with ratings just saved: they replace the cached
    // ones on the network thread.
    std::function<void(const std::vector<StoredRating>&)> rating_sink() override;

  private:
    struct Player {
        StoredPlayer row;
        bool guest() const { return row.password_hash.empty(); }
    };
    struct Session {
        StoredSession row;
        int64_t saved_seen = 0;  // last_seen as last written to the store
        int64_t checked = 0;     // steady ms of the last read from a shared store
    };
    // What a look-up in a shared store found (accounts/nodes.cpp).
    struct Found {
        bool read = false;  // false: the store failed, nothing learnt
        std::optional<StoredSession> session;
        std::optional<StoredPlayer> player;
        std::vector<StoredRating> ratings;
    };

    Identity identity_of(const Player& p) const;
    int64_t wall_now() const;
    int64_t steady_now() const;
    // Creates a session for `player` (cached and written), a bot's API token with `api`;
    // returns its token.
    std::string open_session(int64_t player, bool api = false);
    // Bots (accounts/bots.cpp): throws not_allowed unless `who` is a bot; whether the session
    // of a Cookie header is an API token; `then` with the bot's live tokens, oldest first
    // (read from the store first when it is shared); at start, a bot holding more than
    // MaxBotTokens keeps those it used last.
    void require_bot(const Identity& who) const;
    bool by_token(std::string_view cookie_header);
    void with_tokens_of(int64_t player, std::function<void(std::vector<StoredSession>)> then);
    void trim_bot_tokens(Storage& storage);
    // Ends every session of `player` in the cache and, with `store`, in the store.
    void end_sessions_of(int64_t player, bool store = true);
    void write(std::function<void(Storage&)> op);
    // Runs `work` on a hashing thread in class `cls` and then `done` on the network thread;
    // throws busy when that class's queue is full.
    void off_thread(HashClass cls, std::function<void()> work, std::function<void()> done);
    // A hash of `password` at the configured cost, or empty when hashing failed.
    std::string hash_password(const std::string& password) const;
    bool verify_password(const std::string& hash, const std::string& password) const;
    // Spends one password attempt of `client` on the account `key` (a name_key; empty for a
    // sign-up); throws rate_limited when LoginThrottle says wait. `shared`: the failures a
    // shared store counted (with_failures).
    void spend_attempt(const std::string& client, const std::string& key,
                       LoginFailureCounts shared = {});
    // On a shared store, reads the failures of (`key`, `client`) from the store first, so
    // every node's count applies; on one node `then` runs at once with none.
    void with_failures(const std::string& client, const std::string& key,
                       std::function<void(LoginFailureCounts)> then);
    // A wrong password of `key` from `client`: counted here and, on a shared store, stored;
    // `then` runs once it is (at once on one node).
    void login_failed(const std::string& client, const std::string& key,
                      std::function<void()> then);
    std::string new_guest_name(int64_t id);
    Session* session_of(std::string_view cookie_header);

    // Across nodes (accounts/nodes.cpp). A new player's id: the next of the reserved block on
    // a shared store (nothing while a refill is still on its way), else the next number.
    std::optional<int64_t> take_player_id();
    void refill_ids();
    // On a shared store, reads the player of `name` (and its ratings) into the cache first.
    void with_player_named(const std::string& name, std::function<void()> then);
    // Puts a player read from the store into the cache, replacing its row and ratings.
    void remember(const StoredPlayer& player, const std::vector<StoredRating>& ratings);
    void apply_lookup(const std::string& token_hash, const Found& found);
    // The parts of the HTTP API that run after a look-up (accounts/http.cpp).
    void registered(const StoredPlayer& row);
    // True when `name` (checked, NFC) or a name that looks like it belongs to a player.
    bool name_taken(const std::string& name) const;
    // The cache's names of `row`, which is (or was) player row.id: dropped and set.
    void forget_names(const StoredPlayer& row);
    void index_names(const StoredPlayer& row);
    // Rows whose skeleton is not today's name_skeleton (migration 15's rows have none; issue
    // 48 changed the function): each gets its own unless a lower id has it. A deleted
    // account's closed mark stays as it is.
    void fill_skeletons(Storage& storage);
    // Accounts deleted before issue 48 kept no mark and left their name on their tables: the
    // name is read back from a seat of theirs, closed, and kept for
    // announce_earlier_deletions (without it, for chat, when a live account has it again).
    void close_earlier_deletions(Storage& storage);
    void register_shared(const StoredPlayer& row, bool fresh, Respond respond);
    struct LoginTry {
        std::string cookie_header, name, password, client;
        bool readable = false;
    };
    void check_login(const LoginTry& login, Respond respond);
    void show_profile(const std::string& name, Respond respond);
    struct PasswordChange {
        int64_t id = 0;
        std::string keep, old_password, new_password, client;
    };
    void change_password_of(const PasswordChange& change, Respond respond);
    void delete_account_of(int64_t id, const std::string& password, const std::string& client,
                           Respond respond);
    // Writes a session's last_seen (never re-creating one another node deleted).
    void save_seen(const StoredSession& row);

    net::io_context& ioc_;
    StorageQueue& storage_;
    AccountsOptions options_;
    std::unordered_map<int64_t, Player> players_;
    std::unordered_map<std::string, int64_t> by_key_;       // name_key -> id
    std::unordered_map<std::string, int64_t> by_skeleton_;  // name_skeleton -> id
    std::unordered_map<std::string, Session> sessions_;     // token hash -> session
    std::map<std::pair<int64_t, std::string>, StoredRating> ratings_;
    std::unordered_map<int64_t, int> online_;
    int64_t next_id_ = 1;
    // Shared store: reserved blocks of ids [first, end), and whether a refill is queued.
    std::deque<std::pair<int64_t, int64_t>> id_blocks_;
    bool refilling_ = false;
    // Shared store: tokens (hashed) being looked up, with what waits on each; and tokens the
    // store did not know, with the steady ms until which they are not asked again.
    std::unordered_map<std::string, std::vector<std::function<void()>>> lookups_;
    std::unordered_map<std::string, int64_t> misses_;
    std::unique_ptr<net::steady_timer> guest_sweep_;
    LoginThrottle logins_;
    RateLimiter guests_by_address_;
    int64_t guests_pruned_ = 0;  // steady ms of its last prune
    const AccessGate* gate_ = nullptr;
    DeletedListener on_deleted_;
    std::vector<std::pair<int64_t, std::string>> earlier_deletions_;  // id, old name
    RevokedListener on_revoked_;
    // A hash verified against when the name is unknown or a guest's, so a wrong name costs
    // the same time as a wrong password. Made once at start; read on the hashing threads.
    std::shared_future<std::string> decoy_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
    // Declared last: destroyed (joined) first, while everything its jobs touch still exists.
    std::unique_ptr<HashingPool> workers_;
};

}  // namespace reversi::server
