// Pieces that turn over with every move (`promotion: {every_move: true}`, Fairy-Stockfish's
// mandatoryPiecePromotion and pieceDemotion over the whole board, its kyotoshogi), dropped
// either side up. Moves, FENs and counts are Debian's Fairy-Stockfish 11.1's
// (`setoption name UCI_Variant value kyotoshogi`, `go perft 1`, `d`).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/rules/variant_error_support.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::play;

// Sorted, as Fairy-Stockfish's perft lists them.
std::string moves_of(const Position& pos) {
    std::vector<std::string> names;
    for (const Move m : pos.legal_moves()) names.push_back(pos.move_name(m, MoveStyle::Uci));
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto& n : names) out += n + " ";
    return out;
}

TEST(KyotoShogi, EveryMoveTurnsThePieceOver) {
    // Fairy-Stockfish's twelve: the silver and pawn promote (+), the gold-moving lance and
    // knight turn back (-), only the king stays itself.
    const Position start = cached_rules("kyotoshogi").start();
    EXPECT_EQ(start.fen(), "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    EXPECT_EQ(moves_of(start),
              "a1a2- a1b2- b1a2+ b1b2+ b1c2+ c1b2 c1c2 c1d2 d1c2- d1d2- d1e2- e1e2+ ");
    Position pos = start;
    play(pos, {"b1b2+", "a5a4+"});
    EXPECT_EQ(pos.fen(), "1+nks+l/+p4/5/1+S3/+L1K+NP[] w - - 2 2");  // Fairy-Stockfish's
    EXPECT_EQ(pos.perft(1), 13u);
    play(pos, {"b2a3-"});  // the bishop side turns back into the silver
    EXPECT_EQ(pos.fen(), "1+nks+l/+p4/S4/5/+L1K+NP[] b - - 3 2");
    EXPECT_EQ(pos.perft(2), 214u);
}

TEST(KyotoShogi, ACapturedPieceGoesToHandFrontSideUpAndDropsEitherWay) {
    Position pos = cached_rules("kyotoshogi").from_fen("k4/5/5/1+p3/1S2K[] w - - 0 1");
    play(pos, {"b1b2+"});  // takes the rook-side pawn: a pawn in hand
    EXPECT_EQ(pos.fen(), "k4/5/5/1+S3/4K[P] b - - 0 1");
    EXPECT_EQ(pos.perft(1), 3u);
    // A pawn in hand goes anywhere empty, either side up, the last rank included (no
    // immobility rule): 23 squares twice, and the king's three steps (49).
    const Position drops = cached_rules("kyotoshogi").from_fen("k4/5/5/5/4K[P] w - - 0 1");
    EXPECT_EQ(drops.perft(1), 49u);
    const std::string moves = moves_of(drops);
    EXPECT_NE(moves.find("P@e5 "), std::string::npos) << moves;
    EXPECT_NE(moves.find("+P@e5 "), std::string::npos) << moves;
}

TEST(KyotoShogi, ReadWrittenAndRefusedWithAZone) {
    const Variant& v = cached_rules("kyotoshogi").variant();
    const PieceType& silver = v.pieces[v.type_of('S')];
    EXPECT_TRUE(silver.promotion_every_move);
    EXPECT_NE(v.summary().find("promotes to H with every move"), std::string::npos) << v.summary();
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("      every_move: true\n"), std::string::npos) << text;
    EXPECT_EQ(Rules(parse_variant(text, "written.yaml")).start().perft(4), 18268u);
    try {
        parse_variant(referee::test::replace(text, "      every_move: true\n",
                                             "      every_move: true\n      rank: 3\n"),
                      "written.yaml");
        FAIL() << "accepted every_move with a zone";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.key(), "pieces[1].promotion.rank") << e.what();
        EXPECT_GT(e.line(), 0) << e.what();
    }
}

TEST(KyotoShogi, FairyStockfishsKeysInAnIni) {
    // pieceDemotion over a kyotoshogi parent keeps it as it is (18268 at depth 4, as
    // Fairy-Stockfish counts the start); with a zone short of the whole board it is refused.
    const Variant v = parse_ini_variant("[k:kyotoshogi]\npieceDemotion = true\n", "my.ini", "k");
    EXPECT_EQ(Rules(v).start().perft(4), 18268u);
    const std::string error = referee::test::ini_error(
        "[k:minishogi]\nmandatoryPiecePromotion = true\npieceDemotion = true\n", "k");
    EXPECT_NE(error.find("my.ini:3:"), std::string::npos) << error;
    EXPECT_NE(error.find("whole board"), std::string::npos) << error;
}

}  // namespace
