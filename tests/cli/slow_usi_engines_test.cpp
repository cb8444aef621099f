// Fairy-Stockfish over USI (started with `usi`, told the variant with UCI_Variant, moves in
// USI's text) against Fairy-Stockfish over UCI, one game of each shogi-family variant shipped,
// through `referee play`: each game must end by the variant's own rules, never by an illegal
// or unreadable move, a clock or a protocol fault, so the USI text and the rules agree on
// every move; `referee check` then replays the game's record legally. Skipped where
// Fairy-Stockfish is not installed; slow.
#include <filesystem>
#include <ostream>
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::run_referee;

using referee::test::kFairyStockfish;

struct Sides {
    const char* variant;
    bool usi_white;  // which side speaks USI: each variant is played once, sides alternating
};

// What gtest prints for a row (else "16-byte object <...>").
void PrintTo(const Sides& s, std::ostream* os) {
    *os << s.variant << (s.usi_white ? ", USI as White" : ", USI as Black");
}

class SlowUsiEngines : public ::testing::TestWithParam<Sides> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kFairyStockfish))
            GTEST_SKIP() << kFairyStockfish
                         << " is not installed (apt-get install fairy-stockfish)";
    }
};

TEST_P(SlowUsiEngines, FairyStockfishOverUsiPlaysAGameToTheVariantsOwnEnd) {
    const auto [variant, usi_white] = GetParam();
    const std::string usi =
        std::string("cmd=") + kFairyStockfish + " proto=usi name=Fairy-Stockfish-USI";
    const std::string uci = "fairy-stockfish";
    referee::test::TempDir dir;
    const auto r = run_referee({"play", variant, "--white", usi_white ? usi : uci, "--black",
                                usi_white ? uci : usi, "--st", "0.02", "--margin", "2", "--quiet",
                                "--out", (dir.path() / "game").string()});
    ASSERT_EQ(r.exit_code, 0) << variant << "\n" << r.out << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(\((\S+)\))")))
        << variant << ": no result reason in\n"
        << r.out;
    // The shogi family ends by mate, by having no move, or drawn by repetition or the
    // move limit, and dobutsu also by a lion reaching the far rank (region); anything else
    // (illegal-move, time-forfeit, false-claim...) is a fault.
    EXPECT_TRUE(
        std::regex_match(m[1].str(), std::regex("checkmate|no-legal-moves|repetition|move-limit|"
                                                "perpetual-check|n-move-rule|region")))
        << variant << " ended by '" << m[1].str() << "', not by its rules:\n"
        << r.out << r.err;
    const auto checked = run_referee({"check", (dir.path() / "game.pgn").string()});
    EXPECT_NE(checked.out.find(": 1 ok,"), std::string::npos) << variant << "\n"
                                                              << checked.out << checked.err;
}

INSTANTIATE_TEST_SUITE_P(SlowShogiFamily, SlowUsiEngines,
                         ::testing::Values(Sides{"minishogi", true}, Sides{"shogi", false},
                                           Sides{"judkins", true}, Sides{"gorogoro", false},
                                           Sides{"euroshogi", true}, Sides{"dobutsu", false},
                                           Sides{"micro", true}),
                         [](const auto& info) { return std::string(info.param.variant); });

}  // namespace

namespace {

// The README's own example, on a clock: Fairy-Stockfish 11.1 over USI, told its clock where
// it reads it (wtime for the side that moves first, known by its id name), plays to the
// variant's end instead of losing on time.
TEST(SlowUsiReadme, TheReadmesMinishogiExampleEndsByTheRules) {
    if (!std::filesystem::exists(kFairyStockfish))
        GTEST_SKIP() << kFairyStockfish << " is not installed (apt-get install fairy-stockfish)";
    const auto r = run_referee({"play", "minishogi", "--white",
                                std::string("cmd=") + kFairyStockfish + " proto=usi", "--black",
                                "fairy-stockfish", "--tc", "10+0.1", "--quiet",
                                // A clock read from the wrong field costs seconds; a loaded
                                // machine's scheduling, tenths (it lost once at load 7).
                                "--margin", "1"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(\((\S+)\))"))) << r.out;
    EXPECT_TRUE(std::regex_match(m[1].str(), std::regex("checkmate|no-legal-moves|repetition|"
                                                        "move-limit|perpetual-check|n-move-rule")))
        << "ended by '" << m[1].str() << "', not by the rules:\n"
        << r.out << r.err;
}

}  // namespace
