// `referee watch DIR` as a user starts it: together with the tournament, before the
// tournament has made its output folder.
#include <chrono>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "referee/tournament/journal.hpp"
#include "tests/support/background.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::Background;
using referee::test::TempDir;
using namespace std::chrono_literals;

TEST(WatchCommand, WaitsForAFolderThatDoesNotExistYet) {
    TempDir dir;
    const auto out = dir.path() / "out";
    Background watcher(REFEREE_BIN_DIR "/referee", {"watch", out.string(), "--port", "0"},
                       dir.path(), "watch");
    ASSERT_TRUE(watcher.wait_for_output("waiting for", 20s)) << watcher.err();
    std::filesystem::create_directories(out);
    {
        referee::tournament::JournalWriter journal((out / "journal.jsonl").string(), "fp");
        referee::match::GameRecord game;
        game.variant = "minichess";
        game.white = "a";
        game.black = "b";
        journal.append(0, game);
    }
    EXPECT_TRUE(watcher.wait_for_output("live page ", 30s)) << watcher.out() << watcher.err();
}

TEST(WatchCommand, SaysWhenTheFolderNeverAppears) {
    TempDir dir;
    const auto r = referee::test::run_referee(
        {"watch", (dir.path() / "never").string(), "--port", "0", "--wait", "0.2"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("did not appear in 0.2 s"), std::string::npos) << r.err;
}

TEST(WatchCommand, AFileIsNotAFolder) {
    TempDir dir;
    const auto file = dir.path() / "file";
    { std::ofstream(file) << "x"; }
    const auto r = referee::test::run_referee({"watch", file.string(), "--port", "0"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("is not a folder"), std::string::npos) << r.err;
}

}  // namespace
