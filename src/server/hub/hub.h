// SPDX-License-Identifier: MIT
// The hub holds every live table and its subscribers (the chat server's shared_state). It runs
// on the single network thread, so it needs no lock: storage and engine results come back
// to it through posted completions. A change is applied to the table at once (later
// messages see it), committed through the storage queue, and only broadcast after the commit.
// The hub routes each message and owns the rooms, their commits and their timers; a game's end
// (hub/finisher.h), offers (hub/offer_handler.h) and moderation (hub/moderation_hooks.h) are
// small classes of their own that it delegates to.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/common/endpoint.h"
#include "server/common/engine_pool.h"
#include "server/common/identity.h"
#include "server/common/limits.h"
#include "server/common/metrics.h"
#include "server/common/net.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"
#include "server/hub/finisher.h"
#include "server/hub/moderation_hooks.h"
#include "server/hub/offer_handler.h"
#include "server/hub/room_host.h"
#include "server/moderation/moderation.h"
#include "server/rating/rated_players.h"
#include "server/storage/storage.h"
#include "server/table/chat.h"
#include "server/table/paired_table.h"
#include "server/table/table.h"

namespace reversi::server {

// A live WebSocket connection as the hub sees it. Set up by subscribe(); the hub owns the
// fields after that.
class Accounts;
class TableOwnership;

class Subscriber {
  public:
    virtual ~Subscriber() = default;
    // Queues a text message (body then tail) to the client.
    virtual void send(Outgoing message) = 0;
    void send(std::shared_ptr<const std::string> message) {
        send(Outgoing{std::move(message), {}});
    }
    // Closes the connection after the queued messages.
    virtual void close() = 0;

    uint64_t serial = 0;
    std::string table;
    std::string token;
    std::vector<int> seats;
    std::string address;  // the client's IP address (set before subscribe), for per-address limits
    Identity identity;    // the session cookie's player (set before subscribe; player 0: none)
};

// Tuning of the hub's searches.
struct HubOptions {
    double hint_seconds = 1.0;
    ServerLimits limits;
    // The devices seen per player (may be null: addresses only); with
    // limits.rated_same_address it makes the hub's RatedMeetingRule. Must outlive the hub.
    const DeviceSightings* devices = nullptr;
};

class GameHub : private RoomHost {
  public:
    GameHub(net::io_context& ioc, StorageQueue& storage, EnginePool& engines,
            HubOptions options = {});

    // Loads every unfinished table from the store (call once, before serving). A table whose
    // row does not read is set aside as damaged (reported, listed by health()); a game whose
    // moves stop replaying is kept up to its last consistent ply.
    void restore(Storage& storage);
    // `listener` hears once of each game that ends while the server runs, after its end is
    // committed (post-game analysis, ratings). Add listeners before serving.
    void on_game_over(std::function<void(const Table&)> listener) {
        finisher_.on_game_over(std::move(listener));
    }
    // `listener` hears of a table after each committed change and at restore (the lobby's
    // lists of running games); it may hear of the same state more than once.
    void on_table_change(std::function<void(const Table&)> listener) {
        table_change_.push_back(std::move(listener));
    }
    // Makes a table whose seats are already taken by paired players (the lobby), commits it,
    // then answers with each seat's token, or with the error when nothing was made
    // (hub/paired.cpp).
    void create_paired(PairingOrder order, PairingDone done);

