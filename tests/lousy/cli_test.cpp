// `referee lousy` as users run it: REFEREE_BIN_DIR/referee through /bin/sh. Bad input gives
// one line on stderr and exit code 1; a puzzle's printed replay command reproduces its answer.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include "tests/support/run_command.hpp"

namespace {

using referee::test::CommandResult;
using referee::test::run_referee_shell;

namespace fs = std::filesystem;

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

void expect_one_line_error(const std::string& args, const std::string& part) {
    SCOPED_TRACE("referee " + args);
    const CommandResult r = run_referee_shell(args);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    ASSERT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("referee: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
}

const std::string kExample = "--fen 'k1b1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w - - 0 8'";

TEST(LousyCli, ReplayPrintsTheMovesAndTheResult) {
    // The game worked out by hand in replay_test.cpp (LousyReplay.ModuleExampleGame...).
    const CommandResult r =
        run_referee_shell("lousy replay --serial CH3SS5 --white L8 --black K7 " + kExample);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "8. c1-d2 b3-d1\n9. d4-e5 d1-e1\nResult: 0-1 (Black captured White's king)\n");
}

TEST(LousyCli, ReplayFromMovesStartsWhereTheyEnd) {
    // From the start after 1. b1-c3 d6-c4 with CH3SS5 and L4 / M2: White's 2. a2-a3 as in
    // module_examples_test.cpp; M2 then mirrors a2-a3: a2 (0,1) -> (4,4) e5, a3 -> e4.
    const CommandResult r = run_referee_shell(
        "lousy replay --serial CH3SS5 --white L4 --black M2 --moves 'b1-c3 d6-c4'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    ASSERT_FALSE(lines(r.out).empty());
    EXPECT_EQ(lines(r.out)[0], "2. a2-a3 e5-e4");
}

TEST(LousyCli, BadInputIsOneLineAndExitCodeOne) {
    const std::string module = "lousy replay --serial CH3SS5 --white L8 --black K7 ";
    expect_one_line_error(
        "lousy replay --ruleset draft --white-goals king-must-die,queen-wild --white-seed 1 "
        "--black-goals mirror-mirror --black-seed 2",
        "unknown goal 'queen-wild'");
    expect_one_line_error("lousy replay --serial CH3SS5 --white X8 --black K7",
                          "unknown bot letter 'X'");
    expect_one_line_error("lousy replay --serial CH3SS5 --white L12 --black K7",
                          "seed 12 is outside 0-9");
    expect_one_line_error(
        "lousy replay --ruleset draft --white-goals king-must-die --white-seed 10 --black-goals "
        "mirror-mirror "
        "--black-seed 2",
        "'10' is outside 0-9");
    expect_one_line_error("lousy replay --serial CH3S-5 --white L8 --black K7",
                          "'CH3S-5' is not six letters or digits");
    expect_one_line_error(module + "--fen 'kqbnr/ppppp/5/PPPPP/RNBQK w - - 0 1'",
                          "the FEN has 5 ranks; the board has 6");
    expect_one_line_error(module + kExample + " --last-move d5-d4",
                          "its target square d4 holds White's 'Q'");
    expect_one_line_error("lousy replay --serial CH3SS5 --white L4 --black K7 --moves 'a2-a4'",
                          "a2-a4 is not a legal move");
    expect_one_line_error("lousy puzzle --serial CH3SS --seed 1",
                          "'CH3SS' is not six letters or digits");
}

TEST(LousyCli, PuzzleThenReplayOfItsDisplayReproducesItsAnswer) {
    for (const std::string ruleset : {"module", "draft"}) {
        for (const int seed : {3, 11}) {
            SCOPED_TRACE(ruleset + " seed " + std::to_string(seed));
            const CommandResult puzzle = run_referee_shell(
                "lousy puzzle --answer --ruleset " + ruleset + " --seed " + std::to_string(seed));
            ASSERT_EQ(puzzle.exit_code, 0) << puzzle.err;
            std::string command;
            std::vector<std::string> answer;
            bool in_answer = false;
            for (const std::string& line : lines(puzzle.out)) {
                if (line.rfind("Replay: referee ", 0) == 0)
                    command = line.substr(std::string("Replay: referee ").size());
                if (in_answer) answer.push_back(line);
                if (line == "Answer:") in_answer = true;
            }
            ASSERT_FALSE(command.empty()) << puzzle.out;
            ASSERT_GE(answer.size(), 3u) << puzzle.out;  // at least 4 plies and the result
            const CommandResult replay = run_referee_shell(command);
            ASSERT_EQ(replay.exit_code, 0) << replay.err;
            EXPECT_EQ(lines(replay.out), answer);
        }
    }
}

}  // namespace
