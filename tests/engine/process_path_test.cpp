// An engine that runs another program by name (Debian's gnuchessx runs gnuchess) finds it
// through the PATH the referee gives it: one its user can search, with the folders the
// referee itself finds engines in; and when the lookup or the exec fails, the exit is
// explained as that, not as a refused write.
#include <stdlib.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

#include "referee/engine/process/process.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using referee::engine::EngineProcess;
using referee::engine::ExitInfo;
using referee::engine::ProcessSpec;
using referee::test::TempDir;

void write_file(const fs::path& path, const std::string& text, fs::perms mode) {
    std::ofstream(path) << text;
    fs::permissions(path, mode);
}

// The referee's PATH while a test runs: a folder closed to others first, as a root shell's
// PATH often has (/root/.cargo/bin), then the system's; neither holds the engine's folder.
class EnginePath : public ::testing::Test {
  protected:
    void SetUp() override {
        if (const char* p = std::getenv("PATH")) saved_ = p;
        fs::create_directories(dir_ / "private");
        fs::permissions(dir_ / "private", fs::perms::owner_all);
        fs::create_directories(dir_ / "engine");
        ::setenv("PATH", ((dir_ / "private").string() + ":/usr/bin:/bin").c_str(), 1);
    }
    void TearDown() override {
        if (saved_)
            ::setenv("PATH", saved_->c_str(), 1);
        else
            ::unsetenv("PATH");
    }

    // engine/run.sh, which runs `program` by name, started as an engine; its stdout lines.
    std::vector<std::string> run(
        const std::string& program, ExitInfo& info,
        referee::engine::Sandbox sandbox = referee::engine::Sandbox::None) {
        write_file(dir_ / "engine" / "run.sh", "#!/bin/sh\n" + program + "\n",
                   fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                       fs::perms::others_read | fs::perms::others_exec);
        ProcessSpec spec;
        spec.command = (dir_ / "engine" / "run.sh").string();
        spec.sandbox = sandbox;
        boost::asio::io_context io;
        EngineProcess p(io, spec);
        std::vector<std::string> lines;
        std::optional<ExitInfo> exit;
        p.set_line_handler([&](std::string_view line) { lines.emplace_back(line); });
        p.set_exit_handler([&](const ExitInfo& i) { exit = i; });
        p.start();
        const auto deadline = std::chrono::steady_clock::now() + 20s;
        while (!exit && std::chrono::steady_clock::now() < deadline) {
            io.restart();
            if (io.run_for(5ms) == 0) std::this_thread::sleep_for(1ms);
        }
        EXPECT_TRUE(exit.has_value()) << program;
        if (exit) info = *exit;
        return lines;
    }

    TempDir dir_;
    std::optional<std::string> saved_;
};

// Under bwrap where it runs here (the sandbox of the first report), else without.
referee::engine::Sandbox best_sandbox() {
    return referee::engine::sandbox_support().bwrap ? referee::engine::Sandbox::Bwrap
                                                    : referee::engine::Sandbox::None;
}

TEST_F(EnginePath, AScriptFindsAProgramBesideItByName) {
    write_file(dir_ / "engine" / "referee-path-helper", "#!/bin/sh\necho helper ran\n",
               fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                   fs::perms::others_read | fs::perms::others_exec);
    ExitInfo info;
    EXPECT_EQ(run("exec referee-path-helper", info), std::vector<std::string>{"helper ran"})
        << info.description;
    EXPECT_EQ(info.exit_code, 0) << info.description;
}

TEST_F(EnginePath, AProgramNotFoundIsSaidSo) {
    ExitInfo info;
    run("referee-no-such-program --xboard", info, best_sandbox());
    EXPECT_EQ(info.exit_code, 127) << info.description;
    EXPECT_NE(info.description.find("after a program it runs could not be found"),
              std::string::npos)
        << info.description;
    EXPECT_NE(info.description.find("referee-no-such-program"), std::string::npos)
        << info.description;
    EXPECT_EQ(info.description.find("write was refused"), std::string::npos) << info.description;
}

// Found, but not executable: the shell's "Permission denied" is no refused write.
TEST_F(EnginePath, AProgramThatCannotBeRunIsSaidSo) {
    write_file(dir_ / "engine" / "referee-path-helper", "#!/bin/sh\necho helper ran\n",
               fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                   fs::perms::others_read);
    ExitInfo info;
    run("referee-path-helper --xboard", info, best_sandbox());
    // dash says so with 127, bash with 126.
    EXPECT_TRUE(info.exit_code == 126 || info.exit_code == 127) << info.description;
    EXPECT_NE(info.description.find("after a program it runs could not be run"), std::string::npos)
        << info.description;
    EXPECT_NE(info.description.find("referee-path-helper: Permission denied"), std::string::npos)
        << info.description;
    EXPECT_EQ(info.description.find("write was refused"), std::string::npos) << info.description;
}

}  // namespace
