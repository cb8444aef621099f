// Every PGN the referee writes for chess is read by a real PGN reader, Debian's pgn-extract:
// each game's moves are replayed by it without an error, and each move carries at most one
// comment (several in a row are refused by common readers such as chess.js).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::read_text;

namespace fs = std::filesystem;
using referee::test::run_command;
using referee::test::run_referee;

const char* kPgnExtract = "/usr/games/pgn-extract";

int count_of(const std::string& text, const std::string& needle) {
    int n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

TEST(SlowPgnReader, PgnExtractReadsEveryChessGame) {
    if (!fs::exists(kPgnExtract))
        GTEST_SKIP() << "pgn-extract is not installed (.ci/setup.sh installs it)";
    const referee::test::TempDir scratch;
    const fs::path& dir = scratch.path();
    // An opening from a set-up position, so SetUp/FEN are read too; a broken engine, so
    // games end by a fault and by the rules, with reasons quoting engine text.
    std::ofstream(dir / "openings.fen")
        << "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n";
    std::ofstream(dir / "t.yaml")
        << "name: pgn\nvariant: chess\ngames_per_pairing: 2\ntime_control: 30+0\n"
           "openings: {file: openings.fen}\noutput: "
        << (dir / "out").string()
        << "\nengines:\n  - {cmd: random, name: a}\n  - {cmd: random, name: b}\n"
           // Braces doubled: arguments take {placeholders}; the engine gets "}{ e2e4 {x}".
           "  - {cmd: broken-garbage, name: g, args: [--text, \"}}{{ e2e4 {{x}}\"]}\n"
           // Scores in the move comments ("+0.35/2 0.002s ..."), and time odds: its games
           // have WhiteTimeControl and BlackTimeControl tags.
           "  - {cmd: alphabeta, name: s, depth: 2, tc: 20+0}\n";
    const auto r = run_referee({"tournament", (dir / "t.yaml").string(), "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
    const fs::path pgn = dir / "out" / "games.pgn";
    const std::string text = read_text(pgn);
    const int games = count_of(text, "[Event ");
    ASSERT_EQ(games, 12) << text;
    EXPECT_EQ(count_of(text, "[WhiteTimeControl \"20\"]"), 3) << text;
    EXPECT_TRUE(std::regex_search(text, std::regex(R"(\{[+-](\d+\.\d\d|M\d+)/2 \d+\.\d{3}s)")))
        << text;

    // No comment follows another comment directly.
    EXPECT_FALSE(std::regex_search(text, std::regex(R"(\}\s*\{)"))) << text;

    const auto checked = run_command(kPgnExtract, {"-s", "-r", pgn.string()});
    EXPECT_EQ(checked.exit_code, 0) << checked.err;
    EXPECT_EQ(checked.err, "") << "pgn-extract found errors:\n" << checked.err;
    EXPECT_EQ(checked.out, "");
    // And it extracts them all, moves included.
    const auto extracted =
        run_command(kPgnExtract, {"-s", "-o", (dir / "copy.pgn").string(), pgn.string()});
    EXPECT_EQ(extracted.err, "") << extracted.err;
    const std::string copy = read_text(dir / "copy.pgn");
    EXPECT_EQ(count_of(copy, "[Event "), games) << copy;
}

}  // namespace
