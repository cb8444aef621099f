// Extinction with pieces still left (`end.extinction.count`, Fairy-Stockfish's
// extinctionPieceCount): its elimination chess, a giveaway child where a side left with one
// piece loses. Read from a variants.ini section and from YAML, judged, written back.
#include <gtest/gtest.h>

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/rules/variant_error_support.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::expect_end;
using referee::test::expect_not_over;

const char* kExtinctionIni = R"([lastone:giveaway]
extinctionValue = loss
stalemateValue = loss
extinctionPieceCount = 1
)";

TEST(ExtinctionCount, ASideWithNoMoreThanTheCountLeftIsExtinct) {
    const Variant v = parse_ini_variant(kExtinctionIni, "my.ini", "lastone");
    EXPECT_EQ(v.end.extinction_count, 1);
    EXPECT_NE(v.summary().find("a side that has lost all but 1 piece: loss"), std::string::npos)
        << v.summary();
    const Rules rules(v);
    expect_not_over(rules.from_fen("4k2r/8/8/8/8/8/3P4/4K3 w - - 0 1"));
    expect_end(rules.from_fen("4k3/8/8/8/8/8/3PP3/8 w - - 0 1"), GameResult::WhiteWins,
               EndReason::Extinction, "Black has lost all but 1 of its pieces");
}

TEST(ExtinctionCount, TheYamlWriterWritesItAndItReadsBack) {
    const Variant v = parse_ini_variant(kExtinctionIni, "my.ini", "lastone");
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("  extinction: {value: loss, pieces: all, count: 1}\n"), std::string::npos)
        << text;
    const Variant again = parse_variant(text, "written.yaml");
    EXPECT_EQ(again.end.extinction_count, 1);
    EXPECT_EQ(Rules(again).start().perft(3), Rules(v).start().perft(3));
    try {
        parse_variant(referee::test::replace(text, "count: 1", "count: -1"), "written.yaml");
        FAIL() << "accepted count: -1";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.key(), "end.extinction.count") << e.what();
    }
}

}  // namespace
