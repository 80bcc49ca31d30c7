// SPDX-License-Identifier: MIT
// The hub. Everything here runs on the network thread. Ordering: each room counts the writes
// still in the storage queue; while any is pending, newcomers get the last committed state
// rather than the live one, so no client ever sees a move the store could still lose.
#include "server/game_hub.h"

#include <algorithm>
#include <iostream>

#include "core/notation.h"
#include "server/game_export.h"
#include "server/random_blocked.h"

namespace reversi::server {

struct GameHub::Room {
    Room(Table t, net::io_context& ioc) : table(std::move(t)), timer(ioc) {}
    Table table;
    std::unordered_set<Subscriber*> subscribers;
    net::steady_timer timer;
    uint64_t generation = 0;  // bumped by undo and resign: pending searches become stale
    bool engine_busy = false;
    int pending_writes = 0;
    bool saved = false;                            // the table row has been committed at least once
    std::shared_ptr<const std::string> committed;  // last state whose changes are committed
};

namespace {

Reply json_reply(int status, const json& body) {
    return {status, "application/json", body.dump()};
}

Reply error_reply(const ApiError& e) {
    return json_reply(error_status(e.code()), error_json(e));
}

std::optional<int> optional_int(const json& msg, const char* key) {
    const auto it = msg.find(key);
    if (it == msg.end() || it->is_null()) return std::nullopt;
    return get_int(msg, key, 0);
}

Table table_from(const StoredTable& st, int64_t now) {
    return Table::restore(st.id, json::parse(st.spec), st.created, st.moves,
                          st.result.empty() ? json(nullptr) : json::parse(st.result), now);
}

}  // namespace

GameHub::GameHub(net::io_context& ioc, StorageQueue& storage, EnginePool& engines,
                 HubOptions options)
    : ioc_(ioc), storage_(storage), engines_(engines), options_(options), rng_(entropy_()) {}

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
    static constexpr char Alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    for (;;) {
        std::string id;
        for (int i = 0; i < 8; ++i) id += Alphabet[rng_() % 32];
        if (!rooms_.count(id)) return id;  // the store is checked on insert (primary key)
    }
}

std::string GameHub::new_token() {
    // From the OS entropy source: a token is a password, not a simulation seed.
    static constexpr char Hex[] = "0123456789abcdef";
    std::string token;
    for (int i = 0; i < 4; ++i) {
        uint32_t v = entropy_();
        for (int k = 0; k < 8; ++k, v >>= 4) token += Hex[v & 15];
    }
    return token;
}

