// SPDX-License-Identifier: MIT
// The accounts' caches, sessions and guests. A change is applied to the cache at once (later
// requests see it) and queued to the store; on one node the store is only read at start (a
// shared store is also read on misses: accounts/nodes.cpp). Sessions' last_seen is written at
// most once an hour, so browsing costs no writes.
#include "server/accounts/accounts.h"

#include <sodium.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <unordered_map>
#include <utility>

#include "server/accounts/player_names.h"
#include "server/common/secrets.h"

namespace reversi::server {

namespace {

constexpr std::string_view CookieName = "rv_session";
constexpr int64_t SessionLifeMs = int64_t{365} * 24 * 3600 * 1000;
constexpr int64_t SeenWriteMs = int64_t{3600} * 1000;

bool is_token(std::string_view s) {
    return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

}  // namespace

std::string session_cookie(const std::string& token) {
    return std::string(CookieName) + "=" + token +
           "; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000";
}

std::string cleared_session_cookie() {
    // Built by appending: GCC 12 warns (falsely) on a temporary string plus a long literal.
    std::string out(CookieName);
    out += "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0";
    return out;
}

namespace {

// The value of the first well-formed `name` token in "a=1; rv_session=abc; b=2", or empty.
std::string cookie_token(std::string_view header, std::string_view name) {
    size_t pos = 0;
    while (pos < header.size()) {
        size_t end = header.find(';', pos);
        if (end == std::string_view::npos) end = header.size();
        std::string_view pair = header.substr(pos, end - pos);
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        while (!pair.empty() && pair.back() == ' ') pair.remove_suffix(1);
        if (pair.size() > name.size() && pair.substr(0, name.size()) == name &&
            pair[name.size()] == '=') {
            const std::string_view value = pair.substr(name.size() + 1);
            if (is_token(value)) return std::string(value);
        }
        pos = end + 1;
    }
    return {};
}

constexpr std::string_view DeviceCookieName = "rv_device";

}  // namespace

std::string device_of(std::string_view header) {
    return cookie_token(header, DeviceCookieName);
}

std::string device_cookie(const std::string& device) {
    return std::string(DeviceCookieName) + "=" + device +
           "; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000";
}

std::string session_token(std::string_view header) {
    return cookie_token(header, CookieName);
}

json rating_json(const StoredRating& r) {
    const auto round1 = [](double v) { return std::round(v * 10) / 10; };
    return {{"rating", round1(r.rating)},
            {"rd", round1(r.rd)},
            {"volatility", std::round(r.volatility * 1e6) / 1e6},
            {"games", r.games},
            {"provisional", r.rd > ProvisionalRd}};
}

Accounts::Accounts(net::io_context& ioc, StorageQueue& storage, AccountsOptions options)
    : ioc_(ioc),
      storage_(storage),
      options_(options),
      logins_(options.logins),
      guests_by_address_(options.guests_per_minute, 2 * options.guests_per_minute),
      workers_(std::make_unique<HashingPool>(options.hash_threads, options.hash_queue)) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot start");
    if (!options_.hash_ops) options_.hash_ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    if (!options_.hash_memory) options_.hash_memory = crypto_pwhash_MEMLIMIT_INTERACTIVE;
    // Made beside the start-up; the first verification that needs it waits for it.
    decoy_ =
        std::async(std::launch::async, [this] { return hash_password(random_token()); }).share();
}

Accounts::~Accounts() {
    workers_.reset();
}

void Accounts::restore(Storage& storage) {
    const int64_t now = wall_now();
    for (StoredPlayer& p : storage.players()) {
        next_id_ = std::max(next_id_, p.id + 1);
        index_names(p);
        const int64_t id = p.id;
        players_[id] = Player{std::move(p)};
    }
    fill_skeletons(storage);
    close_earlier_deletions(storage);
    for (StoredSession& s : storage.sessions()) {
        if (!players_.count(s.player) || now - s.last_seen > SessionLifeMs) continue;
        const std::string key = s.token_hash;
        sessions_[key] = Session{std::move(s), 0, steady_now()};
        sessions_[key].saved_seen = sessions_[key].row.last_seen;
    }
    trim_bot_tokens(storage);
    for (const StoredRating& r : storage.ratings()) ratings_[{r.player, r.pool}] = r;
    // The first block now, so the first guests never wait for one.
    if (options_.shared_store) id_blocks_.push_back(storage.reserve_player_ids());
}

int64_t Accounts::wall_now() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

int64_t Accounts::steady_now() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void Accounts::write(std::function<void(Storage&)> op) {
    storage_.write(std::move(op), [](bool ok) {
        if (!ok) std::cerr << "accounts: a write to the store failed\n";
    });
}

void Accounts::off_thread(HashClass cls, std::function<void()> work, std::function<void()> done) {
    std::weak_ptr<const int> life = life_;
    const bool queued = workers_->submit(
        cls, [this, life, work = std::move(work), done = std::move(done)]() mutable {
            work();
            net::post(ioc_, [life, done = std::move(done)] {
                if (!life.expired()) done();
            });
        });
    if (!queued) throw ApiError(ErrorCode::Busy, "too many passwords to check at once; try again");
}

std::string Accounts::hash_password(const std::string& password) const {
    std::string out(crypto_pwhash_STRBYTES, '\0');
    if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), options_.hash_ops,
                              options_.hash_memory, crypto_pwhash_ALG_ARGON2ID13) != 0)
        return {};
    out.resize(std::char_traits<char>::length(out.c_str()));
    return out;
}

