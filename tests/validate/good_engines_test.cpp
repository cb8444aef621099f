// Engines that obey the rules pass every probe that applies to the variant; probes that do
// not apply are skipped with the reason. The full battery runs for a few engines; the
// others run the probes that matter for them, to keep the suite short.
#include <gtest/gtest.h>

#include "validate_harness.hpp"

namespace referee::validate {
namespace {

using engine::Protocol;
using test::no_children_left;
using test::options_for;
using test::probe;

void expect_conforms(const Report& r) {
    EXPECT_TRUE(r.passed()) << format_text(r);
    EXPECT_EQ(r.count(Verdict::Fail), 0u);
}

// minitchess: side-step, promotion and king capture apply; no check rules, no castling
// and no en passant (variants/minitchess.yaml). No warning either.
void expect_minitchess_battery(const Report& r) {
    expect_conforms(r);
    EXPECT_EQ(r.count(Verdict::Warn), 0u) << format_text(r);
    for (const char* name :
         {"handshake", "start-position", "set-up-position", "after-moves", "rule-side-step",
          "rule-promotion", "rule-promotion-choice", "rule-king-capture", "rule-board-edges",
          "nearly-empty-clock", "short-clock", "full-game", "second-game", "quit"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Pass) << name << ": " << probe(r, name).detail;
    for (const char* name : {"rule-castling-rights", "rule-en-passant", "rule-pins"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Skip) << name;
    EXPECT_GE(probe(r, "rule-king-capture").positions_asked, 3);
    EXPECT_EQ(r.probes.size(), probe_names().size());
}

TEST(SlowGoodEngines, RandomUciPassesEveryMinitchessProbe) {
    const auto r = validate_engine(options_for("minitchess", "random", Protocol::Uci));
    expect_minitchess_battery(r);
    EXPECT_TRUE(no_children_left());
}

TEST(SlowGoodEngines, RandomImcsPassesEveryMinitchessProbe) {
    const auto r = validate_engine(options_for("minitchess", "random", Protocol::Imcs));
    expect_minitchess_battery(r);
    EXPECT_EQ(r.protocol, "imcs");
    EXPECT_TRUE(no_children_left());
}

// The probes about the protocol (the rule probes ask the same positions as over UCI).
TEST(GoodEngines, RandomXboardPassesTheProtocolProbes) {
    const std::vector<std::string> probes = {"start-position", "set-up-position", "after-moves",
                                             "full-game",      "second-game",     "quit"};
    const auto r = validate_engine(options_for("minitchess", "random", Protocol::Xboard, probes));
    expect_conforms(r);
    EXPECT_EQ(r.protocol, "xboard");
    for (const auto& name : probes)
        EXPECT_EQ(probe(r, name).verdict, Verdict::Pass) << name << ": " << probe(r, name).detail;
    EXPECT_EQ(probe(r, "handshake").verdict, Verdict::Pass);
    EXPECT_TRUE(no_children_left());
}

TEST(SlowGoodEngines, AlphabetaImcsPassesEveryMinitchessProbe) {
    const auto r = validate_engine(options_for("minitchess", "alphabeta", Protocol::Imcs));
    expect_minitchess_battery(r);
    EXPECT_TRUE(no_children_left());
}

TEST(SlowGoodEngines, AlphabetaUciPassesTheMoveProbesOnMinitchess) {
    const auto r = validate_engine(
        options_for("minitchess", "alphabeta", Protocol::Uci,
                    {"start-position", "after-moves", "rule-side-step", "rule-promotion",
                     "rule-king-capture", "nearly-empty-clock", "quit"}));
    expect_conforms(r);
    EXPECT_EQ(r.count(Verdict::Warn), 0u) << format_text(r);
    EXPECT_EQ(probe(r, "rule-king-capture").verdict, Verdict::Pass);
    EXPECT_EQ(probe(r, "rule-side-step").verdict, Verdict::Pass);
    EXPECT_TRUE(no_children_left());
}

TEST(SlowGoodEngines, GardnerCastlingBatteryForRandomImcsAndAlphabetaUci) {
    for (auto [engine, protocol] :
         {std::pair{"random", Protocol::Imcs}, std::pair{"alphabeta", Protocol::Uci}}) {
        SCOPED_TRACE(engine);
        const auto r = validate_engine(options_for("gardner-castling", engine, protocol));
        expect_conforms(r);
        // Castling and promotion apply; king capture does not (check rules), nor do the
        // side-step or en passant.
        for (const char* name : {"rule-pins", "rule-promotion", "second-game"})
            EXPECT_EQ(probe(r, name).verdict, Verdict::Pass)
                << name << ": " << probe(r, name).detail;
        // An IMCS board dump cannot say which castling rights are left (it implies every
        // one whose king and rook are home), so positions that need them are not asked.
        for (const char* name : {"rule-castling-rights", "rule-castling-path",
                                 "rule-castling-in-check", "rule-castling-through-attack"}) {
            const auto& c = probe(r, name);
            if (protocol == Protocol::Uci) {
                EXPECT_EQ(c.verdict, Verdict::Pass) << name << ": " << c.detail;
            } else if (c.verdict == Verdict::Skip) {
                EXPECT_NE(c.detail.find("IMCS board dump"), std::string::npos) << c.detail;
            } else {
                EXPECT_EQ(c.verdict, Verdict::Pass) << name << ": " << c.detail;
            }
        }
        for (const char* name : {"rule-side-step", "rule-en-passant", "rule-king-capture"})
            EXPECT_EQ(probe(r, name).verdict, Verdict::Skip) << name;
        EXPECT_NE(probe(r, "rule-king-capture").detail.find("check rules"), std::string::npos);
    }
    EXPECT_TRUE(no_children_left());
}

TEST(SlowGoodEngines, ChessSpecialMovesForAlphabetaUciAndRandomImcs) {
    if (!test::have_variant("chess")) GTEST_SKIP() << "variants/chess.yaml is not there";
    const std::vector<std::string> specials = {"rule-promotion", "rule-castling-path",
                                               "rule-en-passant", "rule-double-step",
                                               "set-up-position"};
    const auto uci = validate_engine(options_for("chess", "alphabeta", Protocol::Uci, specials));
    expect_conforms(uci);
    for (const auto& name : specials)
        EXPECT_EQ(probe(uci, name).verdict, Verdict::Pass)
            << name << ": " << probe(uci, name).detail;
    // An IMCS board dump has no en-passant field: the probe cannot be asked, and says so.
    const auto imcs = validate_engine(options_for("chess", "random", Protocol::Imcs, specials));
    expect_conforms(imcs);
    EXPECT_EQ(probe(imcs, "rule-en-passant").verdict, Verdict::Skip);
    EXPECT_NE(probe(imcs, "rule-en-passant").detail.find("IMCS"), std::string::npos);
    EXPECT_EQ(probe(imcs, "rule-promotion").verdict, Verdict::Pass);
    EXPECT_TRUE(no_children_left());
}

// An imcs-tcp client is sent the board with every turn, as the server does, so it is asked
// the set-up and rule positions too (those needing castling rights or en passant aside).
TEST(GoodEngines, ImcsTcpClientsAreAskedSetUpBoards) {
    const auto r = validate_engine(options_for(
        "minitchess", "random", Protocol::ImcsTcp,
        {"start-position", "set-up-position", "rule-side-step", "rule-king-capture", "quit"}));
    expect_conforms(r);
    EXPECT_EQ(r.count(Verdict::Warn), 0u) << format_text(r);
    for (const char* name : {"set-up-position", "rule-side-step", "rule-king-capture"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Pass) << name << ": " << probe(r, name).detail;
    EXPECT_TRUE(no_children_left());
}

// A plain-dialect engine knows only its colour and the start position: it is started for
// the colour of each game, the set-up positions are skipped with the reason (no failure),
// and a real flaw still fails in the games it plays from the start.
TEST(SlowGoodEngines, PlainEnginesAreProbedFromTheStartPositionOnly) {
    const auto r = validate_engine(options_for("gardner-castling", "random", Protocol::Plain));
    expect_conforms(r);
    EXPECT_EQ(r.count(Verdict::Warn), 0u) << format_text(r);
    for (const char* name : {"start-position", "nearly-empty-clock", "short-clock", "full-game"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Pass) << name << ": " << probe(r, name).detail;
    for (const char* name : {"set-up-position", "after-moves", "rule-pins", "rule-castling-path"}) {
        EXPECT_EQ(probe(r, name).verdict, Verdict::Skip) << name;
        EXPECT_NE(probe(r, name).detail.find("probed only from the start position"),
                  std::string::npos)
            << probe(r, name).detail;
    }
    const std::string flawed = "cmd=" + std::string(REFEREE_BIN_DIR) +
                               "/flawed-engine arg=--protocol arg=plain arg=--color arg={color} "
                               "arg=--variant arg={variant} arg=--flaw arg=moves-into-check "
                               "proto=plain name=flawed";
    const auto bad = validate_engine(options_for("gardner-castling", flawed));
    EXPECT_FALSE(bad.passed()) << format_text(bad);
    EXPECT_EQ(probe(bad, "full-game").verdict, Verdict::Fail) << probe(bad, "full-game").detail;
    EXPECT_TRUE(no_children_left());
}

// A course engine that thinks a fixed while a move, whatever its clock says (plain-student
// -t): the short clocks' losses on time come with a hint naming --time-scale and the time it
// took, --time-scale lets it pass, and quit finds it waiting for the other side (as a
// tournament leaves it), not thinking the first move it plays unasked as White.
// As White it starts thinking when it starts, before the referee asks (its clock starts
// then), so its move comes the time the referee took to set the game up (long on a busy
// machine) before its 2 s: its loss on the 0.3 s clock (and the tests' 0.25 s margin) holds
// for a set-up of up to 1.45 s (with -t 0.6 it needed one under 0.05 s), and the 2.4 s of
// --time-scale 8 are enough for any.
TEST(SlowGoodEngines, ACourseEngineThatThinksLongIsPointedToTimeScale) {
    const std::string student = "cmd=" + std::string(REFEREE_BIN_DIR) +
                                "/plain-student arg=-c arg={color} arg=-t arg=2 proto=plain "
                                "name=student";
    auto options = options_for("minitchess", student, std::nullopt,
                               {"start-position", "nearly-empty-clock", "quit"});
    options.quit_grace = std::chrono::milliseconds(300);  // shorter than its thinking
    const auto r = validate_engine(options);
    EXPECT_EQ(probe(r, "start-position").verdict, Verdict::Pass) << format_text(r);
    const auto slow = probe(r, "nearly-empty-clock");
    EXPECT_EQ(slow.verdict, Verdict::Fail) << format_text(r);
    ASSERT_TRUE(slow.evidence);
    EXPECT_NE(slow.evidence->hint.find("--time-scale"), std::string::npos) << slow.evidence->hint;
    EXPECT_NE(slow.evidence->hint.find("longest move in these probes took"), std::string::npos)
        << slow.evidence->hint;
    EXPECT_EQ(probe(r, "quit").verdict, Verdict::Pass) << probe(r, "quit").detail;

    options.time_scale = 8;  // 2.4 s where it had 0.3 s: more than its 2 s
    options.only = {"nearly-empty-clock"};
    const auto scaled = validate_engine(options);
    EXPECT_EQ(probe(scaled, "nearly-empty-clock").verdict, Verdict::Pass) << format_text(scaled);
    EXPECT_TRUE(no_children_left());
}

// An engine that thinks a fixed time whatever its clock says (2 to 7 s in the course, against
// a 0.3 s clock): no --time-scale helps, and the hint says so with the think time seen instead
// of asking for one more each time. Scaled down here: 0.6 s against a 0.02 s clock.
TEST(GoodEngines, AnEngineThatIgnoresItsClockIsToldNoTimeScaleHelps) {
    const std::string student = "cmd=" + std::string(REFEREE_BIN_DIR) +
                                "/plain-student arg=-c arg={color} arg=-t arg=0.6 proto=plain "
                                "name=student";
    auto options =
        options_for("minitchess", student, std::nullopt, {"start-position", "nearly-empty-clock"});
    options.nearly_empty_ms = 20;
    options.time_scale = 2;
    const auto r = validate_engine(options);
    const auto slow = probe(r, "nearly-empty-clock");
    EXPECT_EQ(slow.verdict, Verdict::Fail) << format_text(r);
    ASSERT_TRUE(slow.evidence);
    const std::string& hint = slow.evidence->hint;
    EXPECT_NE(hint.find("No --time-scale helps"), std::string::npos) << hint;
    EXPECT_NE(hint.find("its longest move in these probes took 0."), std::string::npos) << hint;
    EXPECT_EQ(hint.find("try --time-scale"), std::string::npos) << hint;
    EXPECT_TRUE(no_children_left());
}

// A missed win breaks no rule and forfeits no game: the random engine (legal moves, no plan)
// conforms on each variant whose own ending has a probe, warned at most, and a warning says
// in the variant's words what it may not know.
TEST(SlowGoodEngines, RandomConformsWhereItMissesTheVariantsWinningMove) {
    const std::pair<const char*, const char*> cases[] = {{"3check", "rule-check-count"},
                                                         {"extinction", "rule-extinction"},
                                                         {"kingofthehill", "rule-region"},
                                                         {"racingkings", "rule-region"},
                                                         {"shatranj", "rule-bare-king"}};
    int warned = 0;
    for (const auto& [variant, name] : cases) {
        auto options = options_for(variant, "random", Protocol::Uci, {name});
        options.rule_positions = 4;
        const auto r = validate_engine(options);
        expect_conforms(r);
        const auto p = probe(r, name);
        EXPECT_GE(p.positions_asked, 1) << variant << ": " << p.detail;
        EXPECT_TRUE(p.positions_failed.empty()) << variant << ": " << p.detail;
        if (p.verdict != Verdict::Warn) continue;
        ++warned;
        EXPECT_NE(p.detail.find("your engine may not know that"), std::string::npos) << p.detail;
        EXPECT_NE(format_summary(r).find("verdict: conforms, with warnings"), std::string::npos)
            << format_summary(r);
    }
    EXPECT_GE(warned, 1);  // four positions each, and random play finds few wins
    EXPECT_TRUE(no_children_left());
}

TEST(SlowGoodEngines, FairyStockfishPassesOnGardnerCastlingAndIsRefusedOnMinitchess) {
    if (!test::have_fairy_stockfish()) GTEST_SKIP() << "no /usr/games/fairy-stockfish";
    const auto gardner = validate_engine(options_for("gardner-castling", "fairy-stockfish"));
    expect_conforms(gardner);
    EXPECT_EQ(probe(gardner, "rule-castling-through-attack").verdict, Verdict::Pass);
    EXPECT_EQ(probe(gardner, "full-game").verdict, Verdict::Pass);

    // Fairy-Stockfish 11.1 has no piece that moves like MinitChess's bishop (BmW): refused
    // at the handshake with that reason, and nothing else is tried.
    const auto minitchess = validate_engine(options_for("minitchess", "fairy-stockfish"));
    EXPECT_FALSE(minitchess.passed());
    const auto handshake = probe(minitchess, "handshake");
    EXPECT_EQ(handshake.verdict, Verdict::Fail);
    EXPECT_NE(handshake.detail.find("cannot play minitchess"), std::string::npos)
        << handshake.detail;
    EXPECT_NE(handshake.detail.find("BmW"), std::string::npos) << handshake.detail;
    EXPECT_EQ(minitchess.count(Verdict::Skip), probe_names().size() - 1);
    EXPECT_LT(minitchess.seconds, 5.0);

    if (test::have_variant("chess")) {
        const auto chess = validate_engine(options_for("chess", "fairy-stockfish", std::nullopt,
                                                       {"rule-en-passant", "rule-promotion"}));
        expect_conforms(chess);
        EXPECT_EQ(probe(chess, "rule-en-passant").verdict, Verdict::Pass);
    }
    EXPECT_TRUE(no_children_left());
}

}  // namespace
}  // namespace referee::validate
