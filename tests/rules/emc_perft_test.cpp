// Elephant-Monkey-Carp (variants/elephant-monkey-carp.yaml), read by the same
// rules engine as every other variant. No other program plays it, so depths 1 and 2 are
// counted by hand below (the reasoning next to each case) and the deeper counts are
// recorded from this engine to catch changes.
//
// The pieces, as specs/variants.md reads the seed:
//   Elephant (E)  exactly two squares diagonally, jumping the square between.
//   Monkey (M)    rook moves to empty squares, never capturing that way; to capture it
//                 jumps an ADJACENT piece of either colour along a rank or file, carries on
//                 over empty squares and takes the first piece it meets if that is an enemy
//                 (a friendly one ends the line).
//   Carp (C)      the chess pawn: double step, en passant, promotion to Q, R, E or M.
// "Attacked" for castling is judged before the move with the king at home, so a Monkey
// next to the king may use the king as its screen.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::MoveStyle;
using referee::rules::Rules;
using referee::test::cached_rules;

struct EmcCase {
    const char* id;
    const char* fen;
    std::vector<std::uint64_t> counts;  // depth 1, 2 by hand; deeper recorded
};

const std::vector<EmcCase> kEmcCases = {
    // Start. Depth 1: 16 carp moves (one or two steps each); elephants c1: a3 e3, f1: d3 h3
    // (leaping over b2, d2, e2, g2); each Monkey captures up its file: b1 jumps its own b2,
    // runs over b3-b6 and takes the carp on b7 (g1xg7 the same); rooks, queen and king have
    // no move. 16 + 4 + 2 = 22.
    // Depth 2: Black has the same 22 after each of White's 16 carp moves (the black Monkey's
    // line down the b- or g-file still ends on a white carp) and 4 elephant moves: 20 * 22.
    // After Mb1xb7, Black's b-carp is gone (-2: b6, b5); the black Monkey b8 jumps the
    // white Monkey on b7 and still takes on b2; nothing can take b7, and b7 attacks d7, not
    // the king: 20. Mg1xg7 the same: 20. 440 + 40 = 480.
    {"start", "rmeqkemr/cccccccc/8/8/8/8/CCCCCCCC/RMEQKEMR w KQkq - 0 1", {22, 480, 10974, 249537}},

    // The Monkey on d4 in each situation. White: Ka1, Md4, Cd5, Ee4, Cf4. Black: Kh8, Cd7,
    // Ca4, Cc4, Ed1.
    // Depth 1. Monkey: north, d5 (own) is an adjacent screen, d6 empty, d7 black: takes d7.
    // South: d3, d2 empty (moves), d1 black but not adjacent: no capture. West: c4 (enemy)
    // is an adjacent screen, b4 empty, a4 black: takes a4. East: e4 (own) is a screen, f4
    // is own: the line ends, no capture. 4 moves. King a1: a2 b1 b2 (none attacked: black
    // carps a4, c4 attack b3, d3; the elephant d1 b3, f3): 3. Carp d5-d6, carp f4-f5: 2.
    // Elephant e4: c2 g2 g6 and c6 (over the carp on d5): 4. 13.
    // Depth 2. Black's own moves: king g8 g7 h7, d7-d6 (no double step: d5 is taken),
    // a4-a3, c4-c3, elephant d1-b3, d1-f3: 8. Per White move: the king moves 8 each (24);
    // Mxd7 and Mxa4 take a carp (7 each; from d7 or a4 the Monkey has no adjacent screen);
    // Md3 lets c4xd3 (9); Md2 changes nothing (8); d5-d6 blocks d7 (7); f4-f5 8; Ec2, Eg2,
    // Eg6 8 each; Ec6 lets d7xc6 (9). 24 + 7 + 7 + 9 + 8 + 7 + 8 + 24 + 9 = 103.
    {"monkey", "7k/3c4/8/3C4/c1cMEC2/8/8/K2e4 w - - 0 1", {13, 103, 1451, 12994}},

    // Carps. White: Kh1, Cb2, Cg7. Black: Ka8, Ef8, Cc4.
    // Depth 1: king g1 g2 h2; b2-b3 and the double step b2-b4; g7-g8 and g7xf8, each to
    // Q, R, E or M (8). 3 + 2 + 8 = 13.
    // Depth 2. Black alone has king a7 b7 b8, c4-c3, elephant d6 h6: 6.
    //   Kg1, Kg2, Kh2: 6 each, 18.
    //   b2-b3: c4xb3 as well: 7.
    //   b2-b4: c4xb3 en passant as well: 7.
    //   g8=Q, g8=R: the elephant f8 is pinned on the eighth rank against a8; king and c3: 4 each.
    //   g8=E: nothing changes: 6.
    //   g8=M: the Monkey jumps f8 and runs to a8: check. King a7, b7 (b8 is on the line);
    //     moving the elephant (d6, h6) takes the screen away: 4.
    //   gxf8=Q, gxf8=R: check along the eighth rank: king a7, b7 only: 2 each.
    //   gxf8=E, gxf8=M: no check, the elephant is gone: king 3 + c3: 4 each.
    //   18 + 7 + 7 + 4 + 4 + 6 + 4 + 2 + 2 + 4 + 4 = 62.
    {"carps", "k4e2/6C1/8/8/2c5/8/1C6/7K w - - 0 1", {13, 62, 850, 5753}},

    // Castling with a Monkey next to the king. White: Ke1, Ra1 (right Q). Black: Kh8, Mf1.
    // Depth 1. The Monkey on f1 jumps the king on e1 and reaches d1, c1, b1 and a1: with
    // the king at home d1 and c1 are attacked, so e1-c1 is illegal. (Once the king has gone
    // to c1 the Monkey would have no screen: the reading judges before the move.) The
    // king's own steps are judged after the move, where e1 is empty and the Monkey has no
    // screen: d1 d2 e2 f2 and xf1: 5. Rook: a2-a8, b1 c1 d1: 10. 15.
    // Depth 2. The Monkey has f2-f8 and g1 h1 (9) plus, over the king, xa1 (1); Black's
    // king g8 g7 h7 (3). Kd1: the Monkey gets e1 but loses its screen (13); Kd2, Ke2: e1-b1
    // open (16 each); Kf2: the Monkey is blocked north and jumps f2 to nothing (9);
    // Kxf1: king only (3); Ra2-Ra6: no capture over the king any more, a1 is empty (12 each);
    // Ra7: the king only to g8 (10); Ra8+: Kg7, Kh7 or Mf8 between (3); Rb1, Rc1, Rd1: the
    // Monkey takes that rook over the king (13 each).
    // 13 + 16 + 16 + 9 + 3 + 60 + 10 + 3 + 39 = 169.
    {"castling_monkey_screen", "7k/8/8/8/8/8/8/R3Km2 w Q - 0 1", {15, 169, 2958, 40410}},

    // The same with the Monkey one square further, on g1: f1 is empty, so it has no screen
    // and d1, c1 are not attacked: e1-c1 is legal. Depth 1: 15 + 1 = 16.
    // Depth 2. The Monkey g1 has g2-g8, h1 and f1 (9), the king 3. Kd1: Monkey also e1 (13);
    // Kf1: the Monkey jumps the king on f1 and takes a1 (9 + 3 = 12); Kd2, Ke2, Kf2: f1-b1
    // open (16 each); Rb1, Rc1, Rd1, Ra2-Ra6: 12 each; Ra7 10; Ra8+ 3 (Mg8 blocks); e1-c1:
    // the Monkey gets f1, e1 (13). 13 + 12 + 48 + 36 + 60 + 10 + 3 + 13 = 195.
    {"castling_no_screen", "7k/8/8/8/8/8/8/R3K1m1 w Q - 0 1", {16, 195, 3434, 47086}},
};

