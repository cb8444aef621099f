// Ouk Chatrang's first moves against Fairy-Stockfish 11.1 (`go perft`, `d`): the king's
// knight leap to its second rank (not out of check, not onto a piece), the met's two steps
// ahead (a capture too), and the rights in the FEN's castling field.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

const Rules& cambodian() {
    return cached_rules("cambodian");
}

TEST(FirstMoves, PerftFromTheStartIsFairyStockfishs) {
    const Position pos = cambodian().start();
    EXPECT_EQ(pos.fen(), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
    EXPECT_EQ(pos.perft(1), 25u);
    EXPECT_EQ(pos.perft(3), 15031u);
    EXPECT_EQ(pos.perft(4), 361793u);
}

TEST(FirstMoves, TheLeapsAndTheirRights) {
    // The met captures two squares ahead; the king does not leap onto an attacked square.
    EXPECT_EQ(cambodian().from_fen("4k3/8/8/8/8/4s3/8/3KM3 w DE - 0 1").perft(1), 6u);
    // In check the king may not leap.
    EXPECT_EQ(cambodian().from_fen("4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1").perft(1), 3u);
    Position pos = cambodian().start();
    play(pos, {"a3a4", "a6a5", "d1b2"});
    EXPECT_EQ(pos.fen(), "rnsmksnr/8/1ppppppp/p7/P7/1PPPPPPP/1K6/RNS1MSNR b Ede - 1 2");
    pos.undo();
    EXPECT_EQ(pos.fen(), "rnsmksnr/8/1ppppppp/p7/P7/1PPPPPPP/8/RNSKMSNR w DEde - 0 2");
    // Without its right the king has no leap.
    EXPECT_EQ(cambodian().from_fen("4k3/8/8/8/8/8/8/3KM3 w E - 0 1").perft(1), 7u);
}

}  // namespace
