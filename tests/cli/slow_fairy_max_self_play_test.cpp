// Fairy-Max against itself through the referee, in each catalogue variant that only
// Fairy-Max plays (Fairy-Stockfish 11.1 knows none of them, so no perft compares): `referee
// play VARIANT` with Fairy-Max as White and as Black (it is told the variant by its own name,
// the file's `names:`, or for Chess with Different Armies its `fairy` and the option that
// chooses the armies, `xboard_variant:`), whole games in which the referee accepts every
// move either side makes and the game ends by the variant's rules; `referee check` then
// reads the game's PGN back. Skipped where Fairy-Max is not installed; slow.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::run_referee;

const char* kFairyMax = "/usr/games/fairymax";

class SlowFairyMaxSelfPlay : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kFairyMax))
            GTEST_SKIP() << kFairyMax << " is not installed (apt-get install fairymax)";
    }
};

TEST_P(SlowFairyMaxSelfPlay, WholeGamesWithEveryMoveAccepted) {
    const std::string variant = GetParam();
    const std::string fairy_max = std::string("cmd=") + kFairyMax + " proto=xboard";
    referee::test::TempDir dir;
    // Two games: Fairy-Max's choices differ with its time, so the second is another game.
    for (const char* seconds : {"0.03", "0.1"}) {
        SCOPED_TRACE(std::string(variant) + " at " + seconds + " s a move");
        const auto out = dir.path() / (std::string("game-") + seconds);
        const auto r = run_referee({"play", variant, "--white", fairy_max + " name=fairymax-w",
                                    "--black", fairy_max + " name=fairymax-b", "--st", seconds,
                                    "--margin", "2", "--quiet", "--out", out.string()});
        ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
        std::ifstream json(out.string() + ".json");
        const auto record = nlohmann::json::parse(json);
        // Ended by the rules: no move refused, no clock, no crash.
        EXPECT_EQ(record["termination"], "rules") << r.out << record["reason"];
        // A real game, not one cut short; a quick mate is a real end too: in rookies-clobberers
        // Black, short of time at 0.03 s (depth 1, 3 nodes), answered 1. Hf4 with Ed6 and the
        // half-duck mated at once, 2. He5# (its threeleap to e8; Fairy-Max itself said +M1).
        const std::string reason = record.value("reason", "");
        EXPECT_TRUE(record["moves"].size() > 10u || reason.find("checkmated") != std::string::npos)
            << r.out << reason;
        const auto checked = run_referee({"check", out.string() + ".pgn"});
        EXPECT_NE(checked.out.find(": 1 ok,"), std::string::npos) << checked.out << checked.err;
    }
}

INSTANTIATE_TEST_SUITE_P(SlowFairyMax, SlowFairyMaxSelfPlay,
                         ::testing::Values("berolina", "light-brigade", "ciccolini", "great",
                                           "spartan", "fide-clobberers", "clobberers-fide",
                                           "fide-nutters", "nutters-fide", "fide-rookies",
                                           "rookies-fide", "clobberers-rookies",
                                           "rookies-clobberers", "clobberers-nutters",
                                           "nutters-clobberers", "nutters-rookies",
                                           "rookies-nutters", "mexican", "cylinder", "falcon",
                                           "super", "bifurcator", "team-mate"),
                         [](const auto& info) {
                             std::string name = info.param;
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return "v_" + name;
                         });

}  // namespace
