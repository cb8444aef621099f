// Every goal on a position made for it. Expected candidate lists are worked out by hand in
// the comments (squares: a1 = file 0, rank 0; dark when file + rank is even; distance is
// |files| + |ranks|). Draft picks: n = seed + move, index (n - 1) mod count, ascending.
#include <gtest/gtest.h>

#include "lousy_test_util.hpp"

namespace {

using namespace lousy_test;
using referee::lousy::Bot;
using referee::lousy::Goal;

using Names = std::vector<std::string>;

TEST(LousyGoals, KingMustDieMovesCloserToTheEnemyKing) {
    // White K a1, R c3; Black k e6 (4,5). King a1 (dist 9): a2, b1 (8), b2 (7) all closer.
    // Rook c3 (dist 5): c4 4, c5 3, c6 2, d3 4, e3 3 closer; c2, c1, b3, a3 farther.
    // Seed 2, move 1: n = 3, index 2 of 8.
    const auto c = choose(Bot::draft({Goal::KingMustDie}, 2), fen("4k/5/5/2R2/5/K4 w - - 0 1"));
    EXPECT_EQ(c.rule, "closer to the enemy king");
    EXPECT_EQ(c.candidates,
              (Names{"a1-a2", "a1-b1", "a1-b2", "c3-c4", "c3-c5", "c3-c6", "c3-d3", "c3-e3"}));
    EXPECT_EQ(c.move, named_move("a1-b2"));
}

TEST(LousyGoals, WhiteIsLavaLeavesLightSquaresFirst) {
    // White K b1 (light), R a1 (dark); Black k e6. Light -> dark: only the king can leave a
    // light square: b2 and c1 are dark (a2, c2 light). Seed 1, move 1: n = 2, index 1.
    const auto c = choose(Bot::draft({Goal::WhiteIsLava}, 1), fen("4k/5/5/5/5/RK3 w - - 0 1"));
    EXPECT_EQ(c.rule, "light -> dark");
    EXPECT_EQ(c.candidates, (Names{"b1-b2", "b1-c1"}));
    EXPECT_EQ(c.move, named_move("b1-c1"));
}

TEST(LousyGoals, WhiteIsLavaThenStaysOnDarkSquares) {
    // White K a1, R c1, both dark: nothing leaves a light square. Dark -> dark: a1-b2, and
    // the rook to c3, c5, e1 (b1, d1, c2, c4, c6 are light). Seed 6, move 1: n = 7,
    // 6 mod 4 = 2.
    const auto c = choose(Bot::draft({Goal::WhiteIsLava}, 6), fen("4k/5/5/5/5/K1R2 w - - 0 1"));
    EXPECT_EQ(c.rule, "dark -> dark");
    EXPECT_EQ(c.candidates, (Names{"a1-b2", "c1-c3", "c1-c5", "c1-e1"}));
    EXPECT_EQ(c.move, named_move("c1-c5"));
}

TEST(LousyGoals, BlackIsLavaLeavesDarkSquaresFirst) {
    // Same pieces, move 3. Dark -> light: a1-a2, a1-b1; rook c1-b1, c1-d1, c1-c2, c1-c4,
    // c1-c6. Seed 9, move 3: n = 12, 11 mod 7 = 4.
    const auto c = choose(Bot::draft({Goal::BlackIsLava}, 9), fen("4k/5/5/5/5/K1R2 w - - 0 3"));
    EXPECT_EQ(c.rule, "dark -> light");
    EXPECT_EQ(c.candidates, (Names{"a1-a2", "a1-b1", "c1-b1", "c1-c2", "c1-c4", "c1-c6", "c1-d1"}));
    EXPECT_EQ(c.move, named_move("c1-c4"));
}

TEST(LousyGoals, BlackIsLavaThenStaysOnLightSquares) {
    // White K b1, R a2, both light. Light -> light: king b1-c2 (a1, c1, b2 dark); rook a4,
    // a6, c2, e2 (a1, a3, a5, b2, d2 dark). Seed 2, move 1: n = 3, index 2.
    const auto c = choose(Bot::draft({Goal::BlackIsLava}, 2), fen("4k/5/5/5/R4/1K3 w - - 0 1"));
    EXPECT_EQ(c.rule, "light -> light");
    EXPECT_EQ(c.candidates, (Names{"a2-a4", "a2-a6", "a2-c2", "a2-e2", "b1-c2"}));
    EXPECT_EQ(c.move, named_move("a2-c2"));
}

// White K a1, Q b3, N d3, R e1; Black k a6. No White piece reaches a6.
const char* kWildPosition = "k4/5/5/1Q1N1/5/K3R w - - 0 1";

TEST(LousyGoals, QueensWildMovesTheQueen) {
    // Queen b3: up b4 b5 b6, down b2 b1, left a3, right c3 (d3 is the knight), diagonals
    // a4 / c4 d5 e6 / a2 / c2 d1: 14 moves. Seed 2, move 1: index 2.
    const auto c = choose(Bot::draft({Goal::QueensWild}, 2), fen(kWildPosition));
    EXPECT_EQ(c.rule, "a queen move");
    EXPECT_EQ(c.candidates, (Names{"b3-a2", "b3-a3", "b3-a4", "b3-b1", "b3-b2", "b3-b4", "b3-b5",
                                   "b3-b6", "b3-c2", "b3-c3", "b3-c4", "b3-d1", "b3-d5", "b3-e6"}));
    EXPECT_EQ(c.move, named_move("b3-a4"));
}

TEST(LousyGoals, RooksWildMovesTheRook) {
    // Rook e1: d1 c1 b1 (a1 is the king), e2..e6. Seed 2: index 2.
    const auto c = choose(Bot::draft({Goal::RooksWild}, 2), fen(kWildPosition));
    EXPECT_EQ(c.candidates,
              (Names{"e1-b1", "e1-c1", "e1-d1", "e1-e2", "e1-e3", "e1-e4", "e1-e5", "e1-e6"}));
    EXPECT_EQ(c.move, named_move("e1-d1"));
}

TEST(LousyGoals, KnightsWildMovesTheKnight) {
    // Knight d3: b2 b4 c1 c5 e5 (e1 holds the rook). Seed 2: index 2.
    const auto c = choose(Bot::draft({Goal::KnightsWild}, 2), fen(kWildPosition));
    EXPECT_EQ(c.candidates, (Names{"d3-b2", "d3-b4", "d3-c1", "d3-c5", "d3-e5"}));
    EXPECT_EQ(c.move, named_move("d3-c1"));
}

TEST(LousyGoals, AnUnmetGoalFallsBackToAnyLegalMove) {
    // No bishop: bishops-wild is unmet, so all 3 + 14 + 5 + 8 = 30 legal moves count.
    // Seed 0, move 1: index 0, the first by name.
    const auto c = choose(Bot::draft({Goal::BishopsWild}, 0), fen(kWildPosition));
    EXPECT_EQ(c.rule, "any legal move");
    EXPECT_EQ(c.candidates.size(), 30u);
    EXPECT_EQ(c.move, named_move("a1-a2"));
}

TEST(LousyGoals, BishopsWildIncludesTheSideStepToEmptySquares) {
    // Bishop c3: diagonals b2 (a1 is the king), b4 a5, d4 e5, d2 e1; steps c2 b3 d3, not c4
    // (a Black pawn: the step never captures). Seed 4, move 1: n = 5, index 4.
    const auto c = choose(Bot::draft({Goal::BishopsWild}, 4), fen("4k/5/2p2/2B2/5/K4 w - - 0 1"));
    EXPECT_EQ(c.candidates, (Names{"c3-a5", "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2", "c3-d3",
                                   "c3-d4", "c3-e1", "c3-e5"}));
    EXPECT_EQ(c.move, named_move("c3-c2"));
}

TEST(LousyGoals, WeGotThisAllWrongHeadsForTheEnemyStartingSquares) {
    // White K e1, N b1, P c3; Black k a6, pawns b4 d4. Targets: king -> a6, knight -> d6
    // (Black's knight starts there), pawn c3 -> c5 (Black's pawn rank, its own file).
    // King e1 (dist 9): d1 8, d2 7, e2 8. Knight b1 (dist 7): a3 6, d2 4 (c3 is own).
    // Pawn c3 (dist 2): push c4 1; the captures b4 and d4 stay at 2, not closer.
    // Seed 1, move 1: n = 2, index 1.
    const auto c =
        choose(Bot::draft({Goal::WeGotThisAllWrong}, 1), fen("k4/5/1p1p1/2P2/5/1N2K w - - 0 1"));
    EXPECT_EQ(c.rule, "closer to the starting square of the enemy piece of the same kind");
    EXPECT_EQ(c.candidates, (Names{"b1-a3", "b1-d2", "c3-c4", "e1-d1", "e1-d2", "e1-e2"}));
    EXPECT_EQ(c.move, named_move("b1-d2"));
}

TEST(LousyGoals, ThePromotedQueenAimsLeftOfA6OnlyInTheModule) {
    // White K e1, Q c3; Black k a6. King e1 -> a6: d1, d2, e2 closer.
    // Queen c3 toward b6 (dist 4): a5 2, b3 3, b4 2, c4 3, c5 2, c6 1 closer; a3 4 is not.
    // Toward the point left of a6, (-1, 5) (dist 6): a3 4 is closer too (a5 2, b3 5, b4 4,
    // c4 5, c5 4, c6 3 as well; a1 6, b2 6, d4 6, e5 6 are not).
    const auto pos = fen("k4/5/5/2Q2/5/4K w - - 0 1");
    const Names toward_b6{"c3-a5", "c3-b3", "c3-b4", "c3-c4", "c3-c5",
                          "c3-c6", "e1-d1", "e1-d2", "e1-e2"};
    Names toward_left_of_a6 = toward_b6;
    toward_left_of_a6.insert(toward_left_of_a6.begin(), "c3-a3");

    referee::lousy::History promoted;
    promoted.promoted_queens = {minitchess().geometry().parse("c3").value()};
    const Bot s = Bot::module('S', 0, "CH3SS5");
    EXPECT_EQ(sorted(choose(s, pos).candidates), toward_b6);
    EXPECT_EQ(sorted(choose(s, pos, promoted).candidates), toward_left_of_a6);
    // The draft aims every queen at the enemy queen's starting square.
    EXPECT_EQ(choose(Bot::draft({Goal::WeGotThisAllWrong}, 0), pos, promoted).candidates,
              toward_b6);
}

TEST(LousyGoals, MirrorMirrorReflectsTheOpponentsMove) {
    // After 1. b1-c3: b1 (1,0) -> (3,5) d6, c3 (2,2) -> (2,3) c4, by a knight: d6-c4.
    auto pos = minitchess().start();
    pos.play(pos.parse_move("b1-c3"));
    const auto c = choose(Bot::draft({Goal::MirrorMirror}, 0), pos, after("b1-c3"));
    EXPECT_EQ(c.rule, "the mirrored last move, d6-c4 by a knight");
    EXPECT_EQ(c.candidates, (Names{"d6-c4"}));
}

TEST(LousyGoals, MirrorMirrorFallsBackToTheSameKindOfPiece) {
    // White K e1, N a3 (last move b1-a3); Black k a6, n d6, p e4; Black to move.
    // Mirror: b1 -> d6, a3 (0,2) -> (4,3) e4: d6-e4, but e4 holds Black's own pawn. Any
    // knight move then: d6-b5, d6-c4. Seed 1, move 1: n = 2, index 1.
    const auto pos = fen("k2n1/5/4p/N4/5/4K b - - 0 1");
    const auto c = choose(Bot::draft({Goal::MirrorMirror}, 1), pos, after("b1-a3"));
    EXPECT_EQ(c.rule, "a knight move");
    EXPECT_EQ(c.candidates, (Names{"d6-b5", "d6-c4"}));
    EXPECT_EQ(c.move, named_move("d6-c4"));

    // Without the last move there is nothing to mirror: any legal move. King a5 b5 b6,
    // knight b5 c4, pawn e3: six; index 1.
    const auto blind = choose(Bot::draft({Goal::MirrorMirror}, 1), pos);
    EXPECT_EQ(blind.rule, "any legal move");
    EXPECT_EQ(blind.candidates, (Names{"a6-a5", "a6-b5", "a6-b6", "d6-b5", "d6-c4", "e4-e3"}));
    EXPECT_EQ(blind.move, named_move("a6-b5"));
}

TEST(LousyGoals, MirrorAfterAPromotionLooksAtTheNewQueen) {
    // White K d3, P d5; Black k a6, q e6, p b2; White plays d5-d6 and it becomes a queen
    // before Black looks. Mirror: d5 (3,4) -> (1,1) b2, d6 (3,5) -> (1,0) b1, by a queen.
    // b2 holds a pawn (b2-b1 is legal for it, and would be the pick if the pawn that moved
    // counted), so no mirrored move; then any queen move: queen e6 takes d6, goes down e5..e1,
    // or d5 c4 b3 a2: 10. Seed 1, move 4: n = 5, index 4: e6-d6.
    auto pos = fen("k3q/3P1/5/3K1/1p3/5 w - - 0 4");
    referee::lousy::History history;
    referee::lousy::play(pos, history, pos.parse_move("d5-d6"));
    EXPECT_EQ(pos.letter_at(minitchess().geometry().parse("d6").value()), 'Q');
    const auto c = choose(Bot::draft({Goal::MirrorMirror}, 1), pos, history);
    EXPECT_EQ(c.rule, "a queen move");
    EXPECT_EQ(c.candidates, (Names{"e6-a2", "e6-b3", "e6-c4", "e6-d5", "e6-d6", "e6-e1", "e6-e2",
                                   "e6-e3", "e6-e4", "e6-e5"}));
    EXPECT_EQ(c.move, named_move("e6-d6"));
}

TEST(LousyGoals, KingCaptureComesFirstAndThePickChoosesAmongCaptures) {
    // Black k c4 is attacked by the rook c1 (c2, c3 empty), the knight b2 and the queen e4
    // (d4 empty). A queens-wild bot still takes the king, picking among the three.
    const auto pos = fen("5/5/2k1Q/5/1N3/2R1K w - - 0 1");
    // Draft seed 1, move 1: n = 2, index 1: c1-c4 (the queen alone would give e4-c4).
    const auto c = choose(Bot::draft({Goal::QueensWild}, 1), pos);
    EXPECT_EQ(c.rule, "capture the enemy king");
    EXPECT_EQ(c.candidates, (Names{"b2-c4", "c1-c4", "e4-c4"}));
    EXPECT_EQ(c.move, named_move("c1-c4"));
    // Module S0, CH3SS5, move 1: digit 0 = 0 (ascending), digit 1 = 0 + 3 = 3; 3 mod 3 = 0.
    const auto m = choose(Bot::module('S', 0, "CH3SS5"), pos);
    EXPECT_EQ(m.candidates, (Names{"b2-c4", "c1-c4", "e4-c4"}));
    EXPECT_EQ(m.move, named_move("b2-c4"));
}

}  // namespace
