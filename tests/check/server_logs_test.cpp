// The IMCS server's own game logs check out as recorded: king captures and the draw after
// Black's 40th move as rules-given, time losses, resignations and disconnects as plausible;
// and where the server and the rules differ (it has no no-legal-move rule), the check says so.
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "check_test_util.hpp"
#include "tests/support/files.hpp"

namespace {

using referee::test::read_text;

namespace fs = std::filesystem;
using referee::check::Ending;
using referee::check::Problem;
using referee::check::RecordedGame;
using referee::check::Status;
using referee::check::Verdict;
using referee::check::test::check_path;
using referee::check::test::check_text;

const std::string kLogs = std::string(REFEREE_TEST_DATA_DIR) + "/imcs-server/server-gamelogs";

TEST(ServerLogs, EveryLogChecksOutAsRecorded) {
    std::map<std::string, Verdict> by_name;
    for (const auto& entry : fs::directory_iterator(kLogs)) {
        const auto verdicts = check_path(entry.path().string());
        ASSERT_EQ(verdicts.size(), 1u) << entry.path();
        by_name[entry.path().filename().string()] = verdicts[0];
        EXPECT_TRUE(verdicts[0].checks_out()) << referee::check::format_verdict(verdicts[0]);
        EXPECT_EQ(verdicts[0].variant, "minitchess");
        EXPECT_TRUE(verdicts[0].notes.empty()) << referee::check::format_verdict(verdicts[0]);
    }
    ASSERT_GE(by_name.size(), 15u);
    // A king capture (game), the draw after Black's 40th move (draw40), a capture on ply 80.
    EXPECT_EQ(by_name["1"].status, Status::Ok);
    EXPECT_EQ(by_name["1"].rules_reason, "king-capture");
    EXPECT_EQ(by_name["1"].plies, 23);
    EXPECT_EQ(by_name["16"].status, Status::Ok);
    EXPECT_EQ(by_name["16"].rules_reason, "move-limit");
    EXPECT_EQ(by_name["16"].recorded_result, "1/2-1/2");
    EXPECT_EQ(by_name["18"].rules_reason, "king-capture");
    EXPECT_EQ(by_name["18"].plies, 80);
    // Stopped before the rules ended them: time (10), disconnect (12), resignation (13).
    for (const char* name : {"10", "12", "13"}) {
        EXPECT_EQ(by_name[name].status, Status::Stopped) << name;
        EXPECT_NE(by_name[name].message.find("plausible, not rules-given"), std::string::npos)
            << name;
    }
    EXPECT_NE(by_name["10"].message.find("Black ran out of time"), std::string::npos)
        << by_name["10"].message;
    EXPECT_NE(by_name["12"].message.find("White disconnected"), std::string::npos)
        << by_name["12"].message;
    EXPECT_NE(by_name["13"].message.find("White resigned"), std::string::npos)
        << by_name["13"].message;
    // The log with refused moves ("- illegal move a2-a4", "- invalid move a2a3") checks out:
    // the rules agree a2-a4 is illegal.
    EXPECT_EQ(by_name["2"].plies, 1);
}

// What the reader takes from a log: players, moves with the board shown before each, the
// moves the server refused, the result and why, and that the server lacks the no-legal-move rule.
TEST(ServerLogs, TheReaderKeepsWhatTheCheckNeeds) {
    std::ifstream in(kLogs + "/2");
    auto source = referee::check::imcs_log_games(in, "2");
    RecordedGame g;
    ASSERT_TRUE(source->next(g));
    EXPECT_EQ(g.label, "IMCS game 2");
    EXPECT_EQ(g.players, "white5805140 - black5805140");
    EXPECT_EQ(g.implied_variant, "minitchess");
    EXPECT_FALSE(g.recorder_knows_no_legal_move_rule);
    ASSERT_EQ(g.moves.size(), 1u);
    EXPECT_EQ(g.moves[0].text, "a2-a3");
    EXPECT_EQ(g.moves[0].board_before, "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n");
    ASSERT_EQ(g.refused.size(), 7u);
    EXPECT_EQ(g.refused[0].text, "a2-a4");
    EXPECT_TRUE(g.refused[0].called_illegal);
    EXPECT_EQ(g.refused[1].text, "a2a3");
    EXPECT_FALSE(g.refused[1].called_illegal);
    EXPECT_EQ(g.ending, Ending::Stopped);
    EXPECT_EQ(g.reason_key, "time-forfeit");
    EXPECT_EQ(g.at_fault, referee::rules::Black);
    EXPECT_FALSE(source->next(g));
}

// A log whose boards do not follow from its moves, or whose move is illegal, does not.
TEST(ServerLogs, AlteredLogsAreCaught) {
    const std::string log = read_text(kLogs + "/1");
    std::string board = log;
    // The board before White's third move shows a knight moved back home.
    const std::string shown = "3 W\nkqb.r\nppppp\n.....\nn.P..";
    const auto at = board.find(shown);
    ASSERT_NE(at, std::string::npos);
    board.replace(at, shown.size(), "3 W\nkqbnr\nppppp\n.....\n..P..");
    auto v = check_text("1", board);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::BoardMismatch) << v[0].message;
    EXPECT_EQ(v[0].ply, 5);

