// Every end-of-game rule, each on a position built for it, read through Position::outcome().
// Expected results follow the seed texts as fixed in docs/rule-readings.md.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::EndReason;
using referee::rules::GameResult;
using referee::rules::Position;
using referee::rules::Rules;
using referee::test::cached_rules;
using referee::test::play;

// A description is shown to people as is: a few words, one line, naming the cause.
void expect_sentence(const std::string& text, const std::string& must_mention) {
    EXPECT_GE(std::count(text.begin(), text.end(), ' '), 2) << "'" << text << "' is not a sentence";
    EXPECT_EQ(text.find('\n'), std::string::npos) << text;
    EXPECT_NE(text.find(must_mention), std::string::npos)
        << "'" << text << "' does not mention " << must_mention;
}

void expect_outcome(const Position& pos, GameResult result, EndReason reason,
                    const std::string& mention) {
    const auto end = pos.outcome();
    ASSERT_TRUE(end.has_value()) << pos.fen();
    EXPECT_EQ(end->result, result) << pos.fen() << ": " << end->description;
    EXPECT_EQ(end->reason, reason) << pos.fen() << ": " << end->description;
    expect_sentence(end->description, mention);
}

TEST(KingCapture, WhiteTakingTheKingWins) {
    auto pos = cached_rules("minichess").from_fen("k4/1p3/5/5/3P1/Q3K w - - 0 1");
    EXPECT_FALSE(pos.outcome().has_value());
    play(pos, {"a1-a6"});
    expect_outcome(pos, GameResult::WhiteWins, EndReason::RoyalCapture, "king");
    EXPECT_EQ(pos.perft(1), 0u);
}

TEST(KingCapture, BlackTakingTheKingWins) {
    auto pos = cached_rules("minichess").from_fen("k4/1p3/5/5/3P1/q3K b - - 0 1");
    play(pos, {"a1-e1"});
    expect_outcome(pos, GameResult::BlackWins, EndReason::RoyalCapture, "king");
}

// The Mini-Chess rules: "A game lasting more than 40 moves is a draw", and capture wins: a king
// taken with Black's 40th move (ply 80) is still a win, not the move-limit draw.
TEST(KingCapture, TakenOnPlyEightyStillWins) {
    auto pos = cached_rules("minichess").from_fen("k4/1p3/5/5/3P1/q3K b - - 0 40");
    EXPECT_FALSE(pos.outcome().has_value());
    play(pos, {"a1-e1"});
    EXPECT_EQ(pos.fullmove_number(), 41);
    expect_outcome(pos, GameResult::BlackWins, EndReason::RoyalCapture, "king");
}

TEST(KingCapture, GardnerSetUpWithKingEnPriseIsAWinForTheCapturer) {
    auto pos = cached_rules("gardner-castling").from_fen("k4/5/5/5/R3K w - - 0 1");
    play(pos, {"a1-a5"});
    expect_outcome(pos, GameResult::WhiteWins, EndReason::RoyalCapture, "king");
}

// Knights shuffle from the start for 80 plies; the draw comes after Black's 40th move and
// not one ply earlier.
TEST(MoveLimit, DrawAfterBlacksFortiethMoveNotBefore) {
    auto pos = cached_rules("minichess").start();
    const char* cycle[] = {"b1-a3", "d6-c4", "a3-b1", "c4-d6"};
    for (int ply = 0; ply < 80; ++ply) {
        EXPECT_FALSE(pos.outcome().has_value()) << "ended early, before ply " << ply + 1;
        play(pos, {cycle[ply % 4]});
    }
    EXPECT_EQ(pos.ply_count(), 80);
    EXPECT_EQ(pos.fullmove_number(), 41);
    expect_outcome(pos, GameResult::Draw, EndReason::MoveLimit, "40");
}

TEST(MoveLimit, FromAFenAtMoveForty) {
    auto pos = cached_rules("minitchess").from_fen("k4/5/5/5/5/4K w - - 0 40");
    play(pos, {"e1-d1"});
    EXPECT_FALSE(pos.outcome().has_value()) << "Black still has its 40th move";
    play(pos, {"a6-b6"});
    expect_outcome(pos, GameResult::Draw, EndReason::MoveLimit, "40");
    EXPECT_FALSE(
        cached_rules("minitchess").from_fen("k4/5/5/5/5/4K b - - 0 40").outcome().has_value());
    expect_outcome(cached_rules("minitchess").from_fen("k4/5/5/5/5/4K w - - 0 41"),
                   GameResult::Draw, EndReason::MoveLimit, "40");
}

// The MinitChess rules' second diagram: White cannot move. MinitChess: that player loses; minichess
// (Mini-Chess): a draw.
TEST(NoLegalMoves, MinitchessLossSeedDiagram) {
    const auto pos = cached_rules("minitchess")
                         .from_board_dump("20 W\nKBk..\nPRP..\n.P...\n.....\n.....\n.....\n");
    EXPECT_TRUE(pos.legal_moves().empty());
    expect_outcome(pos, GameResult::BlackWins, EndReason::NoLegalMoves, "White");
}

