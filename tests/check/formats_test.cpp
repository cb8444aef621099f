// Formats are recognised by content; journals go through the tournament layer's reader; the
// referee's JSON records are read as one object, an array, or one object per line.
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "check_test_util.hpp"
#include "referee/tournament/journal.hpp"

namespace {

using referee::check::detect_format;
using referee::check::Format;
using referee::check::Problem;
using referee::check::Status;
using referee::check::test::check_path;
using referee::check::test::check_text;
using referee::check::test::random_game;
using referee::check::test::TempFile;
using referee::rules::Rules;

TEST(Formats, RecognisedByContent) {
    EXPECT_EQ(detect_format("[Event \"x\"]\n"), Format::Pgn);
    EXPECT_EQ(detect_format("\xEF\xBB\xBF[Event \"x\"]\n"), Format::Pgn);
    EXPECT_EQ(detect_format("1. e4 e5 *\n"), Format::Pgn);
    EXPECT_EQ(detect_format("{A comment before the first game}\n[Event \"x\"]\n"), Format::Pgn);
    EXPECT_EQ(detect_format("{}"), Format::JsonRecords);
    EXPECT_EQ(
        detect_format("16: white6064503(127.0.0.1:53826, W) vs black6064503(127.0.0.1:53836)\nMon"),
        Format::ImcsLog);
    EXPECT_EQ(
        detect_format("{\"fingerprint\":\"abc\",\"format\":1,\"type\":\"header\"}\n{\"game\":"),
        Format::Journal);
    EXPECT_EQ(detect_format("{\n  \"black\": \"beta\",\n"), Format::JsonRecords);
    EXPECT_EQ(detect_format("[\n  {\"black\": \"beta\"}]"), Format::JsonRecords);
    EXPECT_EQ(detect_format("[]"), Format::JsonRecords);
    EXPECT_EQ(detect_format("開始日時：2026/11/27\n手数----指手---------消費時間--\n"),
              Format::Kif);
    EXPECT_EQ(detect_format("# ---- minichess-referee KIF (UTF-8), variant dobutsu ----\n"),
              Format::Kif);
}

TEST(Formats, JournalsAreReadByTheTournamentReader) {
    const Rules rules = Rules::load("minitchess");
    TempFile file("journal.jsonl", "");
    {
        referee::tournament::JournalWriter writer(file.path(), "fingerprint");
        for (int slot = 0; slot < 6; ++slot) writer.append(slot, random_game(rules, 40 + slot));
        auto wrong = random_game(rules, 77);
        wrong.moves[1].dash = "e5-e2";
        writer.append(6, wrong);
    }
    auto v = check_path(file.path());
    ASSERT_EQ(v.size(), 7u);
    for (int slot = 0; slot < 6; ++slot)
        EXPECT_TRUE(v[slot].checks_out()) << referee::check::format_verdict(v[slot]);
    EXPECT_EQ(v[0].label, "slot 0");
    EXPECT_EQ(v[0].players, "alpha - beta");
    EXPECT_EQ(v[6].problem, Problem::IllegalMove);
    EXPECT_EQ(v[6].ply, 2);

    // A torn last line (a crash while writing) is reported, not silently dropped.
    { std::ofstream(file.path(), std::ios::app) << "{\"type\":\"game\",\"slot\":7,\"ga"; }
    v = check_path(file.path());
    ASSERT_EQ(v.size(), 8u);
    EXPECT_EQ(v[7].problem, Problem::Unreadable);
    EXPECT_NE(v[7].message.find("last line was cut short"), std::string::npos) << v[7].message;

    // A bad line in the middle: the journal reader's own message, with the line.
    TempFile bad("bad.jsonl",
                 "{\"fingerprint\":\"f\",\"format\":1,\"type\":\"header\"}\nnot json\n{}\n");
    v = check_path(bad.path());
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::Unreadable);
    EXPECT_NE(v[0].message.find(":2: not a JSON line"), std::string::npos) << v[0].message;
}

TEST(Formats, JsonRecordsOneArrayOrOnePerLine) {
    const Rules rules = Rules::load("minichess");
    const auto a = referee::match::to_json(random_game(rules, 1));
    const auto b = referee::match::to_json(random_game(rules, 2));
    auto v = check_text("one.json", a.dump(2));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_TRUE(v[0].checks_out()) << v[0].message;
    EXPECT_EQ(v[0].label, "record 1");
    v = check_text("array.json", nlohmann::json::array({a, b}).dump(2));
    ASSERT_EQ(v.size(), 2u);
    EXPECT_TRUE(v[1].checks_out()) << v[1].message;
    v = check_text("lines.jsonl", a.dump() + "\n\n" + b.dump() + "\n");
    ASSERT_EQ(v.size(), 2u);
    EXPECT_TRUE(v[1].checks_out()) << v[1].message;
    EXPECT_EQ(v[1].line, 3);

    // The final position is checked too.
    auto moved = a;
    moved["final_fen"] = "5/5/5/5/5/5 w - - 0 1";
    v = check_text("fen.json", moved.dump());
    EXPECT_EQ(v[0].problem, Problem::BoardMismatch) << v[0].message;

    // Not a game record at all.
    v = check_text("other.json", "{\"hello\": 1}");
    EXPECT_EQ(v[0].problem, Problem::Unreadable);
    EXPECT_NE(v[0].message.find("not a game record"), std::string::npos) << v[0].message;
}

TEST(Formats, AMissingFileIsReported) {
    referee::check::Checker checker("");
    const std::string error =
        checker.check_file("/nonexistent/games.pgn", [](const auto&, const auto&) {});
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    EXPECT_FALSE(checker.summary().all_check_out());
}

}  // namespace
