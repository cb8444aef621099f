// Which checks make a checkmate count (`end.mate_checks`, Fairy-Stockfish's shatarMateRule,
// its shatar). Each verdict is Debian's Fairy-Stockfish 11.1's, read from its search
// (`go depth N` with UCI_Variant shatar): "score mate 1" for a mate it counts, a plain score
// where it avoids a mate that would lose, "score cp 0" at a mate it scores as a draw.
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
using referee::test::expect_end;
using referee::test::play;

TEST(MateChecks, AMateByARookCounts) {
    // Fairy-Stockfish from the position before: score mate 1, b1b8.
    Position pos = cached_rules("shatar").from_fen("6k1/5ppp/8/8/8/8/8/KR6 w - - 0 1");
    play(pos, {"b1b8"});
    expect_end(pos, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(MateChecks, AMateByAKnightAloneLosesForTheSideThatGaveIt) {
    // Fairy-Stockfish plays g5h7, not the smothered mate g5f7, whose position it scores as
    // a mate for the side mated.
    Position pos = cached_rules("shatar").from_fen("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1");
    play(pos, {"g5f7"});
    EXPECT_EQ(pos.perft(1), 0u);
    expect_end(pos, GameResult::BlackWins, EndReason::Checkmate,
               "Black is checkmated by a knight alone, which loses for White");
    // In chess the same mate wins.
    Position chess = cached_rules("chess").from_fen("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1");
    play(chess, {"g5f7"});
    expect_end(chess, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(MateChecks, ABishopsMateCountsAfterARooksCheckInTheSameSeries) {
    // Black in check from the rook on g1 steps to h8; the bishop's mate on b2 ends a series
    // that began with a rook's check (Fairy-Stockfish: score mate 1 after g7h8).
    Position pos = cached_rules("shatar").from_fen("6b1/6kp/8/8/8/8/8/K1B3R1 b - - 0 1");
    play(pos, {"g7h8", "c1b2"});
    expect_end(pos, GameResult::WhiteWins, EndReason::Checkmate, "Black is checkmated");
}

TEST(MateChecks, ABishopsMateWithoutARookKnightOrBersCheckIsADraw) {
    // The rook on f1 gave no check before the mate: Fairy-Stockfish plays f1f8 instead of
    // c1b2, and scores the mate's position cp 0.
    const char* sentence =
        "draw: Black is checkmated, but no check of the series that led to it came from a "
        "rook, knight or bers";
    Position pos = cached_rules("shatar").from_fen("6b1/6kp/8/8/8/8/8/K1B2R2 b - - 0 1");
    play(pos, {"g7h8", "c1b2"});
    expect_end(pos, GameResult::Draw, EndReason::Checkmate, sentence);
    // The series goes back no further than the game's moves: the same mate from a FEN set
    // up just before it is a draw too (Fairy-Stockfish: cp 0).
    Position set_up = cached_rules("shatar").from_fen("6bk/7p/8/8/8/8/8/K1B3R1 w - - 0 1");
    play(set_up, {"c1b2"});
    expect_end(set_up, GameResult::Draw, EndReason::Checkmate, sentence);
}

TEST(MateChecks, ABareKingIsADraw) {
    // Robado: extinction with one piece left; Fairy-Stockfish's perft stops there (0 moves).
    const Position pos = cached_rules("shatar").from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
    EXPECT_EQ(pos.perft(1, PerftStop::Immediate), 0u);
    expect_end(pos, GameResult::Draw, EndReason::Extinction,
               "Black has lost all but 1 of its pieces");
}

TEST(MateChecks, ReadWrittenAndRefused) {
    const Variant& v = cached_rules("shatar").variant();
    ASSERT_TRUE(v.end.mate_checks.has_value());
    EXPECT_EQ(std::string(v.end.mate_checks->series_by.begin(), v.end.mate_checks->series_by.end()),
              "RNJ");
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("  mate_checks: {series_by: [R, N, J], alone_loses: [N]}\n"),
              std::string::npos)
        << text;
    EXPECT_TRUE(parse_variant(text, "written.yaml").end.mate_checks.has_value());
    for (const auto& [from, to, key] :
         {std::tuple{"series_by: [R, N, J]", "series_by: [R, X]", "end.mate_checks.series_by"},
          std::tuple{"mate_checks: {series_by: [R, N, J], ", "mate_checks: {",
                     "end.mate_checks.series_by"},
          std::tuple{"check_rules: true", "check_rules: false", "end.mate_checks"}}) {
        try {
            parse_variant(referee::test::replace(text, from, to), "written.yaml");
            ADD_FAILURE() << "accepted " << to;
        } catch (const VariantError& e) {
            EXPECT_EQ(e.key(), key) << e.what();
            EXPECT_GT(e.line(), 0) << e.what();
        }
    }
}

TEST(MateChecks, FairyStockfishsShatarMateRuleInAnIni) {
    // The rule names Fairy-Stockfish's knight, rook and bers, whatever their letters.
    const Variant v = parse_ini_variant(
        "[mine:chess]\nqueen = -\nbers = q\nshatarMateRule = true\n", "my.ini", "mine");
    ASSERT_TRUE(v.end.mate_checks.has_value());
    EXPECT_EQ(std::string(v.end.mate_checks->series_by.begin(), v.end.mate_checks->series_by.end()),
              "NRQ");
    EXPECT_EQ(
        std::string(v.end.mate_checks->alone_loses.begin(), v.end.mate_checks->alone_loses.end()),
        "N");
    EXPECT_FALSE(parse_ini_variant("[mine:chess]\nshatarMateRule = false\n", "my.ini", "mine")
                     .end.mate_checks.has_value());
}

}  // namespace