    // HTTP API (docs/PROTOCOL.md); each answers through `respond`, possibly later.
    // `client` is the caller's IP address, for the per-address limits.
    // `who` is the caller (docs/SITE.md "Identity"): a seat taken by a player records it.
    void create_table(const std::string& body, Respond respond, const std::string& client = {},
                      const Identity& who = {});
    void join_table(const std::string& id, const std::string& body, Respond respond,
                    const Identity& who = {}, const std::string& client = {});
    // The players and ratings (null: tables without players, as in the unit tests).
    void set_accounts(Accounts* accounts) { accounts_ = accounts; }
    // The site's moderation (null: nobody is muted, no moderator; hub/moderation_hooks.h): its
    // mutes hold at every table, its bans close the player's table sockets, and a reported
    // chat line is looked up here.
    void set_moderation(Moderation* moderation) { moderation_hooks_.attach(moderation); }
    // A moderator hides a chat line ({"table", "seq", "reason"}): it leaves the table's log, in
    // memory and in the store, and every subscriber gets the log again without it.
    void hide_chat(const Identity& who, const std::string& body, Respond respond) {
        moderation_hooks_.hide_chat(who, body, std::move(respond));
    }
    // Closes every table socket of `player` (a ban).
    void disconnect_player(int64_t player) { moderation_hooks_.disconnect_player(player); }
    // A deleted account (issue 48, hub/deleted_players.cpp): the seats of `player` show
    // deleted-<id> in every table, live and stored, and its chat lines (sent under
    // `old_name`) leave every table's log and the store. `in_store` false: the tables in
    // memory only (another node deleted the account and rewrote the store).
    void anonymize_player(int64_t player, const std::string& old_name, bool in_store = true);
    // A live table's chat line, as a report needs it.
    std::optional<ReportedLine> chat_line(const std::string& table, int64_t seq) const {
        return moderation_hooks_.chat_line(table, seq);
    }
    // Where acknowledged moves, their latency and refused messages are counted.
    void set_metrics(Metrics* metrics) { metrics_ = metrics; }
    // Several nodes on one database (docs/MULTINODE.md, hub/ownership.cpp): tables enter
    // memory only under this node's lease, lost ones leave it, dead nodes' ones are taken
    // over. Starts `ownership`; call before serving, instead of restore(). Without it the
    // hub owns every table (one node).
    void set_ownership(TableOwnership& ownership);
    void list_tables(Respond respond);
    // {"ok": true, "tables": N, "engine_queue": N, "damaged": [ids]}
    void health(Respond respond);
    void get_table(const std::string& id, Respond respond);
    void list_games(int limit, int offset, Respond respond);
    void get_game(const std::string& id, Respond respond);
    void export_game(const std::string& id, const std::string& format, Respond respond);
    // GET /api/account/games.ggf (issue 27): the caller's latest finished games (at most
    // MaxExportedGames), newest first, one GGF game a line; the games GGF cannot express are
    // left out. One export per player at a time.
    void export_player_games(const Identity& who, Respond respond);
    // The bot API (docs/PROTOCOL.md "Bot API"): `who` plays `square` (or resigns) at table `id`
    // with the seats its session holds there, as a table socket's `move` (`resign`) would;
    // answered {"ok": true} once committed.
    void play_for(const std::string& id, const Identity& who, const std::string& square,
                  Respond respond);
    void resign_for(const std::string& id, const Identity& who, Respond respond);

    // WebSocket: a new connection for `table` with an optional token; sends the state.
    void subscribe(Subscriber& sub, const std::string& table, const std::string& token);
    void unsubscribe(Subscriber& sub);
    // A text message from a subscriber.
    void on_message(Subscriber& sub, const std::string& text);

    // Tables held in memory (for tests and the load test's report).
    size_t live_tables() const { return rooms_.size(); }
    // Tables set aside at restore because their stored rows do not read, with the reason.
    const std::unordered_map<std::string, std::string>& damaged() const { return damaged_; }
    // Expires when the hub is destroyed: sessions that outlive it (in the io_context's
    // destructor at shutdown) check it before calling back.
    std::weak_ptr<const int> life() const { return life_; }

  private:
    // RoomHost: what the finisher, the offers and the moderation hooks ask of the hub.
    int64_t now() const override;
    int64_t wall_now() const;
    std::string new_id();
    RoomPtr find(const std::string& id) const;
    RoomPtr add_room(Table table);
    // Finds the room in memory or loads it from the store, then calls `next` (null if none);
    // with several nodes, `moved` hears of a table another node owns (its address, empty
    // when not known yet); without `moved`, such a table is not found.
    void with_room(const std::string& id, std::function<void(RoomPtr)> next,
                   std::function<void(const std::string& owner)> moved = {});
    // The multi-node half of with_room: the table is loaded after its lease is taken.
    void claim_room(const std::string& id, std::function<void(RoomPtr)> next,
                    std::function<void(const std::string& owner)> moved);
    // Ownership's hooks: tables whose lease was lost leave memory (their clients are sent
    // to reconnect); tables taken over from a dead node are restored as at a restart.
    void lose_tables(const std::vector<std::string>& ids);
    void adopt_tables(std::vector<StoredTable> tables);
    // A room that leaves memory gives its lease up (with several nodes).
    void release_room(const std::string& id);

