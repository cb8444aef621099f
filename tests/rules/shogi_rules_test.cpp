// Promotion zones and the shogi rules as variant data (variants/README.md, "Promotion" and
// "Drop rules"): promoted forms written +P, promotion on entering, inside or leaving the
// zone, optional except where the piece could not move again, promoted pieces back to the
// hand as what they were, nifu and uchifuzume; UCI text with the '+' suffix. Move lists and
// FENs are Fairy-Stockfish 11.1's for the same positions.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;
using referee::test::sorted_uci_names;

TEST(ShogiRules, PromotionIsOptionalOnEnteringTheZoneAndWrittenWithAPlus) {
    Position pos = cached_rules("minishogi").from_fen("k4/2S2/5/5/K4[] w - - 0 1");
    EXPECT_EQ(sorted_uci_names(pos),
              (std::vector<std::string>{"a1a2", "a1b1", "a1b2", "c4b3", "c4b5", "c4b5+", "c4c5",
                                        "c4c5+", "c4d3", "c4d5", "c4d5+"}));
}

TEST(ShogiRules, AMoveOutOfTheZoneMayPromoteToo) {
    // The silver on c5 (in the zone) stepping back to b4 or d4 may promote.
    Position pos = cached_rules("minishogi").from_fen("k1S2/5/5/5/K4[] w - - 0 1");
    const auto list = sorted_uci_names(pos);
    for (const char* m : {"c5b4", "c5b4+", "c5d4", "c5d4+"})
        EXPECT_NE(std::find(list.begin(), list.end(), m), list.end()) << m;
}

TEST(ShogiRules, APawnMustPromoteOnTheLastRankAndComesBackAsAPawn) {
    Position pos = cached_rules("minishogi").start();
    play(pos, {"a2a3", "e4e3", "a3a4", "e3e2"});
    // Only the promotion: unpromoted it could never move again (so "a4a5" means it too).
    const auto list = sorted_uci_names(pos);
    EXPECT_EQ(std::count_if(list.begin(), list.end(),
                            [](const std::string& m) { return m.rfind("a4a5", 0) == 0; }),
              1);
    EXPECT_NE(std::find(list.begin(), list.end(), "a4a5+"), list.end());
    EXPECT_EQ(pos.parse_move("a4a5"), pos.parse_move("a4a5+"));
    play(pos, {"a4a5+"});
    EXPECT_EQ(pos.fen(), "+Pbsgk/5/5/4p/KGSBR[R] b - - 0 3");
    EXPECT_EQ(cached_rules("minishogi").from_fen(pos.fen()).key(), pos.key());
    // The tokin taken: Black's hand gets a pawn.
    pos = cached_rules("minishogi").from_fen("+Pg2k/5/5/5/K4[] b - - 0 1");
    play(pos, {"b5a5"});
    EXPECT_EQ(pos.in_hand(Black, cached_rules("minishogi").variant().type_of('P')), 1);
    EXPECT_EQ(pos.fen(), "g3k/5/5/5/K4[p] w - - 0 2");
}

TEST(ShogiRules, NoDropWhereThePieceCouldNeverMoveAndNoSecondPawnOnAFile) {
    // A knight in hand: not on the last two ranks (79 empty squares less 17): 62.
    Position pos = cached_rules("shogi").from_fen("4k4/9/9/9/9/9/9/9/4K4[N] w - - 0 1");
    EXPECT_EQ(sorted_uci_names(pos).size() - 5, 62u);  // five king moves besides
    // Nifu: the a-file has a pawn, so the pawn in hand goes on b..e, ranks 1 to 4.
    pos = cached_rules("minishogi").from_fen("k4/5/5/P4/K4[P] w - - 0 1");
    const auto list = sorted_uci_names(pos);
    EXPECT_EQ(
        std::count_if(list.begin(), list.end(), [](const std::string& m) { return m[0] == 'P'; }),
        16);
    EXPECT_EQ(std::count_if(list.begin(), list.end(),
                            [](const std::string& m) { return m.rfind("P@a", 0) == 0; }),
              0);
}

