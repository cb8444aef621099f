// Each broken engine fails the probe its fault is about, with a message that says what
// happened and the evidence to reproduce it; and bad input (a missing program, the wrong
// protocol) is an early, clear failure rather than a hang.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "referee/validate/process_group.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/text.hpp"
#include "validate_harness.hpp"

namespace referee::validate {
namespace {

using engine::Protocol;
using test::no_children_left;
using test::options_for;
using test::probe;

using test::contains;

// From MinitChess's start only the pawns' single steps and the b1 knight's a3 and c3 can
// move (d2 is taken): 7 legal moves.
const std::vector<std::string> kMinitchessStartUci = {"a2a3", "b1a3", "b1c3", "b2b3",
                                                      "c2c3", "d2d3", "e2e3"};

TEST(BrokenEngines, CrashFailsTheGamesNamingTheSignal) {
    // broken-crash plays three moves of each game, then dies of SIGSEGV: the one-move
    // probes pass, the short clock (5 moves of its own) and the whole game do not.
    const auto r = validate_engine(options_for("minitchess", "broken-crash", Protocol::Uci,
                                               {"start-position", "short-clock", "full-game"}));
    EXPECT_FALSE(r.passed());
    EXPECT_EQ(probe(r, "start-position").verdict, Verdict::Pass);
    for (const char* name : {"short-clock", "full-game"}) {
        const auto p = probe(r, name);
        EXPECT_EQ(p.verdict, Verdict::Fail) << name;
        EXPECT_TRUE(contains(p.detail, "signal 11")) << p.detail;
        ASSERT_TRUE(p.evidence);
        EXPECT_FALSE(p.evidence->expected_moves.empty());
        EXPECT_TRUE(contains(p.evidence->reproduce, "broken-crash"));
    }
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, HangLosesOnTimeAndTheRestIsSkippedQuickly) {
    auto o = options_for("minitchess", "broken-hang", Protocol::Uci);
    o.move_tc = "0.5";
    const auto r = validate_engine(o);
    const auto p = probe(r, "start-position");
    EXPECT_EQ(p.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(p.detail, "did not move within 0.750 s"))
        << p.detail;  // 0.5 s clock + 0.25 s margin
    ASSERT_TRUE(p.evidence);
    // The request, then the stop it was sent when its time ran out (its game was over).
    const auto& sent = p.evidence->sent;
    ASSERT_GE(sent.size(), 2u);
    EXPECT_EQ(sent[sent.size() - 2], "go wtime 500 btime 500");
    EXPECT_EQ(sent.back(), "stop");
    EXPECT_TRUE(p.evidence->received.empty());
    // Every later probe would time out the same way: skipped, but quitting is still checked.
    EXPECT_EQ(probe(r, "full-game").verdict, Verdict::Skip);
    EXPECT_EQ(probe(r, "quit").verdict, Verdict::Pass);
    EXPECT_LT(r.seconds, 5.0);
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, IllegalMoveIsQuotedWithTheLegalMoves) {
    for (auto protocol : {Protocol::Uci, Protocol::Imcs}) {
        SCOPED_TRACE(engine::protocol_name(protocol));
        const auto r = validate_engine(
            options_for("minitchess", "broken-illegal", protocol, {"start-position"}));
        const auto p = probe(r, "start-position");
        EXPECT_EQ(p.verdict, Verdict::Fail);
        EXPECT_TRUE(contains(p.detail, "illegal move")) << p.detail;
        ASSERT_TRUE(p.evidence);
        EXPECT_EQ(p.evidence->fen, "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1");
        if (protocol == Protocol::Uci) {
            EXPECT_EQ(p.evidence->expected_moves, kMinitchessStartUci);
            EXPECT_EQ(p.evidence->sent, (std::vector<std::string>{
                                            "position fen kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1",
                                            "go wtime 3000 btime 3000"}));
        } else {
            EXPECT_EQ(p.evidence->board_dump, "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n");
            EXPECT_EQ(p.evidence->expected_moves.front(), "a2-a3");
        }
        ASSERT_EQ(p.evidence->received.size(), 1u);
    }
    EXPECT_TRUE(no_children_left());
}

// An xboard engine that calls a legal move of the referee's illegal disagrees with the
// rules: the game probe fails, naming the position, the move and what the engine said.
TEST(BrokenEngines, AnXboardEngineThatRefusesALegalMoveFails) {
    auto o = options_for("minitchess", "cmd=broken-xboard arg=--fault arg=illegal-reply",
                         Protocol::Xboard, {"full-game"});
    const auto r = validate_engine(o);
    const auto p = probe(r, "full-game");
    EXPECT_EQ(p.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(p.detail, "disagrees with the rules")) << p.detail;
    EXPECT_TRUE(contains(p.detail, "Illegal move: ")) << p.detail;
    EXPECT_TRUE(contains(p.detail, "where the rules allow it")) << p.detail;
    EXPECT_FALSE(r.passed());
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, GarbageIsQuoted) {
    const auto r = validate_engine(
        options_for("minitchess", "broken-garbage", Protocol::Uci, {"start-position"}));
    const auto p = probe(r, "start-position");
    EXPECT_EQ(p.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(p.detail, "not a move")) << p.detail;
    EXPECT_TRUE(contains(p.detail, "zz99"));
    ASSERT_TRUE(p.evidence);
    EXPECT_EQ(p.evidence->received, (std::vector<std::string>{"bestmove zz99"}));
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, FloodIsCutOffAndTheEvidenceStaysSmall) {
    const auto r = validate_engine(
        options_for("minitchess", "broken-flood", Protocol::Uci, {"start-position"}));
    const auto p = probe(r, "start-position");
    EXPECT_EQ(p.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(p.detail, "flood")) << p.detail;
    ASSERT_TRUE(p.evidence);
    EXPECT_LE(p.evidence->received.size(), 24u);
    // The session cuts a flood at 4 MiB; lines are about a thousand bytes.
    EXPECT_GT(p.evidence->received_omitted, 1000u);
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, SlowFailsTheNearlyEmptyClock) {
    const auto r = validate_engine(
        options_for("minitchess", "broken-slow", Protocol::Uci, {"nearly-empty-clock"}));
    const auto p = probe(r, "nearly-empty-clock");
    EXPECT_EQ(p.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(p.detail, "did not move within 0.550 s"))
        << p.detail;  // 0.3 s left + 0.25 s margin
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, IgnoreQuitPlaysButFailsTheQuitProbe) {
    const auto r = validate_engine(
        options_for("minitchess", "broken-ignore_quit", Protocol::Uci, {"start-position", "quit"}));
    EXPECT_EQ(probe(r, "start-position").verdict, Verdict::Pass);
    const auto q = probe(r, "quit");
    EXPECT_EQ(q.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(q.detail, "the referee killed it")) << q.detail;
    EXPECT_FALSE(r.passed());
    // Its reproduce line, run, says so too.
    ASSERT_TRUE(q.evidence);
    const auto run =
        test::run_shell(q.evidence->reproduce + " --quiet --out " + ::testing::TempDir() +
                        "ignore-quit-" + std::to_string(::getpid()) + " 2>&1");
    EXPECT_TRUE(contains(run.out,
                         "engine White (broken-ignore_quit): it did not exit when asked "
                         "to quit"))
        << q.evidence->reproduce << "\n"
        << run.out;
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, ForkedHelperIsAWarningNotAFailure) {
    // broken-fork exits on quit, but its forked child would sleep on: the referee's group
    // kill ends it. That is reported, but does not fail the run.
    const auto r = validate_engine(
        options_for("minitchess", "broken-fork", Protocol::Uci, {"start-position", "quit"}));
    const auto q = probe(r, "quit");
    EXPECT_EQ(q.verdict, Verdict::Warn) << q.detail;
    EXPECT_TRUE(contains(q.detail, "broken-fork")) << q.detail;
    EXPECT_TRUE(r.passed());
    ASSERT_TRUE(q.evidence);
    const auto run =
        test::run_shell(q.evidence->reproduce + " --quiet --out " + ::testing::TempDir() + "fork-" +
                        std::to_string(::getpid()) + " 2>&1");
    EXPECT_TRUE(contains(run.out, "it left processes behind, which the referee killed"))
        << q.evidence->reproduce << "\n"
        << run.out;
    EXPECT_TRUE(no_children_left());
}

TEST(BrokenEngines, ExitAtStartFailsTheHandshakeInBothProtocols) {
    for (auto protocol : {Protocol::Uci, Protocol::Imcs}) {
        SCOPED_TRACE(engine::protocol_name(protocol));
        const auto r = validate_engine(options_for("minitchess", "broken-exit_at_start", protocol));
        const auto h = probe(r, "handshake");
        EXPECT_EQ(h.verdict, Verdict::Fail);
        EXPECT_TRUE(contains(h.detail, "exited with code 3")) << h.detail;
        EXPECT_EQ(r.count(Verdict::Skip), probe_names().size() - 1);
        EXPECT_LT(r.seconds, 3.0);
    }
    EXPECT_TRUE(no_children_left());
}

// A crash is never taken for a client that keeps its own board: an IMCS engine that dies on
// every board of a set-up position fails set-up-position, saying so, and the set-up probes
// after it are asked (and fail), not skipped. It used to pass with exit 0.
TEST(SlowBrokenEngines, AnImcsEngineThatDiesOnASetUpBoardFailsInsteadOfBeingSkipped) {
    const auto r = validate_engine(
        options_for("minitchess",
                    std::string("cmd=") + REFEREE_BIN_DIR +
                        "/broken-crash arg=--protocol arg=imcs arg=--when arg=set-up proto=imcs",
                    std::nullopt, {"start-position", "set-up-position", "rule-promotion"}));
    EXPECT_FALSE(r.passed()) << format_text(r);
    EXPECT_EQ(probe(r, "start-position").verdict, Verdict::Pass);
    const auto s = probe(r, "set-up-position");
    EXPECT_EQ(s.verdict, Verdict::Fail) << s.detail;
    EXPECT_TRUE(contains(s.detail, "it died on the board of a game in progress")) << s.detail;
    EXPECT_EQ(probe(r, "rule-promotion").verdict, Verdict::Fail)
        << probe(r, "rule-promotion").detail;
    EXPECT_TRUE(no_children_left());
}

// An xboard engine that resigns every position it is asked (as Fairy-Max and GNU Chess give
// up set-ups they judge lost). Where an engine without the rule would still have moved, the
// resignation says nothing about the rule: a warning. Where the only legal moves are of a
// kind the engine without the rule does not know (every legal move a drop), resigning is
// that engine's answer: a failure.
TEST(SlowBrokenEngines, AResignationFailsOnlyWhereAnEngineWithoutTheRuleHasNothingToPlay) {
    const std::string script = ::testing::TempDir() + "resigner.sh";
    {
        std::ofstream out(script);
        out << "#!/bin/sh\n"
               "while read -r line; do\n"
               "  case \"$line\" in\n"
               "    protover*) echo 'feature setboard=1 usermove=1 ping=1 variants=\"normal,"
               "crazyhouse\" done=1' ;;\n"
               "    ping*) echo \"pong ${line#ping }\" ;;\n"
               "    go|usermove*) echo resign ;;\n"
               "    quit) exit 0 ;;\n"
               "  esac\n"
               "done\n";
    }
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    const std::string engine = "cmd=" + script + " proto=xboard sandbox=none";
    auto pins = options_for("chess", engine, std::nullopt, {"rule-pins"});
    pins.rule_positions = 2;
    const auto p = probe(validate_engine(pins), "rule-pins");
    EXPECT_EQ(p.verdict, Verdict::Warn) << p.detail;
    EXPECT_TRUE(contains(p.detail, "tell nothing about the rule")) << p.detail;
    auto drops = options_for("crazyhouse", engine, std::nullopt, {"rule-drop-move"});
    drops.rule_positions = 2;
    const auto d = probe(validate_engine(drops), "rule-drop-move");
    EXPECT_EQ(d.verdict, Verdict::Fail) << d.detail;
    EXPECT_TRUE(contains(d.detail, "it made no move")) << d.detail;
    EXPECT_TRUE(no_children_left());
}

TEST(BadInput, AnImcsEngineSpokenToAsUciIsToldToTryImcs) {
    auto o = options_for("minitchess", std::string("cmd=") + REFEREE_BIN_DIR +
                                           "/random-engine arg=--protocol arg=imcs proto=uci");
    o.startup_limit = std::chrono::milliseconds(1500);
    const auto r = validate_engine(o);
    const auto h = probe(r, "handshake");
    EXPECT_EQ(h.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(h.detail, "no uciok within 1.5 s")) << h.detail;
    EXPECT_TRUE(contains(h.detail, "try --protocol imcs")) << h.detail;
    EXPECT_LT(r.seconds, 4.0);
    EXPECT_TRUE(no_children_left());
}

TEST(SlowBadInput, AUciEngineSpokenToAsImcsGetsAHint) {
    // The in-tree engine in UCI mode ignores IMCS lines: it loses on time, and the hint says
    // what to try.
    auto o = options_for("minitchess",
                         std::string("cmd=") + REFEREE_BIN_DIR + "/random-engine proto=imcs",
                         std::nullopt, {"start-position"});
    o.move_tc = "0.5";
    const auto r = validate_engine(o);
    const auto p = probe(r, "start-position");
    EXPECT_EQ(p.verdict, Verdict::Fail);
    ASSERT_TRUE(p.evidence);
    EXPECT_TRUE(contains(p.evidence->hint, "try --protocol uci")) << p.evidence->hint;
    if (test::have_fairy_stockfish()) {
        // Fairy-Stockfish answers "Unknown command: ...", which sounds like UCI.
        auto fs =
            options_for("gardner-castling", "fairy-stockfish", Protocol::Imcs, {"start-position"});
        fs.move_tc = "0.5";
        const auto f = probe(validate_engine(fs), "start-position");
        EXPECT_EQ(f.verdict, Verdict::Fail);
        ASSERT_TRUE(f.evidence);
        EXPECT_TRUE(contains(f.evidence->hint, "UCI engine")) << f.evidence->hint;
    }
    EXPECT_TRUE(no_children_left());
}

TEST(BadInput, AMissingProgramFailsTheHandshakeAtOnce) {
    const auto r = validate_engine(options_for("minitchess", "./no-such-engine-here"));
    const auto h = probe(r, "handshake");
    EXPECT_EQ(h.verdict, Verdict::Fail);
    EXPECT_TRUE(contains(h.detail, "does not exist")) << h.detail;
    EXPECT_LT(r.seconds, 1.0);
}

TEST(BadInput, UnknownProbeOrVariantIsAnError) {
    EXPECT_THROW(
        validate_engine(options_for("minitchess", "random", std::nullopt, {"no-such-probe"})),
        std::runtime_error);
    EXPECT_THROW(validate_engine(options_for("no-such-variant", "random")), std::exception);
}

TEST(BadInput, AProcessThatLeavesTheGroupFailsTheQuitProbe) {
    // A UCI "engine" in sh that starts a helper in a new session (setsid): the referee's
    // group kill cannot reach it, so the quit probe fails and validate kills it itself.
    // Chess needs no variant option, so a three-line UCI loop can handshake.
    if (!test::have_variant("chess") || ::access("/usr/bin/setsid", X_OK) != 0) GTEST_SKIP();
    const auto script = std::filesystem::temp_directory_path() /
                        ("validate-escape-" + std::to_string(::getpid()) + ".sh");
    // The pause lets the helper finish leaving the group before the handshake can end.
    std::ofstream(script) << "setsid sleep 30 </dev/null >/dev/null 2>&1 &\n"
                             "sleep 0.2\n"
                             "while read line; do\n"
                             "  case \"$line\" in\n"
                             "    uci) echo uciok;;\n"
                             "    isready) echo readyok;;\n"
                             "    quit) exit 0;;\n"
                             "  esac\n"
                             "done\n";
    const auto r = validate_engine(options_for(
        "chess", "cmd=/bin/sh arg=" + script.string() + " name=escapee", std::nullopt, {"quit"}));
    std::filesystem::remove(script);
    const auto q = probe(r, "quit");
    EXPECT_EQ(q.verdict, Verdict::Fail) << q.detail;
    EXPECT_TRUE(contains(q.detail, "left its process group")) << q.detail;
    // "... afterwards: 4242 (sleep) ...": that process must be gone now.
    const auto at = q.detail.find(" (sleep)");
    ASSERT_NE(at, std::string::npos) << q.detail;
    const auto start = q.detail.find_last_not_of("0123456789", at - 1) + 1;
    const pid_t escaped = static_cast<pid_t>(std::stol(q.detail.substr(start, at - start)));
    for (int i = 0; i < 100 && process_alive(escaped); ++i) ::usleep(10000);
    EXPECT_FALSE(process_alive(escaped));
    EXPECT_TRUE(no_children_left());
}

}  // namespace
}  // namespace referee::validate
