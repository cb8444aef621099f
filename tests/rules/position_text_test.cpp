// Positions from text: what is refused (and that the message says why), and what comes
// back out unchanged.
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::test::cached_rules;

const std::string kPawnRulesFile = std::string(REFEREE_TEST_DATA_DIR) + "/rules/pawn-rules.yaml";
using referee::rules::PositionError;
using referee::rules::Rules;

void expect_refused_fen(const Rules& rules, const std::string& fen, const std::string& mentions) {
    try {
        rules.from_fen(fen);
        FAIL() << "accepted '" << fen << "'";
    } catch (const PositionError& e) {
        EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos)
            << "'" << e.what() << "' does not mention " << mentions;
    }
}

void expect_refused_dump(const Rules& rules, const std::string& dump, const std::string& mentions) {
    try {
        rules.from_board_dump(dump);
        FAIL() << "accepted:\n" << dump;
    } catch (const PositionError& e) {
        EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos)
            << "'" << e.what() << "' does not mention " << mentions;
    }
}

TEST(FenErrors, WrongShape) {
    expect_refused_fen(cached_rules("minichess"), "", "empty");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/PPPPP/RNBQK w - - 0 1", "5 ranks");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/5/PPPPP/RNBQK w - - 0 1",
                       "7 ranks");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/6/5/PPPPP/RNBQK w - - 0 1",
                       "rank 4");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/pppp/5/5/PPPPP/RNBQK w - - 0 1", "rank 5");
    expect_refused_fen(cached_rules("minichess"), "kqbnrk/ppppp/5/5/PPPPP/RNBQK w - - 0 1",
                       "rank 6");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/pp0ppp/5/5/PPPPP/RNBQK w - - 0 1",
                       "run of 0");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1 extra",
                       "7 fields");
}

TEST(FenErrors, UnknownLetters) {
    expect_refused_fen(cached_rules("minichess"), "kqbnx/ppppp/5/5/PPPPP/RNBQK w - - 0 1",
                       "'x' on e6");
    expect_refused_fen(cached_rules("minichess"), "kqbn?/ppppp/5/5/PPPPP/RNBQK w - - 0 1", "'?'");
}

TEST(FenErrors, SideAndClocks) {
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK x - - 0 1",
                       "'x' is neither w nor b");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - -1 1",
                       "half-move clock '-1'");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - a 1",
                       "half-move clock 'a'");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 0",
                       "at least 1");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1x",
                       "move number '1x'");
}

// Numbers in positions are range-checked before use: a digit run of 4294967295 once wrapped
// to a negative file and wrote before the placement buffer.
TEST(FenErrors, HugeNumbersAreRefusedNotWrapped) {
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/4294967295K5 w - - 0 1",
                       "rank 1");
    expect_refused_fen(cached_rules("minichess"),
                       "kqbnr/ppppp/5/5/PPPPP/99999999999999999999 w - - 0 1", "rank 1");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 2147483647",
                       "out of range");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 99999999999 1",
                       "out of range");
    expect_refused_dump(cached_rules("minichess"),
                        "2147483647 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n", "out of range");
    EXPECT_EQ(cached_rules("minichess")
                  .from_fen("kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1000000")
                  .fullmove_number(),
              1000000);
}

