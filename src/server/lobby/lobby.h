// SPDX-License-Identifier: MIT
// The lobby (docs/SITE.md "Lobby"): open offers (seeks), quick pairing, challenges between
// named players, the online count and each player's running games, pushed to the lobby
// sockets. It lives on the network thread like the hub, so it needs no lock; time, ratings
// and table creation come in through LobbyServices, so the whole lobby is tested without a
// network. Every message is checked in full before anything changes: a refused message gets
// one error and leaves the lobby as it was.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/common/identity.h"
#include "server/common/metrics.h"
#include "server/common/protocol.h"
#include "server/common/rating_scale.h"
#include "server/hub/paired_table.h"
#include "server/lobby/pairing.h"
#include "server/storage/challenge_store.h"
#include "server/table/table.h"

namespace reversi::server {

// Bounds of the lobby; each is a real limit (no zero for "unlimited").
struct LobbyLimits {
    int64_t seek_ms = 30 * 60 * 1000;      // a seek expires this long after it was posted
    int64_t challenge_ms = 2 * 60 * 1000;  // an unanswered challenge expires
    int seeks_per_player = 3;
    int seeks_per_address = 6;        // open seeks of all the players of one address
    int max_seeks = 5000;             // open seeks in all
    int challenges_per_player = 5;    // pending challenges a player has sent
    int challenges_per_address = 10;  // pending challenges sent from one address
    int challenges_to_player = 20;    // pending challenges a player has received
    // Pending challenges one sender (a player, or an address) may have to one player, so a
    // few spammers cannot fill a player's slots and keep a friend's challenge out.
    int challenges_to_player_per_sender = 2;
    size_t seeks_per_page = 50;      // seeks in the first "lobby" message and in each "seek_page"
    RatedMeetingRule rated_meeting;  // from ServerLimits::rated_same_address
    double messages_per_second = 2;
    double message_burst = 20;  // a socket may send this many at once, then the rate
    size_t max_message_bytes = 4096;
    size_t max_games_listed = 100;  // running games in one "games" message
    // A game against the computer is its player's turn while they are at the table and this
    // long after they left it: the hub's idle time, after which it unloads a table nobody
    // watches (ServerLimits::idle_table_seconds), ends the game's normal life in memory.
    int64_t computer_turn_ms = 10 * 60 * 1000;
};

// A player's rating in one pool as the lobby shows it.
struct LobbyRating {
    double rating = StartRating;
    bool provisional = true;
};

// What the lobby takes from the rest of the server.
struct LobbyServices {
    std::function<int64_t()> now;       // steady milliseconds
    std::function<int64_t()> wall_now;  // milliseconds since the Unix epoch
    std::function<uint64_t()> random;   // seat colours, shuffles, random blocked squares
    std::function<LobbyRating(const Identity&, const std::string& pool)> rating;
    // The "me" object of the lobby message (docs/SITE.md "Identity").
    std::function<json(const Identity&)> me;
    // Commits a table with every seat taken; `done` runs later (or at once) with the tokens.
    std::function<void(PairingOrder, PairingDone)> create_table;
    // A lobby socket of a player opened (+1) or closed (-1) (the accounts' online flag);
    // may be empty.
    std::function<void(int64_t player, int delta)> lobby_socket;
    // A player by name (ignoring case), online or not: a correspondence challenge waits for
    // one who is away. May be empty (offline players cannot be challenged then).
    std::function<std::optional<Identity>(const std::string& name)> account;
    // Keeps an open correspondence challenge in the store, and deletes it there when it ends,
    // so that a restart does not lose it (docs/SITE.md "Lobby"); both may be empty.
    std::function<void(const StoredChallenge&)> keep_challenge;
    std::function<void(const std::string& id)> forget_challenge;
    // Several nodes on one database (docs/MULTINODE.md, lobby/remote.cpp): this node's name
    // (in offer ids, so they are unique across nodes) and the bus to the other nodes'
    // lobbies; `failed` runs later on this thread when the event was not stored and sent.
    // Both empty on a single node.
    std::string node;
    std::function<void(json event, std::function<void()> failed)> publish;
};

// One lobby WebSocket as the lobby sees it.
class LobbyClient {
  public:
    virtual ~LobbyClient() = default;
    // Queues a text message to the client.
    virtual void deliver(std::shared_ptr<const std::string> text) = 0;
    // The socket's player; the same from connect() to disconnect().
    virtual const Identity& who() const = 0;
    // The client's address (Peer::address), for the limits per address and rated pairings.
    virtual const std::string& address() const = 0;
    // Closes the socket after its queued messages (a ban); disconnect() follows.
    virtual void close() {}
};

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

// Quick pairing across nodes (lobby/shared.cpp): the groups that the shared queue's seekers
// (each a "quick+" event with "since", in order of arrival) form at `now`, as indices into
// `seekers`, by the rules of one node's queue (pairing.h). Seekers that do not read are
// skipped. The bus runs it on its own thread: it touches no lobby.
std::vector<std::vector<size_t>> match_quick_seekers(const std::vector<json>& seekers, int64_t now);

class Lobby {
  public:
    explicit Lobby(LobbyServices services, LobbyLimits limits = {});

