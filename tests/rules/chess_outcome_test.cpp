// How a chess game ends, through Position::outcome(): checkmate, stalemate and each draw
// rule of chess.yaml, on positions made for them. The referee ends a game as soon as
// outcome() answers, so each case also checks that nothing ends a move too early.
#include <initializer_list>
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::EndReason;
using referee::rules::GameResult;
using referee::rules::Position;
using referee::rules::Rules;
using referee::test::cached_rules;
using referee::test::expect_end;
using referee::test::expect_not_over;
using referee::test::play;

TEST(ChessEnd, BackRankCheckmateWins) {
    // Ra8: the king on g8 is boxed in by its own pawns f7 g7 h7, and nothing can take the
    // rook or block the eighth rank.
    auto pos = cached_rules("chess").from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    expect_not_over(pos);
    play(pos, {"a1a8"});
    expect_end(pos, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(ChessEnd, CheckWithAnEscapeIsNotMate) {
    // As above with h7 gone: the king escapes to h7.
    auto pos = cached_rules("chess").from_fen("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
    play(pos, {"a1a8"});
    EXPECT_TRUE(pos.in_check());
    expect_not_over(pos);
}

TEST(ChessEnd, StalemateIsADraw) {
    // Black's king on h8: g8 and g7 are covered by the queen, h7 and g7 by the king on g6,
    // and h8 itself is not attacked. Qf7 makes the stalemate.
    auto pos = cached_rules("chess").from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    expect_not_over(pos);
    play(pos, {"f1f7"});
    EXPECT_FALSE(pos.in_check());
    expect_end(pos, GameResult::Draw, EndReason::NoLegalMoves,
               "draw: Black has no legal move (stalemate)");
}

TEST(ChessEnd, ThreefoldRepetitionOfTheStartPosition) {
    // The knights go out and back twice: the start position stands for the third time
    // after eight plies, not before.
    auto pos = cached_rules("chess").start();
    play(pos, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
    expect_not_over(pos);
    play(pos, {"f6g8"});
    expect_end(pos, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

TEST(ChessEnd, CastlingRightsMakeADifferentPosition) {
    // The kings step out and back, twice. After ply 8 the starting placement stands for
    // the third time, but the first time with castling rights and since then without:
    // not a repetition. The first true third occurrence is that of the position after
    // ply 2 (kings on e2 and e7, White to move), again after plies 6 and 10.
    auto pos = cached_rules("chess").from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8"});
    expect_not_over(pos);
    play(pos, {"e1e2"});  // Kings e2 and e8, Black to move: after ply 1 Black still had kq.
    expect_not_over(pos);
    play(pos, {"e8e7"});
    expect_end(pos, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

TEST(ChessEnd, AnEnPassantRightMakesADifferentPosition) {
    // After ...d7-d5 White may take e5xd6 en passant, and only then; the same placement
    // after 4 and 8 more plies has no such right, so ply 8 is no third occurrence. The
    // first is that of the position after ply 1 (White's king on e2, Black to move), again
    // after plies 5 and 9.
    auto pos = cached_rules("chess").from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(pos, {"d7d5"});
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8"});
    expect_not_over(pos);
    play(pos, {"e1e2"});
    expect_end(pos, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

TEST(ChessEnd, AnEnPassantSquareNoPawnCanUseChangesNothing) {
    // The same with White's pawn on h5, which cannot take on d6: the positions are the
    // same, and the third occurrence comes after 8 plies.
    auto pos = cached_rules("chess").from_fen("4k3/3p4/8/7P/8/8/8/4K3 b - - 0 1");
    play(pos, {"d7d5"});
    play(pos, {"e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1"});
    expect_not_over(pos);
    play(pos, {"e7e8"});
    expect_end(pos, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

TEST(ChessEnd, FiftyMoveRule) {
    // 99 half-moves without a capture or pawn move: the hundredth ends the game...
    auto pos = cached_rules("chess").from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    expect_not_over(pos);
    play(pos, {"a1a2"});
    expect_end(pos, GameResult::Draw, EndReason::NMoveRule,
               "draw: 50 moves by each side without a capture or a pawn move");
    // ...unless it is a pawn move, which starts the count again.
    auto other = cached_rules("chess").from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(other, {"e2e3"});
    expect_not_over(other);
    EXPECT_EQ(other.halfmove_clock(), 0);
}

TEST(ChessEnd, MateOnTheHundredthHalfMoveStillWins) {
    // Ra8 mates (the king on g6 covers g7, h7; the rook the eighth rank) and completes the
    // fifty moves at once: the mate decides.
    auto pos = cached_rules("chess").from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(pos, {"a1a8"});
    expect_end(pos, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(ChessEnd, InsufficientMaterialDraws) {
    for (const char* fen : {"4k3/8/8/8/8/8/8/4K3 w - - 0 1",      // K v K
                            "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",     // KN v K
                            "4kb2/8/8/8/8/8/8/4K3 w - - 0 1",     // K v KB
                            "4kn2/8/8/8/8/8/8/4K3 w - - 0 1"}) {  // K v KN
        const auto pos = cached_rules("chess").from_fen(fen);
        const auto o = pos.outcome();
        ASSERT_TRUE(o.has_value()) << fen;
        EXPECT_EQ(o->reason, EndReason::InsufficientMaterial) << fen;
        EXPECT_EQ(o->result, GameResult::Draw) << fen;
    }
    expect_end(cached_rules("chess").from_fen("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"), GameResult::Draw,
               EndReason::InsufficientMaterial, "draw: insufficient material (KB v K)");
}

TEST(ChessEnd, MaterialThatCanStillMatePlaysOn) {
    for (const char* fen : {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",  // a pawn
                            "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",  // two knights: not listed
                            "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1",  // a bishop each: not listed
                            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})  // a rook
        expect_not_over(cached_rules("chess").from_fen(fen));
}

// A dead position, described in chess.yaml as data (KB v KB, every bishop on one colour).
TEST(ChessEnd, BishopsOnOneColourAreADeadPosition) {
    expect_end(cached_rules("chess").from_fen("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"), GameResult::Draw,
               EndReason::InsufficientMaterial,
               "draw: insufficient material (KB v KB, every bishop on one square colour)");
    expect_end(cached_rules("chess").from_fen("4k3/8/8/2b5/8/8/8/2B1K3 b - - 0 1"),
               GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (KB v KB, every bishop on one square colour)");
    // Opposite colours: a mate exists (a king in the corner), so play goes on.
    expect_not_over(cached_rules("chess").from_fen("4kb2/8/8/8/8/8/8/3BK3 w - - 0 1"));
    // Reached by a capture: Bxd2+ leaves bishops on c1 and d2, both dark squares.
    auto pos = cached_rules("chess").from_fen("4k3/8/8/8/1b6/8/3N4/2B1K3 b - - 0 1");
    expect_not_over(pos);
    play(pos, {"b4d2"});
    expect_end(pos, GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (KB v KB, every bishop on one square colour)");
}

TEST(ChessEnd, TakingTheLastPieceDraws) {
    // Kxd2 leaves the bare kings.
    auto pos = cached_rules("chess").from_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    expect_not_over(pos);
    play(pos, {"e1d2"});
    expect_end(pos, GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (K v K)");
}

}  // namespace
