// Janggi's own endings, played by Fairy-Stockfish against itself through the referee over
// UCI: from positions where a general's only legal move is to pass (sent to the engine as
// the general's square twice, e2e2), the engine passes and the other side, told the pass,
// plays on; and a pass while the generals face each other ends the game by bikjang, counted
// on points. Both colours pass. Skipped where Fairy-Stockfish is not installed.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

struct JanggiCase {
    const char* what;
    const char* fen;
    const char* first_uci;  // the pass
    const char* result;
    const char* reason_key;
};

// Each general's every step is attacked by the other side's chariots, and nothing else of
// its side can move: passing is its one legal move. With a soldier between the generals the
// other side then mates; without it the generals face each other, and the pass is bikjang.
const JanggiCase kJanggiCases[] = {
    {"White passes, Black mates", "9/4k4/9/3r1r3/4p4/9/9/r8/4K4/r8 w - - 0 1", "e2e2", "0-1",
     "checkmate"},
    {"Black passes, White mates", "R8/4k4/R8/9/9/4P4/3R1R3/9/4K4/9 b - - 0 1", "e9e9", "1-0",
     "checkmate"},
    {"White passes facing Black's general", "9/4k4/9/3r1r3/9/9/9/r8/4K4/r8 w - - 0 1", "e2e2",
     "0-1", "bikjang"},
};

class FairyStockfishJanggi : public ::testing::TestWithParam<JanggiCase> {};

TEST_P(FairyStockfishJanggi, PassesAndBikjangEndTheGameByTheRules) {
    if (!std::filesystem::exists(referee::test::kFairyStockfish))
        GTEST_SKIP() << referee::test::kFairyStockfish
                     << " is not installed (apt-get install fairy-stockfish)";
    const JanggiCase& c = GetParam();
    referee::test::TempDir dir;
    const auto out = dir.path() / "game";
    const auto r = referee::test::run_referee(
        {"play", "janggi", "--fen", c.fen, "--white", "fairy-stockfish", "--black",
         "fairy-stockfish", "--st", "0.05", "--margin", "2", "--quiet", "--out", out.string()});
    ASSERT_EQ(r.exit_code, 0) << c.what << "\n" << r.out << r.err;
    const auto record = nlohmann::json::parse(referee::test::read_text(dir.path() / "game.json"));
    ASSERT_FALSE(record["moves"].empty()) << c.what;
    EXPECT_EQ(record["moves"][0]["uci"], c.first_uci) << c.what;
    EXPECT_EQ(record["moves"][0]["san"], "pass") << c.what;
    EXPECT_EQ(record["termination"], "rules") << c.what << "\n" << r.out;
    EXPECT_EQ(record["reason_key"], c.reason_key) << c.what << "\n" << r.out;
    EXPECT_EQ(record["result"], c.result) << c.what << "\n" << r.out;
}

INSTANTIATE_TEST_SUITE_P(Janggi, FairyStockfishJanggi, ::testing::ValuesIn(kJanggiCases),
                         [](const auto& info) { return "case" + std::to_string(info.index); });

}  // namespace