TEST(ShogiRules, MateByAPawnDropLosesForTheSideThatDropsIt) {
    Position pos = cached_rules("shogi").from_fen("k8/9/1G1B5/9/9/9/9/9/4K4[P] w - - 0 1");
    play(pos, {"P@a8"});  // a legal move, as Fairy-Stockfish counts it
    const auto o = pos.outcome();
    ASSERT_TRUE(o.has_value());
    EXPECT_EQ(o->result, GameResult::BlackWins);
    EXPECT_EQ(o->description, "Black is checkmated by a pawn drop, which loses for White");
    // Mate by another drop (a gold) is mate.
    pos = cached_rules("shogi").from_fen("k8/9/1G1B5/9/9/9/9/9/4K4[G] w - - 0 1");
    play(pos, {"G@a8"});
    ASSERT_TRUE(pos.outcome().has_value());
    EXPECT_EQ(pos.outcome()->result, GameResult::WhiteWins);
}

Variant parse_piece(const std::string& extra) {
    return parse_variant(R"(name: t
board: {files: 4, ranks: 4}
start: "k3/4/4/3K[] w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: P, name: pawn, betza: fW, promotion: {to: [T], optional: true, leaving: true}}
  - )" + extra + "\n",
                         "t.yaml");
}

std::string piece_error(const std::string& extra) {
    try {
        parse_piece(extra);
    } catch (const VariantError& e) {
        return e.what();
    }
    return "(no error)";
}

// Sennichite: the fourth occurrence of a position draws, unless one side checked with every
// move: it loses (Fairy-Stockfish's perpetualCheckIllegal, in the whole shogi family).
TEST(ShogiRules, RepetitionByPerpetualCheckLosesForTheCheckingSide) {
    for (const char* variant : {"minishogi", "shogi", "judkins", "gorogoro"}) {
        SCOPED_TRACE(variant);
        const Rules& rules = cached_rules(variant);
        ASSERT_TRUE(rules.variant().end.perpetual_check.has_value());
        EXPECT_EQ(*rules.variant().end.perpetual_check, EndValue::Loss);
        EXPECT_EQ(rules.variant().end.repetition, 4);
    }
    // The rook checks on rank 5 and rank 4 in turn; the king steps between e5 and e4.
    Position pos = cached_rules("minishogi").from_fen("4k/R4/5/5/K4[] w - - 0 1");
    for (int cycle = 0; cycle < 3; ++cycle) play(pos, {"a4a5", "e5e4", "a5a4", "e4e5"});
    referee::test::expect_end(pos, GameResult::BlackWins, EndReason::PerpetualCheck,
                              "White gave perpetual check (the same position 4 times)");
    // Quiet moves repeated: the ordinary draw, at the fourth time.
    Position quiet = cached_rules("minishogi").from_fen("4k/5/R4/5/K4[] w - - 0 1");
    for (int cycle = 0; cycle < 3; ++cycle) play(quiet, {"a3b3", "e5d5", "b3a3", "d5e5"});
    referee::test::expect_end(quiet, GameResult::Draw, EndReason::Repetition,
                              "draw: the same position occurred 4 times");
}

TEST(ShogiRules, FileErrorsNameTheLineColumnAndKey) {
    EXPECT_EQ(piece_error("{letter: T, name: tokin, betza: WfF, fen: P}"),
              "t.yaml:7:47: pieces[2].fen: 'P' is not '+' and a piece letter, as in '+P'");
    EXPECT_EQ(piece_error("{letter: T, name: tokin, betza: WfF, fen: '+X'}"),
              "t.yaml:7:47: pieces[2].fen: '+X' must be the promoted form of one unpromoted "
              "piece of this variant, and of no other piece");
    EXPECT_EQ(parse_piece("{letter: T, name: tokin, betza: WfF, fen: '+P'}").promoted_form('p'), 2);
}

}  // namespace
