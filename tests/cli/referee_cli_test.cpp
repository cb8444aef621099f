// The `referee` binary as a user runs it: perft, moves and bad input, one fact a test (whole
// outputs of `variants`, `validate` and the one-line errors are snapshots, snapshot_test.cpp).
// Expected numbers come from Fairy-Stockfish 11.1 (see tests/rules/perft_test.cpp for how) and the
// MinitChess course's move lists.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/text.hpp"

namespace {

using referee::test::CommandResult;
using referee::test::read_text;
using referee::test::run_referee;

const std::string kCases = std::string(REFEREE_TEST_DATA_DIR) + "/imcs-genmoves/";
const std::string kData = std::string(REFEREE_TEST_DATA_DIR) + "/cli/";

using referee::test::lines_of;

// An error the user sees: a non-zero exit and exactly one line on stderr that names the
// problem.
void expect_one_line_error(const CommandResult& r, const std::string& mentions) {
    EXPECT_NE(r.exit_code, 0) << r.err;
    EXPECT_FALSE(r.timed_out);
    const auto lines = lines_of(r.err);
    EXPECT_EQ(lines.size(), 1u) << "stderr:\n" << r.err;
    EXPECT_EQ(r.err.back(), '\n');
    EXPECT_NE(r.err.find(mentions), std::string::npos)
        << "'" << r.err << "' does not mention " << mentions;
}

TEST(CliPerft, DivideMatchesFairyStockfish) {
    // FSF "go perft 3" from the minichess start: a2a3 49, b2b3 65, c2c3 63, d2d3 87,
    // e2e3 62, b1a3 56, b1c3 70; 452 in all.
    const auto r = run_referee({"perft", "minichess", "3", "--divide"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto lines = lines_of(r.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back(), "nodes 452");
    lines.pop_back();
    std::sort(lines.begin(), lines.end());
    const std::vector<std::string> expected = {"a2-a3 49", "b1-a3 56", "b1-c3 70", "b2-b3 65",
                                               "c2-c3 63", "d2-d3 87", "e2-e3 62"};
    EXPECT_EQ(lines, expected);
    // The timing goes to stderr, so stdout stays machine-readable.
    EXPECT_NE(r.err.find("nodes/s"), std::string::npos) << r.err;
}

TEST(CliPerft, CountsFromAFen) {
    // FSF, gardnercastle: castling allowed, depth 3.
    const auto r = run_referee(
        {"perft", "gardner-castling", "3", "--fen", "r3k/ppppp/5/PPPPP/R3K w Qq - 0 1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "nodes 1023\n");
}

TEST(CliMoves, MatchesTheCourseList) {
    const auto r =
        run_referee({"moves", "minitchess", "--board", kCases + "promote-and-capture.in"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, read_text(kCases + "promote-and-capture.out"));
    EXPECT_EQ(r.err, "");
}

TEST(CliMoves, ReadsTheBoardFromStandardInput) {
    const auto r =
        run_referee({"moves", "minitchess", "--board", "-"}, read_text(kCases + "random-1.in"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, read_text(kCases + "random-1.out"));
}

TEST(CliMoves, DrawnGameStillListsMovesAndSaysSoOnStderr) {
    // Move 41: the 40-move draw has happened; the course still expects the list.
    const auto r = run_referee({"moves", "minitchess", "--board", kCases + "random-34.in"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, read_text(kCases + "random-34.out"));
    ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("already over"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("1/2-1/2"), std::string::npos) << r.err;
}

TEST(CliMoves, NoMoveGivesAnEmptyList) {
    // The MinitChess rules' second diagram: White cannot move, and loses.
    const auto r = run_referee({"moves", "minitchess", "--board", kCases + "loss-no-moves.in"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("no legal move"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("0-1"), std::string::npos) << r.err;
}

TEST(CliMoves, UciStyle) {
    const auto r =
        run_referee({"moves", "minichess", "--uci", "--fen", "1k3/P4/5/5/5/4K w - - 0 1"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // Hand: a5a6 and a5xb6 promote (to a queen, written with its letter in UCI); king e1
    // has d1, d2, e2.
    EXPECT_EQ(r.out, "a5a6q\na5b6q\ne1d1\ne1d2\ne1e2\n");
}

TEST(CliErrors, MissingBoardFile) {
    const std::string path = kData + "there-is-no-such-board.txt";
    expect_one_line_error(run_referee({"moves", "minitchess", "--board", path}), path);
}

TEST(CliErrors, UsageMistakes) {
    // CLI11 reports these itself; the exit code must still say the run failed.
    EXPECT_NE(run_referee({}).exit_code, 0);
    EXPECT_NE(run_referee({"perft", "minichess"}).exit_code, 0);
    EXPECT_NE(run_referee({"perft", "minichess", "-1"}).exit_code, 0);
    EXPECT_NE(run_referee({"moves", "minichess", "--fen", "x", "--board", "y"}).exit_code, 0);
}

}  // namespace
