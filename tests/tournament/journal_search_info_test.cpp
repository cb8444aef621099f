// The journal's own writer and the JSON library agree byte for byte on the fields engine
// developers' matches add: each move's depth, score (cp or mate) and nodes, and each side's
// time control; and the record read back has them.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "referee/tournament/journal.hpp"
#include "report_fixture.hpp"

namespace referee::tournament {
namespace {

TEST(JournalSearchInfo, SameBytesAsTheJsonLibraryAndReadBack) {
    auto g = report::fixture::sample_tournament().games[0];
    ASSERT_GE(g.moves.size(), 3u);
    g.moves[0].info.depth = 12;
    g.moves[0].info.has_score = true;
    g.moves[0].info.score = -35;
    g.moves[0].info.nodes = 123456789012LL;
    g.moves[1].info.has_score = true;
    g.moves[1].info.mate = true;
    g.moves[1].info.score = -3;
    g.moves[2].info.nodes = 0;
    g.time_control = "";
    g.white_time_control = "1+0.01";
    g.black_time_control = "40/60";
    const std::string line = journal_game_line(4, g);
    EXPECT_EQ(line,
              nlohmann::json({{"type", "game"}, {"slot", 4}, {"game", match::to_json(g)}}).dump());
    const auto back = match::game_from_json(nlohmann::json::parse(line).at("game"));
    EXPECT_EQ(back.white_time_control, "1+0.01");
    EXPECT_EQ(back.black_time_control, "40/60");
    EXPECT_EQ(back.moves[0].info.depth, 12);
    EXPECT_EQ(back.moves[0].info.score, -35);
    EXPECT_FALSE(back.moves[0].info.mate);
    EXPECT_EQ(back.moves[0].info.nodes, 123456789012LL);
    EXPECT_TRUE(back.moves[1].info.mate);
    EXPECT_EQ(back.moves[1].info.score, -3);
    EXPECT_EQ(back.moves[1].info.depth, 0);
    EXPECT_FALSE(back.moves[2].info.has_score);
    EXPECT_EQ(back.moves[2].info.nodes, 0);
    // The PGN: per-side tags, and cutechess's comment for the scored moves.
    const std::string pgn = match::to_pgn(back);
    EXPECT_NE(pgn.find("[WhiteTimeControl \"1+0.01\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[BlackTimeControl \"40/60\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("{-0.35/12 "), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("n=123456789012"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("{-M3/0 "), std::string::npos) << pgn;
}

}  // namespace
}  // namespace referee::tournament
