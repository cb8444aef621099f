// The published module's two worked examples (spec, "ruleset: module"), through the library.
#include <gtest/gtest.h>

#include "lousy_test_util.hpp"

namespace {

using namespace lousy_test;
using referee::lousy::Bot;

TEST(LousyModuleExamples, L4OpensWithB1C3) {
    // Serial CH3SS5, White L4, start position, first move: digit 0 = 4 (even: ascending),
    // digit 1 = 7; light -> dark moves a2-a3 b1-a3 b1-c3 c2-c3 e2-e3; 7 mod 5 = 2.
    const Bot l4 = Bot::module('L', 4, "CH3SS5");
    const auto c = choose(l4, minitchess().start());
    EXPECT_EQ(c.rule, "light -> dark");
    EXPECT_EQ(c.candidates,
              (std::vector<std::string>{"a2-a3", "b1-a3", "b1-c3", "c2-c3", "e2-e3"}));
    EXPECT_EQ(c.index, 2);
    EXPECT_EQ(minitchess().geometry().name(c.move.from), "b1");
    EXPECT_EQ(minitchess().geometry().name(c.move.to), "c3");
}

TEST(LousyModuleExamples, L8AtMoveEightPlaysC1D2) {
    // Black: king a6, bishop c6, rook e6, queen b3, pawns a4 c5 d5 e5; White: king e1, rook
    // a1, bishop c1, knight a3, queen d4, pawns a2 b2 e3; move 8, White to move.
    // Digit 8 = 7, digit 7 = 2 (ascending). No light -> dark move (the only White piece on a
    // light square, pawn a2, is blocked by the knight and has nothing to capture); dark ->
    // dark: c1-d2 d4-b4 d4-c3 d4-c5 d4-d2 d4-e5 e1-d2; 7 mod 7 = 0.
    const auto pos = fen("k1b1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w - - 0 8");
    const auto c = choose(Bot::module('L', 8, "CH3SS5"), pos);
    EXPECT_EQ(c.rule, "dark -> dark");
    EXPECT_EQ(c.candidates, (std::vector<std::string>{"c1-d2", "d4-b4", "d4-c3", "d4-c5", "d4-d2",
                                                      "d4-e5", "e1-d2"}));
    EXPECT_EQ(c.index, 0);
    EXPECT_EQ(c.move, named_move("c1-d2"));
}

TEST(LousyModuleExamples, OddPreviousDigitCountsFromTheEnd) {
    // CH3SS5, L4 at move 2: digit 1 = 7 (odd: descending), digit 2 = 7 + 8 = 5.
    // After 1. b1-c3 d6-c4 (Black's knight comes to c4), White's light -> dark moves: pawns
    // a2-a3, c2-c3? no (c3 holds the knight), e2-e3; knight c3 (dark) moves go to light
    // squares; so a2-a3 and e2-e3. Descending: e2-e3, a2-a3; 5 mod 2 = 1: a2-a3.
    auto pos = minitchess().start();
    pos.play(pos.parse_move("b1-c3"));
    pos.play(pos.parse_move("d6-c4"));
    const auto c = choose(Bot::module('L', 4, "CH3SS5"), pos);
    EXPECT_EQ(c.candidates, (std::vector<std::string>{"e2-e3", "a2-a3"}));
    EXPECT_EQ(c.move, named_move("a2-a3"));
}

}  // namespace
