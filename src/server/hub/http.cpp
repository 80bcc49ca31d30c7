// SPDX-License-Identifier: MIT
// The hub's HTTP API (docs/PROTOCOL.md "HTTP"). Every handler runs inside answer_guarded, so
// whatever a request makes it throw becomes one error answer.
#include <algorithm>
#include <cmath>

#include "server/common/secrets.h"
#include "server/hub/hub.h"
#include "server/hub/room.h"
#include "server/rating/ratings.h"
#include "server/table/game_export.h"
#include "server/table/random_blocked.h"

namespace reversi::server {

using namespace hub_detail;

namespace {

// Several nodes: a request for a table another node owns is sent there (307 keeps the
// method and body), or answered 503 while its owner is not known (docs/MULTINODE.md).
std::function<void(const std::string&)> redirect(const Respond& respond, std::string path) {
    return [respond, path = std::move(path)](const std::string& owner) {
        if (owner.empty())
            return respond(error_reply(ApiError(
                ErrorCode::Unavailable, "this table is moving to another server; try again")));
        Reply r = json_reply(307, {{"owner", owner}});
        r.location = owner + path;
        respond(std::move(r));
    };
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
    answer_errors(once, "http", [&] { body(once); });
}

}  // namespace

void GameHub::create_table(const std::string& body, Respond respond, const std::string& client,
                           const Identity& who) {
    answer_guarded(respond, [&](const Respond& respond) {
        check_table_room();
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
        spec.clock = parse_clock(req.contains("clock") ? req["clock"] : json(nullptr));
        spec.hints = get_bool(req, "hints", hints_by_default(spec));
        spec.rated = get_bool(req, "rated", false);
        if (spec.rated)
            if (const std::string why = rated_problem(spec, who); !why.empty())
                throw ApiError(ErrorCode::BadRequest, why);
        const std::vector<std::string> names = seat_names(req, spec.setup.players);
        if (std::none_of(spec.seats.begin(), spec.seats.end(),
                         [](const Seat& s) { return s.type == SeatType::Human; }))
            throw ApiError(ErrorCode::BadRequest, "a table needs at least one human seat");
        const std::string name = get_string(req, "name", "");
        if (const std::string why = name_problem(name); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        check_strongest_tables(spec, client, who);
        // Checked last, so that a refused request costs nothing of the allowance.
        if (!table_creations_.allow(client, now()))
            throw ApiError(ErrorCode::RateLimited,
                           "too many new tables from your address; try again in " +
                               std::to_string(static_cast<int>(
                                   std::ceil(table_creations_.wait_seconds(client, now())))) +
                               " s");
        std::optional<int> seat;
        if (const auto it = req.find("seat"); it != req.end() && *it == "random") {
            // The creator lets the server choose among the human seats (docs/SITE.md).
            std::vector<int> humans;
            for (int i = 0; i < spec.setup.players; ++i)
                if (spec.seats[i].type == SeatType::Human) humans.push_back(i);
            seat = humans[rng_() % humans.size()];
        } else {
            seat = optional_int(req, "seat");
        }
        if (spec.local && !seat)
            for (int i = 0; i < spec.setup.players && !seat; ++i)
                if (spec.seats[i].type == SeatType::Human) seat = i;
        Table table(new_id(), spec, wall_now(), now());
        std::string token;
        if (seat) {
            token = random_token();
            table.join(*seat, name, token, now());
            seat_player(table, *seat, who);
            for (int i = 0; spec.local && i < static_cast<int>(names.size()); ++i)
                if (spec.seats[i].type == SeatType::Human)
                    table.set_seat_player(i, Identity{0, names[i], true, false}, 0);
        }
        RoomPtr room = add_room(std::move(table));
        room->seat_addresses.assign(spec.seats.size(), "");
        if (seat) room->seat_addresses[*seat] = client;
        const StoredTable st = stored(room->table);
        const auto rows = seat_rows(room->table);
        auto state = snapshot(*room);
        const std::vector<int> you = room->table.seats_of(token);
        commit(
            room,
            [st, rows](Storage& s) {
                s.save_table(st);
                rows(s);
            },
            state,
            [id = st.id, seat, token, state, you, respond](bool ok) {
                if (!ok)
                    return respond(error_reply(ApiError(
                        ErrorCode::Unavailable, "the table could not be saved; try again")));
                // Written around the state's text, not parsed back into a DOM: keys in the
                // order a DOM sorts them, so the text is what json_reply wrote before.
                std::string body = R"({"seat":)";
                body += seat ? std::to_string(*seat) : "null";
                body += R"(,"table":)";
                body += json(id).dump();
                body += R"(,"table_state":)";
                body += state_text_for(*state, you);
                body += R"(,"token":)";
                body += token.empty() ? "null" : json(token).dump();
                body += '}';
                respond({200, "application/json", std::move(body)});
            });
    });
}

void GameHub::join_table(const std::string& id, const std::string& body, Respond respond,
                         const Identity& who, const std::string& client) {
    answer_guarded(respond, [&](const Respond& respond) {
        json req = parse_json(body);
        if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        if (!req.contains("seat"))
            throw ApiError(ErrorCode::BadRequest, "field \"seat\" is missing");
        get_int(req, "seat", 0);
        if (const std::string why = name_problem(get_string(req, "name", "")); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        with_room(
            id,
            [this, req, respond, id, who, client](RoomPtr room) {
                answer_guarded(respond, [&](const Respond& respond) {
                    if (!room) throw ApiError(ErrorCode::NotFound, "no table " + id);
                    finisher_.check_flag(room);
                    if (const std::string why = rated_join_problem(room->table, who); !why.empty())
                        throw ApiError(ErrorCode::BadRequest, why);
                    std::vector<RatedSeat> meeting = rated_seats(*room);
                    meeting.push_back({who.player, client});
                    if (room->table.rated()) check_rated_meeting(meeting);
                    const std::string token = random_token();
                    const int seat = room->table.join(get_int(req, "seat", 0),
                                                      get_string(req, "name", ""), token, now());
                    seat_player(room->table, seat, who);
                    room->seat_addresses.resize(room->table.spec().seats.size());
                    room->seat_addresses[seat] = client;
                    if (room->table.rated()) record_rated_meeting(meeting);
                    const StoredTable st = stored(room->table);
                    const auto rows = seat_rows(room->table);
                    commit(
                        room,
                        [st, rows](Storage& s) {
                            s.save_table(st);
                            rows(s);
                        },
                        snapshot(*room),
                        [seat, token, respond](bool ok) {
                            if (!ok)
                                return respond(error_reply(
                                    ApiError(ErrorCode::Unavailable,
                                             "the seat could not be saved; try again")));
                            respond(json_reply(200, {{"seat", seat}, {"token", token}}));
                        });
                });
            },
            redirect(respond, "/api/tables/" + id + "/join"));
    });
}

namespace {

// The answer to a bot's move or resignation once its commit is done.
std::function<void(bool)> acknowledge(Respond respond) {
    return [respond = std::move(respond)](bool ok) {
        if (!ok)
            return respond(error_reply(ApiError(
                ErrorCode::Unavailable,
                "could not confirm that the change was saved (it may have been); read the game")));
        respond(json_reply(200, {{"ok", true}}));
    };
}

}  // namespace

void GameHub::play_for(const std::string& id, const Identity& who, const std::string& square,
                       Respond respond) {
    answer_guarded(respond, [&](const Respond& respond) {
        if (!who.player) throw ApiError(ErrorCode::NotYourSeat, "log in to play");
        with_room(
            id,
            [this, id, who, square, respond](RoomPtr room) {
                answer_guarded(respond, [&](const Respond& respond) {
                    if (!room) throw ApiError(ErrorCode::NotFound, "no table " + id);
                    finisher_.check_flag(room);
                    Table& t = room->table;
                    const TableStatus before = t.status();
                    const MoveRecord rec =
                        t.play(seats_of_player(t, who), square, std::nullopt, now());
                    commit_move(room, rec, before, acknowledge(respond));
                });
            },
            redirect(respond, "/api/bot/game/" + id + "/move/" + square));
    });
}

void GameHub::resign_for(const std::string& id, const Identity& who, Respond respond) {
    answer_guarded(respond, [&](const Respond& respond) {
        if (!who.player) throw ApiError(ErrorCode::NotYourSeat, "log in to play");
        with_room(
            id,
            [this, id, who, respond](RoomPtr room) {
                answer_guarded(respond, [&](const Respond& respond) {
                    if (!room) throw ApiError(ErrorCode::NotFound, "no table " + id);
                    finisher_.check_flag(room);
                    finisher_.resign(room, seats_of_player(room->table, who), std::nullopt,
                                     acknowledge(respond));
                });
            },
            redirect(respond, "/api/bot/game/" + id + "/resign"));
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
        if (room->saved && room->table.listed_open()) open.push_back(&room->table);
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
    with_room(
        id,
        [this, id, respond](RoomPtr room) {
            answer_guarded(respond, [&](const Respond& respond) {
                if (!room) throw ApiError(ErrorCode::NotFound, "no table " + id);
                respond({200, "application/json", state_text_for(*current_state(*room), {})});
                after_change(room);  // a finished table loaded only for this answer leaves memory
            });
        },
        redirect(respond, "/api/tables/" + id));
}

void GameHub::export_player_games(const Identity& who, Respond respond) {
    constexpr int MaxExportedGames = 10000;
    if (!who.player)
        return respond(error_reply(ApiError(ErrorCode::NotAllowed, "no player to export")));
    if (!exporting_.insert(who.player).second)
        return respond(error_reply(
            ApiError(ErrorCode::RateLimited, "your games are being exported; try again later")));
    auto rows = std::make_shared<std::vector<StoredTable>>();
    storage_.read(
        [rows, id = who.player](Storage& s) {
            for (const StoredTable& row : s.player_games(id, MaxExportedGames))
                if (auto full = s.load(row.id)) rows->push_back(std::move(*full));
        },
        [this, rows, id = who.player, respond] {
            exporting_.erase(id);
            std::string text;
            for (const StoredTable& st : *rows) {
                try {
                    text += export_ggf(table_from(st, now()));
                } catch (const std::exception&) {
                    // 6x6, blocked squares, more players, no result: not GGF
                }
            }
            respond({200, "text/plain; charset=utf-8", text});
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
            // A row that no longer replays, or one withdrawn or aborted before it was
            // played, is left out of the list.
            for (const StoredTable& st : *rows) {
                try {
                    const Table t = table_from(st, now());
                    const auto& r = t.result();
                    if (r && (r->reason == EndReason::Cancelled ||
                              r->reason == EndReason::Expired || r->reason == EndReason::Aborted))
                        continue;
                    games.push_back(t.summary());
                } catch (const std::exception&) {
                }
            }
            respond(json_reply(200, {{"games", games}}));
        });
}

void GameHub::get_game(const std::string& id, Respond respond) {
    with_room(
        id,
        [this, id, respond](RoomPtr room) {
            answer_guarded(respond, [&](const Respond& respond) {
                if (!room) throw ApiError(ErrorCode::NotFound, "no game " + id);
                const Table& t = room->table;
                const json state = state_json(*current_state(*room));
                json seats = json::array();
                for (const json& s : state["seats"]) {
                    json copy = s;
                    copy.erase("connected");
                    seats.push_back(copy);
                }
                // The replay's header: names and ratings (seats; before and after in a rated
                // result), the date (`created`), the time control and whether it was rated.
                respond(json_reply(200, {{"id", t.id()},
                                         {"setup", state["setup"]},
                                         {"seats", seats},
                                         {"moves", state["moves"]},
                                         {"result", state["result"]},
                                         {"status", state["status"]},
                                         {"finished", t.status() == TableStatus::Finished},
                                         {"created", t.created()},
                                         {"clock", clock_spec_json(t.spec().clock)},
                                         {"rated", t.spec().rated}}));
                after_change(room);
            });
        },
        redirect(respond, "/api/games/" + id));
}

void GameHub::export_game(const std::string& id, const std::string& format, Respond respond) {
    if (format != "text" && format != "ggf")
        return respond(
            error_reply(ApiError(ErrorCode::BadRequest, "format must be \"text\" or \"ggf\"")));
    with_room(
        id,
        [this, id, format, respond](RoomPtr room) {
            answer_guarded(respond, [&](const Respond& respond) {
                if (!room) throw ApiError(ErrorCode::NotFound, "no game " + id);
                after_change(room);
                if (room->pending_writes > 0)
                    throw ApiError(ErrorCode::Stale, "a move is being saved; try again");
                const std::string text =
                    format == "ggf" ? export_ggf(room->table) : export_text(room->table);
                respond({200, "text/plain; charset=utf-8", text});
            });
        },
        redirect(respond, "/api/games/" + id + "/export?format=" + format));
}

}  // namespace reversi::server
