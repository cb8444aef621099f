// Shipped variants the current Fairy-Stockfish plays and Debian's 11.1 does not, so their
// counts are ffish 0.7.10's (the current Fairy-Stockfish as WebAssembly), recorded here;
// SlowFfishCatalogue in ffish_ini_perft_test.cpp compares them live from positions after
// random play as well.
// - Three Kings (variants/threekings.yaml): three kings a side, ordinary pieces that may be
//   attacked and taken; a side left with two loses at once, by the extinction rule's count.
// - Jeson Mor (variants/jesonmor.yaml): knights racing for e5. A knight that reaches e5 wins
//   unless the reply takes it there, and the taker then stands on e5 with the same threat.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

TEST(ThreeKings, PerftIsFairyStockfishs) {
    EXPECT_EQ(cached_rules("threekings").start().perft(4), 199514u);
    // ffish after 20 random plies (its seed 1): a king already in the open.
    const Position mid =
        cached_rules("threekings")
            .from_fen("1nbqkbn1/1kp1p1pk/pp3p2/8/1P1pP1p1/3P4/PBP1KP1P/KN1Q1BNK w - - 2 11");
    EXPECT_EQ(mid.perft(4), 705108u);
}

TEST(ThreeKings, AKingMayStandAttackedAndTakingOneWins) {
    Position pos = cached_rules("threekings").from_fen("k3k2k/8/8/8/8/8/6q1/K3K2K w - - 0 1");
    // No check: White's king on h1 stays where the queen attacks it, and may even step
    // next to her.
    EXPECT_NO_THROW(pos.parse_move("a1a2"));
    EXPECT_NO_THROW(pos.parse_move("h1h2"));
    play(pos, {"a1a2"});
    EXPECT_FALSE(pos.outcome().has_value());
    play(pos, {"g2h1"});  // two white kings left
    const auto o = pos.outcome();
    ASSERT_TRUE(o.has_value()) << pos.fen();
    EXPECT_EQ(o->result, GameResult::BlackWins) << o->description;
    EXPECT_EQ(o->reason, EndReason::Extinction) << o->description;
}

TEST(JesonMor, PerftIsFairyStockfishs) {
    EXPECT_EQ(cached_rules("jesonmor").start().perft(4), 868624u);
    // ffish: White's knight on e5, Black to move: only taking it there (c4xe5) goes on, to
    // White's four moves; every other reply ends the game.
    EXPECT_EQ(cached_rules("jesonmor").from_fen("4n4/9/9/9/4N4/2n6/9/9/4N4 b - - 1 1").perft(2),
              4u);
}

TEST(JesonMor, AKnightOnTheCentreWinsUnlessTheReplyTakesIt) {
    Position pos = cached_rules("jesonmor").from_fen("4n4/9/9/9/9/2n6/3N5/9/4N4 w - - 0 1");
    play(pos, {"d3e5"});
    EXPECT_FALSE(pos.outcome().has_value()) << "Black has its reply";
    Position took = pos;
    play(took, {"c4e5"});
    EXPECT_FALSE(took.outcome().has_value()) << "the taker stands on e5; White replies";
    play(pos, {"e9d7"});
    const auto o = pos.outcome();
    ASSERT_TRUE(o.has_value()) << pos.fen();
    EXPECT_EQ(o->result, GameResult::WhiteWins) << o->description;
}

}  // namespace
