// Fairy-Stockfish's fairy: chess whose positions may also hold silvers and fers, which the
// start never has and no pawn becomes, so the catalogue's random games never meet them.
// Counted here from positions that hold them; the counts are Debian's Fairy-Stockfish
// 11.1's (`setoption name UCI_Variant value fairy`, `position fen ...`, `go perft 3`).
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;

TEST(FairyPieces, SilversAndFersCountAsFairyStockfishCountsThem) {
    const Rules& fairy = cached_rules("fairy");
    EXPECT_EQ(fairy.from_fen("rnbqkbnr/pppppppp/8/2s2f2/2F2S2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                  .perft(3, PerftStop::Immediate),
              19905u);
    EXPECT_EQ(fairy.from_fen("r3k2r/1s4f1/8/3pP3/8/8/1S4F1/R3K2R w KQkq d6 0 1")
                  .perft(3, PerftStop::Immediate),
              33215u);
    // A silver steps forward and diagonally, a fers diagonally only (10 and 9 with the king's
    // five).
    EXPECT_EQ(fairy.from_fen("4k3/8/8/3S4/8/8/8/4K3 w - - 0 1").perft(1), 10u);
    EXPECT_EQ(fairy.from_fen("4k3/8/8/3F4/8/8/8/4K3 w - - 0 1").perft(1), 9u);
    // The pawn still becomes a queen, rook, bishop or knight only.
    EXPECT_EQ(fairy.from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").perft(1), 9u);
}

TEST(FairyPieces, NotTheGameOfAnEngineWithoutVariants) {
    EXPECT_FALSE(cached_rules("fairy").variant().uci_default);
    EXPECT_EQ(cached_rules("fairy").start().fen(),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

}  // namespace
