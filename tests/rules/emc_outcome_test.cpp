// How an Elephant-Monkey-Carp game ends (docs/rule-readings.md), through
// Position::outcome(): checkmate wins; stalemate, threefold repetition, the fifty-move rule
// (no capture and no carp move) and insufficient material (king against king, king and
// one Monkey, king and one Elephant) draw.
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

TEST(EmcEnd, MonkeyMatesOverAScreen) {
    // Md1-d8: the Monkey jumps the white Elephant on c8 and reaches b8 and a8. Black's king
    // cannot go to b8 (on that line) and a7, b7 hold its own carps; nothing can take the
    // Monkey or the screen, or stand on b8.
    auto pos = cached_rules("elephant-monkey-carp").from_fen("k1E5/cc6/8/8/8/8/8/3MK3 w - - 0 1");
    expect_not_over(pos);
    play(pos, {"d1d8"});
    EXPECT_TRUE(pos.in_check());
    expect_end(pos, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(EmcEnd, TakingTheScreenAwayAnswersAMonkeyCheck) {
    // As above, but the screen is Black's own Elephant on c8, which may leap away (a6, e6):
    // the check is over without moving the king.
    auto pos = cached_rules("elephant-monkey-carp").from_fen("k1e5/cc6/8/8/8/8/8/3MK3 w - - 0 1");
    play(pos, {"d1d8"});
    EXPECT_TRUE(pos.in_check());
    expect_not_over(pos);
    play(pos, {"c8e6"});
    EXPECT_FALSE(pos.in_check());
}

TEST(EmcEnd, StalemateIsADraw) {
    // Ef4-d6: Black's lone king on a8 then has a7 and b7 next to White's king on b6, and b8
    // two squares diagonally from the Elephant; a8 itself is not attacked. White's carp
    // keeps the material from being a draw by itself.
    auto pos = cached_rules("elephant-monkey-carp").from_fen("k7/8/1K6/8/5E2/8/7C/8 w - - 0 1");
    expect_not_over(pos);
    play(pos, {"f4d6"});
    EXPECT_FALSE(pos.in_check());
    expect_end(pos, GameResult::Draw, EndReason::NoLegalMoves,
               "draw: Black has no legal move (stalemate)");
}

TEST(EmcEnd, ThreefoldRepetition) {
    // The elephants go out and back twice: the start position stands a third time after
    // eight plies.
    auto pos = cached_rules("elephant-monkey-carp").start();
    play(pos, {"c1a3", "c8a6", "a3c1", "a6c8", "c1a3", "c8a6", "a3c1"});
    expect_not_over(pos);
    play(pos, {"a6c8"});
    expect_end(pos, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

TEST(EmcEnd, FiftyMovesWithoutCaptureOrCarpMove) {
    auto pos = cached_rules("elephant-monkey-carp").from_fen("4k3/8/8/8/8/8/4C3/R3K3 w - - 99 80");
    play(pos, {"a1a2"});
    expect_end(pos, GameResult::Draw, EndReason::NMoveRule,
               "draw: 50 moves by each side without a capture or a carp move");
    auto carp_moved =
        cached_rules("elephant-monkey-carp").from_fen("4k3/8/8/8/8/8/4C3/R3K3 w - - 99 80");
    play(carp_moved, {"e2e4"});
    expect_not_over(carp_moved);
}

TEST(EmcEnd, InsufficientMaterial) {
    expect_end(cached_rules("elephant-monkey-carp").from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
               GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (K v K)");
    expect_end(cached_rules("elephant-monkey-carp").from_fen("4k3/8/8/8/8/8/8/3MK3 w - - 0 1"),
               GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (KM v K)");
    expect_end(cached_rules("elephant-monkey-carp").from_fen("4ke2/8/8/8/8/8/8/4K3 w - - 0 1"),
               GameResult::Draw, EndReason::InsufficientMaterial,
               "draw: insufficient material (KE v K)");
}

TEST(EmcEnd, OtherMaterialPlaysOn) {
    for (const char* fen : {"4k3/8/8/8/8/8/4C3/4K3 w - - 0 1",   // a carp
                            "4k3/8/8/8/8/8/8/2MMK3 w - - 0 1",   // two Monkeys
                            "4k3/8/8/8/8/8/8/2EEK3 w - - 0 1",   // two Elephants
                            "4ke2/8/8/8/8/8/8/3MK3 w - - 0 1"})  // one minor piece each
        expect_not_over(cached_rules("elephant-monkey-carp").from_fen(fen));
}

TEST(EmcEnd, MonkeyCheckThroughTheKingsOwnPieceCountsForCastling) {
    // The variant file says nothing about Monkeys: it is the general rule (squares judged
    // before the move) that stops O-O here. Black's Monkey on d1 jumps the king.
    auto pos = cached_rules("elephant-monkey-carp").from_fen("k7/8/8/8/8/8/8/3mK2R w K - 0 1");
    EXPECT_THROW(pos.parse_move("e1g1"), referee::rules::MoveError);
}

}  // namespace
