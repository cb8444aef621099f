// Duple check (Spartan chess, as the current Fairy-Stockfish counts it with `dupleCheck`;
// the move counts below are its, from the `ffish` npm package): a side with two kings may
// leave one attacked, not both; a king so left may be taken, and the side plays on with the
// other under the ordinary rule. And the Spartans' other rule pieces: the hoplite's first
// leap, over anything and never taken en passant.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

const Rules& spartan() {
    return cached_rules("spartan");
}

TEST(DupleCheck, PerftFromTheStartIsFairyStockfishs) {
    const Position pos = spartan().start();
    EXPECT_EQ(pos.perft(2), 640u);
    EXPECT_EQ(pos.perft(3), 14244u);
    EXPECT_EQ(pos.perft(4), 473282u);
}

TEST(DupleCheck, OneKingMayBeLeftAttackedNotBoth) {
    // The rook attacks c8: Black is not in check, and every king move stands, c7 too.
    Position one = spartan().from_fen("2k2k2/8/8/8/8/8/8/2R1K3 b - - 0 1");
    EXPECT_FALSE(one.in_check());
    EXPECT_EQ(one.legal_moves().size(), 10u);
    EXPECT_NO_THROW(one.parse_move("c8c7"));
    // Both attacked: in check, and a move must save one of them.
    Position both = spartan().from_fen("2k2k2/8/8/8/8/8/8/2R1KR2 b - - 0 1");
    EXPECT_TRUE(both.in_check());
    EXPECT_EQ(both.legal_moves().size(), 8u);
    EXPECT_THROW(both.parse_move("c8c7"), MoveError);
    // A position where Black has just left both attacked cannot be.
    EXPECT_THROW(spartan().from_fen("2k2k2/8/8/8/8/8/8/2R1KR2 w - - 0 1"), PositionError);
}

TEST(DupleCheck, AKingLeftAttackedIsTakenAndTheOtherPlaysOn) {
    Position pos = spartan().from_fen("2k2k2/8/8/8/8/8/8/2R1K3 w - - 0 1");
    EXPECT_EQ(pos.legal_moves().size(), 15u);
    play(pos, {"c1c8"});
    EXPECT_EQ(pos.fen(), "2R2k2/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_FALSE(pos.outcome().has_value());
    // One king left: the ordinary rule, it may not stand attacked.
    EXPECT_TRUE(pos.in_check());
    EXPECT_THROW(pos.parse_move("f8e8"), MoveError);
    EXPECT_NO_THROW(pos.parse_move("f8f7"));
}

TEST(DupleCheck, TheHopliteLeapsOverAnythingAndIsNeverTakenEnPassant) {
    Position pos = spartan().from_fen("2k2k2/3h4/2P5/8/8/8/8/4K3 b - - 0 1");
    play(pos, {"d7b5"});  // over the pawn on c6
    EXPECT_EQ(pos.fen(), "2k2k2/8/2P5/1h6/8/8/8/4K3 w - - 0 2");
    // Onto an empty square only.
    EXPECT_THROW(spartan().from_fen("2k2k2/3h4/8/1P6/8/8/8/4K3 b - - 0 1").parse_move("d7b5"),
                 MoveError);
    pos = spartan().from_fen("2k2k2/3h4/8/3P4/8/8/8/4K3 b - - 0 1");
    play(pos, {"d7b5"});
    EXPECT_EQ(pos.fen(), "2k2k2/8/8/1h1P4/8/8/8/4K3 w - - 0 2");
    EXPECT_THROW(pos.parse_move("d5c6"), MoveError) << "no en passant on c6";
}

}  // namespace
