// `referee validate` as a student runs it: the exit code, the printed report card and the
// JSON file.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include "tests/support/run_command.hpp"

namespace {

// Runs `referee ARGS` (shell text) with stderr joined to stdout, as a user sees it.
referee::test::CommandResult referee(const std::string& args) {
    return referee::test::run_referee_shell(args + " 2>&1");
}
std::string temp_file(const std::string& name) {
    return (std::filesystem::temp_directory_path() /
            (name + "-" + std::to_string(::getpid()) + ".json"))
        .string();
}

TEST(ValidateCli, AConformingEngineExitsZeroAndWritesTheJson) {
    const auto json_path = temp_file("validate-random");
    const auto run = referee(
        "validate --variant minitchess --engine random --only start-position,rule-promotion,quit "
        "--json " +
        json_path);
    EXPECT_EQ(run.exit_code, 0) << run.out;
    EXPECT_NE(run.out.find("PASS  rule-promotion"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("conforms"), std::string::npos);
    std::ifstream in(json_path);
    ASSERT_TRUE(in) << "no JSON written";
    const auto j = nlohmann::json::parse(in);
    EXPECT_TRUE(j["passed"].get<bool>());
    EXPECT_EQ(j["variant"], "minitchess");
    ASSERT_EQ(j["probes"].size(), 4u);  // the handshake always runs
    EXPECT_EQ(j["probes"][0]["name"], "handshake");
    std::filesystem::remove(json_path);
}

TEST(ValidateCli, AFailingEngineExitsOneWithTheEvidence) {
    const auto json_path = temp_file("validate-illegal");
    const auto run = referee(
        "validate --variant minitchess --engine broken-illegal --protocol imcs --only "
        "start-position --json " +
        json_path);
    EXPECT_EQ(run.exit_code, 1) << run.out;
    // The reproduce line names the referee by its full path: it runs from any directory.
    const std::string reproduce = "reproduce  " + std::string(REFEREE_BIN_DIR) + "/referee play";
    for (const std::string& part :
         {std::string("FAIL  start-position"), std::string("illegal move"), std::string("board"),
          std::string("RNBQK"), std::string("? 00:03.000 00:03.000"), reproduce})
        EXPECT_NE(run.out.find(part), std::string::npos) << part << "\n" << run.out;
    std::ifstream in(json_path);
    ASSERT_TRUE(in);
    const auto j = nlohmann::json::parse(in);
    EXPECT_FALSE(j["passed"].get<bool>());
    EXPECT_EQ(j["probes"][1]["verdict"], "FAIL");
    EXPECT_EQ(j["probes"][1]["evidence"]["expected_moves"].size(),
              7u);  // MinitChess's start: 7 moves
    std::filesystem::remove(json_path);
}

TEST(ValidateCli, ADepthLimitIsSentWithEachMoveAndKeptInTheReproduceLine) {
    const auto run = referee(
        "validate --variant minitchess --engine broken-illegal --only start-position --depth 3");
    EXPECT_EQ(run.exit_code, 1) << run.out;
    // The evidence's transcript holds the `go` the engine was sent; the reproduce line plays
    // the same game with the same limit.
    EXPECT_NE(run.out.find("go wtime"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" depth 3"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("--max-plies 1 --depth 3"), std::string::npos) << run.out;
    // IMCS has no way to say it: refused before anything starts.
    const auto imcs =
        referee("validate --variant minitchess --engine random --protocol imcs --depth 3");
    EXPECT_EQ(imcs.exit_code, 1) << imcs.out;
    EXPECT_NE(imcs.out.find("--depth 3: a depth limit is sent with UCI's 'go' or xboard's 'sd'; "
                            "this engine speaks IMCS"),
              std::string::npos)
        << imcs.out;
}

TEST(ValidateCli, BadArgumentsAreOneClearLine) {
    const auto bad_probe = referee("validate --variant minitchess --engine random --only castles");
    EXPECT_EQ(bad_probe.exit_code, 1);
    EXPECT_NE(bad_probe.out.find("there is no probe 'castles'"), std::string::npos)
        << bad_probe.out;
    const auto bad_protocol =
        referee("validate --variant minitchess --engine random --protocol winboard");
    EXPECT_EQ(bad_protocol.exit_code, 1);
    EXPECT_NE(bad_protocol.out.find("unknown protocol 'winboard'"), std::string::npos)
        << bad_protocol.out;
}

}  // namespace
