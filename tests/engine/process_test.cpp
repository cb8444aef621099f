// The engine-process layer against ordinary system programs standing in for misbehaving
// engines. Every test must leave no child, zombie or process group behind; the fixture checks.
#include "referee/engine/process/process.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

#include "referee/engine/engine_config.hpp"
#include "referee/engine/process/line_buffer.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using namespace std::chrono_literals;
using referee::engine::EngineProcess;
using referee::engine::ExitInfo;
using referee::engine::FaultKind;
using referee::engine::LineBuffer;
using referee::engine::ProcessSpec;
using referee::engine::StartError;
using Clock = std::chrono::steady_clock;

ProcessSpec program(std::string command, std::vector<std::string> args = {}) {
    ProcessSpec spec;
    spec.command = std::move(command);
    spec.args = std::move(args);
    return spec;
}

ProcessSpec shell(std::string script) {
    return program("/bin/sh", {"-c", std::move(script)});
}

template <class Pred>
bool run_until(asio::io_context& io, Pred done, std::chrono::milliseconds timeout = 10s) {
    auto deadline = Clock::now() + timeout;
    while (!done()) {
        if (Clock::now() >= deadline) return false;
        io.restart();
        if (io.run_for(5ms) == 0) std::this_thread::sleep_for(1ms);
    }
    return true;
}

// Killed members of a group may linger as zombies when they were reparented to an init that
// does not reap; those are dead for our purpose.
bool group_alive(pid_t pgid) {
    if (::kill(-pgid, 0) == -1 && errno == ESRCH) return false;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "stat");
        std::string stat;
        if (!std::getline(in, stat)) continue;
        auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        char state = 0;
        int ppid = 0, group = 0;
        if (std::sscanf(stat.c_str() + close + 2, "%c %d %d", &state, &ppid, &group) != 3) continue;
        if (group == pgid && state != 'Z') return true;
    }
    return false;
}

