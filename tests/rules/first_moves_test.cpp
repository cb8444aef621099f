// Ouk Chatrang's first moves against Fairy-Stockfish 11.1 (`go perft`, `d`): the king's
// knight leap to its second rank (not out of check, not onto a piece), the met's two steps
// ahead (a capture too), and the rights in the FEN's castling field. And the Berolina pawn's
// first move (imfnA from its second rank, told by its rank, not kept in the FEN), against the
// current Fairy-Stockfish (the `ffish` npm package, which knows berolina; 11.1 does not),
// with en passant on the square it passed. And the Mexican pawn's first move, up to three
// squares ahead, taken en passant on either square a triple step passed, as Fairy-Max
// accepts it (fed the moves in force mode, it refuses neither capture).
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

const Rules& berolina() {
    return cached_rules("berolina");
}

TEST(FirstMoves, BerolinaPerftFromTheStartIsFairyStockfishs) {
    const Position pos = berolina().start();
    EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(pos.perft(1), 30u);  // 14 diagonal steps, 12 diagonal double steps, 4 knights'
    EXPECT_EQ(pos.perft(2), 900u);
    EXPECT_EQ(pos.perft(3), 28328u);
    EXPECT_EQ(pos.perft(4), 882717u);
}

TEST(FirstMoves, BerolinaDoubleStepIsTakenEnPassantOnTheSquareItPassed) {
    Position pos = berolina().from_fen("4k3/8/8/8/1p6/8/2P5/4K3 w - - 0 1");
    play(pos, {"c2a4"});
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/Pp6/8/8/4K3 b - b3 0 1");
    const Move ep = pos.parse_move("b4b3");  // straight ahead onto the square passed
    EXPECT_EQ(ep.kind(), MoveKind::EnPassant);
    EXPECT_EQ(pos.san(ep), "bxb3");
    pos.play(ep);
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/1p6/8/4K3 w - - 0 2");
    // Blocked on the way, or from another rank: no double step.
    EXPECT_THROW(berolina().from_fen("4k3/8/8/8/8/1p6/2P5/4K3 w - - 0 1").parse_move("c2a4"),
                 MoveError);
    EXPECT_THROW(berolina().from_fen("4k3/8/8/8/8/2P5/8/4K3 w - - 0 1").parse_move("c3a5"),
                 MoveError);
}

TEST(FirstMoves, BerolinaEnPassantFieldNamesThePawnWhereTwoCouldHavePassed) {
    // a4 came from c2 or c4 from a2, both over b3: the field says which ("a4b3", as
    // Fairy-Stockfish writes it), and is written so where the square alone would not tell.
    const std::string both = "4k3/8/8/8/PpP5/8/8/4K3 b - ";
    EXPECT_THROW(berolina().from_fen(both + "b3 0 1"), PositionError);
    Position pos = berolina().from_fen(both + "a4b3 0 1");
    EXPECT_EQ(pos.fen(), both + "a4b3 0 1");
    pos.play(pos.parse_move("b4b3"));
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/2P5/1p6/8/4K3 w - - 0 2");
    pos = berolina().from_fen(both + "c4b3 0 1");
    pos.play(pos.parse_move("b4b3"));
    EXPECT_EQ(pos.fen(), "4k3/8/8/8/P7/1p6/8/4K3 w - - 0 2");
    EXPECT_THROW(berolina().from_fen(both + "b4b3 0 1"), PositionError);  // Black's own pawn
    // One pawn only: the square alone says it, and is what is written.
    EXPECT_EQ(berolina().from_fen("4k3/8/8/8/Pp6/8/8/4K3 b - a4b3 0 1").fen(),
              "4k3/8/8/8/Pp6/8/8/4K3 b - b3 0 1");
}

TEST(FirstMoves, BerolinaPawnsSteppingOntoOneSquareAreToldApartInSan) {
    Position pos = berolina().from_fen("4k3/8/8/8/8/8/5P1P/4K3 w - - 0 1");
    const Move f = pos.parse_move("f2g3"), h = pos.parse_move("h2g3");
    EXPECT_EQ(pos.san(f), "fg3");
    EXPECT_EQ(pos.san(h), "hg3");
    EXPECT_EQ(pos.parse_san("hg3"), h);
    EXPECT_THROW(pos.parse_san("g3"), MoveError);
    EXPECT_EQ(pos.san(pos.parse_move("f2e3")), "e3");  // no other pawn goes there
}

TEST(FirstMoves, MexicanTripleStepIsTakenEnPassantOnEitherSquareItPassed) {
    const Rules& mexican = cached_rules("mexican");
    Position pos = mexican.start();
    play(pos,
         {"b1a3", "d9d6", "a3b1", "d6d5", "b1a3", "d5d4", "a3b1", "f9f6", "b1a3", "f6f5", "e2e5"});
    EXPECT_EQ(pos.fen(),
              "rncbqkbcnr/ppp1p1pppp/10/10/10/4Pp4/3p6/N9/PPPP1PPPPP/R1CBQKBCNR b KQkq e3e4 0 6");
    Position other = pos;
    const Move near = pos.parse_move("d4e3"), far = other.parse_move("f5e4");
    EXPECT_EQ(near.kind(), MoveKind::EnPassant);
    EXPECT_EQ(far.kind(), MoveKind::EnPassant);
    pos.play(near);
    other.play(far);
    EXPECT_EQ(pos.fen(),
              "rncbqkbcnr/ppp1p1pppp/10/10/10/5p4/10/N3p5/PPPP1PPPPP/R1CBQKBCNR w KQkq - 0 7");
    EXPECT_EQ(other.fen(),
              "rncbqkbcnr/ppp1p1pppp/10/10/10/10/3pp5/N9/PPPP1PPPPP/R1CBQKBCNR w KQkq - 0 7");
    // The field reads back; a double step's names one square, a triple step's both.
    EXPECT_EQ(mexican.from_fen(pos.fen()).fen(), pos.fen());
    Position two = mexican.start();
    play(two, {"e2e4"});
    EXPECT_EQ(two.fen(),
              "rncbqkbcnr/pppppppppp/10/10/10/10/4P5/10/PPPP1PPPPP/RNCBQKBCNR b KQkq e3 0 1");
    EXPECT_THROW(mexican.from_fen("rncbqkbcnr/ppp1p1pppp/10/10/10/4Pp4/3p6/N9/PPPP1PPPPP/"
                                  "R1CBQKBCNR b KQkq e3 0 6"),
                 PositionError);
}

}  // namespace