    std::string illegal = log;
    illegal.replace(illegal.find("\nc2-c3\n"), 7, "\nc2-c4\n");
    v = check_text("1", illegal);
    EXPECT_EQ(v[0].problem, Problem::IllegalMove);
    EXPECT_EQ(
        v[0].message.rfind("ply 1, White: c2-c4 is not legal: the pawn on c2 cannot move to c4", 0),
        0u)
        << v[0].message;

    std::string result = log;
    result.replace(result.find("= W wins"), 8, "= B wins");
    v = check_text("1", result);
    EXPECT_EQ(v[0].problem, Problem::WrongResult);
    EXPECT_NE(
        v[0].message.find(
            "the rules give 1-0 after ply 23 (White captured Black's king), the record says 0-1"),
        std::string::npos)
        << v[0].message;

    // Cut off before the result line.
    v = check_text("1", log.substr(0, log.find("= W wins")));
    EXPECT_EQ(v[0].problem, Problem::Truncated) << v[0].message;
    EXPECT_NE(v[0].message.find("the rules had ended the game"), std::string::npos) << v[0].message;

    // A refusal of a legal move is told as a difference between the server and the rules.
    std::string refused = read_text(kLogs + "/2");
    refused.replace(refused.find("- illegal move a2-a4"), 20, "- illegal move b2-b3");
    v = check_text("2", refused);
    EXPECT_TRUE(v[0].checks_out()) << v[0].message;
    ASSERT_EQ(v[0].notes.size(), 1u);
    EXPECT_EQ(v[0].notes[0],
              "before ply 1, the recorder refused b2-b3 as illegal, but the rules allow it");

    // Two logs in one file are two games.
    v = check_text("both", log + read_text(kLogs + "/16"));
    ASSERT_EQ(v.size(), 2u);
    EXPECT_TRUE(v[0].checks_out());
    EXPECT_TRUE(v[1].checks_out());
    EXPECT_EQ(v[1].rules_reason, "move-limit");
}

// The MinitChess rules' diagram: White to move has none. MinitChess scores that as a loss at once;
// the IMCS server has no such rule, so White's clock runs out instead. Same result, told apart.
TEST(ServerLogs, NoLegalMoveDifferenceIsReportedInWords) {
    const auto rules = referee::rules::Rules::load("minitchess");
    RecordedGame g;
    g.source = "synthetic";
    g.label = "IMCS game 99";
    g.start_fen = rules.from_board_dump("20 W\nKBk..\nPRP..\n.P...\n.....\n.....\n.....\n").fen();
    g.result = referee::rules::GameResult::BlackWins;
    g.ending = Ending::Stopped;
    g.reason_key = "time-forfeit";
    g.at_fault = referee::rules::White;
    g.recorder_knows_no_legal_move_rule = false;
    Verdict v = referee::check::check_game(g, rules);
    EXPECT_EQ(v.status, Status::Ok) << v.message;
    ASSERT_EQ(v.notes.size(), 1u);
    EXPECT_NE(v.notes[0].find("no rule for a side with no legal move"), std::string::npos)
        << v.notes[0];
    EXPECT_NE(v.notes[0].find("White had none"), std::string::npos) << v.notes[0];

    // A recorder that has the rule and still claims a time loss gave the wrong reason.
    g.recorder_knows_no_legal_move_rule = true;
    v = referee::check::check_game(g, rules);
    EXPECT_EQ(v.problem, Problem::WrongReason) << v.message;
    EXPECT_NE(v.message.find("by no-legal-moves"), std::string::npos) << v.message;
}

}  // namespace
