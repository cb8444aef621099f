// Cylinder chess (variants/cylinder.yaml, Betza's `o`): moves, captures, checks, pins,
// castling and en passant across the joined a- and h-files, each in a position where the
// answer differs from chess's; and the explanations the probes give for its illegal moves.
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/probes/explain.hpp"
#include "referee/rules/variant/betza.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;
using referee::test::sorted_uci_names;

const Rules& cylinder() {
    return cached_rules("cylinder");
}

bool legal(const Position& pos, const std::string& uci) {
    return referee::test::legal_uci_names(pos).count(uci) == 1;
}

TEST(CylinderRules, BetzaOWrapsAndIsRefusedOnAFirstMove) {
    const auto rook = parse_betza("oR");
    ASSERT_EQ(rook.size(), 4u);
    for (const auto& r : rook) EXPECT_TRUE(r.wrap);
    EXPECT_FALSE(parse_betza("R").front().wrap);
    EXPECT_NE(parse_betza("oR"), parse_betza("R"));  // no Fairy-Stockfish rook
    EXPECT_THROW(parse_betza("iomfD"), BetzaError);
    // Fairy-Stockfish's boards have edges: its variants.ini cannot ask for o.
    EXPECT_NE(referee::test::ini_error("[wrap:chess]\ncustomPiece1 = a:oR\n", "wrap")
                  .find("Fairy-Stockfish has no cylindrical moves (o)"),
              std::string::npos);
    EXPECT_EQ(referee::test::ini_error("[nowrap:chess]\ncustomPiece1 = a:R\n", "nowrap"), "");
}

TEST(CylinderRules, ARideWrapsRoundTheEdgeUpToItsBlocker) {
    // The rook on h4 goes left to g4's pawn only; round the edge it reaches a4 to f4.
    const Position pos = cylinder().from_fen("4k3/8/8/8/6PR/8/8/4K3 w - - 0 1");
    std::vector<std::string> rook;
    for (const auto& m : sorted_uci_names(pos))
        if (m.rfind("h4", 0) == 0) rook.push_back(m);
    EXPECT_EQ(rook,
              (std::vector<std::string>{"h4a4", "h4b4", "h4c4", "h4d4", "h4e4", "h4f4", "h4h1",
                                        "h4h2", "h4h3", "h4h5", "h4h6", "h4h7", "h4h8"}));
    // A chess rook would have h4's file only.
    EXPECT_FALSE(legal(cached_rules("chess").from_fen(pos.fen()), "h4a4"));
}

TEST(CylinderRules, CapturesWrap) {
    // The bishop on b1 takes on h3 through a2; the pawn on a4 takes on h5.
    const Position pos = cylinder().from_fen("4k3/8/8/7p/P7/7n/8/1B2K3 w - - 0 1");
    EXPECT_TRUE(legal(pos, "b1h3"));
    EXPECT_TRUE(legal(pos, "a4h5"));
    EXPECT_FALSE(legal(cached_rules("chess").from_fen(pos.fen()), "b1h3"));
    Position after = pos;
    play(after, {"b1h3"});
    EXPECT_EQ(after.fen(), "4k3/8/8/7p/P7/7B/8/4K3 b - - 0 1");
}

TEST(CylinderRules, CheckAndMateRoundTheEdge) {
    // The rook on c5 checks the king on a5 the long way round (d5-h5), its pawn on b5 no
    // shield; the king may step round the edge, but not along the rook's rank.
    Position pos = cylinder().from_fen("8/8/8/kpR5/8/8/8/4K3 b - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_FALSE(cached_rules("chess").from_fen(pos.fen()).in_check());
    EXPECT_FALSE(legal(pos, "b5b4"));  // does not end the check
    EXPECT_FALSE(legal(pos, "a5h5"));  // still on the rook's rank
    EXPECT_TRUE(legal(pos, "a5h6"));   // round the edge, off the rank
    // Mate by the edge: the king on a8 behind its knight and pawns, the rook on g8 checks
    // through h8 (in chess the knight shields it).
    pos = cylinder().from_fen("kn4R1/pp5p/8/8/8/8/8/4K3 b - - 0 1");
    const auto end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->reason, EndReason::Checkmate);
    EXPECT_FALSE(cached_rules("chess").from_fen(pos.fen()).outcome().has_value());
}

TEST(CylinderRules, APinRoundTheEdge) {
    // The rook on f1 pins the knight on h1 to the king on a1 through g1 and the joined edge,
    // and the bishop on b1 the other way (e1, d1, c1).
    const Position pos = cylinder().from_fen("4k3/8/8/8/8/8/8/KB3r1N w - - 0 1");
    EXPECT_FALSE(pos.in_check());
    for (const char* m : {"h1g3", "h1f2", "b1c2", "b1a2"}) EXPECT_FALSE(legal(pos, m)) << m;
    EXPECT_EQ(sorted_uci_names(pos), (std::vector<std::string>{"a1a2", "a1b2", "a1h2"}));
    EXPECT_TRUE(legal(cached_rules("chess").from_fen(pos.fen()), "h1g3"));
    EXPECT_EQ(explain_illegal(pos, "h1g3"),
              "the knight on h1 is pinned: h1-g3 leaves the king on a1 attacked by the rook on f1");
}

TEST(CylinderRules, CastlingIsRefusedThroughASquareAttackedRoundTheEdge) {
    // The bishop on b5 sees f1 through a4, h3 and g2.
    const Position pos = cylinder().from_fen("4k3/8/8/1b6/8/8/PPPPPP1P/R3K2R w KQ - 0 1");
    EXPECT_FALSE(legal(pos, "e1g1"));
    EXPECT_TRUE(legal(pos, "e1c1"));
    EXPECT_TRUE(legal(cached_rules("chess").from_fen(pos.fen()), "e1g1"));
    const std::string why = explain_illegal(pos, "e1g1");
    EXPECT_NE(why.find("f1"), std::string::npos) << why;
    EXPECT_NE(why.find("bishop on b5"), std::string::npos) << why;
}

TEST(CylinderRules, EnPassantRoundTheEdge) {
    Position pos = cylinder().from_fen("4k3/p7/8/7P/8/8/8/4K3 b - - 0 1");
    play(pos, {"a7a5"});
    EXPECT_EQ(pos.fen(), "4k3/8/8/p6P/8/8/8/4K3 w - a6 0 2");
    ASSERT_TRUE(legal(pos, "h5a6"));
    play(pos, {"h5a6"});
    EXPECT_EQ(pos.fen(), "4k3/8/P7/8/8/8/8/4K3 b - - 0 2");
}

TEST(CylinderRules, KingsAndKnightsLeapRoundTheEdge) {
    const Position pos = cylinder().from_fen("4k3/8/8/8/8/8/8/K6N w - - 0 1");
    EXPECT_EQ(sorted_uci_names(pos), (std::vector<std::string>{"a1a2", "a1b1", "a1b2", "a1h2",
                                                               "h1a3", "h1b2", "h1f2", "h1g3"}));
}

TEST(CylinderRules, TheProbesFindNoWrappingFlawInIt) {
    // A wrapped move is legal here: the explanation of an illegal one names its real reason.
    const Position pos = cylinder().from_fen("4k3/8/8/8/6PR/8/8/4K3 w - - 0 1");
    EXPECT_EQ(explain_illegal(pos, "h4g4"),
              "the rook on h4 cannot move to g4: the pawn on g4 of its own side stands there");
    EXPECT_EQ(explain_illegal(pos, "h4g5"),
              "the rook on h4 cannot move to g5 (it moves as Betza 'oR')");
}

}  // namespace
