// What the user reads, whole: each test compares a run of the referee with its snapshot in
// tests/snapshots/cli/ (REFEREE_UPDATE_SNAPSHOTS=1 rewrites them; see tests/support/snapshot.hpp).
#include <filesystem>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/snapshot.hpp"

namespace {

using referee::test::referee_matches_snapshot;

const std::string kCliData = std::string(REFEREE_TEST_DATA_DIR) + "/cli/";

std::set<std::string> shipped_variants() {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(REFEREE_VARIANT_DIR))
        if (entry.path().extension() == ".yaml") names.insert(entry.path().stem().string());
    return names;
}

TEST(CliSnapshot, VariantsList) {
    EXPECT_TRUE(referee_matches_snapshot("variants-list", {"variants"}));
}

TEST(CliSnapshot, VariantsShowEveryShippedVariant) {
    const auto names = shipped_variants();
    ASSERT_GE(names.size(), 5u) << "the variants folder " << REFEREE_VARIANT_DIR;
    for (const auto& name : names)
        EXPECT_TRUE(referee_matches_snapshot("variants-show-" + name, {"variants", "show", name}));
}

// docs/probes.md is what `referee validate --list-probes` prints for the shipped variants:
// a new variant or rule feature changes the table, and the failure says how to write it.
TEST(CliSnapshot, TheProbeTableInDocsIsCurrent) {
    const auto run =
        referee::test::run_shell("env -u REFEREE_VARIANTS " + std::string(REFEREE_BIN_DIR) +
                                 "/referee validate --list-probes");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_TRUE(referee::test::matches_file(
        std::string(REFEREE_SOURCE_DIR) + "/docs/probes.md", run.out,
        "regenerate it: env -u REFEREE_VARIANTS build/bin/referee validate --list-probes > "
        "docs/probes.md"));
}

TEST(CliSnapshot, Perft) {
    // Counts only: the order of --divide's lines follows move generation, which may change
    // (referee_cli_test.cpp checks them sorted).
    EXPECT_TRUE(referee_matches_snapshot("perft-minichess-4", {"perft", "minichess", "4"}));
}

TEST(SlowCliSnapshot, ValidateCardOfTheRandomEngine) {
    // The random engine with its default seed plays the same moves every run; times and
    // the engine's path are normalised.
    EXPECT_TRUE(referee_matches_snapshot(
        "validate-random-minichess",
        {"validate", "--variant", "minichess", "--engine", "random", "--only",
         "handshake,start-position,after-moves,rule-promotion,rule-king-capture"}));
}

TEST(CliSnapshot, OneLineErrors) {
    EXPECT_TRUE(referee_matches_snapshot("error-bad-fen", {"perft", "minichess", "2", "--fen",
                                                           "kqbnr/ppppp/5/PPPPP/RNBQK w - - 0 1"}));
    EXPECT_TRUE(referee_matches_snapshot("error-unknown-variant", {"moves", "no-such-variant"}));
    EXPECT_TRUE(referee_matches_snapshot("error-unknown-variant-show",
                                         {"variants", "show", "no-such-variant"}));
    EXPECT_TRUE(referee_matches_snapshot("error-bad-betza",
                                         {"perft", kCliData + "broken-betza.yaml", "1"}));
    EXPECT_TRUE(referee_matches_snapshot("error-unknown-yaml-key",
                                         {"perft", kCliData + "unknown-key.yaml", "1"}));
    EXPECT_TRUE(referee_matches_snapshot("error-bad-board-dump",
                                         {"moves", "minitchess", "--board", "-"},
                                         "1 W\nkqbnr\nppppp\n.....\nPPPPP\nRNBQK\n"));
}

}  // namespace
