// SPDX-License-Identifier: MIT
// The lobby (docs/SITE.md "Lobby"): the front of the lobby sockets. It keeps what is the
// lobby's own: the sockets and their rate limits, who is online (here and on the other
// nodes), each player's running games, and the messages to players and to every socket. The
// offers are each a part of their own, which it holds and hands each message to: seeks
// (lobby/seeks.h), challenges (lobby/challenges.h) and quick pairing
// (lobby/quick_pairing.h); they reach the lobby through LobbyRoom (lobby/room.h), which it
// implements. It lives on the network thread like the hub, so it needs no lock; time,
// ratings and table creation come in through LobbyServices, so the whole lobby is tested
// without a network. Every message is checked in full before anything changes: a refused
// message gets one error and leaves the lobby as it was.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/common/identity.h"
#include "server/common/metrics.h"
#include "server/common/protocol.h"
#include "server/lobby/challenges.h"
#include "server/lobby/quick_pairing.h"
#include "server/lobby/room.h"
#include "server/lobby/seeks.h"
#include "server/lobby/services.h"
#include "server/storage/challenge_store.h"
#include "server/table/paired_table.h"
#include "server/table/table.h"

namespace reversi::server {

// A running (or waiting) table as its players' lists show it.
struct GameEntry {
    std::string table;
    std::vector<int64_t> players;    // per seat; 0 for a computer seat or a free one
    std::vector<std::string> names;  // per seat
    std::vector<bool> bots;          // per seat: a bot account's (shown as BOT)
    std::vector<int> levels;         // per seat: a computer seat's level, 0 for a person
    int to_move = -1;
    bool running = true;  // false once the game is over: it leaves the lists
    // Per seat: a computer, or a human seat with an open connection (Table::presence); empty
    // when not known (an older node's event).
    std::vector<bool> present;
    // The lobby's own: steady ms since when no human seat has been at the table (0 while one
    // is), for the turn of a game against the computer (LobbyLimits::computer_turn_ms).
    int64_t away_since = 0;
    // The board and rules; null when the lobby keeps it already (Lobby::needs_setup).
    json setup;
};

// The lobby's view of a table: its players, their names and whose turn it is; the setup
// only `with_setup` (building it on every move was a fifth of the hub's time at 5,000 games).
GameEntry game_entry_of(const Table& table, bool with_setup = true);

class Lobby : private LobbyRoom {
  public:
    explicit Lobby(LobbyServices services, LobbyLimits limits = {});

    // A lobby socket opened: it gets the "lobby" message. `client` stays valid until
    // disconnect().
    void connect(LobbyClient& client);
    void disconnect(LobbyClient& client);
    // Closes every lobby socket of `player` (a ban: docs/SITE.md "Moderation").
    void disconnect_player(int64_t player);
    // Ends every challenge from or to `player`, correspondence ones too (a deleted account).
    void end_challenges_of(int64_t player) { challenges_.end_all_of(player); }
    // The correspondence challenges the store kept (at start, and those of stopped nodes):
    // each is held here under a new id of this node until it is answered, cancelled or
    // expires; one already expired or that does not read is deleted. Never throws.
    void restore_challenges(const std::vector<StoredChallenge>& rows) { challenges_.restore(rows); }
    // A text message from a lobby socket; never throws.
    void on_message(LobbyClient& client, const std::string& text);
    // A table socket of `player` opened (+1) or closed (-1): table sockets count as online.
    void table_presence(const Identity& player, int delta);
    // A table changed (a move, a seat taken, the end): its players' lists follow. The
    // setup may be left null when needs_setup() says the lobby has it.
    void game_changed(const GameEntry& game);
    // Whether game_changed(game) needs game.setup: a running game new to a player's list.
    bool needs_setup(const GameEntry& game) const;
    // Expires seeks and challenges, pairs quick seekers whose windows have grown, and sends
    // the online count when it changed; call about once a second.
    void tick();
    // An event of another node's lobby (lobby/remote.cpp); never throws.
    void on_remote(const json& event);
    // A group of quick seekers that this node's bus took from the shared queue
    // (match_quick_seekers): {"group": [seeker, ...]}, each as published in "quick+"; the
    // table is made here. Never throws.
    void on_quick_match(const json& event) { quick_.on_match(event); }

