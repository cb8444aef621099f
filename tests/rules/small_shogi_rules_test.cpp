// The small shogi games as variant data: EuroShogi's compulsory promotion (every move into,
// inside or out of the zone promotes; drops wherever the piece could still move) and
// Dobutsu's lion that wins on reaching the far rank, its chick droppable anywhere; micro
// shogi's pieces that turn over by capturing and drop either side up. Move counts and FENs
// are Fairy-Stockfish 11.1's for the same positions.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;
using referee::test::sorted_uci_names;

std::vector<std::string> moves_from(Position& pos, const std::string& square) {
    std::vector<std::string> out;
    for (const std::string& m : sorted_uci_names(pos))
        if (m.rfind(square, 0) == 0) out.push_back(m);
    return out;
}

TEST(EuroShogiRules, EveryMoveIntoInsideOrOutOfTheZonePromotes) {
    Position pos = cached_rules("euroshogi").from_fen("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "d5"), (std::vector<std::string>{"d5d6+"}));
    // The knight on d6 (in the zone, as after a drop): its sideways steps promote too.
    pos = cached_rules("euroshogi").from_fen("k7/8/3N4/8/8/8/8/4K3[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "d6"),
              (std::vector<std::string>{"d6c6+", "d6c8+", "d6e6+", "d6e8+"}));
    // A bishop leaving the zone promotes as well.
    pos = cached_rules("euroshogi").from_fen("4k3/8/3B4/8/8/8/8/K7[] w - - 0 1");
    for (const std::string& m : moves_from(pos, "d6")) EXPECT_EQ(m.back(), '+') << m;
    EXPECT_EQ(pos.parse_move("d6a3"), pos.parse_move("d6a3+"));
}

TEST(EuroShogiRules, DropsGoWhereThePieceCanStillMove) {
    // 62 empty squares: the pawn not on the last rank (55), the knight, which also steps
    // sideways, anywhere (62); five king moves besides: Fairy-Stockfish's 122.
    Position pos = cached_rules("euroshogi").from_fen("4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1");
    const auto list = sorted_uci_names(pos);
    EXPECT_EQ(list.size(), 122u);
    EXPECT_NE(std::find(list.begin(), list.end(), "P@a7"), list.end());
    EXPECT_EQ(std::find(list.begin(), list.end(), "P@a8"), list.end());
    EXPECT_NE(std::find(list.begin(), list.end(), "N@a8"), list.end());
    // A pawn standing in the zone unpromoted (dropped there) is a position that can arise.
    EXPECT_NO_THROW(cached_rules("euroshogi").from_fen("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"));
    EXPECT_THROW(cached_rules("euroshogi").from_fen("P3k3/8/8/8/8/8/8/4K3[] w - - 0 1"),
                 PositionError);
}

TEST(DobutsuRules, AChickMayBeDroppedOnTheLastRankAndPromotesAtWill) {
    Position pos = cached_rules("dobutsu").from_fen("2l/1C1/3/L2[C] w - - 0 1");
    const auto list = sorted_uci_names(pos);
    EXPECT_NE(std::find(list.begin(), list.end(), "C@a4"), list.end());
    EXPECT_NE(std::find(list.begin(), list.end(), "b3b4"), list.end());
    EXPECT_NE(std::find(list.begin(), list.end(), "b3b4+"), list.end());
    play(pos, {"b3b4+"});
    EXPECT_EQ(pos.fen(), "1+Cl/3/3/L2[C] b - - 1 1");
}

TEST(DobutsuRules, TheLionReachingTheFarRankWinsWhereItCannotBeTaken) {
    // The lion on c3: b3 and b4 are guarded by Black's lion on a4, c4 is free.
    Position pos = cached_rules("dobutsu").from_fen("l2/2L/3/3[] w - - 0 1");
    EXPECT_EQ(sorted_uci_names(pos), (std::vector<std::string>{"c3b2", "c3c2", "c3c4"}));
    play(pos, {"c3c4"});
    const auto o = pos.outcome();
    ASSERT_TRUE(o.has_value());
    EXPECT_EQ(o->result, GameResult::WhiteWins);
    EXPECT_EQ(o->reason, EndReason::Region);
}

TEST(MicroShogiRules, ACaptureTurnsThePieceOverAndNoOtherMoveDoes) {
    Position pos = cached_rules("micro").from_fen("k3/4/1p2/1P2/3K[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "b2"), (std::vector<std::string>{"b2b3+"}));
    // The promoted pawn is a knight: its quiet moves stay, its capture turns it back.
    pos = cached_rules("micro").from_fen("k3/p3/4/1+P2/3K[] w - - 0 1");
    EXPECT_EQ(moves_from(pos, "b2"), (std::vector<std::string>{"b2a4-", "b2c4"}));
    play(pos, {"b2a4-"});
    EXPECT_EQ(pos.fen(), "k3/P3/4/4/3K[P] b - - 0 1");
}

TEST(MicroShogiRules, APieceInHandIsDroppedEitherSideUp) {
    // Four pieces in hand, each either side up on 16 empty squares, the pawn on the last
    // rank too; three king moves besides: Fairy-Stockfish's 132.
    Position pos = cached_rules("micro").from_fen("k3/4/1p2/1P2/3K[RBLP] w - - 0 1");
    const auto list = sorted_uci_names(pos);
    EXPECT_EQ(list.size(), 132u);
    EXPECT_NE(std::find(list.begin(), list.end(), "+B@a1"), list.end());
    EXPECT_NE(std::find(list.begin(), list.end(), "P@c5"), list.end());
    play(pos, {"+L@a1"});  // a silver, which goes back to the hand as a lance
    // Fairy-Stockfish writes the hand [PRB]; the same position.
    EXPECT_EQ(pos.key(), cached_rules("micro").from_fen("k3/4/1p2/1P2/+L2K[PRB] b - - 1 1").key());
    EXPECT_EQ(pos.fen(), "k3/4/1p2/1P2/+L2K[BRP] b - - 1 1");
}

Variant parse_yaml(const std::string& yaml) {
    return parse_variant(yaml, "t.yaml");
}

std::string small_shogi_error(const std::string& yaml) {
    try {
        parse_yaml(yaml);
    } catch (const VariantError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(MicroShogiRules, FileErrorsNameTheLineColumnAndKey) {
    const std::string head = R"(name: t
board: {files: 4, ranks: 4}
start: "k3/4/4/3K[] w - - 0 1"
captures_to_hand: true
pieces:
  - {letter: K, name: king, betza: K, royal: true}
)";
    EXPECT_EQ(
        small_shogi_error(head + "  - {letter: P, name: pawn, betza: fW, promotion: {to: [K], "
                                 "on_capture: true, rank: 3}}\n"),
        "t.yaml:7:85: pieces[1].promotion.rank: a piece that promotes by capturing has "
        "no promotion zone");
    EXPECT_EQ(small_shogi_error(head + "drops: {promoted: true}\n"),
              "t.yaml:7:19: drops.promoted: dropping a piece as its promoted form needs promoted "
              "forms (a piece with fen: \"+P\")");
}

}  // namespace
