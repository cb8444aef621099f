// A draft-ruleset game from the start, its first eight plies worked out by hand.
//
// White: queens-wild, king-must-die, seed 3.  Black: mirror-mirror, black-is-lava, seed 5.
// Pick: n = seed + full-move number, index (n - 1) mod count in the alphabetical list.
//
// 1. White (n = 3 + 1 = 4). The queen d1 is boxed in by c1 c2 d2 e2 e1: no queen move.
//    King-must-die, toward a6 (0,5): all 7 legal moves come closer (a2-a3 b1-a3 b1-c3
//    b2-b3 c2-c3 d2-d3 e2-e3: every one goes up the board). Index 3: b2-b3.
// 1... Black (n = 5 + 1 = 6). Mirror b2-b3, a pawn: b2 (1,1) -> (3,4) d5, b3 (1,2) ->
//    (3,3) d4; d5-d4 is a legal pawn push, the only candidate: d5-d4.
// 2. White (n = 3 + 2 = 5). Queen still boxed in (c1 holds the bishop). Closer to a6: all 9
//    legal moves: a2-a3 b1-a3 b1-c3 b3-b4 c1-a3 c1-b2 c2-c3 d2-d3 e2-e3 (the bishop now
//    reaches b2 and a3 through the empty b2). Index 4: c1-a3.
// 2... Black (n = 7). Mirror c1-a3, a bishop: c1 (2,0) -> (2,5) c6, a3 (0,2) -> (4,3) e4;
//    the bishop c6 reaches e4 through the emptied d5: c6-e4.
// 3. White (n = 6). Queen d1 now has c1 (then b1 is the knight): one queen move, d1-c1.
// 3... Black (n = 8). Mirror d1-c1, a queen: d1 (3,0) -> (1,5) b6, c1 (2,0) -> (2,5) c6;
//    c6 was emptied by the bishop: b6-c6.
// 4. White (n = 3 + 4 = 7). Queen c1: b1 knight, d1 empty (then e1 king), c2 pawn, d2 pawn,
//    b2 empty (then a3 bishop): c1-b2, c1-d1; (7 - 1) mod 2 = 0: c1-b2.
// 4... Black (n = 9). Mirror c1-b2, a queen: c1 -> c6, b2 (1,1) -> (3,4) d5: c6-d5.
// No move in these eight could capture a king (checked per ply: neither king is reachable).
#include <gtest/gtest.h>

#include "lousy_test_util.hpp"
#include "referee/lousy/replay.hpp"
#include "referee/lousy/text.hpp"

namespace {

using namespace lousy_test;
using referee::lousy::Bot;
using referee::lousy::Goal;

TEST(LousyDraftGame, FirstEightPliesMatchTheHandWorkedGame) {
    const Bot white = Bot::draft({Goal::QueensWild, Goal::KingMustDie}, 3);
    const Bot black = Bot::draft({Goal::MirrorMirror, Goal::BlackIsLava}, 5);
    const auto game = referee::lousy::replay(white, black, minitchess().start(), {});
    ASSERT_GE(game.moves.size(), 8u);
    const auto lines = referee::lousy::move_lines(game.moves);
    const std::vector<std::string> first(lines.begin(), lines.begin() + 4);
    EXPECT_EQ(first, (std::vector<std::string>{"1. b2-b3 d5-d4", "2. c1-a3 c6-e4", "3. d1-c1 b6-c6",
                                               "4. c1-b2 c6-d5"}));
    // The reasons, as worked out above.
    EXPECT_EQ(game.moves[0].choice.rule, "closer to the enemy king");
    EXPECT_EQ(game.moves[0].choice.index, 3);
    EXPECT_EQ(game.moves[2].choice.candidates,
              (std::vector<std::string>{"a2-a3", "b1-a3", "b1-c3", "b3-b4", "c1-a3", "c1-b2",
                                        "c2-c3", "d2-d3", "e2-e3"}));
    EXPECT_EQ(game.moves[3].choice.rule, "the mirrored last move, c6-e4 by a bishop");
    EXPECT_EQ(game.moves[4].choice.rule, "a queen move");
    EXPECT_EQ(game.moves[6].choice.candidates, (std::vector<std::string>{"c1-b2", "c1-d1"}));
}

}  // namespace