    // The room's table state as every subscriber is sent it: `{"type":"state","table":{...`
    // without its closing braces, which each subscriber's message adds after its own "you"
    // (message_for). One text per table version, shared by every send and newcomer.
    std::shared_ptr<const std::string> snapshot(Room& room) override;
    std::shared_ptr<const std::string> current_state(Room& room);
    // The table state inside such a message as JSON text with `you`, and as JSON with no one's
    // seats (the HTTP API's answers).
    static std::string state_text_for(const std::string& message, const std::vector<int>& you);
    static json state_json(const std::string& message);
    static Outgoing message_for(const std::shared_ptr<const std::string>& state,
                                const std::vector<int>& you);
    void broadcast(Room& room, const std::shared_ptr<const std::string>& state);
    void send_to_all(Room& room, const std::shared_ptr<const std::string>& message) override;
    void send_error(Subscriber& sub, const ApiError& error);
    // Commits `op` and then broadcasts `state` and runs follow-ups (clock, computer move);
    // `then(ok)` runs after the commit or after its failure, which drops the room.
    void commit(const RoomPtr& room, std::function<void(Storage&)> op,
                std::shared_ptr<const std::string> state,
                std::function<void(bool)> then = {}) override;
    // After a failed write: the table in memory is ahead of the store, so it leaves memory
    // (the next visitor reloads what was committed) and its watchers are told and dropped.
    // `notice`, when given, is what its watchers are told instead (a lost lease).
    void drop_room(const RoomPtr& room, std::shared_ptr<const std::string> notice = nullptr);
    // A table read from the store, or nothing (logged) when its rows do not read.
    RoomPtr load_room(const StoredTable& st, const char* context);
    // Expires waiting tables and unloads idle ones; re-arms itself.
    void arm_sweep();
    void sweep();
    // Commits a move just played on the room's table, then broadcasts it; `then(ok)` runs
    // after the commit or its failure.
    void commit_move(const RoomPtr& room, const MoveRecord& rec, TableStatus before,
                     std::function<void(bool)> then = {});
    StoredTable stored(const Table& table) const;
    void after_change(const RoomPtr& room);
    void arm_clock(const RoomPtr& room);
    void start_engine(const RoomPtr& room);
    // Whose engine time the room's computer moves spend (common/engine_pool.h): the address
    // of its first human seat, else its player, else the table itself.
    static std::string engine_owner(const Room& room);
    // The cap of ServerLimits::max_strongest_tables: throws when `who` or `client` already
    // has that many running games against the strongest level and `spec` would be one more.
    void check_strongest_tables(const TableSpec& spec, const std::string& client,
                                const Identity& who) const;
    // Accounts' part of the hub (hub/players.cpp). Gives `seat` to player `who` (its
    // name and its rating in the table's pool); the store learns it through seat_rows().
    void seat_player(Table& table, int seat, const Identity& who);
    // The writes that record which players hold the table's seats.
    static std::function<void(Storage&)> seat_rows(const Table& table);
    // The seats `who` holds at the table through its session.
    std::vector<int> seats_of_player(const Table& table, const Identity& who) const;
    // The one gate of rated meetings (issue 27, finding 5), asked by a join, a paired table
    // and a rematch: throws when two of `seats` play from one address or a pair of them has
    // started its rated games of the day; `record` spends each pair's allowance (call it
    // once the table will be made).
    void check_rated_meeting(const std::vector<RatedSeat>& seats) const;
    void record_rated_meeting(const std::vector<RatedSeat>& seats);
    // The room's seated players with the addresses they took their seats from.
    static std::vector<RatedSeat> rated_seats(const Room& room);

    void on_move(Subscriber& sub, const RoomPtr& room, const json& msg);
    void on_undo(Subscriber& sub, const RoomPtr& room);
    void on_hint(Subscriber& sub, const RoomPtr& room);
    // At the table (hub/table.cpp): chat.
    void on_chat(Subscriber& sub, const RoomPtr& room, const json& msg);
    // The one owner of ServerLimits::max_live_tables (docs/PROTOCOL.md "Limits"): how many
    // more tables fit in memory (negative when over), and a Busy refusal when none does. A new
    // table, a paired one, a rematch offered or accepted, and the tables another node leaves
    // (set_ownership) all ask it.
    int table_room() const;
    void check_table_room() const;
    // Before a rematch offer or acceptance changes anything: throws when no new table may
    // be made for `address` (check_table_room, then the address's allowance).
    void check_rematch_room(const std::string& address);
    // Makes the rematch table (the offers' RematchTables::open) and tells every subscriber.
    void start_rematch(Subscriber& sub, const RoomPtr& room);
    // Sends the chat kept with the room, as this subscriber may see it.
    void send_chat_log(Subscriber& sub, Room& room) override;
    // Plays the engine's move for the room once the computer pause has passed.
    void play_engine_move(const RoomPtr& room, uint64_t generation, int ply, core::Square best,
                          int64_t searched_from);
    void send_hint(uint64_t serial, int ply, const std::shared_ptr<const core::Variant>& variant,
                   const engine::SearchResult& r);

    net::io_context& ioc_;
    StorageQueue& storage_;
    std::unordered_set<int64_t> exporting_;  // players whose games.ggf is being read
    EnginePool& engines_;
    HubOptions options_;
    RatedMeetingRule rated_meeting_;  // who may meet in a rated game (from options_)
    std::random_device entropy_;      // declared before rng_, which it seeds
    std::mt19937_64 rng_;  // random blocked layouts and seats; secrets come from server/secrets.h
    uint64_t next_serial_ = 1;
    std::unordered_map<std::string, RoomPtr> rooms_;
    std::unordered_map<uint64_t, Subscriber*> subscribers_;
    std::unordered_map<std::string, std::string> damaged_;
    RateLimiter table_creations_;
    RateLimiter rated_pairs_;  // keyed by the two players' ids, lower first
    net::steady_timer sweep_timer_;
    Accounts* accounts_ = nullptr;
    Metrics* metrics_ = nullptr;
    TableOwnership* ownership_ = nullptr;  // several nodes; null: this node owns every table
    std::vector<std::function<void(const Table&)>> table_change_;
    // The hub's jobs of their own, declared after what they read (rooms_, subscribers_).
    Finisher finisher_;
    OfferHandler offers_;
    ModerationHooks moderation_hooks_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
