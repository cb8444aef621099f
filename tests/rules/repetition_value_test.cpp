// A repetition that is won or lost (`end.repetition_value`, Fairy-Stockfish's nFoldValue):
// the side to move when the position stands for the N-th time gets the verdict, read from
// YAML and from a variants.ini section alike, and written back by the YAML writer.
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
using referee::test::play;

const std::string kYaml = R"(name: reploss
board: {files: 4, ranks: 4}
start: "k3/4/4/3K w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
check_rules: true
end:
  repetition: 3
  repetition_value: loss
)";

// The kings step out and back twice: the start stands for the third time, White to move.
void shuffle_twice(Position& pos) {
    for (int cycle = 0; cycle < 2; ++cycle) {
        expect_not_over(pos);
        play(pos, {"d1d2", "a4a3", "d2d1", "a3a4"});
    }
}

TEST(RepetitionValue, AYamlRepetitionThatLosesLosesForTheSideToMove) {
    const Rules rules(parse_variant(kYaml, "t.yaml"));
    EXPECT_EQ(rules.variant().end.repetition_value, EndValue::Loss);
    Position pos = rules.start();
    shuffle_twice(pos);
    expect_end(pos, GameResult::BlackWins, EndReason::Repetition,
               "White to move loses: the same position occurred 3 times");
    // Black to move at the third occurrence: Black loses.
    Position black = rules.start();
    play(black, {"d1d2"});
    for (int cycle = 0; cycle < 2; ++cycle) play(black, {"a4a3", "d2d1", "a3a4", "d1d2"});
    expect_end(black, GameResult::WhiteWins, EndReason::Repetition,
               "Black to move loses: the same position occurred 3 times");
    // A win for the side to move, and the default draw.
    const Rules win(
        parse_variant(referee::test::replace(kYaml, "value: loss", "value: win"), "t.yaml"));
    Position won = win.start();
    shuffle_twice(won);
    expect_end(won, GameResult::WhiteWins, EndReason::Repetition,
               "White to move wins: the same position occurred 3 times");
    const Rules draw(
        parse_variant(referee::test::replace(kYaml, "  repetition_value: loss\n", ""), "t.yaml"));
    Position drawn = draw.start();
    shuffle_twice(drawn);
    expect_end(drawn, GameResult::Draw, EndReason::Repetition,
               "draw: the same position occurred 3 times");
}

TEST(RepetitionValue, NeedsARepetitionAndAVerdict) {
    using referee::test::Expected;
    referee::test::expect_error(referee::test::replace(kYaml, "  repetition: 3\n", ""),
                                Expected{"end.repetition_value", 8, 21, "needs 'repetition: N'"});
    referee::test::expect_error(referee::test::replace(kYaml, "value: loss", "value: lost"),
                                Expected{"end.repetition_value", 9, 21, "lost"});
}

TEST(RepetitionValue, TheYamlWriterWritesItAndItReadsBack) {
    const Variant v = parse_variant(kYaml, "t.yaml");
    const std::string text = variant_yaml_text(v, "a header");
    EXPECT_NE(text.find("  repetition_value: loss\n"), std::string::npos) << text;
    EXPECT_EQ(parse_variant(text, "written.yaml").end.repetition_value, EndValue::Loss);
    // A draw is the default and is not written.
    Variant drawn = v;
    drawn.end.repetition_value = EndValue::Draw;
    EXPECT_EQ(variant_yaml_text(drawn, "a header").find("repetition_value"), std::string::npos);
    EXPECT_NE(v.summary().find("3-fold repetition of a position: loss for the side to move"),
              std::string::npos)
        << v.summary();
}

// Fairy-Stockfish's nFoldValue on a chess child: the knights out and back twice, and White,
// to move in the start position for the third time, loses.
TEST(RepetitionValue, AVariantsIniNFoldValueIsRead) {
    const Variant v =
        parse_ini_variant("[reploss:chess]\nnFoldValue = loss\n", "my.ini", "reploss");
    EXPECT_EQ(v.end.repetition, 3);
    EXPECT_EQ(v.end.repetition_value, EndValue::Loss);
    Position pos = Rules(v).start();
    for (int cycle = 0; cycle < 2; ++cycle) play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
    expect_end(pos, GameResult::BlackWins, EndReason::Repetition,
               "White to move loses: the same position occurred 3 times");
}

}  // namespace
