// The Fairy-Stockfish variant file: every ending rule the YAML has or lacks is written out,
// since a section inherits chess's fifty-move and repetition rules otherwise.
#include <gtest/gtest.h>

#include "referee/engine/fairy_ini.hpp"
#include "referee/rules/variant.hpp"

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

}  // namespace
}  // namespace referee::engine
