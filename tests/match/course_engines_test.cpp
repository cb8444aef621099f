// Engines as a MiniChess course has them: old plain-dialect engines that print their board
// and must be told their colour, and IMCS TCP clients started per game that connect to the
// referee. Whole games end by the rules; every bad client ends its game with a clear reason
// and leaves no process behind.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "match_harness.hpp"

using namespace referee;
using namespace referee::test;
using engine::Protocol;
using match::Termination;

namespace {

const std::string kBin = REFEREE_BIN_DIR;

engine::EngineConfig described(const std::string& text) {
    auto c = engine::engine_from_text(text, kBin);
    c.startup_timeout = std::chrono::milliseconds(5000);
    return c;
}

engine::EngineConfig student(const std::string& seed) {
    return described("cmd=plain-student proto=plain name=student args='-c {color} -s " + seed +
                     "'");
}

// A client written in bash (its /dev/tcp), for behaviour no real client should have.
engine::EngineConfig bash_client(const std::string& name, const std::string& script) {
    auto c = described("cmd=bash proto=imcs-tcp name=" + name);
    c.args = {"-c", script};
    c.startup_timeout = std::chrono::milliseconds(1500);
    return c;
}

void expect_rules_result(const Played& p) {
    EXPECT_EQ(p.record.termination, Termination::Rules)
        << p.record.reason_key << ": " << p.record.reason;
    EXPECT_GT(p.record.moves.size(), 0u);
    for (pid_t g : p.groups) EXPECT_TRUE(group_gone(g)) << "group " << g;
}

void expect_start_failure(const Played& p, const std::string& words) {
    EXPECT_EQ(p.record.termination, Termination::StartFailure)
        << p.record.reason_key << ": " << p.record.reason;
    EXPECT_NE(p.record.reason.find(words), std::string::npos) << p.record.reason;
    EXPECT_EQ(p.record.moves.size(), 0u);
    for (pid_t g : p.groups) EXPECT_TRUE(group_gone(g)) << "group " << g;
    EXPECT_LT(p.seconds, 5.0);
}

}  // namespace

TEST(CourseEngines, APlainEngineThatPrintsItsBoardPlaysWholeGamesWithEitherColour) {
    expect_rules_result(play("minitchess", student("3"), in_tree("random-engine", Protocol::Uci),
                             spec_for("minitchess", "10+0")));
    expect_rules_result(play("minitchess", in_tree("random-engine", Protocol::Imcs), student("4"),
                             spec_for("minitchess", "10+0")));
}

TEST(CourseEngines, InTreePlainEnginesAreToldTheirColourAndVariant) {
    // No arguments at all: the referee adds --protocol plain --variant ... --color B.
    expect_rules_result(play("minichess", described("cmd=alphabeta proto=uci"),
                             described("cmd=random proto=plain"), spec_for("minichess", "10+0")));
}

TEST(SlowCourseEngines, TcpClientsOfferOrAcceptAndPlayWholeGames) {
    const auto offers = described("cmd=random proto=imcs-tcp name=offerer");
    const auto accepts = described("cmd=alphabeta proto=imcs-tcp name=taker args='--accept any'");
    expect_rules_result(play("minitchess", offers, accepts, spec_for("minitchess", "10+0")));
    expect_rules_result(
        play("gardner-castling", accepts, offers, spec_for("gardner-castling", "10+0")));
}

TEST(CourseEngines, ACourseClientGetsItsConnectionFromPlaceholders) {
    // Not in-tree-told anything: every flag comes from the placeholders.
    auto c = described("cmd=random proto=imcs-tcp name=course");
    c.in_tree = false;
    c.args = {"--protocol", "imcs-tcp", "--host",    "{host}",     "--port",
              "{port}",     "--user",   "{user}",    "--password", "{password}",
              "--offer",    "{color}",  "--variant", "{variant}"};
    expect_rules_result(play("minitchess", in_tree("random-engine", Protocol::Uci), c,
                             spec_for("minitchess", "10+0")));
}

