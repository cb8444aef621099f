// The xiangqi family's variant keys: `confined` and `extra_moves` on a piece,
// `flying_general`, `end.perpetual_check`. A good file reads them; each mistake is refused
// with the file, line, column and key.
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/variant/variant.hpp"
#include "tests/rules/variant_error_support.hpp"

namespace {

using referee::rules::EndValue;
using referee::rules::parse_variant;
using referee::rules::Variant;
using referee::rules::VariantError;
using referee::test::replace;

const std::string kXiangqiYaml = R"(name: little-xiangqi
board: {files: 5, ranks: 6}
start: "1rk2/2p2/5/5/2P2/1RK2 w - - 0 1"
pieces:
  - {letter: K, name: general, betza: W, royal: true, confined: {files: b-d, ranks: 1-2}}
  - {letter: R, name: chariot, betza: R}
  - letter: P
    name: soldier
    betza: fW
    extra_moves: {betza: sW, ranks: 4-6}
check_rules: true
flying_general: true
end:
  no_legal_moves: loss
  repetition: 3
  perpetual_check: loss
)";

// The error must name x.yaml at the first `needle` in the text (`skip` characters on along
// its line), and its key.
void expect_error(const std::string& text, const std::string& needle, const std::string& key,
                  const std::string& mentions, int skip = 0) {
    auto [line, column] = referee::test::where(text, needle);
    column += skip;
    try {
        parse_variant(text, "x.yaml");
        FAIL() << "accepted:\n" << text;
    } catch (const VariantError& e) {
        const std::string what = e.what();
        EXPECT_EQ(
            what.rfind("x.yaml:" + std::to_string(line) + ":" + std::to_string(column) + ": " + key,
                       0),
            0u)
            << what;
        EXPECT_NE(what.find(mentions), std::string::npos) << what;
    }
}

TEST(XiangqiYaml, GoodFileReadsTheKeys) {
    const Variant v = parse_variant(kXiangqiYaml, "x.yaml");
    ASSERT_TRUE(v.pieces[0].confined.has_value());
    EXPECT_EQ(v.pieces[0].confined->file_lo, 1);
    EXPECT_EQ(v.pieces[0].confined->file_hi, 3);
    EXPECT_EQ(v.pieces[0].confined->rank_lo, 1);
    EXPECT_EQ(v.pieces[0].confined->rank_hi, 2);
    EXPECT_FALSE(v.pieces[1].confined.has_value());
    ASSERT_TRUE(v.pieces[2].extra_moves.has_value());
    EXPECT_EQ(v.pieces[2].extra_moves->moves.size(), 2u);
    EXPECT_EQ(v.pieces[2].extra_moves->region.rank_lo, 4);
    EXPECT_TRUE(v.flying_general);
    ASSERT_TRUE(v.end.perpetual_check.has_value());
    EXPECT_EQ(*v.end.perpetual_check, EndValue::Loss);
    EXPECT_NE(v.summary().find("confined to files b-d, ranks 1-2"), std::string::npos)
        << v.summary();
}

TEST(XiangqiYaml, MistakesAreRefusedWithTheirPlace) {
    expect_error(replace(kXiangqiYaml, "betza: R}", "betza: R, confined: {ranks: 1-3}}"),
                 "{ranks: 1-3}", "pieces[1].confined", "regions only work with leaping moves");
    expect_error(replace(kXiangqiYaml, "files: b-d", "files: b-z"), "b-z",
                 "pieces[0].confined.files",
                 "'b-z' is not a file or a range of files of this 5-file board");
    expect_error(replace(kXiangqiYaml, "ranks: 1-2", "ranks: 2-1"), "2-1",
                 "pieces[0].confined.ranks", "run backwards");
    expect_error(replace(kXiangqiYaml, "ranks: 4-6", "ranks: 4-7"), "4-7",
                 "pieces[2].extra_moves.ranks", "not a rank or a range of ranks");
    expect_error(replace(kXiangqiYaml, "{betza: sW, ranks: 4-6}", "{ranks: 4-6}"), "{ranks: 4-6}",
                 "pieces[2].extra_moves.betza", "extra moves need their 'betza'");
    expect_error(replace(kXiangqiYaml, "betza: sW", "betza: sWW"), "sWW",
                 "pieces[2].extra_moves.betza", "regions only work with leaping moves");
    expect_error(replace(kXiangqiYaml, "confined: {files: b-d", "confined: {file: b-d"),
                 "file:", "pieces[0].confined.file", "unknown key 'file'");
    expect_error(replace(kXiangqiYaml, "  repetition: 3\n", ""), "perpetual_check: loss",
                 "end.perpetual_check", "it needs 'repetition: N'", 17);
}

}  // namespace