    // Players with at least one open socket, lobby or table.
    size_t online() const { return online_; }
    // That count summed over the live nodes (each node counts its own sockets).
    size_t online_total() const;
    // Open seeks of other nodes shown here.
    size_t remote_seek_count() const { return seeks_.remote_count(); }
    size_t seek_count() const { return seeks_.count(); }
    size_t challenge_count() const { return challenges_.count(); }
    size_t quick_count() const { return quick_.count(); }
    // Running games and pending challenges of other nodes known here (for tests).
    size_t remote_game_count() const { return remote_games_.size(); }
    size_t remote_challenge_count() const { return challenges_.remote_count(); }
    // Running games listed for `player` (for tests).
    size_t game_count(int64_t player) const;
    // For the services above the lobby (tournaments): makes the table of `order`, sends each
    // player `paired` as any pairing does, and then tells `done` the outcome.
    void pair_players(PairingOrder order, std::function<void(const PairingOutcome&)> done);
    // `me` (from `address`) accepts or declines the challenge `id`, as a `challenge_reply`
    // does (the bot API's HTTP answer, docs/PROTOCOL.md "Bot API"); throws ApiError as it.
    void answer_challenge(const Identity& me, const std::string& address, const std::string& id,
                          bool accept) {
        challenges_.answer(me, address, id, accept);
    }
    // Account events for the other nodes (docs/MULTINODE.md "Accounts across nodes"): a bot's
    // token revoked ({"k": "revoked", "p", "t"}), an account deleted ({"k": "deleted", "p",
    // "old"}). `publish_account_event` sends one through the bus (nothing on a single node);
    // `listener` gets those of the other nodes.
    void publish_account_event(json event);
    void on_account_event(std::function<void(const json&)> listener) {
        account_events_ = std::move(listener);
    }
    // Sends `msg` to every lobby socket of `player` on this node.
    void tell(int64_t player, const json& msg);
    // Expires when the lobby is destroyed: sessions that outlive it check it first.
    std::weak_ptr<const int> life() const override { return life_; }
    // Where quick pairing's waits and refused lobby messages are counted.
    void set_metrics(Metrics* metrics) { metrics_ = metrics; }

  private:
    struct Player {
        Identity identity;
        std::vector<LobbyClient*> clients;  // lobby sockets
        int table_sockets = 0;
    };
    struct Bucket {
        double tokens = 0;
        int64_t updated = 0;
    };

    // LobbyRoom: what the parts use (lobby/room.h).
    const LobbyServices& services() const override { return services_; }
    const LobbyLimits& limits() const override { return limits_; }
    const Identity* player_here(int64_t player) const override;
    const Identity* in_lobby(const std::string& folded) const override;
    void send(int64_t player, const std::shared_ptr<const std::string>& text) override;
    void send_here(int64_t player, const std::shared_ptr<const std::string>& text) override;
    void broadcast(const json& msg) override;
    std::shared_ptr<const std::string> error_message(const ApiError& e) override;
    void publish(json event, std::function<void()> failed) override;
    std::string new_offer_id(char kind) override;
    void pair(PairingOrder order, std::function<void(const ApiError&)> failed) override;
    Metrics* metrics() const override { return metrics_; }

    // Sockets and presence (lobby.cpp).
    void handle(LobbyClient& client, const json& msg);
    bool spend(LobbyClient& client);
    const Player* find_player(int64_t id) const;
    void presence(const Identity& identity, int lobby_delta, int table_delta, LobbyClient* client);
    // The player left completely (no socket of any kind): their offers go.
    void went_offline(int64_t player);
    void error(LobbyClient& client, const ApiError& e);

    // Running games (games.cpp).
    void send_games(int64_t player);
    json games_json(int64_t player) const;
    // `game`'s away_since as the lobby keeps it, given the entry it replaces (or none).
    int64_t away_since_of(const GameEntry& game, const GameEntry* before) const;
    // Schedules the end of the turn of `game` (just left by its players) for `player`.
    void schedule_turn_end(const GameEntry& game, int64_t player);
    void publish_game(const GameEntry& game);
    void publish_games_of(int64_t player);
    void remote_game(const std::string& node, const json& event);
    void forget_remote_game(const std::string& table);

    // Other nodes (remote.cpp): what they publish, kept while they are alive.
    void publish_presence(const Identity& who, bool here);
    void publish_online(bool force);
    void remote_event(const std::string& node, const json& event);
    void remote_presence(const std::string& node, const json& event);
    void drop_node(const std::string& node);
    void expire_nodes();

    struct RemotePlayer {
        Identity identity;
        std::map<std::string, int> nodes;  // node -> 1 while the player has a lobby socket there
    };
    struct RemoteNode {
        size_t online = 0;
        int64_t seen = 0;  // steady ms of its last event
    };
    // Other nodes' running games by table, and the tables of each player among them.
    struct RemoteGame {
        std::string node;
        GameEntry game;
    };

    LobbyServices services_;
    LobbyLimits limits_;
    uint64_t next_id_ = 1;
    std::unordered_map<LobbyClient*, Bucket> clients_;
    std::unordered_map<int64_t, Player> players_;
    std::unordered_map<std::string, int64_t> online_names_;  // folded name -> player
    // The offers, each in a part of its own.
    Seeks seeks_{*this};
    Challenges challenges_{*this};
    QuickPairing quick_{*this, limits_.rated_meeting};
    // Running games per player (kept for every player, shown to those in the lobby).
    std::unordered_map<int64_t, std::map<std::string, GameEntry>> games_;
    // When a left game against the computer stops being its player's turn (steady ms ->
    // player): the tick sends that player's list again then.
    std::multimap<int64_t, int64_t> turn_ends_;
    std::map<std::string, RemoteGame> remote_games_;
    std::unordered_map<int64_t, std::set<std::string>> remote_games_of_;
    std::unordered_map<int64_t, RemotePlayer> remote_players_;
    std::unordered_map<std::string, RemoteNode> remote_nodes_;
    int64_t online_published_at_ = -1;
    size_t online_published_ = 0;
    size_t online_ = 0;
    size_t online_sent_ = 0;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
    Metrics* metrics_ = nullptr;
    std::function<void(const json&)> account_events_;
};

}  // namespace reversi::server
