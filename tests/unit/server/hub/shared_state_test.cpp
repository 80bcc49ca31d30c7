// SPDX-License-Identifier: MIT
// The state text the hub builds once per table version and shares with every subscriber
// (GameHub::snapshot), and the spec text a table keeps between stores (Table::spec_text):
// after every change that must show (a join, a move, an end), what a newcomer is sent and what
// the store holds agree with a table rebuilt from the store's rows.
#include <gtest/gtest.h>

#include "hub_fixture.h"
#include "server/table/table.h"

namespace reversi::server::hub_testing {
namespace {

// The table as the store holds it, rebuilt the way a restart would.
Table stored_table(Hub& h, const std::string& id) {
    const std::optional<StoredTable> st = h.sqlite.load(id);
    EXPECT_TRUE(st.has_value());
    return Table::restore(st->id, json::parse(st->spec), st->created, st->moves,
                          st->result.empty() ? json(nullptr) : json::parse(st->result), 0);
}

// The fields of a state that the store's rows decide (not the connections of this process).
json game_fields(const json& state) {
    json out;
    for (const char* key :
         {"board", "counts", "id", "last_move", "legal", "moves", "ply", "result", "status",
          "to_move", "setup", "created", "rated", "clock", "hints", "local"})
        out[key] = state.at(key);
    for (const json& seat : state.at("seats"))
        out["seats"].push_back({{"name", seat.at("name")}, {"taken", seat.at("taken")}});
    return out;
}

// What a newcomer is sent now, and what GET /api/tables/{id} answers: the same shared text.
json newcomer_state(Hub& h, const std::string& id) {
    FakeSubscriber watcher;
    h.subscribe(watcher, id);
    json state = watcher.table();
    EXPECT_EQ(state["you"], json::array());
    h.hub->unsubscribe(watcher);
    const Reply got = h.call([&](Respond f) { h.hub->get_table(id, f); });
    EXPECT_EQ(got.status, 200);
    EXPECT_EQ(json::parse(got.body), state);
    return state;
}

TEST(SharedState, EveryChangeShowsToNewcomersAndInTheStore) {
    TempDb db("shared_state");
    Hub h(db.path, quick_options());
    const json made = h.create({{"seat", 0}, {"name", "Ada"}});
    const std::string id = made["table"];
    // The create answer wraps the same text, with the creator's seat as "you".
    EXPECT_EQ(made["table_state"]["you"], json::array({0}));
    EXPECT_EQ(game_fields(made["table_state"]), game_fields(newcomer_state(h, id)));
    EXPECT_EQ(game_fields(newcomer_state(h, id)),
              game_fields(json::parse(stored_table(h, id).state_text(0))));

    // A join changes the spec (a name and a token): the kept spec text must follow it.
    const std::string token_b = h.join(id, 1, "Bob")["token"];
    const Table after_join = stored_table(h, id);
    EXPECT_EQ(after_join.seats_of(token_b), std::vector<int>{1});
    json state = newcomer_state(h, id);
    EXPECT_EQ(state["seats"][1]["name"], "Bob");
    EXPECT_EQ(state["status"], "playing");
    EXPECT_EQ(game_fields(state), game_fields(json::parse(after_join.state_text(0))));

    FakeSubscriber a, b;
    h.subscribe(a, id, made["token"]);
    h.subscribe(b, id, token_b);
    for (int ply = 0; ply < 6; ++ply) {
        const json t = a.table();
        FakeSubscriber& mover = t["to_move"] == 0 ? a : b;
        h.send(mover, {{"type", "move"}, {"square", t["legal"][0]}});
        ASSERT_TRUE(h.run_until([&] { return b.table()["ply"] == ply + 1; }));
        state = newcomer_state(h, id);
        ASSERT_EQ(state["ply"], ply + 1);
        // Both players and the newcomer got one text: equal but for "you".
        json seen_by_a = a.table(), seen_by_b = b.table();
        EXPECT_EQ(seen_by_a["you"], json::array({0}));
        EXPECT_EQ(seen_by_b["you"], json::array({1}));
        seen_by_a.erase("you");
        seen_by_b.erase("you");
        state.erase("you");
        EXPECT_EQ(seen_by_a, state);
        EXPECT_EQ(seen_by_b, state);
        EXPECT_EQ(game_fields(state), game_fields(json::parse(stored_table(h, id).state_text(0))));
    }

    h.send(a, {{"type", "resign"}});
    state = newcomer_state(h, id);
    EXPECT_EQ(state["status"], "finished");
    EXPECT_EQ(state["result"]["reason"], "resign");
    EXPECT_EQ(game_fields(state), game_fields(json::parse(stored_table(h, id).state_text(0))));
    h.hub->unsubscribe(a);
    h.hub->unsubscribe(b);
}

}  // namespace
}  // namespace reversi::server::hub_testing
