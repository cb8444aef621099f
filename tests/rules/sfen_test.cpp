// SFEN, USI's position text, read and written as Fairy-Stockfish 11.1 does in USI mode
// (its `d` prints both forms; the strings here are its).
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/notation/sfen.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

TEST(Sfen, TheStartAndAPositionWithAPromotedPawnAndAHand) {
    const Rules& rules = cached_rules("minishogi");
    Position pos = rules.start();
    EXPECT_EQ(pos.sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
    play(pos, {"a2a3", "e4e3", "a3a4", "e3e2", "a4a5+"});
    EXPECT_EQ(pos.sfen(), "+Pbsgk/5/5/4p/KGSBR w R 6");
    const Position back = rules.from_sfen(pos.sfen());
    EXPECT_EQ(back.key(), pos.key());
    EXPECT_EQ(back.fen(), pos.fen());
    EXPECT_EQ(rules.from_text(pos.sfen()).key(), pos.key());  // told apart from a FEN
}

TEST(Sfen, HandCountsReadAsTheFensPieces) {
    const Rules& rules = cached_rules("shogi");
    const Position fen = rules.from_fen("4k4/9/9/9/9/9/9/9/4K4[GNLPPSRBppr] w - - 0 1");
    const Position sfen = rules.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b GNL2PSRB2pr 1");
    EXPECT_EQ(sfen.key(), fen.key());
    EXPECT_EQ(rules.from_sfen(sfen.sfen()).key(), fen.key());
}

TEST(Sfen, MistakesAreSaid) {
    const Rules& rules = cached_rules("minishogi");
    auto error_of = [&](const char* text) {
        try {
            rules.from_sfen(text);
        } catch (const PositionError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_of("rbsgk/4p/5/P4/KGSBR b -"),
              "the SFEN has 3 fields; it needs 4 (placement, side, hand, move number)");
    EXPECT_EQ(error_of("rbsgk/4p/5/P4/KGSBR x - 1"),
              "the SFEN's side to move 'x' is neither b nor w");
    EXPECT_EQ(error_of("rbsgk/4p/5/P4/KGSBR b 2 1"), "the SFEN's hand '2' ends in a count");
    EXPECT_EQ(error_of("rbsgk/4p/5/P4/KGSBR b - 0"),
              "the SFEN's move number '0' is not a number from 1");
    EXPECT_FALSE(looks_like_sfen("rbsgk/4p/5/P4/KGSBR[] w - - 0 1"));
}

}  // namespace
