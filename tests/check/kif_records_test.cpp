// `referee check` reading KIF: the records `referee play` writes for every shogi-family
// variant check out move for move; an ordinary KIF as Kifu for Windows writes it (no
// diagram, 同, 打, 成, 王 for 玉, 投了) is judged as a PGN game is; a move the rules refuse, a
// false 詰み and a record cut short are found, naming the line.
#include <gtest/gtest.h>

#include "check_test_util.hpp"
#include "referee/match/kif_record.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"
#include "tests/support/run_command.hpp"

namespace {

using referee::check::Problem;
using referee::check::Status;
using referee::check::Verdict;
using referee::check::test::check_text;
using referee::check::test::random_game;
using referee::check::test::TempFile;
using referee::test::cached_rules;

TEST(KifRecords, EveryShogiFamilyGameWrittenAsKifChecksOutMoveForMove) {
    for (const char* name :
         {"shogi", "minishogi", "judkins", "gorogoro", "euroshogi", "dobutsu", "micro"}) {
        SCOPED_TRACE(name);
        const auto& rules = cached_rules(name);
        for (unsigned seed : {1u, 2u}) {
            const auto game = random_game(rules, seed, 300);
            const auto verdicts = check_text("game.kifu", referee::match::to_kif(rules, game));
            ASSERT_EQ(verdicts.size(), 1u);
            const Verdict& v = verdicts[0];
            EXPECT_TRUE(v.checks_out()) << v.message;
            EXPECT_EQ(v.variant, name);
            EXPECT_EQ(v.plies, static_cast<int>(game.moves.size())) << v.message;
            EXPECT_EQ(v.recorded_result, referee::rules::result_string(game.result));
        }
    }
}

// A game from another start: the diagram carries it (pieces in hand included).
TEST(KifRecords, TheStartDiagramGivesAStartOtherThanTheVariants) {
    const auto& rules = cached_rules("minishogi");
    auto game = random_game(rules, 5, 200);
    ASSERT_GT(game.moves.size(), 12u);
    referee::rules::Position pos = rules.start();
    for (int i = 0; i < 12; ++i)
        pos.play(pos.parse_move(game.moves[static_cast<std::size_t>(i)].uci));
    game.start_fen = pos.fen();
    game.standard_start = false;
    game.moves.erase(game.moves.begin(), game.moves.begin() + 12);
    const auto verdicts = check_text("later.kifu", referee::match::to_kif(rules, game));
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_TRUE(verdicts[0].checks_out()) << verdicts[0].message;
    EXPECT_EQ(verdicts[0].plies, static_cast<int>(game.moves.size()));
}

// As Kifu for Windows writes a game: no diagram (平手, shogi's start), the piece names it
// uses, 同 with a full-width space, a drop, a promotion, the resignation and the result.
const std::string kOrdinaryKif =
    "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----\n"
    "開始日時：2026/11/27 20:00:00\n"
    "手合割：平手\n"
    "先手：羽生\n"
    "後手：佐藤\n"
    "手数----指手---------消費時間--\n"
    "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
    "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
    "   3 ２二角成(88) ( 0:03/00:00:04)\n"
    "   4 同　銀(31)   ( 0:01/00:00:03)\n"
    "   5 ５五角打     ( 0:05/00:00:09)\n"
    "   6 ４二王(51)   ( 0:01/00:00:04)\n"
    "   7 投了\n"
    "まで6手で後手の勝ち\n";

TEST(KifRecords, AnOrdinaryKifFromAnotherProgramIsJudged) {
    const auto verdicts = check_text("club.kif", kOrdinaryKif);
    ASSERT_EQ(verdicts.size(), 1u);
    const Verdict& v = verdicts[0];
    EXPECT_EQ(v.variant, "shogi");
    EXPECT_EQ(v.status, Status::Stopped) << v.message;
    EXPECT_EQ(v.plies, 6);
    EXPECT_EQ(v.recorded_result, "0-1");
    EXPECT_EQ(v.players, "羽生 - 佐藤");
}

// Kifu for Windows saves `.kif` in Shift-JIS (code page 932): read as the same game.
TEST(KifRecords, AShiftJisKifIsReadAsTheSameGame) {
    const TempFile utf8("club.kifu", kOrdinaryKif);
    const auto r = referee::test::run_shell("iconv -f UTF-8 -t CP932 '" + utf8.path() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_NE(r.out, kOrdinaryKif) << "iconv left the text as it was";
    const auto verdicts = check_text("club.kif", r.out);
    ASSERT_EQ(verdicts.size(), 1u);
    const Verdict& v = verdicts[0];
    EXPECT_EQ(v.variant, "shogi") << v.message;
    EXPECT_EQ(v.status, Status::Stopped) << v.message;
    EXPECT_EQ(v.plies, 6);
    EXPECT_EQ(v.players, "羽生 - 佐藤");
}

// A KIF whose heading reads as Shift-JIS but whose later bytes are neither encoding is
// refused saying so, not taken for a PGN game that names no variant.
TEST(KifRecords, AKifInNeitherEncodingSaysSo) {
    const TempFile utf8("club.kifu", kOrdinaryKif);
    const auto r = referee::test::run_shell("iconv -f UTF-8 -t CP932 '" + utf8.path() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const TempFile bad("bad.kif", r.out + "\xFF\xFF\n");
    referee::check::Checker checker("");
    const std::string why = checker.check_file(bad.path(), [](const auto&, const auto&) {});
    EXPECT_NE(why.find("neither UTF-8 nor Shift-JIS"), std::string::npos) << why;
}

std::string with_line(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
}

TEST(KifRecords, AnIllegalMoveIsFoundAndItsLineNamed) {
    // No rook in hand to drop: the fifth move, on line 11.
    const auto v = check_text("bad.kif", with_line(kOrdinaryKif, "５五角打", "５五飛打"));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::IllegalMove) << v[0].message;
    EXPECT_EQ(v[0].ply, 5);
    EXPECT_NE(v[0].message.find("line 11"), std::string::npos) << v[0].message;
    EXPECT_NE(v[0].message.find("no 飛 in hand"), std::string::npos) << v[0].message;
    // A source square holding another piece.
    const auto w = check_text("bad.kif", with_line(kOrdinaryKif, "３四歩(33)", "３四歩(31)"));
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0].problem, Problem::IllegalMove) << w[0].message;
    EXPECT_NE(w[0].message.find("the piece on ３一 is a 銀, not a 歩"), std::string::npos)
        << w[0].message;
    // Text that is no move at all.
    const auto x = check_text("bad.kif", with_line(kOrdinaryKif, "７六歩(77)", "七六歩(77)"));
    ASSERT_EQ(x.size(), 1u);
    EXPECT_FALSE(x[0].checks_out());
    EXPECT_NE(x[0].message.find("not a KIF move"), std::string::npos) << x[0].message;
}

TEST(KifRecords, AFalseMateAndARecordCutShortAreWrong) {
    // Move 7 is the first player's: 詰み says the first player is mated, which it is not.
    const std::string mate_claimed = with_line(kOrdinaryKif, "   7 投了", "   7 詰み");
    const auto v = check_text("mate.kif", mate_claimed);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_FALSE(v[0].checks_out());
    EXPECT_EQ(v[0].problem, Problem::WrongReason) << v[0].message;
    EXPECT_NE(v[0].message.find("checkmate"), std::string::npos) << v[0].message;
    const auto cut =
        check_text("cut.kif", with_line(kOrdinaryKif, "   7 投了\nまで6手で後手の勝ち\n", ""));
    ASSERT_EQ(cut.size(), 1u);
    EXPECT_EQ(cut[0].problem, Problem::Truncated) << cut[0].message;
}

}  // namespace