bool group_gone_within(pid_t pgid, std::chrono::milliseconds timeout) {
    auto deadline = Clock::now() + timeout;
    while (group_alive(pgid)) {
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

struct Probe {
    std::vector<std::string> lines;
    std::vector<std::string> faults;
    std::optional<ExitInfo> exit;
    int exits = 0;

    void attach(EngineProcess& p) {
        p.set_line_handler([this](std::string_view line) { lines.emplace_back(line); });
        p.set_exit_handler([this](const ExitInfo& info) {
            exit = info;
            ++exits;
        });
        p.set_fault_handler([this](FaultKind f, std::string message) {
            EXPECT_EQ(f, FaultKind::LineTooLong);
            faults.push_back(std::move(message));
        });
    }
};

class EngineProcessTest : public ::testing::Test {
  protected:
    void TearDown() override {
        EXPECT_EQ(referee::engine::live_engine_groups(), 0u);
        int status = 0;
        errno = 0;
        EXPECT_EQ(::waitpid(-1, &status, WNOHANG), -1) << "a child was left behind";
        EXPECT_EQ(errno, ECHILD);
    }

    // Runs the engine to its exit and returns what the exit handler saw.
    ExitInfo run_to_exit(EngineProcess& p, Probe& probe, std::chrono::milliseconds timeout = 10s) {
        EXPECT_TRUE(run_until(
            io, [&] { return probe.exits > 0; }, timeout));
        EXPECT_EQ(probe.exits, 1);
        EXPECT_FALSE(p.running());
        return probe.exit.value_or(ExitInfo{});
    }

    std::string temp_file(const std::string& name, const std::string& content, mode_t mode) {
        const auto path = scratch / name;
        std::ofstream(path, std::ios::binary) << content;
        ::chmod(path.c_str(), mode);
        return path.string();
    }

    ~EngineProcessTest() override {
        for (auto& p : temp_files) fs::remove(p);
    }

    referee::test::TempDir scratch;

    asio::io_context io;
    std::vector<fs::path> temp_files;
};

TEST_F(EngineProcessTest, CatEchoesLinesInOrderAndCrLfIsStripped) {
    EngineProcess p(io, program("/bin/cat"));
    Probe probe;
    probe.attach(p);
    p.start();
    int written = 0;
    EXPECT_TRUE(p.write_line("hello", [&] { ++written; }));
    EXPECT_TRUE(p.write_line("a b  c", [&] { ++written; }));
    EXPECT_TRUE(p.write_line("crlf\r", [&] { ++written; }));
    EXPECT_TRUE(p.write_line(""));
    ASSERT_TRUE(run_until(io, [&] { return probe.lines.size() == 4; }));
    EXPECT_EQ(probe.lines, (std::vector<std::string>{"hello", "a b  c", "crlf", ""}));
    EXPECT_EQ(written, 3);
    EXPECT_LE(p.last_write_done(), Clock::now());
    EXPECT_GT(p.last_write_done(), Clock::now() - 10s);

    p.shutdown(5s);  // cat exits on its own once stdin is closed
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_EQ(info.exit_code, 0);
    EXPECT_FALSE(info.killed_by_referee);
    EXPECT_EQ(info.description, "exited with code 0");
    EXPECT_FALSE(p.write_line("too late"));
}

TEST_F(EngineProcessTest, BareNameIsFoundInPath) {
    EngineProcess p(io, program("echo", {"from", "path"}));
    Probe probe;
    probe.attach(p);
    p.start();
    EXPECT_EQ(run_to_exit(p, probe).exit_code, 0);
    EXPECT_EQ(probe.lines, std::vector<std::string>{"from path"});
}

TEST_F(EngineProcessTest, WorkingDirAndArgumentsReachTheChild) {
    auto spec = shell("pwd; printf '%s|' \"$@\"; echo");
    spec.args.insert(spec.args.end(), {"name", "two words", "*"});
    spec.working_dir = "/tmp";
    EngineProcess p(io, spec);
    Probe probe;
    probe.attach(p);
    p.start();
    run_to_exit(p, probe);
    EXPECT_EQ(probe.lines,
              (std::vector<std::string>{fs::canonical("/tmp").string(), "two words|*|"}));
}

// Memory is bounded by what a process can fill (RLIMIT_DATA), not by its address space,
// which a JVM reserves several times over (see limits.hpp).
TEST_F(EngineProcessTest, MemoryLimitBoundsDataNotAddressSpace) {
    auto spec = shell("ulimit -d; ulimit -v");
    spec.memory_limit_bytes = 512u << 20;
    EngineProcess p(io, spec);
    Probe probe;
    probe.attach(p);
    p.start();
    run_to_exit(p, probe);
    EXPECT_EQ(probe.lines, (std::vector<std::string>{"524288", "unlimited"}));
}

TEST_F(EngineProcessTest, TheDefaultLimitsBoundDataAndTellAJvmSo) {
    if (referee::engine::ResourceLimits::default_data_mb() == 0)
        GTEST_SKIP() << "a sanitizer build sets no default memory limit";
    EngineProcess p(io, shell("ulimit -d; ulimit -v; echo \"$JAVA_TOOL_OPTIONS\""));
    Probe probe;
    probe.attach(p);
    p.start();
    run_to_exit(p, probe);
    EXPECT_EQ(probe.lines, (std::vector<std::string>{"4194304", "unlimited", "-XX:MaxRAM=4096m"}));
}

// A JVM reserves its heap's maximum, class space and code cache up front and uses a small
// part: one told it may grow its heap to 8 GiB could not start under the 4 GiB address-space
// limit the referee once set by default, and starts under the default limits now.
TEST_F(EngineProcessTest, AJvmThatReservesMoreThanTheLimitStartsUnderTheDefaults) {
    if (referee::engine::ResourceLimits::default_data_mb() == 0)
        GTEST_SKIP() << "a sanitizer build sets no default memory limit";
    const auto java = referee::engine::find_in_path("java");
    if (!java) GTEST_SKIP() << "no java on PATH (Debian package default-jre-headless)";
    EngineProcess p(io, program(*java, {"-Xmx8g", "-version"}));
    Probe probe;
    probe.attach(p);
    p.start();
    const ExitInfo info = run_to_exit(p, probe, 30s);
    EXPECT_EQ(info.exit_code, 0) << info.description
                                 << "; stdout: " << (probe.lines.empty() ? "" : probe.lines.front())
                                 << "; stderr: " << p.stderr_tail();
}

void expect_start_error(asio::io_context& io, ProcessSpec spec, const std::string& reason) {
    EngineProcess p(io, spec);
    try {
        p.start();
        ADD_FAILURE() << "start() of " << spec.command << " did not throw";
    } catch (const StartError& e) {
        std::string what = e.what();
        EXPECT_NE(what.find("\"" + spec.command + "\""), std::string::npos) << what;
        EXPECT_NE(what.find(reason), std::string::npos) << what;
    }
    EXPECT_FALSE(p.running());
}

TEST_F(EngineProcessTest, MissingExecutableIsAStartError) {
    expect_start_error(io, program("/nonexistent/engine"), "No such file or directory");
}

TEST_F(EngineProcessTest, BareNameNotInPathIsAStartError) {
    expect_start_error(io, program("no-such-engine-zq7"), "not found in PATH");
}

TEST_F(EngineProcessTest, NonExecutableFileIsAStartError) {
    auto path = temp_file("noexec", "#!/bin/sh\necho hi\n", 0644);
    expect_start_error(io, program(path), "Permission denied");
}

TEST_F(EngineProcessTest, ExecFailureInsideTheChildIsAStartError) {
    // Executable bit set, but no format execve understands: only the child can find out.
    auto path = temp_file("garbage", std::string("\x7f\x01\x02garbage\n", 11), 0755);
    expect_start_error(io, program(path), "Exec format error");
}

TEST_F(EngineProcessTest, BadWorkingDirIsAStartError) {
    auto spec = program("/bin/cat");
    spec.working_dir = "/nonexistent/dir";
    expect_start_error(io, spec, "/nonexistent/dir");
}

TEST_F(EngineProcessTest, ExitCodeIsReported) {
    EngineProcess p(io, shell("exit 3"));
    Probe probe;
    probe.attach(p);
    p.start();
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_EQ(info.exit_code, 3);
    EXPECT_EQ(info.signal, 0);
    EXPECT_EQ(info.description, "exited with code 3");
}

TEST_F(EngineProcessTest, CrashSignalIsDescribed) {
    EngineProcess p(io, shell("kill -SEGV $$"));
    Probe probe;
    probe.attach(p);
    p.start();
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_EQ(info.signal, SIGSEGV);
    EXPECT_EQ(info.exit_code, -1);
    EXPECT_FALSE(info.killed_by_referee);
    EXPECT_EQ(info.description.rfind("killed by signal 11 (Segmentation fault)", 0), 0u)
        << info.description;
}

TEST_F(EngineProcessTest, CarriageReturnCountsTowardsTheCap) {
    auto spec = shell("printf '0123456789\\r\\n0123456789\\n01234567890\\nnever\\n'; sleep 1000");
    spec.max_line_bytes = 10;
    EngineProcess p(io, spec);
    Probe probe;
    probe.attach(p);
    p.start();
    ASSERT_TRUE(run_until(io, [&] { return !probe.faults.empty(); }));
    // The '\r' counts towards the cap: the first line is 11 bytes before its '\n'.
    EXPECT_EQ(probe.lines, std::vector<std::string>{});
    EXPECT_EQ(probe.faults, std::vector<std::string>{"line over 10 bytes"});
    p.kill();
    run_to_exit(p, probe);
    EXPECT_EQ(probe.faults.size(), 1u);
    EXPECT_TRUE(probe.lines.empty());
}

TEST_F(EngineProcessTest, LineOfExactlyTheCapIsDelivered) {
    auto spec = shell("printf '0123456789\\n01234567890\\nnever\\n'");
    spec.max_line_bytes = 10;
    EngineProcess p(io, spec);
    Probe probe;
    probe.attach(p);
    p.start();
    run_to_exit(p, probe);
    EXPECT_EQ(probe.lines, std::vector<std::string>{"0123456789"});
    EXPECT_EQ(probe.faults, std::vector<std::string>{"line over 10 bytes"});
}

TEST_F(EngineProcessTest, HugeLineWithoutNewlineIsCutOffWithBoundedMemory) {
    auto spec = shell("head -c 1000000 /dev/zero | tr '\\0' a; sleep 1000");
    spec.max_line_bytes = 1000;
    EngineProcess p(io, spec);
    Probe probe;
    probe.attach(p);
    p.start();
    ASSERT_TRUE(run_until(io, [&] { return !probe.faults.empty(); }));
    EXPECT_EQ(probe.faults, std::vector<std::string>{"line over 1000 bytes"});
    EXPECT_LE(p.peak_buffer_bytes(), 1000 + EngineProcess::kReadChunkBytes);
    EXPECT_GT(p.peak_buffer_bytes(), 1000u);
    p.shutdown(100ms);
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_TRUE(info.killed_by_referee);
    EXPECT_EQ(probe.faults.size(), 1u);
    EXPECT_TRUE(probe.lines.empty());
}

TEST_F(EngineProcessTest, FloodIsConsumedWithBoundedMemory) {
    EngineProcess p(io, program("/usr/bin/yes"));
    long lines = 0;
    bool all_y = true;
    int exits = 0;
    ExitInfo info;
    p.set_line_handler([&](std::string_view line) {
        ++lines;
        all_y = all_y && line == "y";
    });
    p.set_exit_handler([&](const ExitInfo& e) {
        info = e;
        ++exits;
    });
    p.start();
    pid_t pgid = p.pid();
    run_until(
        io, [] { return false; }, 1500ms);
    EXPECT_TRUE(p.running());
    EXPECT_GT(lines, 100000);
    EXPECT_TRUE(all_y);
    EXPECT_LE(p.peak_buffer_bytes(), ProcessSpec{}.max_line_bytes + EngineProcess::kReadChunkBytes);
    p.kill("flooding");
    ASSERT_TRUE(run_until(io, [&] { return exits == 1; }));
    EXPECT_TRUE(info.killed_by_referee);
    EXPECT_EQ(info.signal, SIGKILL);
    EXPECT_EQ(info.description, "killed by the referee: flooding");
    EXPECT_FALSE(group_alive(pgid));
}

TEST_F(EngineProcessTest, ShutdownKillsForkedChildrenHoldingThePipe) {
    EngineProcess p(io, shell("sleep 1000 & sleep 1000"));
    Probe probe;
    probe.attach(p);
    p.start();
    pid_t pgid = p.pid();
    run_until(
        io, [] { return false; }, 100ms);
    EXPECT_TRUE(group_alive(pgid));
    p.shutdown(200ms);
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_TRUE(info.killed_by_referee);
    EXPECT_TRUE(group_gone_within(pgid, 2s));
}

TEST_F(EngineProcessTest, GrandchildKeepingThePipeOpenIsKilledWhenTheEngineExits) {
    // The engine exits by itself; its background child would keep stdout open forever.
    EngineProcess p(io, shell("sleep 1000 & echo bye; exit 4"));
    Probe probe;
    probe.attach(p);
    p.start();
    pid_t pgid = p.pid();
    ExitInfo info = run_to_exit(p, probe, 3s);
    EXPECT_EQ(info.exit_code, 4);
    EXPECT_FALSE(info.killed_by_referee);
    EXPECT_EQ(probe.lines, std::vector<std::string>{"bye"});
    EXPECT_EQ(info.outlived.size(), 1u) << "the sleeping child was left behind";
    EXPECT_TRUE(group_gone_within(pgid, 2s));
}

TEST_F(EngineProcessTest, AChildEndingJustAfterTheEngineWasNotLeftBehind) {
    // As bwrap's process 1 of the sandbox may still be exiting when bwrap itself has gone
    // (seen under load): a child of the group that ends within a moment of its leader is not
    // reported as left behind.
    EngineProcess p(io, shell("(sleep 0.1) & exit 0"));
    Probe probe;
    probe.attach(p);
    p.start();
    pid_t pgid = p.pid();
    ExitInfo info = run_to_exit(p, probe, 3s);
    EXPECT_EQ(info.exit_code, 0);
    EXPECT_TRUE(info.outlived.empty()) << info.outlived.front();
    EXPECT_TRUE(group_gone_within(pgid, 2s));
}

TEST_F(EngineProcessTest, EscapedGrandchildIsContainedAndNamed) {
    // setsid leaves the process group, so the group kill misses it; it keeps stdout open.
    // The engine only exits once the escapee has announced itself (after its setsid). The
    // referee is a child subreaper, so the orphan becomes its child and is killed and reaped
    // when the engine ends, and the exit report names it.
    EngineProcess p(io, shell("setsid sh -c 'echo $$; exec sleep 1000' & read go; exit 0"));
    Probe probe;
    probe.attach(p);
    p.start();
    ASSERT_TRUE(run_until(io, [&] { return !probe.lines.empty(); }));
    pid_t escaped = std::stoi(probe.lines[0]);
    p.write_line("go");
    auto t0 = Clock::now();
    ExitInfo info = run_to_exit(p, probe, 5s);
    auto took = Clock::now() - t0;
    EXPECT_LT(took, 3s);
    EXPECT_EQ(info.exit_code, 0);
    ASSERT_EQ(info.escaped.size(), 1u);
    EXPECT_EQ(info.escaped[0].rfind(std::to_string(escaped) + " (", 0), 0u) << info.escaped[0];
    EXPECT_EQ(::kill(escaped, 0), -1) << "the escapee should have been killed and reaped";
}

TEST_F(EngineProcessTest, DoubleForkEscapeeIsContained) {
    // The middle process exits at once, so the escapee is nobody's descendant but ours.
    EngineProcess p(io, shell("(setsid sh -c 'echo $$; exec sleep 1000' &) ; read go; exit 0"));
    Probe probe;
    probe.attach(p);
    p.start();
    ASSERT_TRUE(run_until(io, [&] { return !probe.lines.empty(); }));
    pid_t escaped = std::stoi(probe.lines[0]);
    p.write_line("go");
    ExitInfo info = run_to_exit(p, probe, 5s);
    EXPECT_EQ(info.escaped.size(), 1u);
    EXPECT_EQ(::kill(escaped, 0), -1) << "the escapee should have been killed and reaped";
}

TEST_F(EngineProcessTest, EngineRunsInAScratchFolderOfItsOwnRemovedAfterwards) {
    EngineProcess p(io, shell("touch planted; pwd; read go"));
    Probe probe;
    probe.attach(p);
    p.start();
    ASSERT_TRUE(run_until(io, [&] { return !probe.lines.empty(); }));
    const std::string dir = probe.lines[0];
    EXPECT_NE(fs::path(dir), fs::current_path());
    EXPECT_TRUE(fs::exists(fs::path(dir) / "planted"));
    p.write_line("go");
    run_to_exit(p, probe);
    EXPECT_FALSE(fs::exists(dir)) << dir << " should have been removed with the engine";
}

TEST_F(EngineProcessTest, ResourceLimitsReachTheChild) {
    // /proc/self/limits lists core files, then processes, then open files.
    ProcessSpec spec = shell(
        "awk '/Max core file size/{print $5} /Max processes/{print $3} /Max open files/{print $4}' "
        "/proc/self/limits");
    spec.limits.open_files = 77;
    spec.limits.processes = 99;
    EngineProcess p(io, spec);
    Probe probe;
    probe.attach(p);
    p.start();
    run_to_exit(p, probe);
    ASSERT_EQ(probe.lines.size(), 3u);
    EXPECT_EQ(probe.lines[0], "0");
    EXPECT_EQ(probe.lines[1], "99");
    EXPECT_EQ(probe.lines[2], "77");
}

TEST_F(EngineProcessTest, StderrFloodIsAFaultAndStopsCostingTheReferee) {
    ProcessSpec spec = shell("head -c 3000000 /dev/zero >&2; echo survived");
    spec.limits.stderr_mb = 1;
    EngineProcess p(io, spec);
    std::vector<std::string> faults;
    std::optional<ExitInfo> exit;
    p.set_fault_handler([&](FaultKind f, std::string message) {
        EXPECT_EQ(f, FaultKind::Flood);
        faults.push_back(std::move(message));
    });
    p.set_exit_handler([&](const ExitInfo& info) { exit = info; });
    p.start();
    ASSERT_TRUE(run_until(
        io, [&] { return exit.has_value(); }, 10s));
    ASSERT_EQ(faults.size(), 1u);
    EXPECT_EQ(faults[0], "wrote more than 1 MiB to stderr");
}

TEST_F(EngineProcessTest, EngineIgnoringQuitAndTermIsKilledAfterGrace) {
    EngineProcess p(io, shell("trap '' TERM INT; sleep 1000"));
    Probe probe;
    probe.attach(p);
    p.start();
    pid_t pgid = p.pid();
    run_until(
        io, [] { return false; }, 100ms);
    EXPECT_TRUE(p.write_line("quit"));
    auto t0 = Clock::now();
    p.shutdown(200ms);
    ExitInfo info = run_to_exit(p, probe);
    auto took = Clock::now() - t0;
    EXPECT_GE(took, 190ms);
    EXPECT_LT(took, 6s);  // killed, not left to sleep (room for a busy machine)
    EXPECT_TRUE(info.killed_by_referee);
    EXPECT_EQ(info.signal, SIGKILL);
    EXPECT_EQ(info.description, "killed by the referee after it ignored quit for 200 ms");
    EXPECT_TRUE(group_gone_within(pgid, 2s));
}

TEST_F(EngineProcessTest, ClosedStdoutDoesNotEndTheEngine) {
    EngineProcess p(io, shell("exec >&-; sleep 1000"));
    Probe probe;
    probe.attach(p);
    p.start();
    EXPECT_FALSE(run_until(
        io, [&] { return probe.exits > 0; }, 300ms));
    EXPECT_TRUE(p.running());
    p.kill();
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_TRUE(info.killed_by_referee);
    EXPECT_EQ(info.description, "killed by the referee");
}

TEST_F(EngineProcessTest, WriteToEngineThatClosedStdinIsReportedNotFatal) {
    EngineProcess p(io, shell("exec 0<&-; echo closed; sleep 0.3"));
    Probe probe;
    probe.attach(p);
    p.start();
    ASSERT_TRUE(run_until(io, [&] { return !probe.lines.empty(); }));
    bool written = false;
    EXPECT_TRUE(p.write_line("position startpos", [&] { written = true; }));
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_FALSE(written);
    EXPECT_EQ(info.exit_code, 0);
    EXPECT_NE(info.write_error.find("Broken pipe"), std::string::npos) << info.write_error;
    EXPECT_FALSE(p.write_line("more"));
}

TEST_F(EngineProcessTest, CorkedLinesLeaveInOneWriteBeforeUncorkReturns) {
    // The engine reads once, as soon as anything arrives, and says how many lines that read
    // held: both corked lines must be in the pipe together.
    EngineProcess p(io, shell("dd bs=4096 count=1 2>/dev/null | tr -cd '\\n' | wc -c"));
    Probe probe;
    probe.attach(p);
    p.start();
    std::vector<std::string> written;
    p.cork();
    EXPECT_TRUE(p.write_line("position startpos", [&] { written.push_back("position"); }));
    EXPECT_TRUE(p.write_line("go wtime 1000 btime 1000", [&] { written.push_back("go"); }));
    EXPECT_TRUE(written.empty());  // queued only
    p.uncork();
    // Written from inside uncork(), without the event loop having run.
    EXPECT_EQ(written, (std::vector<std::string>{"position", "go"}));
    ASSERT_TRUE(run_until(io, [&] { return !probe.lines.empty(); }));
    EXPECT_EQ(probe.lines[0], "2");
    run_to_exit(p, probe);
}

TEST_F(EngineProcessTest, UncorkNeverBlocksOnAnEngineThatDoesNotRead) {
    // Far more than a pipe holds, to an engine that never reads: uncork() returns at once,
    // the rest waits in the referee, and its on_written does not run.
    EngineProcess p(io, shell("sleep 30"));
    Probe probe;
    probe.attach(p);
    p.start();
    const std::string line(1000, 'x');
    int written = 0;
    p.cork();
    for (int i = 0; i < 2000; ++i) p.write_line(line, [&] { ++written; });
    const auto t0 = Clock::now();
    p.uncork();
    EXPECT_LT(Clock::now() - t0, 2s);
    EXPECT_EQ(written, 0);
    io.restart();
    io.run_for(50ms);
    EXPECT_EQ(written, 0);
    p.kill();
    run_to_exit(p, probe);
}

TEST_F(EngineProcessTest, StderrKeepsOnlyTheTail) {
    EngineProcess p(io, shell("head -c 102400 /dev/zero | tr '\\0' x >&2; printf END >&2"));
    Probe probe;
    probe.attach(p);
    p.start();
    EXPECT_EQ(run_to_exit(p, probe).exit_code, 0);
    std::string tail = p.stderr_tail();
    EXPECT_EQ(tail.size(), EngineProcess::kStderrTailBytes);
    EXPECT_EQ(tail.substr(tail.size() - 4), "xEND");
    EXPECT_EQ(tail.find_first_not_of('x'), tail.size() - 3);
}

TEST_F(EngineProcessTest, SilentStderrFloodDoesNotBlockTheEngine) {
    // Far more than a pipe holds: the engine only finishes if stderr is drained.
    EngineProcess p(io, shell("head -c 5000000 /dev/zero >&2; echo done"));
    Probe probe;
    probe.attach(p);
    p.start();
    EXPECT_EQ(run_to_exit(p, probe).exit_code, 0);
    EXPECT_EQ(probe.lines, std::vector<std::string>{"done"});
}

TEST_F(EngineProcessTest, HundredEnginesOnOneIoContext) {
    constexpr int n = 100;
    std::vector<std::unique_ptr<EngineProcess>> engines;
    std::vector<Probe> probes(n);
    std::vector<pid_t> pids;
    for (int i = 0; i < n; ++i) {
        engines.push_back(std::make_unique<EngineProcess>(io, program("/bin/cat")));
        probes[i].attach(*engines[i]);
        engines[i]->start();
        pids.push_back(engines[i]->pid());
    }
    EXPECT_EQ(referee::engine::live_engine_groups(), static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) engines[i]->write_line("ping " + std::to_string(i));
    ASSERT_TRUE(run_until(io, [&] {
        for (auto& pr : probes)
            if (pr.lines.empty()) return false;
        return true;
    }));
    for (int i = 0; i < n; ++i)
        EXPECT_EQ(probes[i].lines, std::vector<std::string>{"ping " + std::to_string(i)});
    // The first engine must see EOF while all the others still run: no other engine may have
    // inherited its pipes.
    engines[0]->shutdown(2s);
    ASSERT_TRUE(run_until(io, [&] { return probes[0].exits == 1; }));
    EXPECT_EQ(probes[0].exit->description, "exited with code 0");
    EXPECT_EQ(referee::engine::live_engine_groups(), static_cast<std::size_t>(n - 1));
    for (int i = 1; i < n; ++i) engines[i]->shutdown(2s);
    ASSERT_TRUE(run_until(io, [&] {
        for (auto& pr : probes)
            if (pr.exits == 0) return false;
        return true;
    }));
    for (int i = 0; i < n; ++i) {
        EXPECT_EQ(probes[i].exits, 1);
        EXPECT_EQ(probes[i].exit->exit_code, 0) << probes[i].exit->description;
        EXPECT_FALSE(fs::exists("/proc/" + std::to_string(pids[i])));
    }
}

TEST_F(EngineProcessTest, DestructorKillsAndReapsARunningEngine) {
    pid_t pid;
    {
        EngineProcess p(io, shell("sleep 1000 & sleep 1000"));
        p.start();
        pid = p.pid();
        EXPECT_TRUE(fs::exists("/proc/" + std::to_string(pid)));
    }
    EXPECT_FALSE(fs::exists("/proc/" + std::to_string(pid)));
    EXPECT_TRUE(group_gone_within(pid, 2s));
    io.restart();
    io.poll();  // the aborted handlers still run; they must not touch the dead object
}

TEST_F(EngineProcessTest, EngineMayBeDestroyedFromItsOwnLineHandler) {
    auto p = std::make_unique<EngineProcess>(io, program("/usr/bin/yes"));
    int calls = 0;
    int exits = 0;
    p->set_line_handler([&](std::string_view) {
        ++calls;
        p.reset();
    });
    p->set_exit_handler([&](const ExitInfo&) { ++exits; });
    p->start();
    ASSERT_TRUE(run_until(io, [&] { return p == nullptr; }));
    run_until(
        io, [] { return false; }, 50ms);
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(exits, 0);
}

TEST_F(EngineProcessTest, EngineMayBeDestroyedFromItsExitHandler) {
    auto p = std::make_unique<EngineProcess>(io, shell("exit 0"));
    bool exited = false;
    p->set_exit_handler([&](const ExitInfo&) {
        exited = true;
        p.reset();
    });
    p->start();
    ASSERT_TRUE(run_until(io, [&] { return exited; }));
    EXPECT_EQ(p, nullptr);
}

std::size_t open_fds() {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
    return n;
}

TEST_F(EngineProcessTest, NoDescriptorIsLeaked) {
    auto lifecycle = [&] {
        EngineProcess p(io, shell("echo hi; exit 0"));
        Probe probe;
        probe.attach(p);
        p.start();
        run_to_exit(p, probe);
        EngineProcess q(io, program("/bin/sleep", {"1000"}));
        q.start();
        expect_start_error(io, program("/nonexistent/engine"), "No such file");
    };
    lifecycle();  // the io_context opens its epoll, eventfd and timerfd on first use
    io.restart();
    io.poll();
    std::size_t before = open_fds();
    lifecycle();
    io.restart();
    io.poll();
    EXPECT_EQ(open_fds(), before);
}

TEST_F(EngineProcessTest, ExitIsDetectedByPollingWithoutPidfd) {
    referee::engine::test_hooks::set_pidfd_enabled(false);
    {
        EngineProcess p(io, shell("sleep 1000 & echo up; exit 7"));
        Probe probe;
        probe.attach(p);
        p.start();
        ExitInfo info = run_to_exit(p, probe);
        EXPECT_EQ(info.exit_code, 7);
        EXPECT_EQ(probe.lines, std::vector<std::string>{"up"});
        EXPECT_TRUE(group_gone_within(p.pid(), 2s));

        EngineProcess q(io, program("/bin/sleep", {"1000"}));
        Probe probe_q;
        probe_q.attach(q);
        q.start();
        q.kill();
        EXPECT_TRUE(run_to_exit(q, probe_q).killed_by_referee);
    }
    referee::engine::test_hooks::set_pidfd_enabled(true);
}

TEST_F(EngineProcessTest, KillAllEnginesKillsRegisteredGroups) {
    EngineProcess p(io, shell("sleep 1000 & sleep 1000"));
    Probe probe;
    probe.attach(p);
    p.start();
    EXPECT_EQ(referee::engine::live_engine_groups(), 1u);
    referee::engine::kill_all_engines();
    ExitInfo info = run_to_exit(p, probe);
    EXPECT_EQ(info.signal, SIGKILL);
    EXPECT_FALSE(info.killed_by_referee);  // not through this EngineProcess
    EXPECT_TRUE(group_gone_within(p.pid(), 2s));
    EXPECT_EQ(referee::engine::live_engine_groups(), 0u);
}

TEST_F(EngineProcessTest, SignalCleanupKillsEnginesOfAnInterruptedReferee) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    // The threadsafe death test re-runs this test in a fresh process (with another pid), so the
    // parent's file name reaches it through the environment.
    auto own_file =
        fs::temp_directory_path() / ("engine_process_test_" + std::to_string(::getpid()) + "_pgid");
    ::setenv("ENGINE_PROCESS_TEST_PGID_FILE", own_file.c_str(), 0);
    fs::path pid_file = std::getenv("ENGINE_PROCESS_TEST_PGID_FILE");
    temp_files.push_back(pid_file);
    EXPECT_EXIT(
        {
            asio::io_context child_io;
            EngineProcess p(child_io, shell("sleep 1000 & sleep 1000"));
            p.start();
            std::ofstream(std::getenv("ENGINE_PROCESS_TEST_PGID_FILE"))
                << p.pid() << ' ' << ::getpid() << std::endl;
            referee::engine::install_signal_cleanup();
            ::raise(SIGTERM);
            std::_Exit(0);
        },
        ::testing::KilledBySignal(SIGTERM), "");
    pid_t pgid = 0, referee = 0;
    std::ifstream(pid_file) >> pgid >> referee;
    ASSERT_GT(pgid, 0);
    // A referee killed by a signal leaves its engines' scratch root behind (a later
    // tournament --resume removes it); this one is the test's to remove.
    for (const auto& entry : fs::directory_iterator(fs::temp_directory_path()))
        if (entry.path().filename().string().rfind(
                "referee-engines-" + std::to_string(referee) + "-", 0) == 0)
            fs::remove_all(entry.path());
    EXPECT_TRUE(group_gone_within(pgid, 2s));
    // This test process is a child subreaper (it ran engines): the killed group's members
    // were handed to it when the interrupted referee died, so it reaps them.
    int status = 0;
    while (::waitpid(-pgid, &status, 0) > 0) {
    }
}

TEST(LineBufferTest, SplitsAcrossChunksAndStaysBounded) {
    LineBuffer buf(8, 4);
    std::vector<std::string> lines;
    auto feed = [&](std::string_view bytes) {
        auto r = LineBuffer::Result::Ok;
        while (!bytes.empty() && r == LineBuffer::Result::Ok) {
            auto space = buf.prepare();
            auto n = std::min(space.size(), bytes.size());
            std::copy_n(bytes.data(), n, space.data());
            bytes.remove_prefix(n);
            r = buf.commit(n, [&](std::string_view l) {
                lines.emplace_back(l);
                return true;
            });
            EXPECT_LE(buf.capacity(), 8u + 4u);
        }
        return r;
    };
    EXPECT_EQ(feed("ab\ncd"), LineBuffer::Result::Ok);
    EXPECT_EQ(feed("ef\r\n\n12345678\nx"), LineBuffer::Result::Ok);
    EXPECT_EQ(lines, (std::vector<std::string>{"ab", "cdef", "", "12345678"}));
    EXPECT_EQ(buf.pending_bytes(), 1u);
    EXPECT_EQ(feed("yyyyyyyyy"), LineBuffer::Result::LineTooLong);
    EXPECT_LE(buf.peak_bytes(), 8u + 4u);
}

}  // namespace

