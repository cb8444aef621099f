// A shipped variant is found by the names other programs give it, wherever a variant is
// named: Fairy-Stockfish's and xboard's ("normal", "los-alamos", "3check"), lichess's ("King
// of the Hill"), each file's `names:`. The variant loaded is the shipped one, under its own
// name, so records and engines see one name for it.
#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"

namespace referee::rules {
namespace {

TEST(VariantOtherNames, XboardAndFairyStockfishNamesLoadTheShippedVariant) {
    EXPECT_EQ(load_variant("normal").name, "chess");
    EXPECT_EQ(load_variant("los-alamos").name, "losalamos");
    EXPECT_EQ(load_variant("three-check").name, "3check");
    EXPECT_EQ(load_variant("King of the Hill").name, "kingofthehill");
}

TEST(VariantOtherNames, TheRulesOfAnotherNameAreTheShippedRules) {
    const Rules by_name = Rules::load("chess");
    const Rules by_other = Rules::load("normal");
    EXPECT_EQ(by_other.start().fen(), by_name.start().fen());
    EXPECT_EQ(by_other.start().perft(3, PerftStop::Immediate),
              by_name.start().perft(3, PerftStop::Immediate));
}

TEST(VariantOtherNames, ANameNoVariantHasIsStillRefusedWithTheKnownNames) {
    try {
        load_variant("no-such-game");
        FAIL() << "an unknown name was accepted";
    } catch (const VariantError& e) {
        EXPECT_NE(std::string(e.what()).find("no variant named 'no-such-game'"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace referee::rules
