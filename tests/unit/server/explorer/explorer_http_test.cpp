// SPDX-License-Identifier: MIT
// The explorer's API through the real server: the engine's evaluation of a position's moves
// (and its errors), and a registered player's GGF and WTHOR imports: games of a pool kept, bad
// ones skipped with their reasons, the imports counted only in that player's "my openings",
// kept across a restart, and refused to guests and to hostile bodies.
#include <gtest/gtest.h>
#include <sodium.h>

#include "accounts_client.h"
#include "core/ggf.h"
#include "core/notation.h"
#include "core/wthor.h"

namespace reversi::server {
namespace {

using namespace testing_support;

std::string ggf_of(const std::string& moves, const std::string& result = "") {
    core::Game g{core::Setup{}};
    EXPECT_FALSE(core::play_moves(g, moves));
    core::GgfInfo info;
    info.black = "Ima";
    info.white = "Rival";
    info.result = result;
    return core::format_ggf(g, info);
}

// A WTHOR file of games given by their moves and Black's final disc count, in base64.
std::string wthor_base64(const std::vector<std::pair<std::string, int>>& games) {
    std::string file = core::format_wthor_header(static_cast<uint32_t>(games.size()), 2026);
    for (const auto& [moves, discs] : games) {
        core::WthorGame g;
        EXPECT_FALSE(core::play_moves(g.game, moves));
        g.black_discs = discs;
        file += core::format_wthor_record(g);
    }
    std::string out(sodium_base64_encoded_len(file.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(file.data()),
                      file.size(), sodium_base64_VARIANT_ORIGINAL);
    out.resize(out.size() - 1);  // the terminating zero
    return out;
}

std::string code(const BrowserReply& r) {
    return json::parse(r.body).value("code", "");
}

TEST(ExplorerHttp, EvaluatesEveryMoveOfAPosition) {
    TempDir dir("explorer_http_eval");
    ServerProcess server(dir.path);
    const json after_f5 = get(server.port, "/api/explorer/eval?pool=8x8&moves=f5").data();
    ASSERT_EQ(after_f5["moves"].size(), 3u) << after_f5.dump();  // d6, f4 and f6
    for (const json& m : after_f5["moves"]) EXPECT_TRUE(m["score"].is_number());
    // Asked again, the same answer (from the cache).
    EXPECT_EQ(get(server.port, "/api/explorer/eval?pool=8x8&moves=f5").data(), after_f5);
    const auto error = [&](const std::string& target) {
        return get(server.port, target).data().value("code", "");
    };
    EXPECT_EQ(error("/api/explorer/eval?pool=3p&moves="), "bad_request");
    EXPECT_EQ(error("/api/explorer/eval?pool=8x8&moves=a1"), "illegal_move");
}

TEST(ExplorerHttp, ImportedGamesCountOnlyInTheirPlayersOpenings) {
    TempDir dir("explorer_http_import");
    const std::string tiger = "f5 d6 c3 d3 c4";
    {
        ServerProcess server(dir.path);
        Browser ima(server.port);
        ASSERT_EQ(ima.get("/api/me").status, 200);
        ASSERT_EQ(ima.post("/api/register", {{"name", "ImportIma"}, {"password", "correct horse"}})
                      .status,
                  200);
        const std::string file = "header junk\n" + ggf_of(tiger, "+12.000") + "\n" +
                                 ggf_of("f5 f6 e6", "-4.000:r") + "\n" +
                                 ggf_of("d3 c5") +  // unfinished, no result
                                 "\n(;GM[Chess]TY[8];)\n(;GM[Othello]TY[8]B[a1];)";
        const BrowserReply r = ima.post("/api/explorer/imports", {{"ggf", file}});
        ASSERT_EQ(r.status, 200) << r.body;
        const json answer = json::parse(r.body);
        EXPECT_EQ(answer["imported"], 2);
        EXPECT_EQ(answer["skipped"], 3);
        EXPECT_EQ(answer["errors"].size(), 3u);
        EXPECT_EQ(answer["total"], 2);

        // Everyone's explorer does not count them; the importer's "my openings" does.
        EXPECT_EQ(get(server.port, "/api/explorer?pool=8x8&moves=").data()["games"], 0);
        const json mine = get(server.port, "/api/explorer?pool=8x8&moves=&player=ImportIma").data();
        EXPECT_EQ(mine["games"], 2);
        const json line =
            get(server.port, "/api/explorer?pool=8x8&moves=f5%20d6&player=ImportIma").data();
        ASSERT_EQ(line["next"].size(), 1u);
        EXPECT_EQ(line["next"][0]["black"], 1);  // RE +12: Black won

        // Guests and hostile bodies are refused.
        EXPECT_EQ(code(Browser(server.port).post("/api/explorer/imports", {{"ggf", file}})),
                  "not_allowed");
        EXPECT_EQ(code(ima.request(http::verb::post, "/api/explorer/imports", "{nope")),
                  "bad_json");
        EXPECT_EQ(code(ima.post("/api/explorer/imports", {{"ggf", 5}})), "bad_request");
        // Nothing that reads is nothing imported, not an error.
        EXPECT_EQ(json::parse(ima.post("/api/explorer/imports", {{"ggf", "(;;"}}).body)["imported"],
                  0);

        // A WTHOR file: the Tiger, unfinished, won by White on discs (20 of 64), and another line.
        const BrowserReply w = ima.post("/api/explorer/imports",
                                        {{"wthor", wthor_base64({{tiger, 20}, {"f5 f6 e6", 40}})}});
        ASSERT_EQ(w.status, 200) << w.body;
        const json wa = json::parse(w.body);
        EXPECT_EQ(wa["imported"], 2);
        EXPECT_EQ(wa["total"], 4);
        const json tigers =
            get(server.port, "/api/explorer?pool=8x8&moves=f5%20d6&player=ImportIma").data();
        ASSERT_EQ(tigers["next"].size(), 1u);
        EXPECT_EQ(tigers["next"][0]["games"], 2);
        EXPECT_EQ(tigers["next"][0]["white"], 1);
        EXPECT_EQ(get(server.port, "/api/explorer?pool=8x8&moves=").data()["games"], 0);
        const std::string truncated = wthor_base64({{tiger, 20}}).substr(0, 40);
        EXPECT_EQ(code(ima.post("/api/explorer/imports", {{"wthor", truncated}})), "bad_request");
        EXPECT_EQ(code(ima.post("/api/explorer/imports", {{"wthor", "not base64!"}})),
                  "bad_request");
    }
    // The imports come back from the store, still only the importer's.
    ServerProcess again(dir.path);
    EXPECT_EQ(get(again.port, "/api/explorer?pool=8x8&moves=&player=ImportIma").data()["games"], 4);
    EXPECT_EQ(get(again.port, "/api/explorer?pool=8x8&moves=").data()["games"], 0);
}

}  // namespace
}  // namespace reversi::server
