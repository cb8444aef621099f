// Jeson Mor (variants/jesonmor.yaml, Fairy-Stockfish's jesonmor): knights racing for e5. As
// ffish 0.7.10 plays it (the current Fairy-Stockfish as WebAssembly; Debian's 11.1 has no
// jesonmor): a knight that reaches e5 wins unless the reply takes it there, and the taker
// then stands on e5 with the same threat. The counts are ffish's; SlowFfishCatalogue in
// ffish_ini_perft_test.cpp compares live from positions after random play as well.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

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
