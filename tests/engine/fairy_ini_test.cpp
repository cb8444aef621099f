// The Fairy-Stockfish variant file: every ending rule the YAML has or lacks is written out,
// since a section inherits chess's fifty-move and repetition rules otherwise.
#include <gtest/gtest.h>

#include "referee/engine/dialects/fairy_ini.hpp"
#include "referee/rules/variant/betza.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::engine {
namespace {

std::string ini_for(const std::string& variant) {
    std::string why;
    auto ini = fairy_ini_for(rules::load_variant(variant), &why);
    EXPECT_TRUE(ini.has_value()) << why;
    return ini ? ini->text : "";
}

TEST(FairyIni, VariantWithoutDrawRulesSaysSo) {
    const std::string text = ini_for("gardner-castling");
    EXPECT_NE(text.find("nMoveRule = 0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("nFoldRule = 0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("stalemateValue = "), std::string::npos) << text;
    EXPECT_NE(text.find("checkmateValue = loss\n"), std::string::npos) << text;
}

TEST(FairyIni, ChessWritesItsOwnRules) {
    const std::string text = ini_for("chess");
    EXPECT_NE(text.find("nMoveRule = 50\n"), std::string::npos) << text;
    EXPECT_NE(text.find("nFoldRule = 3\n"), std::string::npos) << text;
    EXPECT_NE(text.find("nFoldValue = draw\n"), std::string::npos) << text;
    EXPECT_NE(text.find("stalemateValue = draw\n"), std::string::npos) << text;
}

// A repetition that loses (Fairy-Stockfish's own empire, read from a section) is written as
// the section had it, not as chess's draw.
TEST(FairyIni, ARepetitionThatLosesIsWrittenSo) {
    auto v = rules::parse_ini_variant("[reploss:chess]\nnFoldValue = loss\n", "my.ini", "reploss");
    std::string why;
    const auto ini = fairy_ini_for(v, &why);
    ASSERT_TRUE(ini.has_value()) << why;
    EXPECT_NE(ini->text.find("nFoldRule = 3\nnFoldValue = loss\n"), std::string::npos) << ini->text;
}

// Pieces are recognised by their parsed moves, not by the text of their Betza.
TEST(FairyIni, APieceIsKnownByItsMovesHoweverItsBetzaIsWritten) {
    auto v = rules::load_variant("minichess");
    for (auto& p : v.pieces) {
        // The rook written as its parts, the pawn with its modifiers in another order.
        if (p.letter == 'R') p.betza = "WW";
        if (p.letter == 'P') p.betza = "fmWfcF";
        if (p.letter == 'R' || p.letter == 'P') p.moves = rules::parse_betza(p.betza);
    }
    std::string why;
    EXPECT_TRUE(fairy_ini_for(v, &why).has_value()) << why;
}

TEST(FairyIni, APieceThatMovesOtherwiseIsRefusedWhateverItsBetzaTextSays) {
    auto v = rules::load_variant("minitchess");  // its bishop also steps aside: BmW
    std::string why;
    EXPECT_FALSE(fairy_ini_for(v, &why).has_value());
    EXPECT_NE(why.find("the bishop (B) moves as 'BmW'"), std::string::npos) << why;
    // The text alone does not decide: a rook whose moves are a short rider's is refused even
    // though its Betza still reads "R".
    auto short_rook = rules::load_variant("minichess");
    for (auto& p : short_rook.pieces)
        if (p.letter == 'R') p.moves = rules::parse_betza("R2");
    EXPECT_FALSE(fairy_ini_for(short_rook, &why).has_value());
    EXPECT_NE(why.find("the rook (R)"), std::string::npos) << why;
}

}  // namespace
}  // namespace referee::engine
