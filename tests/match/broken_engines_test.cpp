// Every deliberately broken engine, in both dialects, must end its game with the right
// result and reason, and leave no process behind.
#include <gtest/gtest.h>

#include "match_harness.hpp"

namespace referee::test {
namespace {

using engine::Protocol;
using match::Termination;

struct Fault {
    std::string engine;
    Protocol protocol;
    Termination expected;
    std::string reason_key;
    std::string reason_has;  // a piece of the sentence that must be there
};

std::string name_of(const testing::TestParamInfo<Fault>& info) {
    std::string n = info.param.engine + (info.param.protocol == Protocol::Uci ? "_uci" : "_imcs");
    for (auto& c : n)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return n;
}

class BrokenEngine : public testing::TestWithParam<Fault> {};

TEST_P(BrokenEngine, LosesWithTheRightReasonAndLeavesNoProcess) {
    const Fault& f = GetParam();
    auto spec = spec_for("minitchess", "1+0");
    auto played = play("minitchess", in_tree(f.engine, f.protocol),
                       in_tree("random-engine", f.protocol, {"--seed", "4"}), spec);
    const auto& r = played.record;
    EXPECT_EQ(r.termination, f.expected) << r.reason;
    EXPECT_EQ(r.reason_key, f.reason_key) << r.reason;
    EXPECT_EQ(r.result, rules::GameResult::BlackWins) << r.reason;
    ASSERT_TRUE(r.at_fault.has_value());
    EXPECT_EQ(*r.at_fault, rules::White);
    EXPECT_NE(r.reason.find(f.reason_has), std::string::npos) << r.reason;
    EXPECT_NE(r.reason.find("White (" + f.engine + ")"), std::string::npos)
        << "the reason names the engine: " << r.reason;
    for (pid_t g : played.groups)
        EXPECT_TRUE(group_gone(g)) << "process group " << g << " still has a live process";
    // Faults are decided by the referee's clock, never by waiting on the engine: hang and
    // slow lose at 1 s + 0.1 s margin, the others at once; shutdown adds 0.3 s at most.
    EXPECT_LT(played.seconds, 3.0);
}

const Fault kFaults[] = {
    {"broken-crash", Protocol::Uci, Termination::Crash, "crash", "signal 11"},
    {"broken-crash", Protocol::Imcs, Termination::Crash, "crash", "signal 11"},
    {"broken-hang", Protocol::Uci, Termination::TimeForfeit, "time-forfeit", "did not move within"},
    {"broken-hang", Protocol::Imcs, Termination::TimeForfeit, "time-forfeit",
     "did not move within"},
    {"broken-illegal", Protocol::Uci, Termination::IllegalMove, "illegal-move", "illegal move"},
    {"broken-illegal", Protocol::Imcs, Termination::IllegalMove, "illegal-move", "illegal move"},
    {"broken-garbage", Protocol::Uci, Termination::ProtocolFault, "unparsable-move", "not a move"},
    {"broken-garbage", Protocol::Imcs, Termination::ProtocolFault, "unparsable-move", "not a move"},
    {"broken-flood", Protocol::Uci, Termination::ProtocolFault, "output-flood", "flooded"},
    // In IMCS every line during a turn is a move attempt: the flood's first line is one.
    {"broken-flood", Protocol::Imcs, Termination::ProtocolFault, "unparsable-move", "not a move"},
    {"broken-slow", Protocol::Uci, Termination::TimeForfeit, "time-forfeit", "did not move within"},
    {"broken-slow", Protocol::Imcs, Termination::TimeForfeit, "time-forfeit",
     "did not move within"},
    {"broken-exit_at_start", Protocol::Uci, Termination::StartFailure, "start-failure",
     "exited with code 3"},
    {"broken-exit_at_start", Protocol::Imcs, Termination::StartFailure, "start-failure",
     "exited with code 3"},
};

INSTANTIATE_TEST_SUITE_P(Faults, BrokenEngine, testing::ValuesIn(kFaults), name_of);

TEST(BrokenEngine, FloodingKeepsTheReferesMemoryBounded) {
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer keeps freed memory in quarantine, so RSS measures the sanitizer, not
    // the referee; the optimised build asserts the bound.
    GTEST_SKIP() << "RSS is not the referee's memory under AddressSanitizer";
#endif
    auto played = play("minitchess", in_tree("broken-flood", Protocol::Uci),
                       in_tree("random-engine", Protocol::Uci), spec_for("minitchess", "2+0"));
    EXPECT_EQ(played.record.reason_key, "output-flood");
    // The flood cap is 4 MiB of lines, each discarded as read: the referee's own peak
    // memory may not grow by anything like that.
    EXPECT_LT(played.peak_rss_growth_kb, 16 * 1024)
        << "peak RSS grew by " << played.peak_rss_growth_kb << " KiB";
}

// Engines that misbehave only around the game: the game stands as played, and the
// process-group kill still cleans up.
class MisbehavesAtExit : public testing::TestWithParam<std::pair<std::string, Protocol>> {};

TEST_P(MisbehavesAtExit, GameStandsAndEveryProcessIsKilled) {
    auto [binary, protocol] = GetParam();
    auto spec = spec_for("minitchess", "5+0");
    spec.max_plies = 8;
    auto played =
        play("minitchess", in_tree(binary, protocol), in_tree("random-engine", protocol), spec);
    EXPECT_TRUE(played.record.termination == Termination::Rules ||
                played.record.termination == Termination::MoveCap)
        << played.record.reason;
    EXPECT_FALSE(played.record.at_fault.has_value());
    for (pid_t g : played.groups)
        EXPECT_TRUE(group_gone(g)) << "process group " << g << " still has a live process";
    EXPECT_LT(played.seconds, 4.0)
        << "the shutdown grace is 0.3 s; nothing may wait on a process that ignores quit";
}

INSTANTIATE_TEST_SUITE_P(
    Exit, MisbehavesAtExit,
    testing::Values(std::pair{std::string("broken-ignore_quit"), Protocol::Uci},
                    std::pair{std::string("broken-ignore_quit"), Protocol::Imcs},
                    std::pair{std::string("broken-fork"), Protocol::Uci},
                    std::pair{std::string("broken-fork"), Protocol::Imcs}),
    [](const auto& info) {
        std::string n = info.param.first + (info.param.second == Protocol::Uci ? "_uci" : "_imcs");
        for (auto& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

TEST(BrokenEngine, AskAgainKeepsTheClockRunningUntilTimeRunsOut) {
    auto spec = spec_for("minitchess", "0.5+0");
    spec.illegal_moves = match::IllegalMovePolicy::AskAgain;
    auto played = play("minitchess", in_tree("broken-illegal", Protocol::Imcs),
                       in_tree("random-engine", Protocol::Imcs), spec);
    EXPECT_EQ(played.record.termination, Termination::TimeForfeit) << played.record.reason;
    EXPECT_EQ(*played.record.at_fault, rules::White);
    EXPECT_LT(played.seconds, 2.5);
}

// A crash in the middle of a game is told with what the engine wrote last, as HaChu's
// "tellusererror" before it died, not with what it said during its handshake.
TEST(BrokenEngine, ACrashQuotesTheEnginesLastOutput) {
    auto crasher = in_tree("random-engine", Protocol::Uci);
    crasher.name = "crasher";
    crasher.variant = "minitchess";  // it plays it without being told
    crasher.command = "/bin/sh";
    crasher.args = {"-c",
                    "while read -r line; do case \"$line\" in "
                    "uci) echo 'id name crasher'; echo uciok;; "
                    "isready) echo readyok;; "
                    "go*) echo \"tellusererror Unknown piece ' ' in setup (32)\"; exit 1;; "
                    "esac; done"};
    auto played = play("minitchess", crasher, in_tree("random-engine", Protocol::Uci),
                       spec_for("minitchess", "5+0"));
    const auto& r = played.record;
    EXPECT_EQ(r.termination, Termination::Crash) << r.reason;
    EXPECT_NE(r.reason.find("exited with code 1 (its last output: stdout \""), std::string::npos)
        << r.reason;
    EXPECT_NE(r.reason.find("tellusererror Unknown piece ' ' in setup (32)\")"), std::string::npos)
        << r.reason;
}

TEST(BrokenEngine, MissingExecutableIsAStartFailure) {
    auto missing = in_tree("no-such-engine", Protocol::Uci);
    auto played = play("minitchess", missing, in_tree("random-engine", Protocol::Uci),
                       spec_for("minitchess", "1+0"));
    EXPECT_EQ(played.record.termination, Termination::StartFailure);
    EXPECT_NE(played.record.reason.find("no-such-engine"), std::string::npos)
        << played.record.reason;
}

}  // namespace
}  // namespace referee::test