GameHub::RoomPtr GameHub::find(const std::string& id) const {
    const auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

GameHub::RoomPtr GameHub::add_room(Table table) {
    auto room = std::make_shared<Room>(std::move(table), ioc_);
    rooms_[room->table.id()] = room;
    return room;
}

void GameHub::restore(Storage& storage) {
    int count = 0;
    for (const StoredTable& st : storage.unfinished()) {
        try {
            RoomPtr room = add_room(table_from(st, now()));
            room->saved = true;
            ++count;
            after_change(room);
        } catch (const std::exception& e) {
            std::cerr << "restore: skipping table " << st.id << ": " << e.what() << '\n';
        }
    }
    if (count) std::cout << "restored " << count << " unfinished tables" << std::endl;
}

void GameHub::with_room(const std::string& id, std::function<void(RoomPtr)> next) {
    if (RoomPtr room = find(id)) return next(room);
    if (id.empty() || id.size() > 64) return next(nullptr);
    auto loaded = std::make_shared<std::optional<StoredTable>>();
    storage_.read([id, loaded](Storage& s) { *loaded = s.load(id); },
                  [this, id, loaded, next = std::move(next)] {
                      if (RoomPtr room = find(id)) return next(room);  // loaded meanwhile
                      if (!*loaded) return next(nullptr);
                      try {
                          RoomPtr room = add_room(table_from(**loaded, now()));
                          room->saved = true;
                          next(room);
                      } catch (const std::exception& e) {
                          std::cerr << "load: table " << id << ": " << e.what() << '\n';
                          next(nullptr);
                      }
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
    sub.send(std::make_shared<const std::string>(error_json(error).dump()));
}

StoredTable GameHub::stored(const Table& t) const {
    StoredTable st;
    st.id = t.id();
    st.created = t.created();
    st.status = status_name(t.status());
    st.spec = t.spec_json().dump();
    st.result = t.result() ? t.result_json().dump() : std::string();
    return st;
}

void GameHub::commit(const RoomPtr& room, std::function<void(Storage&)> op,
                     std::shared_ptr<const std::string> state, std::function<void()> then) {
    room->pending_writes++;
    storage_.write(std::move(op), [this, room, state, then = std::move(then)](bool ok) {
        room->pending_writes--;
        if (!ok) {
            // The table in memory is ahead of the store: drop it, so the next visitor reloads
            // what was committed, and tell everyone watching.
            const ApiError e(ErrorCode::Internal, "the server could not save the game; reconnect");
            for (Subscriber* sub : room->subscribers) send_error(*sub, e);
            if (find(room->table.id()) == room) rooms_.erase(room->table.id());
            room->timer.cancel();
            room->generation++;
            return;
        }
        room->committed = state;
        room->saved = true;
        broadcast(*room, state);
        if (then) then();
        after_change(room);
    });
}

void GameHub::after_change(const RoomPtr& room) {
    arm_clock(room);
    start_engine(room);
    const Table& t = room->table;
    // Finished tables leave memory once nobody watches; the store keeps them.
    if (t.status() == TableStatus::Finished && room->subscribers.empty() &&
        room->pending_writes == 0 && find(t.id()) == room)
        rooms_.erase(t.id());
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
    if (room->engine_busy || !t.computer_to_move() || find(t.id()) != room) return;
    room->engine_busy = true;
    const uint64_t generation = room->generation;
    const int ply = t.ply();
    engine::SearchLimits limits;
    limits.level = t.spec().seats[t.to_move()].level;
    limits.seed = std::hash<std::string>{}(t.id()) ^ (uint64_t(ply) * 0x9E3779B97F4A7C15ull);
    engines_.submit(t.game().shared_variant(), t.game().position(), limits,
                    [this, room, generation, ply](const engine::SearchResult& r) {
                        net::post(ioc_, [this, room, generation, ply, best = r.best] {
                            room->engine_busy = false;
                            Table& t = room->table;
                            if (room->generation != generation || t.ply() != ply ||
                                !t.computer_to_move() || find(t.id()) != room)
                                return start_engine(room);
                            try {
                                const TableStatus before = t.status();
                                commit_move(room, t.play_computer(best, now()), before);
                            } catch (const ApiError& e) {
                                std::cerr << "engine: table " << t.id() << ": " << e.what() << '\n';
                            }
                        });
                    });
}

// Step: the HTTP API.

void GameHub::create_table(const std::string& body, Respond respond) {
    try {
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
        const std::string name = get_string(req, "name", "");
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
            [this, answer, state, you, respond]() mutable {
                answer["table_state"] = json::parse(*state);
                answer["table_state"]["you"] = you;
                respond(json_reply(200, answer));
            });
    } catch (const core::SetupError& e) {
        respond(error_reply(ApiError(ErrorCode::BadSetup, e.what())));
    } catch (const ApiError& e) {
        respond(error_reply(e));
    }
}

void GameHub::join_table(const std::string& id, const std::string& body, Respond respond) {
    json req;
    try {
        req = parse_json(body);
        if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        if (!req.contains("seat"))
            throw ApiError(ErrorCode::BadRequest, "field \"seat\" is missing");
        get_int(req, "seat", 0);
        get_string(req, "name", "");
    } catch (const ApiError& e) {
        return respond(error_reply(e));
    }
    with_room(id, [this, req, respond, id](RoomPtr room) {
        if (!room) return respond(error_reply(ApiError(ErrorCode::NotFound, "no table " + id)));
        try {
            check_flag(room);
            const std::string token = new_token();
            const int seat = room->table.join(get_int(req, "seat", 0), get_string(req, "name", ""),
                                              token, now());
            const StoredTable st = stored(room->table);
            commit(
                room, [st](Storage& s) { s.save_table(st); }, snapshot(*room),
                [seat, token, respond] {
                    respond(json_reply(200, {{"seat", seat}, {"token", token}}));
                });
        } catch (const ApiError& e) {
            respond(error_reply(e));
        }
    });
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
        if (!room) return respond(error_reply(ApiError(ErrorCode::NotFound, "no table " + id)));
        json state = json::parse(*current_state(*room));
        state["you"] = json::array();
        respond(json_reply(200, state));
        after_change(room);  // a finished table loaded only for this answer leaves memory
    });
}