class EmcPerft : public ::testing::TestWithParam<EmcCase> {};

TEST_P(EmcPerft, CountsMatch) {
    const EmcCase& c = GetParam();
    const auto pos = cached_rules("elephant-monkey-carp").from_fen(c.fen);
    for (std::size_t i = 0; i < c.counts.size(); ++i)
        EXPECT_EQ(pos.perft(static_cast<int>(i + 1)), c.counts[i]) << c.fen << " depth " << i + 1;
}

INSTANTIATE_TEST_SUITE_P(ElephantMonkeyCarp, EmcPerft, ::testing::ValuesIn(kEmcCases),
                         [](const ::testing::TestParamInfo<EmcCase>& info) {
                             return std::string(info.param.id);
                         });

std::vector<std::string> sorted_moves(const char* fen) {
    const auto pos = cached_rules("elephant-monkey-carp").from_fen(fen);
    std::vector<std::string> names;
    for (const auto& m : pos.legal_moves()) names.push_back(pos.move_name(m, MoveStyle::Uci));
    std::sort(names.begin(), names.end());
    return names;
}

// The move lists behind the depth-1 counts above, square by square.
TEST(EmcMoves, MonkeyCapturesOnlyOverAnAdjacentScreen) {
    std::vector<std::string> expected = {"a1a2", "a1b1", "a1b2", "d4a4", "d4d2", "d4d3", "d4d7",
                                         "d5d6", "e4c2", "e4c6", "e4g2", "e4g6", "f4f5"};
    EXPECT_EQ(sorted_moves("7k/3c4/8/3C4/c1cMEC2/8/8/K2e4 w - - 0 1"), expected);
}

