// SPDX-License-Identifier: MIT
// The hub. Everything here runs on the network thread. Ordering: each room counts the writes
// still in the storage queue; while any is pending, newcomers get the last committed state
// rather than the live one, so no client ever sees a move the store could still lose. The
// writes of a room share a fence: after one fails, none of the room's later writes commits,
// and the room leaves memory, so the store and every client fall back to the same prefix.
// Every entry point is a barrier: whatever an input makes a handler throw, it becomes an
// error answer, never an exception out of the event loop.
#include "server/hub/hub.h"

#include <algorithm>
#include <iostream>
#include <utility>

#include "core/bitboard.h"
#include "engine/levels.h"
#include "server/accounts/accounts.h"
#include "server/common/secrets.h"
#include "server/hub/room.h"
#include "server/hub/table_ownership.h"

namespace reversi::server {

using namespace hub_detail;

namespace {

// Engine searches stopped by their deadline before any answer still need a move.
core::Square playable(const core::Position& pos, core::Square best) {
    if (best != core::NoSquare && pos.is_legal(best)) return best;
    if (pos.must_pass()) return core::PassMove;
    const core::u128 legal = pos.legal_moves();
    return legal ? static_cast<core::Square>(core::lsb(legal)) : core::NoSquare;
}

// The stored chat of a table, with a seat that does not fit the table read as a spectator's
// (the row is trusted no more than any other input).
std::vector<ChatLine> chat_as_stored(const StoredTable& st, int players) {
    std::vector<ChatLine> lines = st.chat;
    for (ChatLine& line : lines)
        if (line.seat < 0 || line.seat >= players) line.seat = -1;
    return lines;
}

}  // namespace

GameHub::GameHub(net::io_context& ioc, StorageQueue& storage, EnginePool& engines,
                 HubOptions options)
    : ioc_(ioc),
      storage_(storage),
      engines_(engines),
      options_(options),
      rated_meeting_(options.limits.rated_same_address, options.devices),
      rng_(entropy_()),
      table_creations_(options.limits.tables_per_minute_per_address,
                       options.limits.tables_per_minute_per_address),
      rated_pairs_(options.limits.rated_games_per_pair_per_day / (24.0 * 60),
                   options.limits.rated_games_per_pair_per_day),
      sweep_timer_(ioc),
      finisher_(*this, [this]() -> RatingCache* { return accounts_; }),
      offers_(*this, finisher_,
              {[this](const std::string& address) { check_rematch_room(address); },
               [this](Subscriber& sub, const RoomPtr& room) { start_rematch(sub, room); }}),
      moderation_hooks_(*this, rooms_, subscribers_, [this](const std::string& name) -> int64_t {
          if (!accounts_) return 0;
          const auto named = accounts_->find(name);
          return named ? named->player : 0;
      }) {
    arm_sweep();
}

int64_t GameHub::now() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

int64_t GameHub::wall_now() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string GameHub::new_id() {
    for (;;) {
        // 40 random bits; a clash with a stored table fails its insert (primary key).
        std::string id = random_id(8);
        if (!rooms_.count(id)) return id;
    }
}

RoomPtr GameHub::find(const std::string& id) const {
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

RoomPtr GameHub::add_room(Table table) {
    auto room = std::make_shared<Room>(std::move(table), ioc_);
    room->last_change = now();
    room->hint_pending.assign(room->table.spec().seats.size(), 0);
    room->end_reported = room->table.status() == TableStatus::Finished;
    room->settled = room->end_reported;
    room->table.set_presence_rules(
        {int64_t{options_.limits.claim_seconds} * 1000, wall_now() - now()});
    rooms_[room->table.id()] = room;
    return room;
}

RoomPtr GameHub::load_room(const StoredTable& st, const char* context) {
    std::string cut;
    std::optional<Table> table;
    try {
        table.emplace(table_from(st, now(), &cut));
    } catch (const std::exception& e) {
        // The row itself does not read (a spec or result that is not what the server wrote):
        // the table is set aside, listed by health(), and the store keeps it as it is.
        const std::string why = utf8_safe(e.what());
        std::cerr << context << ": table " << utf8_safe(st.id, 64)
                  << " is damaged, set aside: " << why << '\n';
        damaged_[utf8_safe(st.id, 64)] = why;
        return nullptr;
    }
    RoomPtr room = add_room(std::move(*table));
    room->saved = true;
    room->leased = true;  // several nodes: loaded only under this node's lease
    room->chat.restore(chat_as_stored(st, room->table.spec().setup.players));
    if (!cut.empty()) {
        // The store holds moves past the consistent prefix: they go, so that the moves played
        // from here are not followed by stale ones.
        std::cerr << context << ": table " << st.id << ": " << cut << '\n';
        const std::string id = st.id;
        const int ply = room->table.ply();
        commit(
            room, [id, ply](Storage& s) { s.truncate_moves(id, ply); }, snapshot(*room));
    }
    return room;
}

void GameHub::restore(Storage& storage) {
    std::vector<StoredTable> rows;
    try {
        rows = storage.unfinished();
    } catch (const std::exception& e) {
        // Nothing can be restored from a store that does not read at all; start empty and
        // say so, rather than refuse to serve the games that new visitors start.
        std::cerr << "restore: the store could not be read: " << utf8_safe(e.what()) << '\n';
    }
    for (StoredTable& st : rows) {
        try {
            st.chat = storage.chat_lines(st.id);
        } catch (const std::exception& e) {
            std::cerr << "restore: the chat of " << utf8_safe(st.id, 64)
                      << " could not be read: " << utf8_safe(e.what()) << '\n';
        }
    }
    int count = 0;
    for (const StoredTable& st : rows) {
        if (RoomPtr room = load_room(st, "restore")) {
            ++count;
            after_change(room);
        }
    }
    if (count) std::cout << "restored " << count << " unfinished tables" << std::endl;
    if (!damaged_.empty())
        std::cout << "set aside " << damaged_.size() << " damaged tables (see /api/health)"
                  << std::endl;
}

void GameHub::with_room(const std::string& id, std::function<void(RoomPtr)> next,
                        std::function<void(const std::string& owner)> moved) {
    if (RoomPtr room = find(id)) return next(room);
    if (id.empty() || id.size() > 64 || damaged_.count(id)) return next(nullptr);
    if (ownership_) return claim_room(id, std::move(next), std::move(moved));
    auto loaded = std::make_shared<std::optional<StoredTable>>();
    storage_.read(
        [id, loaded](Storage& s) {
            *loaded = s.load(id);
            if (*loaded) (*loaded)->chat = s.chat_lines(id);
        },
        [this, id, loaded, next = std::move(next)] {
            if (RoomPtr room = find(id)) return next(room);  // loaded meanwhile
            if (!*loaded) return next(nullptr);
            next(load_room(**loaded, "load"));
        });
}

// Step: states and broadcasting.

namespace {
constexpr std::string_view StateMessageStart = R"({"type":"state","table":)";
}

std::shared_ptr<const std::string> GameHub::snapshot(Room& room) {
    // Written once into the buffer it is sent from: every subscriber's message shares it.
    std::string message;
    message.reserve(1536);
    message += StateMessageStart;
    room.table.append_state(message, now());
    message.pop_back();  // the state's closing brace: "you" goes in before it (message_for)
    return std::make_shared<const std::string>(std::move(message));
}

namespace {
// `,"you":[...]`: the recipient's seats, last of the state's keys (as a DOM sorts them).
std::string you_text(const std::vector<int>& you) {
    std::string text = R"(,"you":[)";
    for (size_t i = 0; i < you.size(); ++i) {
        if (i) text += ',';
        text += std::to_string(you[i]);
    }
    text += ']';
    return text;
}
}  // namespace

std::string GameHub::state_text_for(const std::string& message, const std::vector<int>& you) {
    std::string state;
    state.reserve(message.size() + 16);
    state.append(message, StateMessageStart.size());
    state += you_text(you);
    state += '}';
    return state;
}

json GameHub::state_json(const std::string& message) {
    return json::parse(state_text_for(message, {}));
}

std::shared_ptr<const std::string> GameHub::current_state(Room& room) {
    if (room.pending_writes == 0 || !room.committed) room.committed = snapshot(room);
    return room.committed;
}

Outgoing GameHub::message_for(const std::shared_ptr<const std::string>& state,
                              const std::vector<int>& you) {
    return {state, you_text(you) + "}}"};
}

void GameHub::broadcast(Room& room, const std::shared_ptr<const std::string>& state) {
    for (Subscriber* sub : room.subscribers) sub->send(message_for(state, sub->seats));
}

void GameHub::send_to_all(Room& room, const std::shared_ptr<const std::string>& message) {
    for (Subscriber* sub : room.subscribers) sub->send(message);
}

void GameHub::send_error(Subscriber& sub, const ApiError& error) {
    count_error(metrics_, error.code());
    sub.send(std::make_shared<const std::string>(error_text(error)));
}

StoredTable GameHub::stored(const Table& t) const {
    return stored_record(t);
}

int GameHub::table_room() const {
    return options_.limits.max_live_tables - static_cast<int>(rooms_.size());
}

void GameHub::check_table_room() const {
    if (table_room() <= 0)
        throw ApiError(ErrorCode::Busy, "the server holds as many tables as it can; try later");
}

void GameHub::commit(const RoomPtr& room, std::function<void(Storage&)> op,
                     std::shared_ptr<const std::string> state, std::function<void(bool)> then) {
    if (room->dropped) {
        if (then) then(false);
        return;
    }
    // A game that has just ended is settled in the same transaction (hub/finisher.h).
    std::function<void()> unsettle;
    if (Settlement settlement = finisher_.settle(*room); settlement.write) {
        op = [op = std::move(op), settle = std::move(settlement.write)](Storage& s) {
            op(s);
            settle(s);
        };
        state = snapshot(*room);
        unsettle = std::move(settlement.undo);
    }
    // Several nodes: a new table's first write takes its lease in the same transaction.
    if (ownership_ && !room->leased) {
        op = ownership_->leased(room->table.id(), std::move(op));
        room->leased = true;
    }
    room->pending_writes++;
    room->last_change = now();
    storage_.write(
        std::move(op),
        [this, room, state, unsettle, then = std::move(then)](bool ok) {
            room->pending_writes--;
            // The store does not hold the rated end: neither may the rating cache.
            if (!ok && unsettle) unsettle();
            if (!ok || room->dropped) {
                drop_room(room);
                if (then) then(false);
                return;
            }
            room->committed = state;
            room->saved = true;
            broadcast(*room, state);
            if (then) then(true);
            after_change(room);
        },
        room->fence);
}

void GameHub::drop_room(const RoomPtr& room, std::shared_ptr<const std::string> notice) {
    if (room->dropped) return;
    room->dropped = true;
    room->timer.cancel();
    room->generation++;
    if (find(room->table.id()) == room) {
        rooms_.erase(room->table.id());
        release_room(room->table.id());
    }
    // Watchers saw only committed states; they are told and dropped, and reconnect to what
    // the store holds. The room broadcasts nothing more.
    // A failed write is a refusal, counted once a table; a lost lease's `moved` is a redirect.
    if (!notice) {
        count_error(metrics_, ErrorCode::Unavailable);
        notice = std::make_shared<const std::string>(error_text(
            ApiError(ErrorCode::Unavailable,
                     "the server could not confirm that the last change was saved (it may have "
                     "been saved); reconnecting to the game as stored")));
    }
    const auto subscribers = std::move(room->subscribers);
    room->subscribers.clear();
    for (Subscriber* sub : subscribers) {
        sub->send(notice);
        sub->close();
    }
}

void GameHub::after_change(const RoomPtr& room) {
    if (room->dropped) return;
    arm_clock(room);
    start_engine(room);
    const Table& t = room->table;
    finisher_.report_end(*room);
    for (const auto& listener : table_change_) listener(t);
    // Finished tables leave memory once nobody watches; the store keeps them.
    if (t.status() == TableStatus::Finished && room->subscribers.empty() &&
        room->pending_writes == 0 && find(t.id()) == room) {
        rooms_.erase(t.id());
        release_room(t.id());
    }
}

void GameHub::arm_sweep() {
    const ServerLimits& l = options_.limits;
    const int period =
        std::clamp(std::min(l.waiting_table_seconds, l.idle_table_seconds) / 4, 1, 30);
    sweep_timer_.expires_after(std::chrono::seconds(period));
    sweep_timer_.async_wait([this](error_code ec) {
        if (ec) return;
        const auto start = std::chrono::steady_clock::now();
        try {
            sweep();
            if (metrics_) metrics_->sweep_seconds.observe_since(start);
        } catch (const std::exception& e) {
            std::cerr << "sweep: " << utf8_safe(e.what()) << '\n';
        }
        arm_sweep();
    });
}

void GameHub::sweep() {
    const int64_t t = now();
    const int64_t waiting_ms = int64_t{options_.limits.waiting_table_seconds} * 1000;
    const int64_t idle_ms = int64_t{options_.limits.idle_table_seconds} * 1000;
    std::vector<RoomPtr> expire, unload;
    for (const auto& [id, room] : rooms_) {
        if (room->pending_writes > 0 || room->engine_busy) continue;
        const TableStatus status = room->table.status();
        // A correspondence table waits as long as one of its moves may take.
        const ClockSpec& clock = room->table.spec().clock;
        const int64_t wait_ms = clock.correspondence()
                                    ? std::max<int64_t>(waiting_ms, int64_t{clock.seconds} * 1000)
                                    : waiting_ms;
        if (status == TableStatus::Waiting && t - room->last_change >= wait_ms)
            expire.push_back(room);
        else if (status == TableStatus::Playing && room->subscribers.empty() &&
                 !room->table.flag_deadline() && t - room->last_change >= idle_ms)
            unload.push_back(room);  // stays in the store; the next visit loads it again
    }
    for (const RoomPtr& room : expire) finisher_.expire(room);
    for (const RoomPtr& room : unload) {
        room->timer.cancel();
        rooms_.erase(room->table.id());
        release_room(room->table.id());
    }
    table_creations_.prune(t);
    rated_pairs_.prune(t);
}

void GameHub::arm_clock(const RoomPtr& room) {
    const auto deadline = room->table.flag_deadline();
    room->timer.cancel();
    if (!deadline) return;
    room->timer.expires_at(
        std::chrono::steady_clock::time_point(std::chrono::milliseconds(*deadline)));
    room->timer.async_wait([this, room](error_code ec) {
        if (!ec) finisher_.check_flag(room);
    });
}

namespace {

bool against_strongest(const TableSpec& spec) {
    return std::any_of(spec.seats.begin(), spec.seats.end(), [](const Seat& s) {
        return s.type == SeatType::Computer && s.level >= engine::MaxLevel;
    });
}

}  // namespace

std::string GameHub::engine_owner(const Room& room) {
    const auto& seats = room.table.spec().seats;
    for (size_t i = 0; i < seats.size() && i < room.seat_addresses.size(); ++i)
        if (seats[i].type == SeatType::Human && !room.seat_addresses[i].empty())
            return room.seat_addresses[i];
    for (const Seat& s : seats)
        if (s.player) return "player:" + std::to_string(s.player);
    return "table:" + room.table.id();
}

void GameHub::check_strongest_tables(const TableSpec& spec, const std::string& client,
                                     const Identity& who) const {
    if (!against_strongest(spec)) return;
    int running = 0;
    for (const auto& [id, room] : rooms_) {
        const Table& t = room->table;
        if (t.status() == TableStatus::Finished || !against_strongest(t.spec())) continue;
        const bool by_address =
            !client.empty() && std::find(room->seat_addresses.begin(), room->seat_addresses.end(),
                                         client) != room->seat_addresses.end();
        const bool by_player =
            who.player != 0 && std::any_of(t.spec().seats.begin(), t.spec().seats.end(),
                                           [&](const Seat& s) { return s.player == who.player; });
        running += by_address || by_player;
    }
    if (running >= options_.limits.max_strongest_tables)
        throw ApiError(ErrorCode::RateLimited,
                       "you already have " + std::to_string(running) +
                           " games against the strongest level running; finish one first");
}

void GameHub::start_engine(const RoomPtr& room) {
    Table& t = room->table;
    if (room->engine_busy || room->dropped || !t.computer_to_move() || find(t.id()) != room) return;
    room->engine_busy = true;
    const uint64_t generation = room->generation;
    const int ply = t.ply();
    const int64_t searched_from = now();
    engine::SearchLimits limits;
    limits.level = t.spec().seats[t.to_move()].level;
    limits.seed = engine::move_seed(std::hash<std::string>{}(t.id()), ply);
    const bool queued = engines_.submit(
        t.game().shared_variant(), t.game().position(), limits,
        [this, room, generation, ply, searched_from](const engine::SearchResult& r) {
            net::post(ioc_, [this, room, generation, ply, searched_from, best = r.best] {
                play_engine_move(room, generation, ply, best, searched_from);
            });
        },
        EnginePool::Priority::Move, engine_owner(*room));
    if (queued) return;
    // The engine queue is full: try again shortly (a computer move is never dropped).
    room->engine_busy = false;
    auto retry = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(250));
    retry->async_wait([this, room, retry](error_code ec) {
        if (!ec) start_engine(room);
    });
}

void GameHub::play_engine_move(const RoomPtr& room, uint64_t generation, int ply, core::Square best,
                               int64_t searched_from) {
    Table& t = room->table;
    const bool stale = room->generation != generation || t.ply() != ply || !t.computer_to_move() ||
                       find(t.id()) != room;
    // The search starts right after the previous move's broadcast: a reply found sooner
    // than the pause waits, so the player's own flips finish before the computer's begin.
    // (An undo during the pause leaves the search to be dropped when the pause ends.)
    const int64_t wait = searched_from + options_.limits.computer_pause_ms - now();
    if (!stale && wait > 0) {
        auto pause = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(wait));
        pause->async_wait([this, room, generation, ply, best, pause](error_code ec) {
            // Passed as if searched a pause earlier: the move is due now.
            if (!ec)
                play_engine_move(room, generation, ply, best,
                                 now() - options_.limits.computer_pause_ms);
        });
        return;
    }
    room->engine_busy = false;
    if (stale) return start_engine(room);
    try {
        const TableStatus before = t.status();
        const core::Square move = playable(t.game().position(), best);
        commit_move(room, t.play_computer(move, now()), before);
    } catch (const std::exception& e) {
        std::cerr << "engine: table " << t.id() << ": " << utf8_safe(e.what()) << '\n';
    }
}

}  // namespace reversi::server