TEST(CourseEngines, ClientsWithTheCourseServerBuiltInPlayAgainstEachOther) {
    if (!engine::sandbox_support().bwrap)
        GTEST_SKIP() << "needs bwrap: " << engine::sandbox_support().reason;
    // Both sides connect to the same name and port of their own, at once, as clients written
    // for the course server do; nothing tells them where the referee is.
    auto offers = described("cmd=random proto=imcs-tcp name=offerer");
    offers.args = {"--host", "imcs.course.invalid", "--port", "3589"};
    engine::parse_tcp_server("imcs.course.invalid:3589", offers);
    auto accepts = described("cmd=alphabeta proto=imcs-tcp name=taker");
    accepts.args = {"--host", "imcs.course.invalid", "--port", "3589", "--accept", "any"};
    engine::parse_tcp_server("imcs.course.invalid:3589", accepts);
    expect_rules_result(play("minitchess", offers, accepts, spec_for("minitchess", "10+0")));
}

TEST(CourseEngines, AClientWithTheServerBuiltInFindsItInAHostsFileOfItsOwn) {
    if (!engine::sandbox_support().bwrap)
        GTEST_SKIP() << "needs bwrap: " << engine::sandbox_support().reason;
    // A client that reads its /etc/hosts and registers under what it found (how many lines
    // name the server, and the first part of their address): the referee's reason for the
    // failed login quotes it. The machine's own /etc/hosts is not touched.
    auto c = bash_client("looker",
                         "exec 3<>/dev/tcp/imcs.course.invalid/3589; read -r g <&3; "
                         "printf 'register %s x\\r\\n' \"$(grep -c imcs.course.invalid /etc/hosts)"
                         "-$(grep imcs.course.invalid /etc/hosts | cut -d. -f1)\" >&3; sleep 30");
    engine::parse_tcp_server("imcs.course.invalid:3589", c);
    expect_start_failure(play("minitchess", c, in_tree("random-engine", Protocol::Uci),
                              spec_for("minitchess", "10+0")),
                         "registered as '1-127'");
    std::ifstream machine("/etc/hosts");
    const std::string hosts{std::istreambuf_iterator<char>(machine), {}};
    EXPECT_EQ(hosts.find("imcs.course.invalid"), std::string::npos);
}

TEST(CourseEngines, AClientThatNeverConnectsLosesAtTheStartUpLimit) {
    auto c = described("cmd=sleep proto=imcs-tcp name=silent");
    c.args = {"30"};
    c.startup_timeout = std::chrono::milliseconds(800);
    expect_start_failure(play("minitchess", c, in_tree("random-engine", Protocol::Uci),
                              spec_for("minitchess", "10+0")),
                         "did not connect to the referee's port 127.0.0.1:");
}

// Never connected, it was never asked to quit: it is ended and said so, not charged with
// ignoring a quit it never got.
TEST(CourseEngines, AClientThatNeverConnectedIsNotSaidToHaveIgnoredQuit) {
    auto c = described("cmd=sleep proto=imcs-tcp name=silent");
    c.args = {"30"};
    c.startup_timeout = std::chrono::milliseconds(800);
    const auto p = play("minitchess", c, in_tree("random-engine", Protocol::Uci),
                        spec_for("minitchess", "10+0"));
    expect_start_failure(p, "did not connect to the referee's port 127.0.0.1:");
    ASSERT_TRUE(p.exits[0].has_value());
    EXPECT_TRUE(engine::exit_problems(*p.exits[0]).empty())
        << engine::exit_problems(*p.exits[0]).front();
    EXPECT_NE(p.exits[0]->description.find("it never connected to the referee's port"),
              std::string::npos)
        << p.exits[0]->description;
}

TEST(CourseEngines, AClientThatExitsWithoutConnectingIsNamed) {
    auto c = described("cmd=true proto=imcs-tcp name=quitter");
    expect_start_failure(play("minitchess", in_tree("random-engine", Protocol::Uci), c,
                              spec_for("minitchess", "10+0")),
                         "exited with code 0 without connecting");
}

TEST(CourseEngines, AClientThatConnectsAndSaysNothingLosesAtTheStartUpLimit) {
    const auto c = bash_client("mute", "exec 3<>/dev/tcp/{host}/{port}; sleep 30");
    expect_start_failure(play("minitchess", c, in_tree("random-engine", Protocol::Uci),
                              spec_for("minitchess", "10+0")),
                         "did not log in");
}

