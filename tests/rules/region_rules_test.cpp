// What Fairy-Stockfish's flag regions brought beyond one piece reaching its goal: a region
// that wins only when several pieces stand in it at once (`end.region.count`, flagPieceCount:
// aralzaa's three knights, knights-halma's nine) and one that any piece reaches (`piece: any`,
// flagPiece = * or no flagPiece: rooksquare, river): read from YAML and from a variants.ini
// section, judged, and written back by the YAML writer.
#include <gtest/gtest.h>

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/rules/variant_error_support.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::expect_end;
using referee::test::expect_not_over;

// Three knights (named "custom piece 1", as the section calls them) that only move (no captures) on
// a 3x3 board, each side racing its three to the far rank.
const char* kRegionIni = R"([threeknights]
maxRank = 3
maxFile = c
customPiece1 = n:mN
startFen = nnn/3/NNN w
flagPiece = n
flagRegionWhite = *3
flagRegionBlack = *1
flagPieceCount = 3
nFoldRule = 0
nMoveRule = 0
)";

TEST(RegionCount, AllThePiecesTheRuleAsksMustStandInTheRegion) {
    const Variant v = parse_ini_variant(kRegionIni, "my.ini", "threeknights");
    ASSERT_TRUE(v.end.region.has_value());
    EXPECT_EQ(v.end.region->count, 3);
    const Rules rules(v);
    // Two of White's knights on the far rank: not yet; the third: White wins.
    expect_not_over(rules.from_fen("NN1/2n/N1n b - - 0 1"));
    expect_end(rules.from_fen("NNN/n2/1nn b - - 0 1"), GameResult::WhiteWins, EndReason::Region,
               "White's 3 custom piece 1s have reached their goal");
    expect_end(rules.from_fen("NN1/2N/nnn w - - 0 1"), GameResult::BlackWins, EndReason::Region,
               "Black's 3 custom piece 1s have reached their goal");
    EXPECT_NE(v.summary().find("3 custom piece 1s reaching a3 b3 c3 (White)"), std::string::npos)
        << v.summary();
}

TEST(RegionCount, TheYamlWriterWritesItAndItReadsBack) {
    const Variant v = parse_ini_variant(kRegionIni, "my.ini", "threeknights");
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find(", count: 3}"), std::string::npos) << text;
    const Variant again = parse_variant(text, "written.yaml");
    ASSERT_TRUE(again.end.region.has_value());
    EXPECT_EQ(again.end.region->count, 3);
    EXPECT_EQ(Rules(again).start().perft(4), Rules(v).start().perft(4));
    // A count of 0 is refused at its place.
    const std::string zero = referee::test::replace(text, "count: 3", "count: 0");
    try {
        parse_variant(zero, "written.yaml");
        FAIL() << "accepted count: 0";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.key(), "end.region.count") << e.what();
        EXPECT_NE(std::string(e.what()).find("must be 1 or more"), std::string::npos) << e.what();
    }
}

// Rook-square chess: any White piece on a8 or h8 wins, any Black one on a1 or h1.
TEST(RegionAnyPiece, AnyPieceOfTheSideReachingItWins) {
    const Variant v = parse_ini_variant(
        "[corners:chess]\nflagRegionWhite = a8 h8\nflagRegionBlack = a1 h1\n", "my.ini", "corners");
    ASSERT_TRUE(v.end.region.has_value());
    EXPECT_EQ(v.end.region->piece, 0);
    EXPECT_NE(v.summary().find("a piece of any kind reaching a8 h8 (White), a1 h1 (Black)"),
              std::string::npos)
        << v.summary();
    const Rules rules(v);
    expect_end(rules.from_fen("4k2N/8/8/8/8/8/8/4K3 b - - 0 1"), GameResult::WhiteWins,
               EndReason::Region, "White's piece has reached its goal");
    expect_end(rules.from_fen("4k3/8/8/8/8/8/8/n3K3 w - - 0 1"), GameResult::BlackWins,
               EndReason::Region, "Black's piece has reached its goal");
    expect_not_over(rules.from_fen("4k2n/8/8/8/8/8/8/4K2P w - - 0 1"));
    // Written as `piece: any`, and read back the same.
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("region: {piece: any, white: [a8, h8], black: [a1, h1]}"),
              std::string::npos)
        << text;
    const Variant again = parse_variant(text, "written.yaml");
    ASSERT_TRUE(again.end.region.has_value());
    EXPECT_EQ(again.end.region->piece, 0);
    EXPECT_EQ(Rules(again).start().perft(3), Rules(v).start().perft(3));
    // Anything else than a letter of the variant or 'any' is refused.
    try {
        parse_variant(referee::test::replace(text, "piece: any", "piece: anything"), "w.yaml");
        FAIL() << "accepted piece: anything";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.key(), "end.region.piece") << e.what();
    }
}

}  // namespace