    // A lobby socket opened: it gets the "lobby" message. `client` stays valid until
    // disconnect().
    void connect(LobbyClient& client);
    void disconnect(LobbyClient& client);
    // Closes every lobby socket of `player` (a ban: docs/SITE.md "Moderation").
    void disconnect_player(int64_t player);
    // Ends every challenge from or to `player`, correspondence ones too (a deleted account).
    void end_challenges_of(int64_t player);
    // The correspondence challenges the store kept (at start, and those of stopped nodes):
    // each is held here under a new id of this node until it is answered, cancelled or
    // expires; one already expired or that does not read is deleted. Never throws.
    void restore_challenges(const std::vector<StoredChallenge>& rows);
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
    // (lobby/shared.cpp): {"group": [seeker, ...]}, each as published in "quick+"; the table
    // is made here. Never throws.
    void on_quick_match(const json& event);

    // Players with at least one open socket, lobby or table.
    size_t online() const { return online_; }
    // That count summed over the live nodes (each node counts its own sockets).
    size_t online_total() const;
    // Open seeks of other nodes shown here.
    size_t remote_seek_count() const { return remote_seeks_.size(); }
    size_t seek_count() const { return seeks_.size(); }
    size_t challenge_count() const { return challenges_.size(); }
    size_t quick_count() const { return quick_.entries().size(); }
    // Running games and pending challenges of other nodes known here (for tests).
    size_t remote_game_count() const { return remote_games_.size(); }
    size_t remote_challenge_count() const { return remote_challenges_.size(); }
    // Running games listed for `player` (for tests).
    size_t game_count(int64_t player) const;
    // For the services above the lobby (tournaments): makes the table of `order`, sends each
    // player `paired` as any pairing does, and then tells `done` the outcome.
    void pair_players(PairingOrder order, std::function<void(const PairingOutcome&)> done);
    // `me` (from `address`) accepts or declines the challenge `id`, as a `challenge_reply`
    // does (the bot API's HTTP answer, docs/PROTOCOL.md "Bot API"); throws ApiError as it.
    void answer_challenge(const Identity& me, const std::string& address, const std::string& id,
                          bool accept);
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
    std::weak_ptr<const int> life() const { return life_; }
    // Where quick pairing's waits and refused lobby messages are counted.
    void set_metrics(Metrics* metrics) { metrics_ = metrics; }

  private:
    struct Seek {
        std::string id;
        Identity owner;
        std::string owner_address;
        core::Setup setup;
        ClockSpec clock;
        bool rated = false;
        std::string pool;  // empty: a casual setup outside the pools
        std::string seat;  // "black" | "white" | "random"
        int64_t expires = 0;
        json view;  // the seek object sent to clients
    };
    struct Challenge {
        std::string id;
        Identity from, to;
        std::string from_address;
        core::Setup setup;
        ClockSpec clock;
        bool rated = false;
        int64_t expires = 0;
    };
    struct Player {
        Identity identity;
        std::vector<LobbyClient*> clients;  // lobby sockets
        int table_sockets = 0;
        double quick_window_sent = -1;  // the window last told in quick_waiting
        int quick_seeking_sent = -1;    // the number of seekers last told in quick_waiting
    };
    struct Bucket {
        double tokens = 0;
        int64_t updated = 0;
    };

    void handle(LobbyClient& client, const json& msg);
    void on_seek(LobbyClient& client, const json& msg);
    void on_accept(LobbyClient& client, const json& msg);
    void on_cancel_seek(LobbyClient& client, const json& msg);
    void on_quick(LobbyClient& client, const json& msg);
    void on_quick_cancel(LobbyClient& client);
    void on_challenge(LobbyClient& client, const json& msg);
    void on_challenge_reply(LobbyClient& client, const json& msg);
    void on_challenge_cancel(LobbyClient& client, const json& msg);

    bool spend(LobbyClient& client);
    const Identity& player_of(LobbyClient& client) const;
    Player* find_player(int64_t id);
    void presence(const Identity& identity, int lobby_delta, int table_delta, LobbyClient* client);
    // The player left completely (no socket of any kind): their offers go.
    void went_offline(int64_t player);

