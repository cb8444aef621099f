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

// minitchess: side-step, promotion and king capture apply; a single promotion piece, no
// castling and no en passant (variants/minitchess.yaml).
void expect_minitchess_battery(const Report& r) {
    expect_conforms(r);
    for (const char* name :
         {"handshake", "start-position", "set-up-position", "after-moves", "side-step", "promotion",
          "king-capture", "nearly-empty-clock", "short-clock", "full-game", "second-game", "quit"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Pass) << name << ": " << probe(r, name).detail;
    for (const char* name : {"promotion-choice", "castling", "en-passant"})
        EXPECT_EQ(probe(r, name).verdict, Verdict::Skip) << name;
    EXPECT_EQ(r.probes.size(), probe_names().size());
}

TEST(GoodEngines, RandomUciPassesEveryMinitchessProbe) {
    const auto r = validate_engine(options_for("minitchess", "random", Protocol::Uci));
    expect_minitchess_battery(r);
    // Random play may or may not find the only move that keeps its king: a warning at most.
    EXPECT_NE(probe(r, "king-capture-to-survive").verdict, Verdict::Fail);
    EXPECT_TRUE(no_children_left());
}

TEST(GoodEngines, RandomImcsPassesEveryMinitchessProbe) {
    const auto r = validate_engine(options_for("minitchess", "random", Protocol::Imcs));
    expect_minitchess_battery(r);
    EXPECT_EQ(r.protocol, "imcs");
    EXPECT_TRUE(no_children_left());
}

TEST(GoodEngines, AlphabetaImcsPassesEveryMinitchessProbeAndTakesTheKing) {
    const auto r = validate_engine(options_for("minitchess", "alphabeta", Protocol::Imcs));
    expect_minitchess_battery(r);
    // A one-ply search sees that only Nxe5 keeps its king (see probe_positions_test.cpp).
    EXPECT_EQ(probe(r, "king-capture-to-survive").verdict, Verdict::Pass)
        << probe(r, "king-capture-to-survive").detail;
    EXPECT_NE(probe(r, "king-capture-to-survive").detail.find("d3-e5"), std::string::npos);
    EXPECT_TRUE(no_children_left());
}

TEST(GoodEngines, AlphabetaUciPassesTheMoveProbesOnMinitchess) {
    const auto r = validate_engine(
        options_for("minitchess", "alphabeta", Protocol::Uci,
                    {"start-position", "after-moves", "side-step", "promotion", "king-capture",
                     "king-capture-to-survive", "nearly-empty-clock", "quit"}));
    expect_conforms(r);
    EXPECT_EQ(probe(r, "king-capture-to-survive").verdict, Verdict::Pass);
    EXPECT_EQ(probe(r, "side-step").verdict, Verdict::Pass);
    EXPECT_TRUE(no_children_left());
}

TEST(GoodEngines, GardnerCastlingBatteryForRandomImcsAndAlphabetaUci) {
    for (auto [engine, protocol] :
         {std::pair{"random", Protocol::Imcs}, std::pair{"alphabeta", Protocol::Uci}}) {
        SCOPED_TRACE(engine);
        const auto r = validate_engine(options_for("gardner-castling", engine, protocol));
        expect_conforms(r);
        // Castling and promotion apply; king capture does not (check rules), nor do the
        // side-step, a promotion choice or en passant.
        EXPECT_EQ(probe(r, "castling").verdict, Verdict::Pass);
        EXPECT_EQ(probe(r, "promotion").verdict, Verdict::Pass);
        EXPECT_EQ(probe(r, "second-game").verdict, Verdict::Pass);
        for (const char* name : {"side-step", "promotion-choice", "en-passant", "king-capture",
                                 "king-capture-to-survive"})
            EXPECT_EQ(probe(r, name).verdict, Verdict::Skip) << name;
        EXPECT_NE(probe(r, "king-capture").detail.find("check rules"), std::string::npos);
    }
    EXPECT_TRUE(no_children_left());
}

TEST(GoodEngines, ChessSpecialMovesForAlphabetaUciAndRandomImcs) {
    if (!test::have_variant("chess")) GTEST_SKIP() << "variants/chess.yaml is not there";
    const std::vector<std::string> specials = {"promotion", "promotion-choice", "castling",
                                               "en-passant", "set-up-position"};
    const auto uci = validate_engine(options_for("chess", "alphabeta", Protocol::Uci, specials));
    expect_conforms(uci);
    for (const auto& name : specials) EXPECT_EQ(probe(uci, name).verdict, Verdict::Pass) << name;
    // An IMCS board dump has no en-passant field: the probe cannot be asked, and says so.
    const auto imcs = validate_engine(options_for("chess", "random", Protocol::Imcs, specials));
    expect_conforms(imcs);
    EXPECT_EQ(probe(imcs, "en-passant").verdict, Verdict::Skip);
    EXPECT_NE(probe(imcs, "en-passant").detail.find("IMCS"), std::string::npos);
    EXPECT_EQ(probe(imcs, "promotion-choice").verdict, Verdict::Pass);
    EXPECT_TRUE(no_children_left());
}

TEST(GoodEngines, FairyStockfishPassesOnGardnerCastlingAndIsRefusedOnMinitchess) {
    if (!test::have_fairy_stockfish()) GTEST_SKIP() << "no /usr/games/fairy-stockfish";
    const auto gardner = validate_engine(options_for("gardner-castling", "fairy-stockfish"));
    expect_conforms(gardner);
    EXPECT_EQ(probe(gardner, "castling").verdict, Verdict::Pass);
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
                                                       {"en-passant", "promotion-choice"}));
        expect_conforms(chess);
        EXPECT_EQ(probe(chess, "en-passant").verdict, Verdict::Pass);
    }
    EXPECT_TRUE(no_children_left());
}

}  // namespace
}  // namespace referee::validate
