// A root referee run with a private TMPDIR (TMPDIR=$(mktemp -d), 0700, as CI scripts do) and
// a private output folder still starts its engines, which run as users of their own: their
// folders go where those users can reach them.
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

TEST(PrivateTempFolder, ARootRefereeStartsItsEnginesAsUsersOfTheirOwn) {
    if (::geteuid() != 0)
        GTEST_SKIP() << "engines get users of their own only under a root referee";
    const std::string engine = std::string(REFEREE_BIN_DIR) + "/random-engine";
    if (!referee::engine::reachable_by_others(engine, ""))
        GTEST_SKIP() << engine << " is not open to other users here: it would keep root's user";
    const referee::test::TempDir dir;
    fs::create_directories(dir / "tmp");
    fs::create_directories(dir / "out");
    fs::permissions(dir / "tmp", fs::perms::owner_all);
    fs::permissions(dir / "out", fs::perms::owner_all);
    const auto r = referee::test::run_command(
        "/usr/bin/env",
        {"TMPDIR=" + (dir / "tmp").string(), std::string(REFEREE_BIN_DIR) + "/referee", "play",
         "minichess", "--white", "random", "--black", "random", "--st", "0.05", "--max-plies", "6",
         "--quiet", "--out", (dir / "out" / "game").string()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("failed to start"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("result "), std::string::npos) << r.out;
    EXPECT_EQ(r.err.find("Permission denied"), std::string::npos) << r.err;
    // Said once, and no engine kept root's user for it.
    EXPECT_NE(r.err.find("note: engines' folders go under "), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("runs as root, not as a user of its own"), std::string::npos) << r.err;
    // The sandbox's probe runs where an engine would: bwrap, where it runs here, still does.
    if (referee::engine::sandbox_support().bwrap) {
        EXPECT_EQ(r.err.find("bwrap cannot create its namespaces"), std::string::npos) << r.err;
    }
}

}  // namespace