TEST(CourseEngines, AWrongLoginEndsTheGameWithTheReason) {
    const auto c = bash_client("liar",
                               "exec 3<>/dev/tcp/{host}/{port}; read -r g <&3; printf 'me {user} "
                               "nope\\r\\n' >&3; sleep 30");
    expect_start_failure(play("minitchess", c, in_tree("random-engine", Protocol::Uci),
                              spec_for("minitchess", "10+0")),
                         "with the wrong password");
}

TEST(CourseEngines, AClientThatDropsMidGameLosesByDisconnect) {
    // Logs in, offers White, answers its first turn, and goes.
    const auto c = bash_client(
        "dropper",
        "exec 3<>/dev/tcp/{host}/{port}; read -r g <&3; printf 'me {user} {password}\\r\\n' >&3; "
        "read -r h <&3; printf 'offer W\\r\\n' >&3; "
        "while read -r l <&3; do case \"$l\" in \\?*) break;; esac; done; printf 'a2-a3\\r\\n' "
        ">&3");
    const auto p = play("minitchess", c, in_tree("random-engine", Protocol::Uci),
                        spec_for("minitchess", "10+0"));
    EXPECT_EQ(p.record.termination, Termination::Crash) << p.record.reason;
    EXPECT_EQ(p.record.reason_key, "disconnect");
    EXPECT_NE(p.record.reason.find("closed the connection during the game"), std::string::npos)
        << p.record.reason;
    ASSERT_GE(p.record.moves.size(), 1u);
    EXPECT_EQ(p.record.moves[0].dash, "a2-a3");
    for (pid_t g : p.groups) EXPECT_TRUE(group_gone(g));
}

namespace {

// A student's UCI engine written for MiniChess alone: it lists no UCI_Variant (nor any way
// to be told a variant) and plays minitchess as it is.
engine::EngineConfig one_variant_uci(const std::string& more) {
    auto c = described("cmd=sh name=solo " + more);
    c.args = {"-c", "'" + kBin +
                        "/random-engine' --protocol uci --variant minitchess | grep "
                        "--line-buffered -v -e UCI_Variant -e VariantFile"};
    return c;
}

}  // namespace

TEST(CourseEngines, AUciEngineForOneVariantPlaysItWhenItsDescriptionSaysSo) {
    const auto untold =
        play("minitchess", one_variant_uci(""), in_tree("random-engine", Protocol::Imcs),
             spec_for("minitchess", "10+0"));
    EXPECT_EQ(untold.record.termination, Termination::Unsupported) << untold.record.reason;
    // The refusal names the way to say it.
    EXPECT_NE(untold.record.reason.find("variant=minitchess"), std::string::npos)
        << untold.record.reason;
    expect_rules_result(play("minitchess", one_variant_uci("variant=minitchess"),
                             in_tree("random-engine", Protocol::Imcs),
                             spec_for("minitchess", "10+0")));
    // It plays that variant only.
    const auto other =
        play("minichess", one_variant_uci("variant=minitchess"),
             in_tree("random-engine", Protocol::Imcs), spec_for("minichess", "10+0"));
    EXPECT_EQ(other.record.termination, Termination::Unsupported) << other.record.reason;
    EXPECT_NE(other.record.reason.find("plays minitchess only"), std::string::npos)
        << other.record.reason;
}

// A JVM that cannot start says why on stdout; a start failure shows the last output of both
// streams, for a stdio engine and for a TCP client alike.
TEST(CourseEngines, AStartFailureShowsTheLastOutputOfBothStreams) {
    const std::string dies =
        "echo 'There is insufficient memory for the Java Runtime Environment to continue.'; "
        "echo 'Error: Could not create the Java Virtual Machine.' >&2; exit 1";
    auto uci = described("cmd=sh name=jvm");
    uci.args = {"-c", dies};
    const auto tcp = bash_client("jvm-client", dies);
    for (const auto& engine : {uci, tcp}) {
        const auto p = play("minitchess", engine, in_tree("random-engine", Protocol::Uci),
                            spec_for("minitchess", "10+0"));
        expect_start_failure(p, "insufficient memory for the Java Runtime");
        EXPECT_NE(p.record.reason.find("Could not create the Java Virtual Machine"),
                  std::string::npos)
            << p.record.reason;
    }
}