TEST(EmcMoves, CarpDoubleStepAndEachPromotion) {
    std::vector<std::string> expected = {"b2b3",  "b2b4",  "g7f8e", "g7f8m", "g7f8q",
                                         "g7f8r", "g7g8e", "g7g8m", "g7g8q", "g7g8r",
                                         "h1g1",  "h1g2",  "h1h2"};
    EXPECT_EQ(sorted_moves("k4e2/6C1/8/8/2c5/8/1C6/7K w - - 0 1"), expected);
}

TEST(EmcMoves, CarpTakesEnPassantRightAfterTheDoubleStep) {
    auto pos = cached_rules("elephant-monkey-carp").from_fen("k4e2/6C1/8/8/2c5/8/1C6/7K w - - 0 1");
    pos.play(pos.parse_move("b2b4"));
    const auto ep = pos.parse_move("c4b3");
    EXPECT_EQ(ep.kind(), referee::rules::MoveKind::EnPassant);
    pos.play(ep);
    EXPECT_EQ(pos.fen(), "k4e2/6C1/8/8/8/1c6/8/7K w - - 0 2");
}

TEST(EmcMoves, MonkeyNextToTheKingStopsCastlingThroughIt) {
    auto with_screen = sorted_moves("7k/8/8/8/8/8/8/R3Km2 w Q - 0 1");
    auto without_screen = sorted_moves("7k/8/8/8/8/8/8/R3K1m1 w Q - 0 1");
    EXPECT_EQ(std::count(with_screen.begin(), with_screen.end(), "e1c1"), 0);
    EXPECT_EQ(std::count(without_screen.begin(), without_screen.end(), "e1c1"), 1);
    // The king's plain step to d1 is judged after it, when the Monkey has lost its screen.
    EXPECT_EQ(std::count(with_screen.begin(), with_screen.end(), "e1d1"), 1);
}

TEST(EmcMoves, KingsideCastlingAndTheMonkeyBehindTheRook) {
    // Hand: White Ke1, Rh1 (right K); Black Ka8 and a Monkey on h2, just above the rook.
    // Down the h-file the Monkey jumps the rook and finds only the board's edge; nothing is
    // next to it on rank 2 or above. f1 and g1 are not attacked: O-O is legal.
    const auto moves = sorted_moves("k7/8/8/8/8/8/7m/4K2R w K - 0 1");
    EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1g1"), 1);
    // With the Monkey on d1 instead, it jumps the king on e1 and reaches f1, g1 and the
    // rook: O-O is illegal.
    const auto blocked = sorted_moves("k7/8/8/8/8/8/8/3mK2R w K - 0 1");
    EXPECT_EQ(std::count(blocked.begin(), blocked.end(), "e1g1"), 0);
}

}  // namespace
