// IMCS clients as a course has them, through validate: a client with the course server
// built in (server=) is validated under the sandbox its /etc/hosts needs, and the line that
// reproduces a failure carries its server and login; a client that keeps its own board
// from the start gets one warning saying what it cannot do, not a failure a probe; a UCI
// engine for one variant is told how to say so.
#include <gtest/gtest.h>

#include "referee/engine/process/sandbox.hpp"
#include "tests/support/text.hpp"
#include "validate_harness.hpp"

namespace referee::validate {
namespace {

using test::no_children_left;
using test::options_for;
using test::probe;

using test::contains;

TEST(CourseClients, AClientWithTheServerBuiltInIsValidatedAndReproducedAsWritten) {
    if (!engine::sandbox_support().bwrap)
        GTEST_SKIP() << "needs bwrap: " << engine::sandbox_support().reason;
    // It connects to the course server's name and nowhere else, and plays illegal moves.
    const auto r = validate_engine(
        options_for("minitchess",
                    "cmd=broken-illegal proto=imcs-tcp name=dave user=dave password=pw "
                    "server=imcs.course.invalid:3589 args='--host imcs.course.invalid --port 3589'",
                    std::nullopt, {"start-position"}));
    EXPECT_EQ(probe(r, "handshake").verdict, Verdict::Pass) << probe(r, "handshake").detail;
    const auto& moved = probe(r, "start-position");
    ASSERT_EQ(moved.verdict, Verdict::Fail) << moved.detail;
    ASSERT_TRUE(moved.evidence);
    for (const char* key : {"server=imcs.course.invalid:3589", "user=dave", "password=pw",
                            "proto=imcs-tcp", "startup=5"})
        EXPECT_TRUE(contains(moved.evidence->reproduce, key))
            << key << " missing from " << moved.evidence->reproduce;
    EXPECT_TRUE(no_children_left());
}

// Three of four course clients ignore the board they are sent: as Black in a game set up
// mid-way they wait for White's move, which never comes. One warning says so; the probes
// from set-up positions are skipped, and nothing fails.
TEST(CourseClients, AClientThatKeepsItsOwnBoardGetsOneWarningNotFailures) {
    auto o = options_for("minitchess", "cmd=random proto=imcs-tcp name=keeper args=--own-board",
                         std::nullopt,
                         {"start-position", "set-up-position", "after-moves", "rule-promotion",
                          "rule-side-step", "short-clock"});
    o.move_tc = "1";  // its silence costs the one-move clock: kept short
    const auto r = validate_engine(o);
    EXPECT_EQ(r.count(Verdict::Fail), 0u) << format_text(r);
    const auto& set_up = probe(r, "set-up-position");
    EXPECT_EQ(set_up.verdict, Verdict::Warn) << set_up.detail;
    EXPECT_TRUE(contains(set_up.detail, "keeps its own board")) << set_up.detail;
    EXPECT_TRUE(contains(set_up.detail, "cannot play a game that starts anywhere else"))
        << set_up.detail;
    for (const char* name : {"after-moves", "rule-promotion", "rule-side-step"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Skip) << name << ": " << probe(r, name).detail;
    EXPECT_EQ(probe(r, "short-clock").verdict, Verdict::Pass) << probe(r, "short-clock").detail;
    EXPECT_TRUE(no_children_left());
}

// The clock probes alone (--only, without set-up-position): the own-board client is not
// asked from a set-up position it would not take, and passes them.
TEST(CourseClients, TheClockProbesAloneAskAnOwnBoardClientFromTheStart) {
    auto o = options_for("minitchess", "cmd=random proto=imcs-tcp name=keeper args=--own-board",
                         std::nullopt, {"nearly-empty-clock", "short-clock"});
    o.move_tc = "1";
    const auto r = validate_engine(o);
    EXPECT_EQ(r.count(Verdict::Fail), 0u) << format_text(r);
    EXPECT_EQ(probe(r, "nearly-empty-clock").verdict, Verdict::Pass)
        << probe(r, "nearly-empty-clock").detail;
    EXPECT_EQ(probe(r, "short-clock").verdict, Verdict::Pass) << probe(r, "short-clock").detail;
    EXPECT_TRUE(no_children_left());
}

// A student's UCI engine written for MiniChess alone lists no UCI_Variant: the handshake's
// failure says how to describe it, and so described it is validated.
TEST(CourseClients, AUciEngineForOneVariantIsToldHowToSaySo) {
    const std::string engine =
        "cmd=sh name=solo args='-c \"" + std::string(REFEREE_BIN_DIR) +
        "/random-engine --protocol uci --variant minitchess | grep --line-buffered -v -e "
        "UCI_Variant -e VariantFile\"'";
    const auto refused =
        validate_engine(options_for("minitchess", engine, std::nullopt, {"start-position"}));
    const auto& handshake = probe(refused, "handshake");
    ASSERT_EQ(handshake.verdict, Verdict::Fail) << handshake.detail;
    ASSERT_TRUE(handshake.evidence);
    EXPECT_TRUE(contains(handshake.evidence->hint, "variant=minitchess"))
        << handshake.evidence->hint;
    const auto told = validate_engine(options_for("minitchess", engine + " variant=minitchess",
                                                  std::nullopt, {"start-position"}));
    EXPECT_EQ(probe(told, "handshake").verdict, Verdict::Pass) << probe(told, "handshake").detail;
    EXPECT_EQ(probe(told, "start-position").verdict, Verdict::Pass)
        << probe(told, "start-position").detail;
    EXPECT_TRUE(no_children_left());
}

}  // namespace
}  // namespace referee::validate
