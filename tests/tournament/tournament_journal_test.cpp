// The journal: what was appended is read back; a line torn by a crash is dropped; a
// damaged line elsewhere is an error naming the line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "referee/tournament/journal.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::tournament {
namespace {

using referee::test::TempDir;

namespace fs = std::filesystem;

match::GameRecord game(const std::string& white, const std::string& black,
                       rules::GameResult result) {
    match::GameRecord g;
    g.variant = "minitchess";
    g.white = white;
    g.black = black;
    g.start_fen = "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1";
    g.moves.push_back({"a2-a3", "a2a3", "a3", 12, 1988, false});
    g.result = result;
    g.termination = match::Termination::Crash;
    g.reason_key = "crash";
    g.reason = "Black (b) crashed: killed by signal 11 (Segmentation fault)";
    g.at_fault = rules::Black;
    return g;
}

TEST(Journal, RoundTripsGames) {
    TempDir dir;
    const auto path = (dir.path() / "j.jsonl").string();
    {
        JournalWriter w(path, "abc");
        w.append(3, game("a", "b", rules::GameResult::WhiteWins));
        w.append(0, game("b", "a", rules::GameResult::Draw));
    }
    auto j = read_journal(path);
    EXPECT_EQ(j.fingerprint, "abc");
    ASSERT_EQ(j.games.size(), 2u);
    EXPECT_EQ(j.games.at(3).white, "a");
    EXPECT_EQ(j.games.at(3).result, rules::GameResult::WhiteWins);
    EXPECT_EQ(j.games.at(3).termination, match::Termination::Crash);
    EXPECT_EQ(*j.games.at(3).at_fault, rules::Black);
    EXPECT_EQ(j.games.at(3).moves.at(0).clock_after_ms, 1988);
    EXPECT_EQ(j.games.at(0).result, rules::GameResult::Draw);
    EXPECT_FALSE(j.torn_tail);
}

TEST(Journal, ATornLastLineIsDroppedAndCutBeforeTheNextAppend) {
    TempDir dir;
    const auto path = (dir.path() / "j.jsonl").string();
    {
        JournalWriter w(path, "abc");
        w.append(0, game("a", "b", rules::GameResult::WhiteWins));
    }
    std::ofstream(path, std::ios::app)
        << R"({"type":"game","slot":1,"game":{"variant":"mini)";  // kill -9 mid-write
    auto j = read_journal(path);
    EXPECT_TRUE(j.torn_tail);
    EXPECT_EQ(j.games.size(), 1u);
    {
        JournalWriter w(path, "abc");
        w.append(1, game("b", "a", rules::GameResult::BlackWins));
    }
    j = read_journal(path);
    EXPECT_FALSE(j.torn_tail);
    EXPECT_EQ(j.games.size(), 2u);
    EXPECT_EQ(j.games.at(1).result, rules::GameResult::BlackWins);
}

TEST(Journal, ADamagedLineInTheMiddleIsAnErrorNamingTheLine) {
    TempDir dir;
    const auto path = (dir.path() / "j.jsonl").string();
    {
        JournalWriter w(path, "abc");
        w.append(0, game("a", "b", rules::GameResult::WhiteWins));
    }
    std::ofstream(path, std::ios::app) << "not json\n";
    {
        JournalWriter w(path, "abc");
        w.append(1, game("a", "b", rules::GameResult::WhiteWins));
    }
    try {
        read_journal(path);
        FAIL() << "a damaged line was accepted";
    } catch (const JournalError& e) {
        EXPECT_NE(std::string(e.what()).find(path + ":3:"), std::string::npos) << e.what();
    }
}

TEST(Journal, AFileWithoutHeaderIsRefused) {
    TempDir dir;
    const auto path = (dir.path() / "j.jsonl").string();
    std::ofstream(path) << "{\"type\":\"game\",\"slot\":0,\"game\":{}}\n";
    EXPECT_THROW(read_journal(path), JournalError);
}

}  // namespace
}  // namespace referee::tournament
