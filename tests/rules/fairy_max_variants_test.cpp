// Rules of the catalogue's variants that only Fairy-Max plays (its fmax.ini; Fairy-Stockfish
// 11.1 knows none of them), each where it differs from chess: Great Shatranj's promotion
// (the soldier always, a piece only once one of its kind is lost) and bare king, Ciccolini's
// castling by three squares, the Light Brigade's armies. Their whole games against Fairy-Max
// are in tests/cli/slow_fairy_max_self_play_test.cpp.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

TEST(FairyMaxVariants, GreatShatranjPromotesToASoldierOrALostPiece) {
    const Rules& great = cached_rules("great");
    // White keeps its general: a pawn may become anything else, the soldier always.
    Position pos = great.from_fen("4k4n/1P8/10/10/10/10/10/G3K2SS1 w - - 0 1");
    EXPECT_THROW(pos.parse_move("b7b8g"), MoveError);
    for (const char* m : {"b7b8s", "b7b8m", "b7b8h", "b7b8e", "b7b8w", "b7b8n"})
        EXPECT_NO_THROW(pos.parse_move(m)) << m;
    play(pos, {"b7b8s"});
    EXPECT_EQ(pos.fen(), "1S2k4n/10/10/10/10/10/10/G3K2SS1 b - - 0 1");
}

TEST(FairyMaxVariants, GreatShatranjBareKingLosesUnlessItBaresTheOtherAtOnce) {
    const Rules& great = cached_rules("great");
    // White takes Black's last piece; Black's king may take White's last one back.
    const Position start = great.from_fen("10/10/10/10/10/10/1n6k1/K8N w - - 0 1");
    Position pos = start;
    play(pos, {"a1b2"});
    EXPECT_FALSE(pos.outcome().has_value()) << "Black gets its reply";
    play(pos, {"i2h3"});
    auto end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->result, GameResult::WhiteWins);
    EXPECT_EQ(end->reason, EndReason::BareKing);
    pos = start;
    play(pos, {"a1b2", "i2j1"});
    end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->result, GameResult::Draw);
}

TEST(FairyMaxVariants, CiccoliniKingCastlesThreeSquares) {
    const Rules& ciccolini = cached_rules("ciccolini");
    Position pos = ciccolini.from_fen("r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    Position other = pos;
    play(pos, {"f1i1"});
    EXPECT_EQ(pos.fen(), "r4k3r/10/10/10/10/10/10/10/10/R6RK1 b kq - 1 1");
    play(other, {"f1c1"});
    EXPECT_EQ(other.fen(), "r4k3r/10/10/10/10/10/10/10/10/2KR5R b kq - 1 1");
}

TEST(FairyMaxVariants, TheLightBrigadeIsQueensAgainstKnights) {
    const Position pos = cached_rules("light-brigade").start();
    EXPECT_EQ(pos.fen(), "nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/1Q1QK1Q1 w - - 0 1");
    // The pawns' 16 moves, and along the first rank the queens' five (b1-a1, b1-c1, d1-c1,
    // g1-f1, g1-h1) and the king's one (e1-f1).
    EXPECT_EQ(pos.perft(1), 22u);
}

}  // namespace
