// SPDX-License-Identifier: MIT
// The hub. Everything here runs on the network thread. Ordering: each room counts the writes
// still in the storage queue; while any is pending, newcomers get the last committed state
// rather than the live one, so no client ever sees a move the store could still lose. The
// writes of a room share a fence: after one fails, none of the room's later writes commits,
// and the room leaves memory, so the store and every client fall back to the same prefix.
// Every entry point is a barrier: whatever an input makes a handler throw, it becomes an
// error answer, never an exception out of the event loop.
#include "server/game_hub.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "core/bitboard.h"
#include "core/notation.h"
#include "server/game_export.h"
#include "server/random_blocked.h"
#include "server/secrets.h"

namespace reversi::server {

struct GameHub::Room {
    Room(Table t, net::io_context& ioc) : table(std::move(t)), timer(ioc) {}
    Table table;
    std::unordered_set<Subscriber*> subscribers;
    net::steady_timer timer;
    uint64_t generation = 0;  // bumped by undo and resign: pending searches become stale
    bool engine_busy = false;
    int pending_writes = 0;
    bool saved = false;    // the table row has been committed at least once
    bool dropped = false;  // a write failed: the room left memory
    std::shared_ptr<WriteFence> fence = std::make_shared<WriteFence>();
    std::shared_ptr<const std::string> committed;  // last state whose changes are committed
    int64_t last_change = 0;                       // steady ms of the last change or visit
    std::vector<char> hint_pending;                // per seat: a hint is being searched
};

namespace {

Reply json_reply(int status, const json& body) {
    return {status, "application/json", dump_safe(body)};
}

Reply error_reply(const ApiError& e) {
    return json_reply(error_status(e.code()), error_json(e));
}

std::optional<int> optional_int(const json& msg, const char* key) {
    const auto it = msg.find(key);
    if (it == msg.end() || it->is_null()) return std::nullopt;
    return get_int(msg, key, 0);
}

Table table_from(const StoredTable& st, int64_t now, std::string* cut = nullptr) {
    return Table::restore(st.id, json::parse(st.spec), st.created, st.moves,
                          st.result.empty() ? json(nullptr) : json::parse(st.result), now, cut);
}

// Runs a handler of an HTTP request: whatever it throws becomes an error answer (once), so
// no request can end the process or leave its connection without an answer.
void answer_guarded(const Respond& respond, const std::function<void(const Respond&)>& body) {
    auto answered = std::make_shared<bool>(false);
    const Respond once = [respond, answered](Reply r) {
        if (*answered) return;
        *answered = true;
        respond(std::move(r));
    };
    const auto fail = [&](const ApiError& e) {
        if (!*answered) once(error_reply(e));
    };
    try {
        body(once);
    } catch (const core::SetupError& e) {
        fail(ApiError(ErrorCode::BadSetup, e.what()));
    } catch (const ApiError& e) {
        fail(e);
    } catch (const std::exception& e) {
        std::cerr << "http: handler failed: " << utf8_safe(e.what()) << '\n';
        fail(ApiError(ErrorCode::Internal, "the server failed to handle this request"));
    } catch (...) {
        std::cerr << "http: handler failed\n";
        fail(ApiError(ErrorCode::Internal, "the server failed to handle this request"));
    }
}

// Engine searches stopped by their deadline before any answer still need a move.
core::Square playable(const core::Position& pos, core::Square best) {
    if (best != core::NoSquare && pos.is_legal(best)) return best;
    if (pos.must_pass()) return core::PassMove;
    const core::u128 legal = pos.legal_moves();
    return legal ? static_cast<core::Square>(core::lsb(legal)) : core::NoSquare;
}

}  // namespace

GameHub::GameHub(net::io_context& ioc, StorageQueue& storage, EnginePool& engines,
                 HubOptions options)
    : ioc_(ioc),
      storage_(storage),
      engines_(engines),
      options_(options),
      rng_(entropy_()),
      table_creations_(options.limits.tables_per_minute_per_address,
                       options.limits.tables_per_minute_per_address),
      sweep_timer_(ioc) {
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

std::string GameHub::new_token() {
    return random_token();
}

GameHub::RoomPtr GameHub::find(const std::string& id) const {
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

GameHub::RoomPtr GameHub::add_room(Table table) {
    auto room = std::make_shared<Room>(std::move(table), ioc_);
    room->last_change = now();
    room->hint_pending.assign(room->table.spec().seats.size(), 0);
    rooms_[room->table.id()] = room;
    return room;
}

GameHub::RoomPtr GameHub::load_room(const StoredTable& st, const char* context) {
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

void GameHub::with_room(const std::string& id, std::function<void(RoomPtr)> next) {
    if (RoomPtr room = find(id)) return next(room);
    if (id.empty() || id.size() > 64 || damaged_.count(id)) return next(nullptr);
    auto loaded = std::make_shared<std::optional<StoredTable>>();
    storage_.read([id, loaded](Storage& s) { *loaded = s.load(id); },
                  [this, id, loaded, next = std::move(next)] {
                      if (RoomPtr room = find(id)) return next(room);  // loaded meanwhile
                      if (!*loaded) return next(nullptr);
                      next(load_room(**loaded, "load"));
                  });
}

// Step: states and broadcasting.

std::shared_ptr<const std::string> GameHub::snapshot(Room& room) {
    return std::make_shared<const std::string>(room.table.state_text(now()));
}

std::shared_ptr<const std::string> GameHub::current_state(Room& room) {
    if (room.pending_writes == 0 || !room.committed) room.committed = snapshot(room);
    return room.committed;
}

std::shared_ptr<const std::string> GameHub::state_head(const std::string& state) {
    // The state is a JSON object: "you" goes in before its closing brace.
    std::string head = R"({"type":"state","table":)";
    head.append(state, 0, state.size() - 1);
    return std::make_shared<const std::string>(std::move(head));
}

Outgoing GameHub::message_for(const std::shared_ptr<const std::string>& head,
                              const std::vector<int>& you) {
    std::string tail = R"(,"you":[)";
    for (size_t i = 0; i < you.size(); ++i) {
        if (i) tail += ',';
        tail += std::to_string(you[i]);
    }
    tail += "]}}";
    return {head, std::move(tail)};
}

void GameHub::broadcast(Room& room, const std::shared_ptr<const std::string>& state) {
    if (room.subscribers.empty()) return;
    const auto head = state_head(*state);
    for (Subscriber* sub : room.subscribers) sub->send(message_for(head, sub->seats));
}

void GameHub::send_to_all(Room& room, const std::shared_ptr<const std::string>& message) {
    for (Subscriber* sub : room.subscribers) sub->send(message);
}

void GameHub::send_error(Subscriber& sub, const ApiError& error) {
    sub.send(std::make_shared<const std::string>(error_text(error)));
}

StoredTable GameHub::stored(const Table& t) const {
    StoredTable st;
    st.id = t.id();
    st.created = t.created();
    st.status = status_name(t.status());
    st.spec = dump_safe(t.spec_json());
    st.result = t.result() ? t.result_json().dump() : std::string();
    return st;
}

void GameHub::commit(const RoomPtr& room, std::function<void(Storage&)> op,
                     std::shared_ptr<const std::string> state, std::function<void(bool)> then) {
    if (room->dropped) {
        if (then) then(false);
        return;
    }
    room->pending_writes++;
    room->last_change = now();
    storage_.write(
        std::move(op),
        [this, room, state, then = std::move(then)](bool ok) {
            room->pending_writes--;
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

void GameHub::drop_room(const RoomPtr& room) {
    if (room->dropped) return;
    room->dropped = true;
    room->timer.cancel();
    room->generation++;
    if (find(room->table.id()) == room) rooms_.erase(room->table.id());
    // Watchers saw only committed states; they are told and dropped, and reconnect to what
    // the store holds. The room broadcasts nothing more.
    const ApiError e(ErrorCode::Unavailable,
                     "the server could not save the last change; reconnecting to the saved game");
    const auto subscribers = std::move(room->subscribers);
    room->subscribers.clear();
    for (Subscriber* sub : subscribers) {
        send_error(*sub, e);
        sub->close();
    }
}

void GameHub::after_change(const RoomPtr& room) {
    if (room->dropped) return;
    arm_clock(room);
    start_engine(room);
    const Table& t = room->table;
    // Finished tables leave memory once nobody watches; the store keeps them.
    if (t.status() == TableStatus::Finished && room->subscribers.empty() &&
        room->pending_writes == 0 && find(t.id()) == room)
        rooms_.erase(t.id());
}

void GameHub::arm_sweep() {
    const ServerLimits& l = options_.limits;
    const int period =
        std::clamp(std::min(l.waiting_table_seconds, l.idle_table_seconds) / 4, 1, 30);
    sweep_timer_.expires_after(std::chrono::seconds(period));
    sweep_timer_.async_wait([this](error_code ec) {
        if (ec) return;
        try {
            sweep();
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
        if (status == TableStatus::Waiting && t - room->last_change >= waiting_ms)
            expire.push_back(room);
        else if (status == TableStatus::Playing && room->subscribers.empty() &&
                 !room->table.flag_deadline() && t - room->last_change >= idle_ms)
            unload.push_back(room);  // stays in the store; the next visit loads it again
    }
    for (const RoomPtr& room : expire) {
        room->table.expire();
        room->generation++;
        const StoredTable st = stored(room->table);
        commit(
            room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
    }
    for (const RoomPtr& room : unload) {
        room->timer.cancel();
        rooms_.erase(room->table.id());
    }
    table_creations_.prune(t);
}

void GameHub::arm_clock(const RoomPtr& room) {
    const auto deadline = room->table.flag_deadline();
    room->timer.cancel();
    if (!deadline) return;
    room->timer.expires_at(
        std::chrono::steady_clock::time_point(std::chrono::milliseconds(*deadline)));
    room->timer.async_wait([this, room](error_code ec) {
        if (!ec) check_flag(room);
    });
}

void GameHub::check_flag(const RoomPtr& room) {
    if (!room->table.check_flag(now())) return;
    room->generation++;
    const StoredTable st = stored(room->table);
    commit(
        room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
}

void GameHub::start_engine(const RoomPtr& room) {
    Table& t = room->table;
    if (room->engine_busy || room->dropped || !t.computer_to_move() || find(t.id()) != room) return;
    room->engine_busy = true;
    const uint64_t generation = room->generation;
    const int ply = t.ply();
    engine::SearchLimits limits;
    limits.level = t.spec().seats[t.to_move()].level;
    limits.seed = std::hash<std::string>{}(t.id()) ^ (uint64_t(ply) * 0x9E3779B97F4A7C15ull);
    const bool queued = engines_.submit(
        t.game().shared_variant(), t.game().position(), limits,
        [this, room, generation, ply](const engine::SearchResult& r) {
            net::post(ioc_, [this, room, generation, ply, best = r.best] {
                room->engine_busy = false;
                Table& t = room->table;
                if (room->generation != generation || t.ply() != ply || !t.computer_to_move() ||
                    find(t.id()) != room)
                    return start_engine(room);
                try {
                    const TableStatus before = t.status();
                    const core::Square move = playable(t.game().position(), best);
                    commit_move(room, t.play_computer(move, now()), before);
                } catch (const std::exception& e) {
                    std::cerr << "engine: table " << t.id() << ": " << utf8_safe(e.what()) << '\n';
                }
            });
        },
        EnginePool::Priority::Move);
    if (queued) return;
    // The engine queue is full: try again shortly (a computer move is never dropped).
    room->engine_busy = false;
    auto retry = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(250));
    retry->async_wait([this, room, retry](error_code ec) {
        if (!ec) start_engine(room);
    });
}

// Step: the HTTP API.

void GameHub::create_table(const std::string& body, Respond respond, const std::string& client) {
    answer_guarded(respond, [&](const Respond& respond) {
        if (rooms_.size() >= static_cast<size_t>(options_.limits.max_live_tables))
            throw ApiError(ErrorCode::Busy, "the server holds as many tables as it can; try later");
        const json req = parse_json(body);
        if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        SetupRequest setup = parse_setup(req.contains("setup") ? req["setup"] : json::object());
        if (setup.random_blocked > 0)
            setup.setup.blocked = random_blocked(setup.setup, setup.random_blocked, rng_());
        TableSpec spec;
        spec.setup = setup.setup;
        spec.seats =
            parse_seats(req.contains("seats") ? req["seats"] : json(nullptr), spec.setup.players);
        spec.local = get_bool(req, "local", false);
        spec.hints = get_bool(req, "hints", true);
        spec.clock = parse_clock(req.contains("clock") ? req["clock"] : json(nullptr));
        if (std::none_of(spec.seats.begin(), spec.seats.end(),
                         [](const Seat& s) { return s.type == SeatType::Human; }))
            throw ApiError(ErrorCode::BadRequest, "a table needs at least one human seat");
        const std::string name = get_string(req, "name", "");
        if (const std::string why = name_problem(name); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        // Checked last, so that a refused request costs nothing of the allowance.
        if (!table_creations_.allow(client, now()))
            throw ApiError(ErrorCode::RateLimited,
                           "too many new tables from your address; try again in " +
                               std::to_string(static_cast<int>(
                                   std::ceil(table_creations_.wait_seconds(client, now())))) +
                               " s");
        std::optional<int> seat = optional_int(req, "seat");
        if (spec.local && !seat)
            for (int i = 0; i < spec.setup.players && !seat; ++i)
                if (spec.seats[i].type == SeatType::Human) seat = i;
        Table table(new_id(), spec, wall_now(), now());
        std::string token;
        if (seat) {
            token = new_token();
            table.join(*seat, name, token, now());
        }
        RoomPtr room = add_room(std::move(table));
        const StoredTable st = stored(room->table);
        json answer = {{"table", st.id},
                       {"seat", seat ? json(*seat) : json(nullptr)},
                       {"token", token.empty() ? json(nullptr) : json(token)}};
        auto state = snapshot(*room);
        const std::vector<int> you = room->table.seats_of(token);
        commit(
            room, [st](Storage& s) { s.save_table(st); }, state,
            [answer, state, you, respond](bool ok) mutable {
                if (!ok)
                    return respond(error_reply(ApiError(
                        ErrorCode::Unavailable, "the table could not be saved; try again")));
                answer["table_state"] = json::parse(*state);
                answer["table_state"]["you"] = you;
                respond(json_reply(200, answer));
            });
    });
}

void GameHub::join_table(const std::string& id, const std::string& body, Respond respond) {
    answer_guarded(respond, [&](const Respond& respond) {
        json req = parse_json(body);
        if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        if (!req.contains("seat"))
            throw ApiError(ErrorCode::BadRequest, "field \"seat\" is missing");
        get_int(req, "seat", 0);
        if (const std::string why = name_problem(get_string(req, "name", "")); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        with_room(id, [this, req, respond, id](RoomPtr room) {
            answer_guarded(respond, [&](const Respond& respond) {
                if (!room) throw ApiError(ErrorCode::NotFound, "no table " + id);
                check_flag(room);
                const std::string token = new_token();
                const int seat = room->table.join(get_int(req, "seat", 0),
                                                  get_string(req, "name", ""), token, now());
                const StoredTable st = stored(room->table);
                commit(
                    room, [st](Storage& s) { s.save_table(st); }, snapshot(*room),
                    [seat, token, respond](bool ok) {
                        if (!ok)
                            return respond(error_reply(ApiError(
                                ErrorCode::Unavailable, "the seat could not be saved; try again")));
                        respond(json_reply(200, {{"seat", seat}, {"token", token}}));
                    });
            });
        });
    });
}

void GameHub::health(Respond respond) {
    json damaged = json::array();
    for (const auto& [id, why] : damaged_) damaged.push_back({{"id", id}, {"reason", why}});
    respond(json_reply(200, {{"ok", true},
                             {"tables", rooms_.size()},
                             {"engine_queue", engines_.queued()},
                             {"damaged", damaged}}));
}

void GameHub::list_tables(Respond respond) {
    std::vector<const Table*> open;
    for (const auto& [id, room] : rooms_)
        if (room->table.status() != TableStatus::Finished && room->saved)
            open.push_back(&room->table);
    std::sort(open.begin(), open.end(), [](const Table* a, const Table* b) {
        return a->created() != b->created() ? a->created() > b->created() : a->id() < b->id();
    });
    json list = json::array();
    for (const Table* t : open) {
        if (list.size() >= 200) break;
        list.push_back(t->summary());
    }
    respond(json_reply(200, {{"tables", list}}));
}

void GameHub::get_table(const std::string& id, Respond respond) {
    with_room(id, [this, id, respond](RoomPtr room) {
        answer_guarded(respond, [&](const Respond& respond) {
            if (!room) throw ApiError(ErrorCode::NotFound, "no table " + id);
            json state = json::parse(*current_state(*room));
            state["you"] = json::array();
            respond(json_reply(200, state));
            after_change(room);  // a finished table loaded only for this answer leaves memory
        });
    });
}

void GameHub::list_games(int limit, int offset, Respond respond) {
    limit = std::clamp(limit, 1, 200);
    offset = std::max(offset, 0);
    auto rows = std::make_shared<std::vector<StoredTable>>();
    storage_.read(
        [rows, limit, offset](Storage& s) { *rows = s.finished(limit, offset); },
        [this, rows, respond] {
            json games = json::array();
            // A row that no longer replays, or one withdrawn before it started, is
            // left out of the list.
            for (const StoredTable& st : *rows) {
                try {
                    const Table t = table_from(st, now());
                    const auto& r = t.result();
                    if (r && (r->reason == EndReason::Cancelled || r->reason == EndReason::Expired))
                        continue;
                    games.push_back(t.summary());
                } catch (const std::exception&) {
                }
            }
            respond(json_reply(200, {{"games", games}}));
        });
}

void GameHub::get_game(const std::string& id, Respond respond) {
    with_room(id, [this, id, respond](RoomPtr room) {
        answer_guarded(respond, [&](const Respond& respond) {
            if (!room) throw ApiError(ErrorCode::NotFound, "no game " + id);
            const Table& t = room->table;
            const json state = json::parse(*current_state(*room));
            json seats = json::array();
            for (const json& s : state["seats"]) {
                json copy = s;
                copy.erase("connected");
                seats.push_back(copy);
            }
            respond(json_reply(200, {{"id", t.id()},
                                     {"setup", state["setup"]},
                                     {"seats", seats},
                                     {"moves", state["moves"]},
                                     {"result", state["result"]},
                                     {"status", state["status"]},
                                     {"finished", t.status() == TableStatus::Finished},
                                     {"created", t.created()}}));
            after_change(room);
        });
    });
}

void GameHub::export_game(const std::string& id, const std::string& format, Respond respond) {
    if (format != "text" && format != "ggf")
        return respond(
            error_reply(ApiError(ErrorCode::BadRequest, "format must be \"text\" or \"ggf\"")));
    with_room(id, [this, id, format, respond](RoomPtr room) {
        answer_guarded(respond, [&](const Respond& respond) {
            if (!room) throw ApiError(ErrorCode::NotFound, "no game " + id);
            after_change(room);
            if (room->pending_writes > 0)
                throw ApiError(ErrorCode::Stale, "a move is being saved; try again");
            const std::string text =
                format == "ggf" ? export_ggf(room->table) : export_text(room->table);
            respond({200, "text/plain; charset=utf-8", text});
        });
    });
}

// Step: WebSocket subscribers and their messages.

void GameHub::subscribe(Subscriber& sub, const std::string& table, const std::string& token) {
    sub.serial = next_serial_++;
    sub.table = table;
    subscribers_[sub.serial] = &sub;
    const uint64_t serial = sub.serial;
    with_room(table, [this, serial, table, token](RoomPtr room) {
        try {
            const auto it = subscribers_.find(serial);
            if (it == subscribers_.end()) {
                if (room) after_change(room);
                return;  // gone while the table was loading
            }
            Subscriber& sub = *it->second;
            if (!room) {
                send_error(sub, ApiError(ErrorCode::NotFound, "no table " + table));
                sub.close();
                return;
            }
            if (!token.empty()) {
                sub.seats = room->table.seats_of(token);
                if (sub.seats.empty())
                    send_error(sub, ApiError(ErrorCode::BadToken,
                                             "this token holds no seat here; you are watching"));
                else
                    sub.token = token;
            }
            room->subscribers.insert(&sub);
            room->table.add_connection(sub.seats, +1);
            room->last_change = now();
            if (sub.seats.empty()) {
                sub.send(message_for(state_head(*current_state(*room)), {}));
            } else {
                // The "connected" flag changed for everyone (once nothing is pending).
                const auto state = current_state(*room);
                broadcast(*room, state);
            }
        } catch (const std::exception& e) {
            std::cerr << "ws: subscribe failed: " << utf8_safe(e.what()) << '\n';
            const auto it = subscribers_.find(serial);
            if (it != subscribers_.end()) {
                send_error(*it->second,
                           ApiError(ErrorCode::Internal, "the server failed to join you"));
                it->second->close();
            }
        }
    });
}

void GameHub::unsubscribe(Subscriber& sub) {
    subscribers_.erase(sub.serial);
    RoomPtr room = find(sub.table);
    if (!room || !room->subscribers.erase(&sub)) return;
    room->table.add_connection(sub.seats, -1);
    if (!sub.seats.empty() && room->pending_writes == 0) broadcast(*room, current_state(*room));
    after_change(room);
}

void GameHub::on_message(Subscriber& sub, const std::string& text) {
    try {
        if (text.size() > MaxMessageBytes)
            throw ApiError(ErrorCode::TooLarge, "messages are limited to 64 KiB");
        const json msg = parse_json(text);
        if (!msg.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        const std::string type = get_string(msg, "type", "");
        if (type == "ping") {
            sub.send(std::make_shared<const std::string>(R"({"type":"pong"})"));
            return;
        }
        RoomPtr room = find(sub.table);
        if (!room || !room->subscribers.count(&sub))
            throw ApiError(ErrorCode::NotFound, "this connection is not at a table; reconnect");
        check_flag(room);
        if (type == "move")
            on_move(sub, room, msg);
        else if (type == "undo")
            on_undo(sub, room);
        else if (type == "resign")
            on_resign(sub, room, msg);
        else if (type == "rematch")
            on_rematch(sub, room);
        else if (type == "hint")
            on_hint(sub, room);
        else if (type == "cancel")
            on_cancel(sub, room);
        else if (type.empty())
            throw ApiError(ErrorCode::BadRequest, "field \"type\" is missing");
        else
            throw ApiError(ErrorCode::BadRequest,
                           "unknown message type \"" + utf8_safe(type, 40) + "\"");
    } catch (const ApiError& e) {
        send_error(sub, e);
    } catch (const std::exception& e) {
        std::cerr << "ws: message failed: " << utf8_safe(e.what()) << '\n';
        send_error(sub, ApiError(ErrorCode::Internal, "the server failed to handle the message"));
    } catch (...) {
        std::cerr << "ws: message failed\n";
        send_error(sub, ApiError(ErrorCode::Internal, "the server failed to handle the message"));
    }
}

void GameHub::on_move(Subscriber& sub, const RoomPtr& room, const json& msg) {
    const auto it = msg.find("square");
    if (it == msg.end() || !it->is_string())
        throw ApiError(ErrorCode::BadRequest, "field \"square\" must be a square name");
    const std::optional<int> ply = optional_int(msg, "ply");
    Table& t = room->table;
    const TableStatus before = t.status();
    commit_move(room, t.play(sub.seats, it->get<std::string>(), ply, now()), before);
}

void GameHub::commit_move(const RoomPtr& room, const MoveRecord& rec, TableStatus before) {
    // The table row is saved too when the move changed its status (the game ended).
    const Table& t = room->table;
    std::optional<StoredTable> st;
    if (before != t.status()) st = stored(t);
    const std::string id = t.id();
    commit(
        room,
        [id, rec, st](Storage& s) {
            s.add_move(id, rec);
            if (st) s.save_table(*st);
        },
        snapshot(*room));
}

void GameHub::on_undo(Subscriber& sub, const RoomPtr& room) {
    const int ply = room->table.undo(sub.seats, now());
    room->generation++;
    const std::string id = room->table.id();
    commit(
        room, [id, ply](Storage& s) { s.truncate_moves(id, ply); }, snapshot(*room));
}

void GameHub::on_resign(Subscriber& sub, const RoomPtr& room, const json& msg) {
    room->table.resign(sub.seats, optional_int(msg, "seat"), now());
    room->generation++;
    const StoredTable st = stored(room->table);
    commit(
        room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
}

void GameHub::on_rematch(Subscriber& sub, const RoomPtr& room) {
    Table& t = room->table;
    if (sub.seats.empty())
        throw ApiError(ErrorCode::NotYourSeat, "only players can ask for a rematch");
    if (t.status() != TableStatus::Finished)
        throw ApiError(ErrorCode::NotAllowed, "a rematch starts when the game is over");
    if (!t.rematch().empty()) {
        sub.send(std::make_shared<const std::string>(
            json{{"type", "rematch"}, {"table", t.rematch()}}.dump()));
        return;
    }
    if (rooms_.size() >= static_cast<size_t>(options_.limits.max_live_tables))
        throw ApiError(ErrorCode::Busy, "the server holds as many tables as it can; try later");
    if (!table_creations_.allow(sub.address, now()))
        throw ApiError(ErrorCode::RateLimited, "too many new tables from your address; try later");
    RoomPtr next = add_room(Table(new_id(), t.rematch_spec(), wall_now(), now()));
    t.set_rematch(next->table.id());
    const StoredTable old_row = stored(t), new_row = stored(next->table);
    auto message = std::make_shared<const std::string>(
        json{{"type", "rematch"}, {"table", new_row.id}}.dump());
    commit(
        next, [new_row](Storage& s) { s.save_table(new_row); }, snapshot(*next));
    commit(
        room, [old_row](Storage& s) { s.save_table(old_row); }, snapshot(*room),
        [this, room, message](bool ok) {
            if (ok) send_to_all(*room, message);
        });
}

void GameHub::on_hint(Subscriber& sub, const RoomPtr& room) {
    Table& t = room->table;
    t.check_hint(sub.seats);
    const int seat = t.to_move();
    if (room->hint_pending[seat])
        throw ApiError(ErrorCode::Busy, "a hint for this seat is already being searched");
    engine::SearchLimits limits;
    limits.seconds = options_.hint_seconds;
    const uint64_t serial = sub.serial;
    const int ply = t.ply();
    auto variant = t.game().shared_variant();
    const bool queued = engines_.submit(
        variant, t.game().position(), limits,
        [this, room, seat, serial, ply, variant](const engine::SearchResult& r) {
            net::post(ioc_, [this, room, seat, serial, ply, variant, r] {
                room->hint_pending[seat] = 0;
                send_hint(serial, ply, variant, r);
            });
        },
        EnginePool::Priority::Hint);
    if (!queued) throw ApiError(ErrorCode::Busy, "the engine is busy; ask for a hint again soon");
    room->hint_pending[seat] = 1;
}

void GameHub::send_hint(uint64_t serial, int ply,
                        const std::shared_ptr<const core::Variant>& variant,
                        const engine::SearchResult& r) {
    const auto it = subscribers_.find(serial);
    if (it == subscribers_.end()) return;
    json hint = {
        {"type", "hint"},
        {"square", r.best == core::NoSquare ? json(nullptr)
                                            : json(core::square_name(variant->geometry(), r.best))},
        {"score", r.score},
        {"depth", r.depth},
        {"ply", ply}};
    it->second->send(std::make_shared<const std::string>(dump_safe(hint)));
}

void GameHub::on_cancel(Subscriber& sub, const RoomPtr& room) {
    room->table.cancel(sub.seats);
    room->generation++;
    const StoredTable st = stored(room->table);
    commit(
        room, [st](Storage& s) { s.save_table(st); }, snapshot(*room));
}

}  // namespace reversi::server
