// Three Kings (variants/threekings.yaml, Fairy-Stockfish's threekings): three kings a side,
// ordinary pieces that may be attacked and taken; a side left with two loses at once, by
// the extinction rule's count. The counts are ffish 0.7.10's (the current Fairy-Stockfish
// as WebAssembly; Debian's 11.1 has no threekings), which SlowFfishCatalogue in
// ffish_ini_perft_test.cpp compares live from positions after random play as well.
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

}  // namespace