bool Accounts::verify_password(const std::string& hash, const std::string& password) const {
    if (hash.empty()) return false;
    return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

Identity Accounts::identity_of(const Player& p) const {
    return {p.row.id, p.row.name, p.guest(), p.row.bot};
}

Accounts::Session* Accounts::session_of(std::string_view cookie_header) {
    const std::string token = session_token(cookie_header);
    if (token.empty()) return nullptr;
    const auto it = sessions_.find(token_hash(token));
    if (it == sessions_.end()) return nullptr;
    const int64_t now = wall_now();
    if (now - it->second.row.last_seen > SessionLifeMs) return nullptr;
    return &it->second;
}

Identity Accounts::identify(std::string_view cookie_header) {
    Session* s = session_of(cookie_header);
    if (!s) return {};
    const auto p = players_.find(s->row.player);
    if (p == players_.end()) return {};
    // A session made before a ban (on another node, or before the ban reached it) is no key.
    if (gate_ && gate_->banned(s->row.player)) return {};
    const int64_t now = wall_now();
    s->row.last_seen = now;
    if (now - s->saved_seen >= SeenWriteMs) {
        s->saved_seen = now;
        save_seen(s->row);
    }
    return identity_of(p->second);
}

std::string Accounts::open_session(int64_t player, bool api) {
    const std::string token = random_token();
    const int64_t now = wall_now();
    Session s{{token_hash(token), player, now, now, api}, now, steady_now()};
    sessions_[s.row.token_hash] = s;
    write([row = s.row](Storage& st) { st.save_session(row); });
    return token;
}

void Accounts::end_sessions_of(int64_t player, bool store) {
    std::erase_if(sessions_, [&](const auto& kv) { return kv.second.row.player == player; });
    if (store) write([player](Storage& s) { s.delete_sessions_of(player, {}); });
}

void Accounts::sweep_guests(std::chrono::milliseconds every) {
    if (!guest_sweep_) guest_sweep_ = std::make_unique<net::steady_timer>(ioc_);
    expire_guests();
    guest_sweep_->expires_after(every);
    guest_sweep_->async_wait([this, every](error_code ec) {
        if (!ec) sweep_guests(every);
    });
}

void Accounts::expire_guests() {
    // At most this many a sweep, so one sweep never holds the store long.
    constexpr int PerSweep = 10'000;
    std::vector<int64_t> online;
    for (const auto& [id, sockets] : online_) online.push_back(id);
    auto gone = std::make_shared<std::vector<int64_t>>();
    const int64_t idle_before = wall_now() - options_.guest_expiry_ms;
    std::weak_ptr<const int> life = life_;
    storage_.write([gone, idle_before,
                    online](Storage& s) { *gone = s.expire_guests(idle_before, PerSweep, online); },
                   [this, life, gone](bool ok) {
                       if (life.expired() || !ok) return;
                       for (const int64_t id : *gone) {
                           const auto it = players_.find(id);
                           if (it == players_.end() || !it->second.guest()) continue;
                           by_key_.erase(it->second.row.name_key);
                           players_.erase(it);
                           end_sessions_of(id, false);
                       }
                   });
}

std::string Accounts::new_guest_name(int64_t id) {
    if (options_.shared_store) {
        // Other nodes make guests too: the id, unique across nodes, makes the name unique
        // ("Guest-" and digits, like a one-node name, which the -N suffix steps around).
        std::string name = "Guest-" + std::to_string(id);
        while (by_key_.count(name_key(name)))
            name = "Guest-" + std::to_string(id) + "-" + std::to_string(random_below(100));
        return name;
    }
    // Four digits while they last, then as many as keep at most a quarter of the names taken
    // (every name counted, guest or not): a draw is then free three times in four, so a name
    // takes about one draw however many guests there are (it took up to 20 draws a length,
    // from four digits up, once thousands of guests were in).
    int digits = 4;
    uint32_t names = 10000;  // 10^digits; nine digits at most keeps it in 32 bits
    while (digits < 9 && names < 4 * (by_key_.size() + 1)) {
        ++digits;
        names *= 10;
    }
    for (;;) {
        for (int attempt = 0; attempt < 20; ++attempt) {
            std::string number = std::to_string(random_below(names));
            std::string name = "Guest-" + std::string(digits - number.size(), '0') + number;
            if (!by_key_.count(name_key(name))) return name;
        }
        if (digits < 9) {
            ++digits;
            names *= 10;
        }
    }
}

Accounts::Ensured Accounts::ensure(const Identity& current, const std::string& client) {
    if (current.player) return {current, {}};
    const int64_t now = steady_now();
    // A prune walks every address: once a second, not once a guest (hundreds a second under
    // load, each walking thousands of addresses on the network thread).
    if (now - guests_pruned_ >= 1000) {
        guests_by_address_.prune(now);
        guests_pruned_ = now;
    }
    if (!guests_by_address_.allow(client, now)) return {};
    const std::optional<int64_t> id = take_player_id();
    if (!id) return {};  // a shared store's block ran out and its refill is on its way
    Player p;
    p.row.id = *id;
    p.row.name = new_guest_name(*id);
    p.row.name_key = name_key(p.row.name);
    p.row.created = wall_now();
    by_key_[p.row.name_key] = p.row.id;
    write([row = p.row](Storage& st) { st.save_player(row); });
    const Identity who = identity_of(p);
    players_[p.row.id] = std::move(p);
    return {who, session_cookie(open_session(who.player))};
}

bool Accounts::name_taken(const std::string& name) const {
    const std::string skeleton = name_skeleton(name);
    // A deleted account's name (closed mark) is never given again.
    return by_key_.count(name_key(name)) || by_skeleton_.count(skeleton) ||
           by_skeleton_.count(closed_name_mark(skeleton));
}

void Accounts::forget_names(const StoredPlayer& row) {
    if (const auto k = by_key_.find(row.name_key); k != by_key_.end() && k->second == row.id)
        by_key_.erase(k);
    if (const auto s = by_skeleton_.find(row.name_skeleton);
        s != by_skeleton_.end() && s->second == row.id)
        by_skeleton_.erase(s);
}

void Accounts::index_names(const StoredPlayer& row) {
    by_key_[row.name_key] = row.id;
    if (!row.name_skeleton.empty()) by_skeleton_[row.name_skeleton] = row.id;
}

void Accounts::fill_skeletons(Storage& storage) {
    // Step 1. Today's skeleton of every registered name, the lower id first: of two that
    // look alike the earlier keeps it, the later none (it still logs in).
    std::vector<int64_t> ids;
    for (const auto& [id, p] : players_)
        if (!p.guest() && !is_deleted_name(p.row.name)) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    std::unordered_map<std::string, int64_t> wanted_by;
    std::vector<std::pair<int64_t, std::string>> changes;
    for (const int64_t id : ids) {
        std::string skeleton = name_skeleton(players_.at(id).row.name);
        if (!skeleton.empty() && !wanted_by.emplace(skeleton, id).second) skeleton.clear();
        if (skeleton != players_.at(id).row.name_skeleton) changes.emplace_back(id, skeleton);
    }
    // Step 2. Stored in two passes, the old values cleared first, so the unique index never
    // sees one skeleton twice on the way.
    for (int pass = 0; pass < 2; ++pass) {
        for (const auto& [id, skeleton] : changes) {
            StoredPlayer& row = players_.at(id).row;
            forget_names(row);
            row.name_skeleton = pass == 0 ? std::string() : skeleton;
            try {
                storage.save_player(row);  // another node may have filled it meanwhile
            } catch (const std::exception&) {
                row.name_skeleton.clear();
            }
            index_names(row);
        }
    }
}

void Accounts::close_earlier_deletions(Storage& storage) {
    for (auto& [id, p] : players_) {
        if (p.guest() || !is_deleted_name(p.row.name) || !p.row.name_skeleton.empty()) continue;
        std::string old_name;
        for (const StoredSpec& row : storage.table_specs_of(id)) {
            const json spec = json::parse(row.spec, nullptr, false);
            if (!spec.is_object() || !spec.contains("seats") || !spec["seats"].is_array()) continue;
            for (const json& seat : spec["seats"])
                if (seat.is_object() && seat.value("player", int64_t{0}) == id &&
                    !is_deleted_name(seat.value("name", "")))
                    old_name = seat.value("name", "");
            if (!old_name.empty()) break;
        }
        if (old_name.empty()) continue;
        const std::string mark = closed_name_mark(name_skeleton(old_name));
        if (!mark.empty() && !by_skeleton_.count(mark)) {
            p.row.name_skeleton = mark;
            try {
                storage.save_player(p.row);
                index_names(p.row);
            } catch (const std::exception&) {
                p.row.name_skeleton.clear();
            }
        }
        // A name given again before issue 48 is its new owner's in chat.
        earlier_deletions_.emplace_back(id, by_key_.count(name_key(old_name)) ? "" : old_name);
    }
}

void Accounts::announce_earlier_deletions() {
    for (const auto& [id, old_name] : std::exchange(earlier_deletions_, {}))
        if (on_deleted_) on_deleted_(id, old_name);
}

std::optional<Identity> Accounts::find(std::string_view name) const {
    const auto it = by_key_.find(name_key(name));
    if (it == by_key_.end()) return std::nullopt;
    return player(it->second);
}

std::optional<Identity> Accounts::player(int64_t id) const {
    const auto it = players_.find(id);
    if (it == players_.end()) return std::nullopt;
    return identity_of(it->second);
}

void Accounts::connected(int64_t player, int delta) {
    if (!player) return;
    const int n = (online_.count(player) ? online_[player] : 0) + delta;
    if (n <= 0)
        online_.erase(player);
    else
        online_[player] = n;
}

bool Accounts::online(int64_t player) const {
    return online_.count(player) > 0;
}

StoredRating Accounts::rating(int64_t player, const std::string& pool) const {
    const auto it = ratings_.find({player, pool});
    if (it != ratings_.end()) return it->second;
    StoredRating fresh;
    fresh.player = player;
    fresh.pool = pool;
    return fresh;
}

void Accounts::set_rating(const StoredRating& rating) {
    ratings_[{rating.player, rating.pool}] = rating;
}

json Accounts::me_json(const Identity& who) const {
    json ratings = json::object();
    for (auto it = ratings_.lower_bound({who.player, std::string()});
         it != ratings_.end() && it->first.first == who.player; ++it)
        if (it->second.games > 0) ratings[it->first.second] = rating_json(it->second);
    return {{"id", who.player},
            {"name", who.name},
            {"guest", who.guest},
            {"bot", who.bot},
            {"ratings", ratings}};
}

}  // namespace reversi::server
