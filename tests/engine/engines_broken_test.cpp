// The deliberately broken engines show exactly their fault, in both dialects, so the
// referee's tests can rely on them.
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <string>

#include <gtest/gtest.h>

#include "engines_child.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace engines_test;
using referee::rules::MoveError;
using referee::rules::Rules;

const char* const kStartDump = "\n1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n";

void uci_ready(Child& engine) {
    engine.line("uci");
    ASSERT_TRUE(engine.read_prefixed("uciok", 5s));
    engine.line("isready");
    ASSERT_TRUE(engine.read_prefixed("readyok", 5s));
}

void imcs_ask(Child& engine, const std::string& clocks = "05:00.000 05:00.000") {
    engine.send(std::string(kStartDump) + "? " + clocks + "\n");
}

bool exited_with(const std::optional<int>& status, int code) {
    return status && WIFEXITED(*status) && WEXITSTATUS(*status) == code;
}

TEST(EnginesBroken, ExitAtStartExitsThreeSilently) {
    for (const char* protocol : {"uci", "imcs"}) {
        Child engine(bin("broken-exit_at_start"), {"--protocol", protocol});
        EXPECT_TRUE(exited_with(engine.wait_exit(3s), 3)) << protocol;
        EXPECT_EQ(engine.drain(100ms), 0u) << protocol;
    }
}

TEST(EnginesBroken, CrashPlaysThenDiesOfASignal) {
    Child uci(bin("broken-crash"), {"--after", "2"});
    uci_ready(uci);
    const std::string moves[] = {"", " moves a2a3 e5e4"};
    for (const auto& m : moves) {
        uci.line("position startpos" + m);
        uci.line("go wtime 1000 btime 1000");
        ASSERT_TRUE(uci.read_prefixed("bestmove", 5s));
    }
    uci.line("position startpos moves a2a3 e5e4 b2b3 d5d4");
    uci.line("go wtime 1000 btime 1000");
    EXPECT_FALSE(uci.read_prefixed("bestmove", 3s));
    auto status = uci.wait_exit(3s);
    ASSERT_TRUE(status.has_value());
    EXPECT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == SIGSEGV);

    Child imcs(bin("broken-crash"), {"--protocol", "imcs", "--after", "0", "--signal", "abort"});
    imcs.line("105 W 5:00 5:00 game starts");
    imcs_ask(imcs);
    status = imcs.wait_exit(3s);
    ASSERT_TRUE(status.has_value());
    EXPECT_TRUE(WIFSIGNALED(*status) && WTERMSIG(*status) == SIGABRT);
}

TEST(EnginesBroken, HangCompletesTheHandshakeButNeverMoves) {
    Child uci(bin("broken-hang"));
    uci_ready(uci);
    uci.line("position startpos");
    uci.line("go movetime 100");
    EXPECT_FALSE(uci.read_prefixed("bestmove", 1s));
    uci.line("stop");
    EXPECT_FALSE(uci.read_prefixed("bestmove", 300ms));
    EXPECT_TRUE(uci.running());

    Child imcs(bin("broken-hang"), {"--protocol", "imcs"});
    imcs.line("105 W 5:00 5:00 game starts");
    imcs_ask(imcs);
    EXPECT_FALSE(imcs.read_line(500ms));
    EXPECT_TRUE(imcs.running());
}

TEST(EnginesBroken, IllegalAnswersAWellFormedIllegalMove) {
    const auto start = referee::test::cached_rules("minitchess").start();
    auto expect_illegal = [&](const std::string& move) {
        try {
            start.parse_move(move);
            ADD_FAILURE() << move << " was legal";
        } catch (const MoveError& e) {
            EXPECT_EQ(e.kind(), MoveError::Kind::Illegal) << move << ": " << e.what();
        }
    };
    Child uci(bin("broken-illegal"));
    uci_ready(uci);
    uci.line("position startpos");
    uci.line("go wtime 1000 btime 1000");
    const auto line = uci.read_prefixed("bestmove ", 5s);
    ASSERT_TRUE(line);
    expect_illegal(line->substr(9));

    Child imcs(bin("broken-illegal"), {"--protocol", "imcs"});
    imcs.line("105 W 5:00 5:00 game starts");
    imcs_ask(imcs);
    const auto answer = imcs.read_line(5s);
    ASSERT_TRUE(answer);
    ASSERT_TRUE(is_imcs_answer(*answer)) << *answer;
    expect_illegal(answer->substr(2));
    // Told so, it is asked again and answers again (still illegally).
    imcs.line("- illegal move " + answer->substr(2));
    imcs_ask(imcs);
    EXPECT_TRUE(imcs.read_prefixed("! ", 5s));
}

