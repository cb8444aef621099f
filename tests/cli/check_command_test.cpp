// `referee check` as a user runs it: a line per game, a summary, --quiet, --json, --variant,
// and the exit code (0 only when every game checks out).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace {

namespace fs = std::filesystem;
using referee::test::run_referee;

const std::string kLogs = std::string(REFEREE_TEST_DATA_DIR) + "/imcs-server/server-gamelogs";

using referee::test::lines_of;

class CheckCommand : public testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        const auto path = dir_ / name;
        std::ofstream(path) << text;
        return path.string();
    }
    referee::test::TempDir dir_;
};

TEST_F(CheckCommand, ServerLogsCheckOut) {
    std::vector<std::string> args = {"check"};
    for (const auto& entry : fs::directory_iterator(kLogs)) args.push_back(entry.path().string());
    const auto r = run_referee(args);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), args.size());  // one per game, and the summary
    EXPECT_NE(lines.back().find(" 0 wrong"), std::string::npos) << lines.back();
    EXPECT_EQ(r.err, "");  // no progress when standard error is not a terminal
}

TEST_F(CheckCommand, AWrongGameFailsAndIsNamed) {
    const auto good = kLogs + "/1";
    const auto bad =
        write("bad.pgn", "[Variant \"minichess\"]\n[Result \"1-0\"]\n\n1. a3 b4 2. a5 1-0\n");
    auto r = run_referee({"check", good, bad});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    EXPECT_NE(lines[0].find("ok: 1-0 after ply 23"), std::string::npos) << lines[0];
    EXPECT_NE(
        lines[1].find(
            "bad.pgn:1 game 1 [minichess]: WRONG (illegal-move): ply 3, White: a5 is not legal"),
        std::string::npos)
        << lines[1];
    EXPECT_NE(lines[2].find("1 ok, 0 stopped"), std::string::npos) << lines[2];
    EXPECT_NE(lines[2].find("1 wrong (1 illegal-move)"), std::string::npos) << lines[2];

    // --quiet: only what does not check out, and the summary.
    r = run_referee({"check", "--quiet", good, bad});
    EXPECT_EQ(r.exit_code, 1);
    lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    EXPECT_NE(lines[0].find("WRONG"), std::string::npos);
}

TEST_F(CheckCommand, JsonOutput) {
    const auto bad = write("bad.pgn", "[Variant \"minichess\"]\n\n1. a3 b4 2. a5 *\n\n1. a3 *\n");
    const auto r = run_referee({"check", "--json", "--variant", "minitchess", kLogs + "/16", bad});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["games"].size(), 3u);
    EXPECT_EQ(j["games"][0]["status"], "ok");
    EXPECT_EQ(j["games"][0]["rules_reason"], "move-limit");
    EXPECT_EQ(j["games"][1]["status"], "wrong");
    EXPECT_EQ(j["games"][1]["problem"], "illegal-move");
    EXPECT_EQ(j["games"][1]["ply"], 3);
    // The second game names no variant: --variant gives it.
    EXPECT_EQ(j["games"][2]["variant"], "minitchess");
    EXPECT_EQ(j["games"][2]["status"], "stopped");
    EXPECT_EQ(j["summary"]["games"], 3);
    EXPECT_EQ(j["summary"]["wrong"], 1);
    EXPECT_EQ(j["summary"]["all_check_out"], false);
}

TEST_F(CheckCommand, MissingFileFails) {
    const auto r = run_referee({"check", (dir_ / "nothing.pgn").string()});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("nothing.pgn: cannot open the file"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 file(s) could not be read"), std::string::npos) << r.out;
}

}  // namespace