// What no game can reach: two kings of one side, a pawn standing on the rank it must have
// promoted on.
TEST(FenErrors, PlacementsNoGameReaches) {
    const Rules chess = Rules::load("chess");
    expect_refused_fen(chess, "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "White has 2 royal pieces");
    expect_refused_fen(chess, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "White's pawn on a8");
    expect_refused_fen(chess, "4k3/8/8/8/8/8/8/4K2p b - - 0 1", "Black's pawn on h1");
    expect_refused_fen(cached_rules("minichess"), "kqbnP/ppppp/5/5/PPPP1/RNBQK w - - 0 1",
                       "pawn on e6");
    expect_refused_dump(cached_rules("minichess"),
                        "1 W\nkqbnP\nppppp\n.....\n.....\nPPPP.\nRNBQK\n", "pawn on e6");
    expect_refused_dump(cached_rules("minichess"),
                        "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBKK\n", "2 royal pieces");
    // A pawn on its own first rank is odd but harmless: left alone.
    EXPECT_NO_THROW(chess.from_fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"));
}

TEST(FenErrors, CastlingRightsNeedTheirKingAndRook) {
    expect_refused_fen(cached_rules("gardner-castling"), "rnbqk/ppppp/5/PPPPP/1NBQK w Qq - 0 1",
                       "rook on a1");
    expect_refused_fen(cached_rules("gardner-castling"), "rnbq1/ppppp/5/PPPPPk/RNBQK w Qq - 0 1",
                       "");  // shape error first
    expect_refused_fen(cached_rules("gardner-castling"), "rnbq1/pppppk/5/PPPPP/RNBQK w Qq - 0 1",
                       "");
    expect_refused_fen(cached_rules("gardner-castling"), "rnbqk/ppppp/5/PPPPP/RNBKQ w Q - 0 1",
                       "king on e1");
    expect_refused_fen(cached_rules("gardner-castling"), "1nbqk/ppppp/5/PPPPP/RNBQK w Qq - 0 1",
                       "Black's king on e5 and rook on a5");
    expect_refused_fen(cached_rules("gardner-castling"), "rnbqk/ppppp/5/PPPPP/RNBQK w Kq - 0 1",
                       "'K' is not a castling right");
    expect_refused_fen(cached_rules("gardner-castling"), "rnbqk/ppppp/5/PPPPP/RNBQK w QQ - 0 1",
                       "twice");
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w Q - 0 1", "none");
}

// Horde's White starts with pawns on e1, a1 and h1: no king, so no castling, whatever the FEN
// says (a probe once asked Fairy-Stockfish such a position, and it crashed).
TEST(FenErrors, ASideWithoutACastlingKingInItsStartArrayHasNoRights) {
    expect_refused_fen(cached_rules("horde"), "8/8/3qkq2/8/r7/P3n3/P6q/P3P2P w KQ - 0 1",
                       "'K' is not a castling right of horde (the rights are kq)");
    EXPECT_NO_THROW(cached_rules("horde").from_fen("r3k2r/8/8/8/8/8/PPPPPPPP/PPPPPPPP b kq - 0 1"));
}

TEST(FenErrors, EnPassantSquaresThatCannotBe) {
    expect_refused_fen(cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK b - a3 0 1",
                       "a3");  // no en passant at all
    expect_refused_fen(cached_rules(kPawnRulesFile), "k4/5/1Pp2/5/5/4K b - z9 0 1",
                       "not on the board");
    // White's pawn on b4 could have come from b2: b3 is fine; c3 has no pawn in front.
    EXPECT_NO_THROW(cached_rules(kPawnRulesFile).from_fen("k4/5/1Pp2/5/5/4K b - b3 0 1"));
    expect_refused_fen(cached_rules(kPawnRulesFile), "k4/5/1Pp2/5/5/4K b - c3 0 1", "double step");
    // The squares the pawn passed and left must be empty, and the pawn must be the
    // opponent's of the side to move.
    expect_refused_fen(cached_rules(kPawnRulesFile), "k4/5/1Pp2/1N3/5/4K b - b3 0 1", "b3");
    expect_refused_fen(cached_rules(kPawnRulesFile), "k4/5/1Pp2/5/1N3/4K b - b3 0 1", "b3");
    expect_refused_fen(cached_rules(kPawnRulesFile), "k4/5/1Pp2/5/5/4K w - b3 0 1", "b3");
}

TEST(BoardDumpErrors, WrongSizesAndHeaders) {
    expect_refused_dump(cached_rules("minichess"), "", "empty");
    expect_refused_dump(cached_rules("minichess"), "1 W\nkqbnr\nppppp\n.....\nPPPPP\nRNBQK\n",
                        "5 ranks");
    expect_refused_dump(cached_rules("minichess"),
                        "1 W\nkqbnr\nppppp\n......\n.....\nPPPPP\nRNBQK\n", "rank 4");
    expect_refused_dump(cached_rules("minichess"), "1 W\nkqbnr\npppp\n.....\n.....\nPPPPP\nRNBQK\n",
                        "rank 5");
    expect_refused_dump(cached_rules("minichess"), "1\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",
                        "first line");
    expect_refused_dump(cached_rules("minichess"),
                        "1 X\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n", "'X'");
    expect_refused_dump(cached_rules("minichess"),
                        "0 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n", "at least 1");
    expect_refused_dump(cached_rules("minichess"),
                        "1 W\nkqbnr\nppppp\n..3..\n.....\nPPPPP\nRNBQK\n", "'3'");
    expect_refused_dump(cached_rules("minichess"),
                        "1 W\nkqbnr\nppppp\n..x..\n.....\nPPPPP\nRNBQK\n", "'x' on c4");
}

TEST(BoardDump, AcceptsWhatIMCSSends) {
    // IMCS sends a blank line before the board and ends lines with CR LF.
    const auto pos =
        cached_rules("minichess")
            .from_board_dump("\r\n20 B\r\nk.K..\r\nrpP..\r\npP...\r\nP....\r\n.....\r\n.....\r\n");
    EXPECT_EQ(pos.fullmove_number(), 20);
    EXPECT_EQ(pos.fen(), "k1K2/rpP2/pP3/P4/5/5 b - - 0 20");
}

TEST(BoardDump, HomeKingAndRookGetCastlingRights) {
    // A dump has no castling field; a king and rook on their home squares count as unmoved.
    const auto both = cached_rules("gardner-castling")
                          .from_board_dump("1 W\nr...k\nppppp\n.....\nPPPPP\nR...K\n");
    EXPECT_EQ(both.fen(), "r3k/ppppp/5/PPPPP/R3K w Qq - 0 1");
    const auto white_only = cached_rules("gardner-castling")
                                .from_board_dump("1 W\n.r..k\nppppp\n.....\nPPPPP\nR...K\n");
    EXPECT_EQ(white_only.fen(), "1r2k/ppppp/5/PPPPP/R3K w Q - 0 1");
}

TEST(RoundTrip, FenComesBackUnchanged) {
    const std::pair<const Rules*, const char*> cases[] = {
        {&cached_rules("minichess"), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1"},
        {&cached_rules("minichess"), "k1K2/rpP2/pP3/P4/5/5 b - - 7 20"},
        {&cached_rules("gardner-castling"), "rnbqk/ppppp/5/PPPPP/RNBQK w Qq - 0 1"},
        {&cached_rules("gardner-castling"), "r3k/ppppp/5/PPPPP/R3K b q - 3 12"},
        {&cached_rules(kPawnRulesFile), "k4/5/1Pp2/5/5/4K b - b3 0 1"},
    };
    for (const auto& [rules, fen] : cases) EXPECT_EQ(rules->from_fen(fen).fen(), fen);
    // Left-off fields take their defaults.
    EXPECT_EQ(cached_rules("minichess").from_fen("kqbnr/ppppp/5/5/PPPPP/RNBQK b").fen(),
              "kqbnr/ppppp/5/5/PPPPP/RNBQK b - - 0 1");
    EXPECT_EQ(cached_rules("minichess").start().fen(), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1");
}

TEST(RoundTrip, BoardDumpComesBackUnchanged) {
    const std::string dumps[] = {
        "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n",
        "20 B\nk.K..\nrpP..\npP...\nP....\n.....\n.....\n",
        "41 W\nk.bn.\n.p..r\n.P..p\n.RP.K\n..p..\n.N...\n",
    };
    for (const auto& d : dumps)
        EXPECT_EQ(cached_rules("minichess").from_board_dump(d).board_dump(), d);
    EXPECT_EQ(cached_rules("minichess").from_text(dumps[1]).fen(),
              "k1K2/rpP2/pP3/P4/5/5 b - - 0 20");
    EXPECT_EQ(cached_rules("minichess").from_text("k1K2/rpP2/pP3/P4/5/5 b - - 0 20").board_dump(),
              dumps[1]);
}

TEST(RoundTrip, LargeBoardFenUsesTwoDigitRuns) {
    const Rules chess16(
        referee::rules::parse_variant("name: big\nboard: {files: 12, ranks: 12}\nstart: "
                                      "\"k11/12/12/12/12/12/12/12/12/12/12/K10R w - - 0 1\"\n"
                                      "pieces:\n  - {letter: K, betza: K, royal: true}\n  - "
                                      "{letter: R, betza: R}\nend: {royal_capture: win}\n",
                                      "big.yaml"));
    const auto pos = chess16.start();
    EXPECT_EQ(pos.fen(), "k11/12/12/12/12/12/12/12/12/12/12/K10R w - - 0 1");
    // a12 and l1: square names past rank 9 and file h.
    EXPECT_EQ(pos.letter_at(chess16.geometry().at(0, 11)), 'k');
    EXPECT_EQ(pos.move_name(pos.parse_move("l1-l12")), "l1-l12");
    EXPECT_EQ(pos.move_name(pos.parse_move("l1l10"), referee::rules::MoveStyle::Uci), "l1l10");
}

}  // namespace
