// Chess positions the rules cannot have, read from a FEN: each is refused with a sentence
// saying what is wrong. And the chess moves whose text carries more than two squares:
// promotions (the letter is part of the move) and castling (written as the king's move).
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::MoveError;
using referee::rules::MoveKind;
using referee::rules::PositionError;
using referee::rules::Rules;
using referee::test::cached_rules;

// The error's sentence, or "" when the FEN was accepted.
std::string refusal(const std::string& fen) {
    try {
        cached_rules("chess").from_fen(fen);
    } catch (const PositionError& e) {
        return e.what();
    }
    return "";
}

TEST(ChessFen, CastlingRightsNeedTheKingAndRookAtHome) {
    // No rook on h1.
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
              "castling right 'K' needs White's king on e1 and rook on h1");
    // Black's king has left e8.
    EXPECT_EQ(refusal("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
              "castling right 'k' needs Black's king on e8 and rook on h8");
    // A knight where the rook should be.
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR w Q - 0 1"),
              "castling right 'Q' needs White's king on e1 and rook on a1");
    // The same squares with fewer rights are fine.
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"), "");
}

TEST(ChessFen, CastlingFieldWithUnknownOrRepeatedLetters) {
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqA - 0 1"),
              "'A' is not a castling right of chess (the rights are KQkq)");
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1"),
              "castling right 'K' is given twice");
}

TEST(ChessFen, EnPassantSquareThatCannotBe) {
    // Accepted: Black's e-pawn has just stepped e7-e5 over e6.
    EXPECT_EQ(refusal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"), "");
    // No black pawn on e5 to have passed e6.
    EXPECT_EQ(refusal("rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
              "the en-passant square e6 cannot be: Black did not just make a double step over it");
    // The wrong rank for the side to move: White to move, so Black made the last move.
    EXPECT_EQ(refusal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 2"),
              "the en-passant square e3 cannot be: Black did not just make a double step over it");
    // Something stands on the square the pawn passed.
    EXPECT_EQ(refusal("rnbqkbnr/pppp1ppp/4n3/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq e6 0 2"),
              "the en-passant square e6 cannot be: Black did not just make a double step over it");
    // Off the board, or not a square at all.
    EXPECT_EQ(refusal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e9 0 2"),
              "the en-passant square 'e9' is not on the board (a square such as 'e3', or "
              "'e3e4' after a triple step)");
    EXPECT_EQ(refusal("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq x 0 2"),
              "the en-passant square 'x' is not on the board (a square such as 'e3', or "
              "'e3e4' after a triple step)");
}

TEST(ChessFen, SideToMoveIsWOrB) {
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
              "the side to move 'x' is neither w nor b");
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1"),
              "the side to move 'white' is neither w nor b");
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"), "");
}

TEST(ChessFen, EachSideNeedsItsKing) {
    EXPECT_EQ(refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"),
              "White has no king; in chess both sides need one");
    EXPECT_EQ(refusal("8/8/8/8/8/8/8/4K3 w - - 0 1"),
              "Black has no king; in chess both sides need one");
}

TEST(ChessFen, TheSideThatJustMovedCannotBeInCheck) {
    // Black's king on e8 stands on the rook's file with White to move.
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
              "Black's king on e8 is attacked with White to move, which no legal move leads to");
    // With Black to move it is an ordinary check.
    EXPECT_EQ(refusal("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"), "");
}

TEST(ChessMoves, PromotionLetterIsPartOfTheMove) {
    // Hand: the pawn on b7 has b8 and, capturing, a8 and c8, each in four pieces.
    const auto pos = cached_rules("chess").from_fen("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    int promotions = 0;
    for (const auto& m : pos.legal_moves()) promotions += m.promotion != 0;
    EXPECT_EQ(promotions, 12);
    const auto queen = pos.parse_move("b7b8q"), knight = pos.parse_move("b7b8n");
    EXPECT_NE(queen, knight);
    EXPECT_EQ(pos.move_name(knight, referee::rules::MoveStyle::Uci), "b7b8n");
    EXPECT_EQ(pos.move_name(queen), "b7-b8Q");
    EXPECT_EQ(cached_rules("chess").variant().pieces[knight.promotion_type()].letter, 'N');
    try {
        pos.parse_move("b7b8");
        ADD_FAILURE() << "a promotion without its letter was accepted";
    } catch (const MoveError& e) {
        EXPECT_NE(std::string(e.what()).find("needs a promotion letter (one of qrbn)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(pos.parse_move("b7b8k"), MoveError);  // not a promotion choice
}

TEST(ChessMoves, CastlingIsTheKingsTwoSquareMove) {
    auto pos = cached_rules("chess").from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const auto short_castle = pos.parse_move("e1g1");
    EXPECT_EQ(short_castle.kind(), MoveKind::Castle);
    pos.play(short_castle);
    EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    const auto long_castle = pos.parse_move("e8-c8");
    EXPECT_EQ(long_castle.kind(), MoveKind::Castle);
    pos.play(long_castle);
    EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST(ChessMoves, EnPassantOnlyRightAfterTheDoubleStep) {
    auto pos = cached_rules("chess").from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    pos.play(pos.parse_move("d7d5"));
    EXPECT_EQ(pos.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    const auto ep = pos.parse_move("e5d6");
    EXPECT_EQ(ep.kind(), MoveKind::EnPassant);
    // One move later the right is gone.
    pos.play(pos.parse_move("e1e2"));
    pos.play(pos.parse_move("e8e7"));
    EXPECT_THROW(pos.parse_move("e5d6"), MoveError);
}

}  // namespace
