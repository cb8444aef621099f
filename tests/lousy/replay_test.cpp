// Replays to the end of the game, checked by hand, and the errors for situations the bots
// cannot be given.
#include "referee/lousy/replay.hpp"

#include <gtest/gtest.h>

#include "lousy_test_util.hpp"
#include "referee/lousy/text.hpp"

namespace {

using namespace lousy_test;
using referee::lousy::Bot;
using referee::lousy::Goal;
using referee::lousy::LousyError;
using referee::rules::EndReason;
using referee::rules::GameResult;

TEST(LousyReplay, ModuleExampleGameEndsWithBlacksKingCapture) {
    // The module's second worked example (CH3SS5, White L8, move 8), Black K7 (digits 7 0 8
    // 1 2 1 2 1 6 9: 7, 7+3, +8, +3, +1, +9, +1, +9, +5, +3, all mod 10).
    // 8. c1-d2 (the spec's answer).
    // 8... Digit 6, previous 1 (odd: descending). No king capture. Closer to e1: king a6-a5
    //   a6-b5 a6-b6; bishop c6-d6 (c6-b5 stays 7 away); queen b3-b2 b3-c2 b3-c3 b3-d1 b3-d3
    //   b3-e3 (b4 b5 b6 a3 a2 c4 are not closer); pawns c5-c4 c5-d4 e5-e4 (e5-d4 stays 4
    //   away; a4 and d5 are blocked): 13 moves. Descending, index 6 mod 13 = 6: b3-d1.
    // 9. L8: digit 0, previous 7 (descending). Nothing leaves a light square (pawn a2 is
    //   blocked and has nothing to take). Dark -> dark: a1-c1, d2-a5 d2-b4 d2-c1 d2-c3,
    //   d4-b4 d4-c3 d4-c5 d4-e5; descending index 0: d4-e5.
    // 9... The queen d1 stands next to White's king e1: the only king capture, d1-e1.
    const Bot white = Bot::module('L', 8, "CH3SS5");
    const Bot black = Bot::module('K', 7, "CH3SS5");
    const auto game =
        referee::lousy::replay(white, black, fen("k1b1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w - - 0 8"), {});
    EXPECT_EQ(referee::lousy::move_lines(game.moves),
              (std::vector<std::string>{"8. c1-d2 b3-d1", "9. d4-e5 d1-e1"}));
    EXPECT_EQ(game.outcome.result, GameResult::BlackWins);
    EXPECT_EQ(game.outcome.reason, EndReason::RoyalCapture);
    EXPECT_EQ(referee::lousy::result_line(game.outcome), "0-1 (Black captured White's king)");
    EXPECT_EQ(game.moves[1].choice.candidates.size(), 13u);
}

TEST(LousyReplay, BlacksFortiethMoveEndsTheGameInADraw) {
    // Move 40, Black to move, kings only. Black king e6 toward a1: d6 8, d5 7, e5 8 (from
    // 9). n = 0 + 40, 39 mod 3 = 0: e6-d5. After Black's 40th move the game is drawn.
    const Bot white = Bot::draft({Goal::KingMustDie}, 0);
    const Bot black = Bot::draft({Goal::KingMustDie}, 0);
    const auto game = referee::lousy::replay(white, black, fen("4k/5/5/5/5/K4 b - - 0 40"), {});
    EXPECT_EQ(referee::lousy::move_lines(game.moves), (std::vector<std::string>{"40... e6-d5"}));
    EXPECT_EQ(game.outcome.result, GameResult::Draw);
    EXPECT_EQ(game.outcome.reason, EndReason::MoveLimit);
}

TEST(LousyReplay, ASideWithNoLegalMoveLoses) {
    // White K a6 hemmed in by its own knight b6 and pawns a5 b5; the knight's squares a4 c4
    // d5 hold White pawns that are blocked (by a5, Black's c5, Black's d6) and have nothing to
    // take; Black's pawns cannot move either. (A pawn may not stand on its last rank, so
    // the knight does what a pawn on b6 once did.) Black k e1 moves first: toward a6, d1 d2
    // e2 all come closer; n = 0 + 5, 4 mod 3 = 1: e1-d2. Then White has no legal move.
    const auto start = fen("KN1p1/PPpP1/P1P2/5/5/4k b - - 0 5");
    const Bot bot = Bot::draft({Goal::KingMustDie}, 0);
    const auto game = referee::lousy::replay(bot, bot, start, {});
    EXPECT_EQ(referee::lousy::move_lines(game.moves), (std::vector<std::string>{"5... e1-d2"}));
    EXPECT_EQ(game.outcome.result, GameResult::BlackWins);
    EXPECT_EQ(game.outcome.reason, EndReason::NoLegalMoves);

    auto stuck = start;
    stuck.play(stuck.parse_move("e1-d2"));
    EXPECT_FALSE(referee::lousy::choose_move(bot, stuck, {}).has_value());
}

TEST(LousyReplay, PromotedQueensAreFollowedThroughTheGame) {
    // White pawn d5 promotes on d6, the queen moves to d4, Black's queen takes it on d4.
    auto pos = fen("k3q/3P1/5/5/5/K4 w - - 0 10");
    const auto& g = minitchess().geometry();
    referee::lousy::History h;
    referee::lousy::play(pos, h, pos.parse_move("d5-d6"));
    EXPECT_EQ(h.promoted_queens, (std::vector<int>{g.parse("d6").value()}));
    referee::lousy::play(pos, h, pos.parse_move("a6-a5"));
    referee::lousy::play(pos, h, pos.parse_move("d6-d4"));
    EXPECT_EQ(h.promoted_queens, (std::vector<int>{g.parse("d4").value()}));
    referee::lousy::play(pos, h, pos.parse_move("e6-d5"));
    referee::lousy::play(pos, h, pos.parse_move("a1-a2"));
    referee::lousy::play(pos, h, pos.parse_move("d5-d4"));
    EXPECT_TRUE(h.promoted_queens.empty());
    EXPECT_EQ(h.last_move, named_move("d5-d4"));
}

TEST(LousyReplay, SituationsTheBotsCannotBeGivenAreErrors) {
    const Bot mirror = Bot::draft({Goal::MirrorMirror}, 0);
    const auto example = fen("k1b1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w - - 0 8");
    // Black's last move cannot have landed on d4: White's queen stands there.
    expect_error([&] { referee::lousy::choose_move(mirror, example, after("d5-d4")); },
                 "its target square d4 holds White's 'Q'");
    expect_error([&] { referee::lousy::choose_move(mirror, example, after("c4-b4")); },
                 "its target square b4 holds no piece");
    // a4 holds Black's pawn, but nothing can have left a6: Black's king stands there.
    expect_error([&] { referee::lousy::choose_move(mirror, example, after("a6-a4")); },
                 "start square a6 is not empty");
    referee::lousy::History wrong_promotion;
    wrong_promotion.promoted_queens = {minitchess().geometry().parse("e1").value()};
    expect_error([&] { referee::lousy::choose_move(mirror, example, wrong_promotion); },
                 "e1 is said to hold a promoted queen, but it holds 'K'");

    const auto minichess = referee::rules::Rules::load("minichess");
    expect_error([&] { referee::lousy::choose_move(mirror, minichess.start(), {}); },
                 "only MinitChess");
    expect_error(
        [&] {
            referee::lousy::replay(mirror, Bot::module('L', 4, "CH3SS5"), minitchess().start(), {});
        },
        "both must follow the same");
    // The module's bots have digits for moves 1 to 40 only.
    expect_error(
        [&] {
            referee::lousy::choose_move(Bot::module('L', 4, "CH3SS5"),
                                        fen("k4/5/5/5/5/4K w - - 0 41"), {});
        },
        "move 41 is outside 1-40");
}

}  // namespace
