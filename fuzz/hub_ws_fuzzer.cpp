// SPDX-License-Identifier: MIT
// The hub's WebSocket messages without sockets. Input: the first line is a create body (a
// plain two-player table when it is refused); the other seats are joined, and three fake
// connections subscribe: A with the creator's token, B with a joiner's, W watching. Each
// further line is, by its first character:
//   A/B/W MESSAGE   MESSAGE from that connection     + TOKEN   W reconnects with TOKEN
//   @ ID            W reconnects to table ID         - A|B|W   that connection closes
//   = A|B|W         that connection reconnects       ! LINE    an HTTP line (hub_script.h)
//   anything else   the whole line is a message from A.
// Properties (besides those of hub_support.h and hub_script.h):
//  - no exception leaves on_message, subscribe or unsubscribe;
//  - every message sent is valid JSON, states carry "you", errors are never "internal";
//  - a refused message (one answered by an error) leaves the table's state exactly as it was,
//    at once and after the hub has run;
//  - once the hub is idle, every connection's latest state shows the table's current game.
#include "hub_script.h"

using namespace reversi;
using fuzz::FakeSubscriber;
using fuzz::json;

namespace {

class WsSession {
  public:
    WsSession(fuzz::HubFixture& fx, fuzz::HttpClient& http, std::string table)
        : fx_(fx), http_(http), table_(std::move(table)) {}

    // Opens a new connection in slot `slot` (0 A, 1 B, 2 W), closing the old one first.
    void connect(int slot, const std::string& table, const std::string& token) {
        disconnect(slot);
        auto sub = std::make_unique<FakeSubscriber>(std::string(1, "ABW"[slot]));
        FakeSubscriber& s = *sub;
        all_.push_back(std::move(sub));
        live_[slot] = &s;
        tokens_[slot] = token;
        fuzz::into_hub("subscribe", [&] { fx_.hub().subscribe(s, table, token); });
        s.subscribed = true;
        settle();
    }

    void disconnect(int slot) {
        FakeSubscriber* s = live_[slot];
        if (!s || !s->subscribed) return;
        fuzz::into_hub("unsubscribe", [&] { fx_.hub().unsubscribe(*s); });
        s->subscribed = false;
        settle();
    }

    void set_token(int slot, std::string token) { tokens_[slot] = std::move(token); }
    const std::string& token(int slot) const { return tokens_[slot]; }
    const std::string& table() const { return table_; }

    // A message from a connection, with the "an error changes nothing" check.
    void message(int slot, const std::string& text) {
        FakeSubscriber* s = live_[slot];
        if (!s || !s->subscribed) return;
        fx_.note_text(text);
        const json before = http_.state_of(table_);
        const size_t seen = s->messages.size();
        fuzz::into_hub("on_message", [&] { fx_.hub().on_message(*s, text); });
        bool refused = false;
        for (size_t i = seen; i < s->messages.size(); ++i)
            refused = refused || s->messages[i]["type"] == "error";
        if (refused && !before.is_null() && !flag_fell(before)) {
            // At once (the hub answers get_table from memory), then once the hub has run.
            const json now = http_.state_of(table_);
            HUB_CHECK(now == before, "a refused message changed the table: " + text +
                                         "\nbefore: " + before.dump() + "\nafter: " + now.dump());
        } else {
            fuzz::into_hub("running the hub", [&] { fx_.drain(); });
        }
        settle();
        if (refused && !before.is_null()) {
            const json later = http_.state_of(table_);
            HUB_CHECK(later == before || flag_fell(later),
                      "a refused message changed the table later: " + text +
                          "\nbefore: " + before.dump() + "\nafter: " + later.dump());
        }
        check_watchers();
    }

    // Runs the hub until idle and lets closed connections go, as their sessions would.
    void settle() {
        fuzz::into_hub("running the hub", [&] { fx_.drain(); });
        for (FakeSubscriber* s : live_) {
            if (s && s->closed && s->subscribed) {
                fuzz::into_hub("unsubscribe", [&] { fx_.hub().unsubscribe(*s); });
                s->subscribed = false;
                fuzz::into_hub("running the hub", [&] { fx_.drain(); });
            }
        }
    }

  private:
    // A clock that ran out while the input ran changes the table legitimately.
    static bool flag_fell(const json& state) {
        return state.contains("result") && state["result"].is_object() &&
               state["result"].value("reason", "") == "time";
    }

    // Every connection to this table that has seen a state sees the current game.
    void check_watchers() {
        const json current = http_.state_of(table_);
        if (current.is_null()) return;
        for (FakeSubscriber* s : live_) {
            if (!s || !s->subscribed || s->closed) continue;
            const json* last = nullptr;
            for (const json& m : s->messages)
                if (m["type"] == "state") last = &m;
            if (!last || (*last)["table"].value("id", "") != table_) continue;
            HUB_CHECK(fuzz::game_part((*last)["table"]) == fuzz::game_part(current),
                      "connection " + s->name() + " was left with an old state\nlast: " +
                          (*last)["table"].dump() + "\ncurrent: " + current.dump());
        }
    }

    fuzz::HubFixture& fx_;
    fuzz::HttpClient& http_;
    std::string table_;
    std::vector<std::unique_ptr<FakeSubscriber>> all_;  // kept to the end: the hub may hold them
    FakeSubscriber* live_[3] = {nullptr, nullptr, nullptr};
    std::string tokens_[3];
};

int slot_of(char c) {
    return c == 'B' ? 1 : c == 'W' ? 2 : 0;
}

void run(fuzz::HubFixture& fx, fuzz::HttpClient& http, const std::vector<std::string_view>& lines) {
    auto created = http.create(std::string(lines[0]));
    if (!created) created = http.create(R"({"seat":0})");
    HUB_CHECK(created, "the default table was refused");
    WsSession ws(fx, http, created->id);
    for (int seat = 0; seat < 4; ++seat) {
        const auto token =
            http.join(created->id, R"({"seat":)" + std::to_string(seat) + R"(,"name":"b"})");
        if (token) {
            ws.set_token(1, *token);
            break;
        }
    }
    ws.connect(0, created->id, created->token);
    ws.connect(1, created->id, ws.token(1));
    ws.connect(2, created->id, "");
    for (size_t i = 1; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        const char c = line.empty() ? '\0' : line[0];
        const std::string rest(line.empty() ? line : line.substr(1));
        switch (c) {
            case 'A':
            case 'B':
            case 'W':
                ws.message(slot_of(c), rest);
                break;
            case '+':
                ws.connect(2, ws.table(), rest);
                break;
            case '@':
                ws.connect(2, rest, "");
                break;
            case '-':
                ws.disconnect(slot_of(rest.empty() ? 'A' : rest[0]));
                break;
            case '=': {
                const int slot = slot_of(rest.empty() ? 'A' : rest[0]);
                ws.connect(slot, ws.table(), ws.token(slot));
                break;
            }
            case '!':
                if (!http.run_line(rest)) http.create(rest);
                ws.settle();
                break;
            default:
                ws.message(0, std::string(line));
                break;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::run_script(data, size, 64, run);
    return 0;
}
