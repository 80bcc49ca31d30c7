// SPDX-License-Identifier: MIT
// One round of quick pairing over the shared queue (pg_quick_match.h).
#include "server/multinode/pg_quick_match.h"

#include <iostream>
#include <set>
#include <stdexcept>

#include "server/storage/postgres/connection.h"

namespace reversi::server::pg {

namespace {

// Seekers read in one round: far more than wait at once on any site.
constexpr const char* MaxSeekers = "10000";

QuickRound take(Connection& db, const std::string& channel, const std::string& node,
                const QuickMatcher& match) {
    QuickRound round;
    // One schema, one matcher at a time; a busy lock means another node is matching now.
    const Result lock =
        db.exec("SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '.reversi_quick'))");
    if (lock.text(0, 0) != "t") {
        round.seekers_left = true;
        return round;
    }
    db.exec(
        "DELETE FROM lobby_quick WHERE node NOT IN "
        "(SELECT node FROM lobby_nodes WHERE expires > now())");
    const Result rows = db.exec(std::string("SELECT node, player, since, event, "
                                            "(extract(epoch FROM now()) * 1000)::bigint "
                                            "FROM lobby_quick ORDER BY since, seq LIMIT ") +
                                MaxSeekers);
    std::vector<nlohmann::json> seekers;
    std::vector<std::string> nodes;
    for (int r = 0; r < rows.rows(); ++r) {
        nlohmann::json seeker = nlohmann::json::parse(rows.text(r, 3), nullptr, false);
        if (!seeker.is_object()) continue;
        seeker["since"] = rows.integer(r, 2);
        round.seekers_left = round.seekers_left || rows.text(r, 0) == node;
        seekers.push_back(std::move(seeker));
        nodes.push_back(rows.text(r, 0));
    }
    if (!round.seekers_left || seekers.size() < 2) return round;
    const int64_t now = rows.integer(0, 4);
    std::set<int64_t> players;
    std::vector<nlohmann::json> taken;  // the quick_taken events
    for (const std::vector<size_t>& group : match(seekers, now)) {
        bool mine = false;
        for (size_t i : group) mine = mine || (i < nodes.size() && nodes[i] == node);
        if (!mine) continue;  // all on other nodes: theirs to pair
        nlohmann::json members = nlohmann::json::array(), ids = nlohmann::json::array();
        for (size_t i : group) {
            members.push_back(seekers.at(i));
            ids.push_back(seekers[i].value("p", int64_t{0}));
            players.insert(seekers[i].value("p", int64_t{0}));
        }
        round.groups.push_back({{"group", std::move(members)}});
        taken.push_back({{"k", "quick_taken"}, {"n", node}, {"players", std::move(ids)}});
    }
    if (players.empty()) return round;
    std::string array = "{";
    for (int64_t p : players) array += (array.size() > 1 ? "," : "") + std::to_string(p);
    array += "}";
    const Result gone = db.exec(
        "DELETE FROM lobby_quick WHERE player = ANY($1::bigint[]) RETURNING player", {text(array)});
    std::set<int64_t> deleted;
    for (int r = 0; r < gone.rows(); ++r) deleted.insert(gone.integer(r, 0));
    // A seeker who left meanwhile (their node deleted the row) must not be paired.
    if (deleted != players) throw std::runtime_error("a seeker left the queue meanwhile");
    for (const nlohmann::json& event : taken)
        db.exec("SELECT pg_notify($1, $2)", {text(channel), text(event.dump())});
    return round;
}

}  // namespace

QuickRound take_quick_groups(Connection& connection, const std::string& channel,
                             const std::string& node, const QuickMatcher& match) {
    connection.exec("BEGIN");
    try {
        QuickRound round = take(connection, channel, node, match);
        connection.exec("COMMIT");
        return round;
    } catch (...) {
        try {
            if (!connection.broken() && connection.in_transaction()) connection.exec("ROLLBACK");
        } catch (const std::exception&) {
            // The first failure is the one reported.
        }
        throw;
    }
}

}  // namespace reversi::server::pg
