// The royal piece held in check (`royal_held_in_check`, Fairy-Stockfish's makpongRule, its
// makpong): in check the king moves only to take the one piece that gives check. The counts
// are Debian's Fairy-Stockfish 11.1's (`setoption name UCI_Variant value makpong`,
// `position fen ...`, `go perft 1`), and makruk's for the same positions.
#include <gtest/gtest.h>

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/rules/variant_error_support.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;

std::string moves_in_order(const Position& pos) {
    std::string out;
    for (const Move m : pos.legal_moves()) out += pos.move_name(m, MoveStyle::Uci) + " ";
    return out;
}

TEST(RoyalHeldInCheck, TheKingInCheckMayOnlyTakeItsLoneChecker) {
    const Rules& makpong = cached_rules("makpong");
    const Rules& makruk = cached_rules("makruk");
    // A rook checking from e2, unprotected: makruk's king steps to d1 or f1 or takes it
    // (3); makpong's only takes it (1: e1e2).
    const char* lone = "7k/8/8/8/8/8/4r3/4K3 w - - 0 1";
    EXPECT_EQ(makruk.from_fen(lone).perft(1), 3u);
    EXPECT_EQ(moves_in_order(makpong.from_fen(lone)), "e1e2 ");
    // Checked from afar: no capture within reach, no move (Fairy-Stockfish: 0).
    EXPECT_EQ(makpong.from_fen("4r2k/8/8/8/8/8/8/4K3 w - - 0 1").perft(1), 0u);
    // The checker protected by a knight on c3: nothing (0).
    EXPECT_EQ(makpong.from_fen("7k/8/8/8/8/2n5/4r3/4K3 w - - 0 1").perft(1), 0u);
}

TEST(RoyalHeldInCheck, ADoubleCheckLeavesTheKingNoMove) {
    // Rook e2 and knight d3 both give check: makruk's king has three moves (d1, f1, e2),
    // makpong's none, not even the capture of the unprotected rook (Fairy-Stockfish: 0).
    const char* fen = "7k/8/8/8/8/3n4/4r3/4K3 w - - 0 1";
    EXPECT_EQ(cached_rules("makruk").from_fen(fen).perft(1), 3u);
    const Position pos = cached_rules("makpong").from_fen(fen);
    EXPECT_EQ(pos.perft(1), 0u);
    const auto end = pos.outcome();
    ASSERT_TRUE(end.has_value());
    EXPECT_EQ(end->result, GameResult::BlackWins);
    EXPECT_EQ(end->reason, EndReason::Checkmate);
}

TEST(RoyalHeldInCheck, OtherPiecesStillBlockAndTake) {
    // The rook on e8 gives check and the white rook on a4 blocks on e4: makruk has the block
    // and four king steps (5), makpong the block alone (Fairy-Stockfish: a4e4).
    const char* fen = "4r2k/8/8/8/R7/8/8/4K3 w - - 0 1";
    EXPECT_EQ(cached_rules("makruk").from_fen(fen).perft(1), 5u);
    EXPECT_EQ(moves_in_order(cached_rules("makpong").from_fen(fen)), "a4e4 ");
}

TEST(RoyalHeldInCheck, ReadWrittenAndRefusedWithoutCheckRules) {
    const Variant& v = cached_rules("makpong").variant();
    EXPECT_TRUE(v.royal_held_in_check);
    EXPECT_NE(v.summary().find("in check the king may only take the one piece that gives check"),
              std::string::npos)
        << v.summary();
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("royal_held_in_check: true\n"), std::string::npos) << text;
    EXPECT_TRUE(parse_variant(text, "written.yaml").royal_held_in_check);
    try {
        parse_variant(referee::test::replace(text, "check_rules: true", "check_rules: false"),
                      "written.yaml");
        FAIL() << "accepted royal_held_in_check without check_rules";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.key(), "royal_held_in_check") << e.what();
        EXPECT_GT(e.line(), 0) << e.what();
    }
}

TEST(RoyalHeldInCheck, FairyStockfishsMakpongRuleInAnIni) {
    const Variant v = parse_ini_variant("[mine:makruk]\nmakpongRule = true\n", "my.ini", "mine");
    EXPECT_TRUE(v.royal_held_in_check);
    EXPECT_EQ(Rules(v).from_fen("7k/8/8/8/8/8/4r3/4K3 w - - 0 1").perft(1), 1u);
    EXPECT_FALSE(parse_ini_variant("[mine:makruk]\nmakpongRule = false\n", "my.ini", "mine")
                     .royal_held_in_check);
}

}  // namespace