namespace {

std::string text_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

// keep: all the engine wrote on stderr, and the files of its scratch folder when it ended
// (folders too; never a link), in the folder asked for; a second process asked to keep into
// the same place gets a folder of its own.
TEST_F(EngineProcessTest, KeptStderrAndFilesOutliveTheProcess) {
    const fs::path kept = scratch / "kept" / "game-1";
    for (int run = 0; run < 2; ++run) {
        auto spec = shell(
            "echo one >&2; mkdir sub; echo notes > sub/notes.txt; ln -s /etc/passwd link; "
            "echo two >&2; exit 3");
        spec.keep_dir = kept.string();
        spec.keep_stderr = spec.keep_files = true;
        EngineProcess p(io, spec);
        Probe probe;
        probe.attach(p);
        p.start();
        EXPECT_EQ(run_to_exit(p, probe).exit_code, 3);
    }
    for (const fs::path& folder : {kept, fs::path(kept.string() + "-2")}) {
        EXPECT_EQ(text_of(folder / "stderr"), "one\ntwo\n") << folder;
        EXPECT_EQ(text_of(folder / "files" / "sub" / "notes.txt"), "notes\n") << folder;
        EXPECT_FALSE(fs::exists(fs::symlink_status(folder / "files" / "link"))) << folder;
        EXPECT_NE(text_of(folder / "files-skipped").find("link: a symbolic link"),
                  std::string::npos);
    }
}

// Under the sandbox an engine writes its scratch folder and, with `writable`, the paths
// named there; a write elsewhere fails, and the reason of its death says which key allows it.
// Not in the fixture: bwrap's own pid-1 process may become the referee's zombie a moment
// after the engine's end, to be reaped at the next engine's end, which the fixture's check
// of "no child left" would count.
TEST(EngineProcessSandbox, WritablePathsAreWritableAndADeniedWriteSaysWhichKeyAllowsIt) {
    if (!referee::engine::sandbox_support().bwrap)
        GTEST_SKIP() << "needs bwrap: " << referee::engine::sandbox_support().reason;
    asio::io_context io;
    referee::test::TempDir scratch;
    auto run_to_exit = [&io](EngineProcess& p, Probe& probe) {
        EXPECT_TRUE(run_until(io, [&] { return probe.exits > 0 && !p.running(); }));
        return probe.exit.value_or(ExitInfo{});
    };
    const fs::path logs = scratch / "logs";
    fs::create_directories(logs);
    const std::string write_log = "echo hello > '" + (logs / "engine.log").string() + "'";

    auto allowed = shell(write_log);
    allowed.sandbox = referee::engine::Sandbox::Bwrap;
    allowed.writable = {logs.string()};
    {
        EngineProcess p(io, allowed);
        Probe probe;
        probe.attach(p);
        p.start();
        const auto info = run_to_exit(p, probe);
        EXPECT_EQ(info.exit_code, 0) << info.description << ": " << p.stderr_tail();
        EXPECT_EQ(text_of(logs / "engine.log"), "hello\n");
    }
    fs::remove(logs / "engine.log");

    auto denied = shell(write_log);
    denied.sandbox = referee::engine::Sandbox::Bwrap;
    EngineProcess p(io, denied);
    Probe probe;
    probe.attach(p);
    p.start();
    const auto info = run_to_exit(p, probe);
    EXPECT_NE(info.exit_code, 0);
    EXPECT_FALSE(fs::exists(logs / "engine.log"));
    for (const char* words : {"Read-only file system", "writable: [FOLDER]", "writable=FOLDER"})
        EXPECT_NE(info.description.find(words), std::string::npos) << info.description;
}