void GameHub::list_games(int limit, int offset, Respond respond) {
    limit = std::clamp(limit, 1, 200);
    offset = std::max(offset, 0);
    auto rows = std::make_shared<std::vector<StoredTable>>();
    storage_.read([rows, limit, offset](Storage& s) { *rows = s.finished(limit, offset); },
                  [this, rows, respond] {
                      json games = json::array();
                      for (const StoredTable& st : *rows) {
                          try {
                              games.push_back(table_from(st, now()).summary());
                          } catch (const std::exception&) {
                              // A row that no longer replays is left out of the list.
                          }
                      }
                      respond(json_reply(200, {{"games", games}}));
                  });
}

void GameHub::get_game(const std::string& id, Respond respond) {
    with_room(id, [this, id, respond](RoomPtr room) {
        if (!room) return respond(error_reply(ApiError(ErrorCode::NotFound, "no game " + id)));
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
}

void GameHub::export_game(const std::string& id, const std::string& format, Respond respond) {
    if (format != "text" && format != "ggf")
        return respond(
            error_reply(ApiError(ErrorCode::BadRequest, "format must be \"text\" or \"ggf\"")));
    with_room(id, [this, id, format, respond](RoomPtr room) {
        if (!room) return respond(error_reply(ApiError(ErrorCode::NotFound, "no game " + id)));
        try {
            if (room->pending_writes > 0)
                throw ApiError(ErrorCode::Stale, "a move is being saved; try again");
            const std::string text =
                format == "ggf" ? export_ggf(room->table) : export_text(room->table);
            respond({200, "text/plain; charset=utf-8", text});
        } catch (const ApiError& e) {
            respond(error_reply(e));
        }
        after_change(room);
    });
}

// Step: WebSocket subscribers and their messages.

void GameHub::subscribe(Subscriber& sub, const std::string& table, const std::string& token) {
    sub.serial = next_serial_++;
    sub.table = table;
    subscribers_[sub.serial] = &sub;
    const uint64_t serial = sub.serial;
    with_room(table, [this, serial, table, token](RoomPtr room) {
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
        if (sub.seats.empty()) {
            sub.send(message_for(state_head(*current_state(*room)), {}));
        } else {
            // The "connected" flag changed for everyone (once nothing is pending).
            const auto state = current_state(*room);
            broadcast(*room, state);
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
        else if (type.empty())
            throw ApiError(ErrorCode::BadRequest, "field \"type\" is missing");
        else
            throw ApiError(ErrorCode::BadRequest,
                           "unknown message type \"" + type.substr(0, 40) + "\"");
    } catch (const ApiError& e) {
        send_error(sub, e);
    } catch (const std::exception& e) {
        send_error(sub, ApiError(ErrorCode::Internal, e.what()));
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
    RoomPtr next = add_room(Table(new_id(), t.rematch_spec(), wall_now(), now()));
    t.set_rematch(next->table.id());
    const StoredTable old_row = stored(t), new_row = stored(next->table);
    auto message = std::make_shared<const std::string>(
        json{{"type", "rematch"}, {"table", new_row.id}}.dump());
    commit(
        next, [new_row](Storage& s) { s.save_table(new_row); }, snapshot(*next));
    commit(
        room, [old_row](Storage& s) { s.save_table(old_row); }, snapshot(*room),
        [this, room, message] { send_to_all(*room, message); });
}

void GameHub::on_hint(Subscriber& sub, const RoomPtr& room) {
    Table& t = room->table;
    t.check_hint(sub.seats);
    engine::SearchLimits limits;
    limits.seconds = options_.hint_seconds;
    const uint64_t serial = sub.serial;
    const int ply = t.ply();
    auto variant = t.game().shared_variant();
    engines_.submit(
        variant, t.game().position(), limits,
        [this, serial, ply, variant](const engine::SearchResult& r) {
            net::post(ioc_, [this, serial, ply, variant, r] {
                const auto it = subscribers_.find(serial);
                if (it == subscribers_.end()) return;
                json hint = {{"type", "hint"},
                             {"square", r.best == core::NoSquare
                                            ? json(nullptr)
                                            : json(core::square_name(variant->geometry(), r.best))},
                             {"score", r.score},
                             {"depth", r.depth},
                             {"ply", ply}};
                it->second->send(std::make_shared<const std::string>(hint.dump()));
            });
        });
}

}  // namespace reversi::server