    void remove_seek(const std::string& id);
    // {"type": "seek_page", "offset", "total", "seeks"}: at most seeks_per_page seeks from
    // `offset` on, in the order the lobby keeps them (docs/PROTOCOL.md "Lobby").
    json seek_page_json(size_t offset) const;
    void end_challenge(const std::string& id, const char* reason);
    // Holds `c` (its id set): stored when it is a correspondence one, told to the other nodes,
    // and sent to both players' lobby sockets here.
    void hold_challenge(Challenge c);
    // The "challenge" message its challenged player gets.
    static json incoming_json(const Challenge& c);
    // The challenges a player's going away ends: live ones only (a correspondence challenge
    // waits its days for both players).
    std::vector<std::string> live_challenges_of(int64_t player) const;
    // Answers a reply or cancel of a challenge that is not pending: `not_found`, saying why
    // when it ended lately (and telling the player's sockets it is gone). Always throws.
    [[noreturn]] void challenge_not_pending(const Identity& me, const std::string& id);
    void stop_quick(int64_t player);
    // Takes the player out of the quick queue (and of the shared one); false if not waiting.
    bool drop_quick(int64_t player);
    void run_quick_matches();
    // The seeker's status (docs/SITE.md "Lobby"): window, how many seek the same game, and
    // when any rating will do if nobody else comes.
    json quick_waiting_json(const QuickEntry& e, int64_t now) const;
    // Creates the table of a pairing; `restore` runs when it failed.
    void pair(PairingOrder order, std::function<void(const ApiError&)> failed);
    // Pairs a quick group of `kind`'s pool and preset, its seats in a random order.
    void pair_quick(const QuickEntry& kind, std::vector<Identity> seats,
                    std::vector<std::string> addresses);
    void send_games(int64_t player);
    json games_json(int64_t player) const;

    void send(int64_t player, const std::shared_ptr<const std::string>& text);
    void send(LobbyClient& client, const json& msg);
    void broadcast(const json& msg);
    void error(LobbyClient& client, const ApiError& e);
    // The message of a refusal sent to players rather than to the asking socket, counted once
    // in the metrics however many sockets it goes to.
    std::shared_ptr<const std::string> error_message(const ApiError& e);

    LobbyServices services_;
    LobbyLimits limits_;
    uint64_t next_id_ = 1;
    std::unordered_map<LobbyClient*, Bucket> clients_;
    std::unordered_map<int64_t, Player> players_;
    std::unordered_map<std::string, int64_t> online_names_;  // folded name -> player
    std::map<std::string, Seek> seeks_;                      // ordered by id: oldest first
    std::map<std::string, Challenge> challenges_;
    // The last challenges that ended (id, reason), so a late reply learns why.
    std::deque<std::pair<std::string, std::string>> ended_challenges_;
    QuickQueue quick_;
    // Running games per player (kept for every player, shown to those in the lobby).
    std::unordered_map<int64_t, std::map<std::string, GameEntry>> games_;
    // When a left game against the computer stops being its player's turn (steady ms ->
    // player): the tick sends that player's list again then.
    std::multimap<int64_t, int64_t> turn_ends_;
    // `game`'s away_since as the lobby keeps it, given the entry it replaces (or none).
    int64_t away_since_of(const GameEntry& game, const GameEntry* before) const;
    // Schedules the end of the turn of `game` (just left by its players) for `player`.
    void schedule_turn_end(const GameEntry& game, int64_t player);
    // Other nodes (lobby/remote.cpp): what they publish, kept while they are alive.
    struct RemoteSeek {
        std::string node;
        int64_t owner = 0;
        json view;
    };
    struct RemotePlayer {
        Identity identity;
        std::map<std::string, int> nodes;  // node -> 1 while the player has a lobby socket there
    };
    struct RemoteNode {
        size_t online = 0;
        int64_t seen = 0;  // steady ms of its last event
    };
    std::string new_offer_id(char kind);
    std::string node_of_offer(const std::string& id) const;
    void publish(json event, std::function<void()> failed = {});
    void publish_presence(const Identity& who, bool here);
    void accept_seek(const Identity& me, const std::string& address, const std::string& id);
    void reply_challenge(const Identity& me, const std::string& address, const std::string& id,
                         bool accept);
    void remote_event(const std::string& node, const json& event);
    void remote_seek_added(const std::string& node, const json& event);
    void remote_presence(const std::string& node, const json& event);
    void drop_node(const std::string& node);
    void expire_nodes();
    const Identity* remote_player_named(const std::string& name) const;
    void publish_online(bool force);
    // Shared state across nodes (lobby/shared.cpp): quick seekers, running games, challenges.
    bool shared_quick() const { return static_cast<bool>(services_.publish); }
    void publish_quick(const QuickEntry& entry, const Identity& who);
    void publish_game(const GameEntry& game);
    void publish_games_of(int64_t player);
    void publish_challenge(const Challenge& c, const json& incoming);
    void remote_game(const std::string& node, const json& event);
    void remote_challenge(const std::string& node, const json& event);
    void remote_quick_taken(const json& event);
    void forget_remote_game(const std::string& table);
    void drop_node_shared(const std::string& node);
    void send_remote_challenges(LobbyClient& client);
    struct RemoteChallenge {
        std::string node;
        int64_t to = 0;
        json incoming;  // the "challenge" message its player gets
    };
    // Other nodes' running games by table, and the tables of each player among them.
    struct RemoteGame {
        std::string node;
        GameEntry game;
    };
    std::map<std::string, RemoteGame> remote_games_;
    std::unordered_map<int64_t, std::set<std::string>> remote_games_of_;
    std::map<std::string, RemoteChallenge> remote_challenges_;
    std::map<std::string, RemoteSeek> remote_seeks_;
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
