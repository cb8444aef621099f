// `referee validate` as a student runs it: the exit code, the printed report card and the
// JSON file.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

namespace {

struct Run {
    int exit_code = -1;
    std::string output;
};

Run referee(const std::string& args) {
    Run run;
    const std::string command = std::string(REFEREE_BIN_DIR) + "/referee " + args + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return run;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        run.output.append(buffer, n);
    const int status = ::pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
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
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find("PASS  rule-promotion"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("conforms"), std::string::npos);
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
    EXPECT_EQ(run.exit_code, 1) << run.output;
    // The reproduce line names the referee by its full path: it runs from any directory.
    const std::string reproduce = "reproduce  " + std::string(REFEREE_BIN_DIR) + "/referee play";
    for (const std::string& part :
         {std::string("FAIL  start-position"), std::string("illegal move"), std::string("board"),
          std::string("RNBQK"), std::string("? 00:03.000 00:03.000"), reproduce})
        EXPECT_NE(run.output.find(part), std::string::npos) << part << "\n" << run.output;
    std::ifstream in(json_path);
    ASSERT_TRUE(in);
    const auto j = nlohmann::json::parse(in);
    EXPECT_FALSE(j["passed"].get<bool>());
    EXPECT_EQ(j["probes"][1]["verdict"], "FAIL");
    EXPECT_EQ(j["probes"][1]["evidence"]["expected_moves"].size(),
              7u);  // MinitChess's start: 7 moves
    std::filesystem::remove(json_path);
}

TEST(ValidateCli, BadArgumentsAreOneClearLine) {
    const auto bad_probe = referee("validate --variant minitchess --engine random --only castles");
    EXPECT_EQ(bad_probe.exit_code, 1);
    EXPECT_NE(bad_probe.output.find("there is no probe 'castles'"), std::string::npos)
        << bad_probe.output;
    const auto bad_protocol =
        referee("validate --variant minitchess --engine random --protocol xboard");
    EXPECT_EQ(bad_protocol.exit_code, 1);
    EXPECT_NE(bad_protocol.output.find("unknown protocol 'xboard'"), std::string::npos)
        << bad_protocol.output;
}

}  // namespace
