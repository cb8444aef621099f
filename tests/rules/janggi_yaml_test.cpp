// The janggi family's variant keys: `palace_lines` and a piece's `palace_moves`, a hopper's
// `screens_not` and `captures_not`, `pass`, and `end.bikjang`, `end.double_pass` and
// `end.material_count`. A good file reads them; each mistake is refused with the file, line,
// column and key.
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/rules/variant_error_support.hpp"

namespace {

using referee::rules::load_variant;
using referee::rules::parse_variant;
using referee::rules::PerftStop;
using referee::rules::Rules;
using referee::rules::Variant;
using referee::rules::variant_yaml_text;
using referee::test::expect_error;
using referee::test::replace;
using referee::test::where;

const std::string kJanggiYaml = R"(name: little-janggi
board: {files: 5, ranks: 6}
start: "1rk1c/5/5/5/5/C1K1R w - - 0 1"
palace_lines: [b1, d1, c2, b3, d3, b4, d4, c5, b6, d6]
pieces:
  - {letter: K, name: general, betza: W, palace_moves: F, royal: true}
  - {letter: R, name: chariot, betza: R, palace_moves: B}
  - {letter: C, name: cannon, betza: pR, palace_moves: pB, screens_not: [C], captures_not: [C]}
check_rules: true
pass: true
end:
  double_pass: true
  bikjang: true
  material_count: {points: {R: 13, C: 7}, black_bonus: 1.5}
)";

TEST(JanggiYaml, GoodFileReadsTheKeys) {
    const Variant v = parse_variant(kJanggiYaml, "test.yaml");
    EXPECT_EQ(v.palace_lines.size(), 10u);
    EXPECT_EQ(v.pieces[0].palace_betza, "F");
    EXPECT_EQ(v.pieces[2].screens_not, std::vector<char>{'C'});
    EXPECT_EQ(v.pieces[2].captures_not, std::vector<char>{'C'});
    EXPECT_TRUE(v.pass);
    EXPECT_TRUE(v.end.bikjang);
    EXPECT_TRUE(v.end.double_pass);
    ASSERT_TRUE(v.end.material_count.has_value());
    EXPECT_EQ(v.end.material_count->points.size(), 2u);
    EXPECT_DOUBLE_EQ(v.end.material_count->black_bonus, 1.5);
}

// The writer (`referee variants import`, the ini reader's check) keeps every janggi key: the
// file it writes reads back to the same fields and the same counts.
TEST(JanggiYaml, TheWrittenFileReadsBackTheSameRules) {
    for (const char* name : {"janggi", "janggitraditional", "janggimodern", "janggicasual"}) {
        const Variant v = load_variant(name);
        const Variant again = parse_variant(variant_yaml_text(v), "written.yaml");
        EXPECT_EQ(again.palace_lines, v.palace_lines) << name;
        EXPECT_EQ(again.pass, v.pass) << name;
        EXPECT_EQ(again.end.bikjang, v.end.bikjang) << name;
        EXPECT_EQ(again.end.double_pass, v.end.double_pass) << name;
        EXPECT_EQ(again.end.material_count.has_value(), v.end.material_count.has_value()) << name;
        for (std::size_t i = 0; i < v.pieces.size(); ++i) {
            EXPECT_EQ(again.pieces[i].palace_betza, v.pieces[i].palace_betza) << name;
            EXPECT_EQ(again.pieces[i].screens_not, v.pieces[i].screens_not) << name;
            EXPECT_EQ(again.pieces[i].captures_not, v.pieces[i].captures_not) << name;
        }
        EXPECT_EQ(Rules(again).start().perft(3, PerftStop::Immediate),
                  Rules(v).start().perft(3, PerftStop::Immediate))
            << name;
        EXPECT_EQ(variant_yaml_text(again), variant_yaml_text(v)) << name;
    }
}

TEST(JanggiYaml, MistakesAreRefusedWithTheirPlace) {
    auto at = [](const std::string& text, const std::string& needle) {
        return where(text, needle);
    };
    {
        const std::string t =
            replace(kJanggiYaml, "palace_lines: [b1, d1, c2, b3, d3, b4, d4, c5, b6, d6]\n", "");
        const auto [line, column] = at(t, "F, royal");
        expect_error(t, {"pieces[0].palace_moves", line, column, "no 'palace_lines'"});
    }
    {
        const std::string t = replace(kJanggiYaml, "b6, d6]", "b6, b6]");
        const auto [line, column] = at(t, "b6]");
        expect_error(t, {"palace_lines[9]", line, column, "b6 is listed twice"});
    }
    {
        const std::string t = replace(kJanggiYaml, "d6]", "z9]");
        const auto [line, column] = at(t, "z9");
        expect_error(t, {"palace_lines[9]", line, column, "z9"});
    }
    {
        const std::string t = replace(kJanggiYaml, "palace_moves: B}", "palace_moves: nN}");
        const auto [line, column] = at(t, "nN");
        expect_error(t, {"pieces[1].palace_moves", line, column, "steps, rides and hops"});
    }
    {
        const std::string t = replace(kJanggiYaml, "betza: R, palace_moves: B}",
                                      "betza: R, palace_moves: B, screens_not: [C]}");
        const auto [line, column] = at(t, "[C]}");
        expect_error(t, {"pieces[1].screens_not", line, column, "does not hop"});
    }
    {
        const std::string t = replace(kJanggiYaml, "screens_not: [C]", "screens_not: [Q]");
        const auto [line, column] = at(t, "[Q]");
        expect_error(t, {"pieces[2].screens_not", line, column, "'Q' is not a piece"});
    }
    {
        const std::string t = replace(kJanggiYaml, "captures_not: [C]", "captures_not: [K]");
        const auto [line, column] = at(t, "[K]");
        expect_error(t, {"pieces[2].captures_not", line, column, "royal piece ('K')"});
    }
    {
        const std::string t = replace(kJanggiYaml, "pass: true\n", "");
        const auto [line, column] = at(t, "true\n  bikjang");
        expect_error(t, {"end.double_pass", line, column, "set 'pass: true'"});
    }
    {
        const std::string t = replace(kJanggiYaml, "pass: true", "pass: often");
        const auto [line, column] = at(t, "often");
        expect_error(t, {"pass", line, column, "true or false"});
    }
    {
        const std::string t = replace(kJanggiYaml, "{R: 13, C: 7}", "{R: 13, Q: 7}");
        const auto [line, column] = at(t, "Q: 7");
        expect_error(t, {"end.material_count.points", line, column, "'Q' is not a piece letter"});
    }
    {
        const std::string t = replace(kJanggiYaml, "C: 7}", "C: -7}");
        const auto [line, column] = at(t, "-7");
        expect_error(t, {"end.material_count.points.C", line, column, "must not be negative"});
    }
    {
        const std::string t =
            replace(kJanggiYaml, ", black_bonus: 1.5", ", black_bonus: 1.5, white_bonus: 1");
        const auto [line, column] = at(t, "white_bonus");
        expect_error(t, {"end.material_count.white_bonus", line, column, "white_bonus"});
    }
}

}  // namespace