TEST(NoLegalMoves, MinichessDraw) {
    const auto pos = cached_rules("minichess")
                         .from_board_dump("20 W\nKBk..\nPRP..\n.P...\n.....\n.....\n.....\n");
    EXPECT_TRUE(pos.legal_moves().empty());
    expect_outcome(pos, GameResult::Draw, EndReason::NoLegalMoves, "White");
}

// The MinitChess rules' first diagram: Black must move the king; the game is not over.
TEST(NoLegalMoves, SeedDiagramWithOneMoveIsNotOver) {
    const auto pos = cached_rules("minitchess")
                         .from_board_dump("20 B\nk.K..\nrpP..\npP...\nP....\n.....\n.....\n");
    EXPECT_FALSE(pos.outcome().has_value());
    ASSERT_EQ(pos.legal_moves().size(), 1u);
    EXPECT_EQ(pos.move_name(pos.legal_moves()[0]), "a6-b6");
}

TEST(InsufficientMaterial, EachListedPairIsADrawForEitherColour) {
    const char* drawn[] = {
        "k4/5/5/5/5/4K w - - 0 1",   // K v K
        "k4/5/5/5/5/3NK w - - 0 1",  // KN v K
        "kn3/5/5/5/5/4K w - - 0 1",  // K v KN
        "k4/5/5/5/5/3BK b - - 0 1",  // KB v K
        "kb3/5/5/5/5/4K b - - 0 1",  // K v KB
    };
    for (const char* fen : drawn) {
        SCOPED_TRACE(fen);
        expect_outcome(cached_rules("minichess").from_fen(fen), GameResult::Draw,
                       EndReason::InsufficientMaterial, "material");
    }
}

TEST(InsufficientMaterial, OtherMaterialPlaysOn) {
    const char* playing[] = {
        "kn3/5/5/5/5/3NK w - - 0 1",  // KN v KN is not listed
        "kb3/5/5/5/5/3BK w - - 0 1",  // KB v KB
        "k4/5/5/5/5/3RK w - - 0 1",   // KR v K
        "k4/5/5/5/P4/4K w - - 0 1",   // KP v K: the pawn may promote
        "k4/5/5/5/5/2NNK w - - 0 1",  // KNN v K
    };
    for (const char* fen : playing)
        EXPECT_FALSE(cached_rules("minichess").from_fen(fen).outcome().has_value()) << fen;
}

TEST(InsufficientMaterial, MinitchessHasNoMaterialDraw) {
    EXPECT_FALSE(
        cached_rules("minitchess").from_fen("k4/5/5/5/5/4K w - - 0 1").outcome().has_value());
    EXPECT_FALSE(
        cached_rules("minitchess").from_fen("k4/5/5/5/5/3BK w - - 0 1").outcome().has_value());
}

TEST(InsufficientMaterial, ReachedByACapture) {
    // White's knight takes Black's last piece other than the king: KN v K.
    auto pos = cached_rules("minichess").from_fen("k4/5/5/1n3/5/N3K w - - 0 1");
    EXPECT_FALSE(pos.outcome().has_value());
    play(pos, {"a1-b3"});
    expect_outcome(pos, GameResult::Draw, EndReason::InsufficientMaterial, "KN v K");
}

TEST(Checkmate, GardnerMatedSideLoses) {
    // Black king a5, White queen b4 defended by the king on b3: a4, b5 and b4 covered.
    const auto pos = cached_rules("gardner-castling").from_fen("k4/1Q3/1K3/5/5 b - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.legal_moves().empty());
    expect_outcome(pos, GameResult::WhiteWins, EndReason::Checkmate, "checkmated");
}

TEST(Checkmate, GardnerStalemateIsADraw) {
    // Queen c4 covers a4, b4 (with the king) and b5 without giving check.
    const auto pos = cached_rules("gardner-castling").from_fen("k4/2Q2/1K3/5/5 b - - 0 1");
    EXPECT_FALSE(pos.in_check());
    EXPECT_TRUE(pos.legal_moves().empty());
    expect_outcome(pos, GameResult::Draw, EndReason::NoLegalMoves, "stalemate");
}

TEST(Checkmate, GardnerCheckWithAnEscapeIsNotOver) {
    // As the mate, but the king on c2 no longer guards b4: Kxb4 escapes.
    const auto pos = cached_rules("gardner-castling").from_fen("k4/1Q3/5/2K2/5 b - - 0 1");
    EXPECT_TRUE(pos.in_check());
    EXPECT_FALSE(pos.outcome().has_value());
}

TEST(Outcome, ReasonKeysAndResultStrings) {
    using referee::rules::end_reason_key;
    using referee::rules::result_string;
    // The report and the game record print these; changing one breaks saved results.
    EXPECT_STREQ(result_string(GameResult::WhiteWins), "1-0");
    EXPECT_STREQ(result_string(GameResult::BlackWins), "0-1");
    EXPECT_STREQ(result_string(GameResult::Draw), "1/2-1/2");
    EXPECT_STREQ(end_reason_key(EndReason::RoyalCapture), "king-capture");
    EXPECT_STREQ(end_reason_key(EndReason::MoveLimit), "move-limit");
}

}  // namespace
