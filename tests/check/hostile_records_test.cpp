// Records no program wrote: a line of megabytes, a move number past any integer, a terminal's
// control sequence and bytes that are not UTF-8. `referee check` reports each as a problem of
// that game, naming the line, in a message that stays a line, and its JSON stays JSON.
#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "check_test_util.hpp"
#include "referee/rules/text/printable.hpp"

namespace {

using referee::check::Problem;
using referee::check::Status;
using referee::check::Verdict;
using referee::check::test::check_text;

const std::string kLong(3'000'000, 'x');  // deep enough to overflow a recursive matcher's stack

const std::string kKifHead =
    "手合割：平手\n"
    "先手：a\n"
    "後手：b\n"
    "手数----指手---------消費時間--\n";

const std::string kImcsGame =
    "3: white(127.0.0.1:49800, W) vs black(127.0.0.1:49804)\n"
    "Mon Nov 23 06:37:55 UTC 2026\n"
    "\n"
    "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n"
    "\n"
    "? 01:00.000 01:00.000\n"
    "d2-d3\n"
    "\n"
    "1 B\nkqbnr\nppppp\n.....\n...P.\nPPP.P\nRNBQK\n"
    "\n"
    "= W wins on opponent resignation\n";

void expect_short_wrong(const Verdict& v, int line) {
    EXPECT_EQ(v.status, Status::Wrong);
    EXPECT_NE(v.message.find(fmt::format("line {}", line)), std::string::npos) << v.message;
    EXPECT_LT(v.message.size(), 500u);
    EXPECT_LT(format_verdict(v).size(), 700u);
}

TEST(HostileRecords, AKifMoveLineOfMegabytesIsReadOrNamedCutShort) {
    // After the move, the rest of the line (its time) is not read.
    auto verdicts = check_text("long.kif", kKifHead + "   1 ７六歩(77) " + kLong + "\n");
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_EQ(verdicts[0].plies, 1) << verdicts[0].message;
    // A move of megabytes is quoted cut short.
    verdicts = check_text("long.kif", kKifHead + "   1 ７六歩(77)\n   2 " + kLong + "\n");
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_EQ(verdicts[0].problem, Problem::IllegalMove);
    EXPECT_LT(verdicts[0].message.size(), 500u);
    EXPECT_NE(verdicts[0].message.find("xxx... (3000000 bytes)"), std::string::npos)
        << verdicts[0].message;
    // A line of one word of megabytes is not a move line.
    verdicts = check_text("long.kif", kKifHead + kLong + "\n");
    ASSERT_EQ(verdicts.size(), 1u);
    expect_short_wrong(verdicts[0], 5);
}

TEST(HostileRecords, AKifLongLineWhereAHeaderOrResultCouldBeIsReadToo) {
    const auto verdicts =
        check_text("long.kif", "# ---- minichess-referee KIF variant shogi ----" + kLong + "\n" +
                                   kKifHead + "   1 ７六歩(77)\nまで1手で" + kLong + "\n");
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_EQ(verdicts[0].plies, 1) << verdicts[0].message;
}

TEST(HostileRecords, AKifMoveNumberPastAnyIntegerIsNamed) {
    const auto verdicts =
        check_text("big.kif", kKifHead + " 99999999999999999999999999 ７六歩(77)\n");
    ASSERT_EQ(verdicts.size(), 1u);
    expect_short_wrong(verdicts[0], 5);
    EXPECT_NE(verdicts[0].message.find("move number 99999999999999999999999999 where 1 was due"),
              std::string::npos)
        << verdicts[0].message;
}

TEST(HostileRecords, AnImcsLogLineOfMegabytesAnywhereIsReported) {
    const std::string header_at = "3: white(" + kLong + ", W) vs black(127.0.0.1:49804)\n";
    for (const std::string& log : {header_at, kImcsGame + header_at, kImcsGame + kLong + "\n",
                                   kImcsGame.substr(0, kImcsGame.find("= W")) + kLong + "\n"}) {
        const auto verdicts = check_text("long.log", log, "minitchess");
        ASSERT_FALSE(verdicts.empty());
        for (const Verdict& v : verdicts) EXPECT_LT(format_verdict(v).size(), 700u) << v.message;
    }
    // The stray line inside a game is named, cut short.
    const auto verdicts = check_text(
        "long.log", kImcsGame.substr(0, kImcsGame.find("= W")) + kLong + "\n", "minitchess");
    ASSERT_EQ(verdicts.size(), 1u);
    EXPECT_NE(verdicts[0].message.find("line 23: unexpected 'xxx"), std::string::npos)
        << verdicts[0].message;
}

TEST(HostileRecords, ControlSequencesAndBytesThatAreNotUtf8NeverReachTheOutputRaw) {
    const std::string pgn =
        "[White \"\x1b[31mred\xff\"]\n[Black \"b\"]\n[Variant \"minichess\"]\n\n"
        "1. \x1b]0;title\x07\xfe\xff *\n";
    const auto verdicts = check_text("bytes.pgn", pgn);
    ASSERT_EQ(verdicts.size(), 1u);
    const std::string line = format_verdict(verdicts[0]);
    EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
    EXPECT_EQ(line.find('\x07'), std::string::npos) << line;
    EXPECT_NE(line.find("\\x1B[31mred\\xFF"), std::string::npos) << line;
    // The JSON writer throws on bytes that are not UTF-8; the verdict's JSON never holds any.
    std::string json;
    ASSERT_NO_THROW(json = to_json(verdicts[0]).dump());
    EXPECT_EQ(nlohmann::json::parse(json)["players"], "\\x1B[31mred\\xFF - b");
}

TEST(HostileRecords, AnExcerptIsCutAtACharacterAndSaysHowLongTheTextWas) {
    using referee::rules::printable_excerpt;
    EXPECT_EQ(printable_excerpt("e2e4"), "e2e4");
    EXPECT_EQ(printable_excerpt("abcdef", 3), "abc... (6 bytes)");
    // "歩" is three bytes: a cut inside it goes back to its start.
    EXPECT_EQ(printable_excerpt("a歩b", 2), "a... (5 bytes)");
    EXPECT_EQ(printable_excerpt("\x1b[1mab", 4), "\\x1B[1m... (6 bytes)");
}

}  // namespace