TEST(EnginesBroken, GarbageAnswersSomethingThatIsNotAMove) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    const auto& g = rules.geometry();
    Child uci(bin("broken-garbage"));
    uci_ready(uci);
    uci.line("position startpos");
    uci.line("go wtime 1000 btime 1000");
    const auto line = uci.read_prefixed("bestmove", 5s);
    ASSERT_TRUE(line);
    EXPECT_THROW(referee::rules::parse_move_text(g, line->substr(9)), MoveError);

    Child imcs(bin("broken-garbage"), {"--protocol", "imcs", "--text", "hello"});
    imcs.line("105 W 5:00 5:00 game starts");
    imcs_ask(imcs);
    EXPECT_EQ(imcs.read_line(5s), "! hello");
}

TEST(EnginesBroken, FloodWritesMegabytesAndNeverAnswers) {
    Child uci(bin("broken-flood"));
    uci_ready(uci);
    uci.line("position startpos");
    uci.line("go movetime 100");
    std::string head;
    const std::size_t bytes = uci.drain(3s, &head, 2u << 20);
    EXPECT_GT(bytes, 1u << 20);
    EXPECT_EQ(head.find("bestmove"), std::string::npos);
    EXPECT_EQ(head.rfind("info string flood ", 0), 0u);

    Child imcs(bin("broken-flood"), {"--protocol", "imcs"});
    imcs.line("105 W 5:00 5:00 game starts");
    imcs_ask(imcs);
    std::string imcs_head;
    EXPECT_GT(imcs.drain(3s, &imcs_head, 2u << 20), 1u << 20);
    EXPECT_EQ(imcs_head.find("! "), std::string::npos);
}

TEST(EnginesBroken, SlowAnswersHalfASecondAfterItsClockRanOut) {
    const auto start = referee::test::cached_rules("minitchess").start();
    Child uci(bin("broken-slow"));
    uci_ready(uci);
    uci.line("position startpos");
    const auto asked = std::chrono::steady_clock::now();
    uci.line("go wtime 200 btime 5000");
    const auto line = uci.read_prefixed("bestmove ", 5s);
    const auto took = std::chrono::steady_clock::now() - asked;
    ASSERT_TRUE(line);
    EXPECT_NO_THROW(start.parse_move(line->substr(9)));
    EXPECT_GE(took, 700ms);   // 200 ms on its clock + 500 ms
    EXPECT_LT(took, 4500ms);  // its own clock's, not Black's 5 s (room for a busy machine)

    Child imcs(bin("broken-slow"), {"--protocol", "imcs"});
    imcs.line("105 W 0:01 5:00 game starts");
    const auto imcs_asked = std::chrono::steady_clock::now();
    imcs_ask(imcs, "00:00.300 05:00.000");
    EXPECT_FALSE(imcs.read_line(500ms));
    const auto answer = imcs.read_prefixed("! ", 5s);
    ASSERT_TRUE(answer);
    EXPECT_GE(std::chrono::steady_clock::now() - imcs_asked, 800ms);
    EXPECT_NO_THROW(start.parse_move(answer->substr(2)));
}

TEST(EnginesBroken, IgnoreQuitOutlivesQuitEndOfInputAndSigterm) {
    Child uci(bin("broken-ignore_quit"));
    uci_ready(uci);
    uci.line("position startpos");
    uci.line("go wtime 1000 btime 1000");
    ASSERT_TRUE(uci.read_prefixed("bestmove", 5s));  // it does play
    uci.line("quit");
    uci.close_input();
    uci.signal(SIGTERM);
    EXPECT_FALSE(uci.wait_exit(500ms).has_value());

    Child imcs(bin("broken-ignore_quit"), {"--protocol", "imcs"});
    imcs.line("105 W 5:00 5:00 game starts");
    imcs_ask(imcs);
    ASSERT_TRUE(imcs.read_prefixed("! ", 5s));  // running main(), its signals ignored
    imcs.line("quit");
    imcs.signal(SIGTERM);
    EXPECT_FALSE(imcs.wait_exit(300ms).has_value());
}

TEST(EnginesBroken, ForkLeavesAChildHoldingStdoutAfterItExits) {
    Child uci(bin("broken-fork"));
    uci_ready(uci);
    uci.line("quit");
    EXPECT_TRUE(exited_with(uci.wait_exit(3s), 0));
    // The engine is gone but its child still holds the pipe: no end of output...
    EXPECT_FALSE(uci.read_line(300ms));
    EXPECT_FALSE(uci.output_ended());
    // ...until the process group is killed.
    uci.kill_group();
    EXPECT_FALSE(uci.read_line(3s));
    EXPECT_TRUE(uci.output_ended());
}

}  // namespace
