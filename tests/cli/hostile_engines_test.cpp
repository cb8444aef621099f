// Hostile engines (engines/hostile/main.cpp) attack the referee, their opponent and the
// referee's files during `referee play`; each attack must fail and the game still end in a
// result. Attacks that only isolation can stop run in both modes, `--sandbox bwrap` (skipped
// where bubblewrap cannot create namespaces) and `--sandbox none`.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/landlock.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "referee/tournament/journal.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;
using referee::test::run_referee;

namespace {

using referee::test::TempDir;

std::string hostile(const std::string& attack, const std::string& target = "none") {
    return "cmd=" + std::string(REFEREE_BIN_DIR) + "/hostile-engine args='--attack " + attack +
           " --target " + target + "' name=hostile";
}

referee::test::CommandResult play(const std::string& white, const std::string& out,
                                  const std::string& sandbox) {
    return run_referee({"play", "minichess", "--white", white, "--black", "random", "--st", "0.5",
                        "--max-plies", "12", "--quiet", "--sandbox", sandbox, "--out", out});
}

// The referee with engines that keep its user and have no Landlock: as on a machine where
// neither is to be had, so an engine does reach the referee's files and the referee's own
// checks of them are what is tested.
referee::test::CommandResult run_referee_unconfined(const std::vector<std::string>& args) {
    std::vector<std::string> all{"REFEREE_LANDLOCK_ABI=0", "REFEREE_ENGINE_USERS=0",
                                 std::string(REFEREE_BIN_DIR) + "/referee"};
    all.insert(all.end(), args.begin(), args.end());
    return referee::test::run_command("/usr/bin/env", all);
}

// Live processes named like the hostile engine (its escapees keep the name).
// Live hostile-engine processes started by this test: the referee passes its environment on
// to its engines, which pass it to what they fork, so each carries this test process's mark.
// (Tests run in parallel, and others start hostile engines of their own.)
const std::string& test_mark() {
    static const std::string mark = [] {
        const std::string value = std::to_string(::getpid());
        ::setenv("REFEREE_HOSTILE_TEST", value.c_str(), 1);
        return "REFEREE_HOSTILE_TEST=" + value;
    }();
    return mark;
}

int hostile_processes() {
    const std::string& mark = test_mark();
    int n = 0;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        const auto close = line.rfind(')');
        if (line.find("(hostile-engine)") == std::string::npos || close + 2 >= line.size() ||
            line[close + 2] == 'Z')
            continue;
        std::ifstream environ(entry.path() / "environ", std::ios::binary);
        std::string entry_text;
        while (std::getline(environ, entry_text, '\0'))
            if (entry_text == mark) {
                ++n;
                break;
            }
    }
    return n;
}

// Each attack that isolation must stop, in both modes: under bwrap (skipped where it cannot
// create namespaces) and without it, where the seccomp filter, Landlock and, for a root
// referee, a user id per engine stand in (referee/engine/process/confinement.hpp).
class HostileSandboxed : public ::testing::TestWithParam<std::string> {
  protected:
    void SetUp() override {
        if (mode() == "bwrap" && !referee::engine::sandbox_support().bwrap)
            GTEST_SKIP() << referee::engine::sandbox_support().reason;
    }
    const std::string& mode() const { return GetParam(); }
    // Without bwrap, files are out of another engine's reach through Landlock or through a
    // user id of its own; a kernel without Landlock under a referee that is not root has
    // neither.
    void skip_unless_files_are_guarded() {
        if (mode() == "none" && !referee::engine::engines_get_own_user() &&
            referee::engine::landlock_abi() == 0)
            GTEST_SKIP() << "no Landlock here and the referee is not root";
    }
    TempDir dir;
};

INSTANTIATE_TEST_SUITE_P(Mode, HostileSandboxed, ::testing::Values("bwrap", "none"),
                         [](const auto& info) { return info.param; });

}  // namespace

TEST_P(HostileSandboxed, SignallingOrTracingTheOpponentOrTheRefereeFails) {
    for (const char* attack :
         {"stop-opponent", "kill-opponent", "stop-referee", "ptrace-opponent"}) {
        auto r = play(hostile(attack), (dir.path() / attack).string(), mode());
        EXPECT_EQ(r.exit_code, 0) << attack << "\n" << r.err;
        // The cap was reached: nobody lost on time or crashed because of the attack.
        EXPECT_NE(r.out.find("result 1/2-1/2 (move-cap)"), std::string::npos) << attack << "\n"
                                                                              << r.out << r.err;
    }
}

TEST_P(HostileSandboxed, EscapeesDoNotOutliveTheGame) {
    const int before = hostile_processes();
    auto r = play(hostile("escape"), (dir.path() / "escape").string(), mode());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("result "), std::string::npos);
    EXPECT_EQ(hostile_processes(), before);
}

TEST_P(HostileSandboxed, NoLoopbackConnectionReachesTheHost) {
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    ASSERT_EQ(::listen(listener, 4), 0);
    socklen_t len = sizeof addr;
    ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
    auto r = play(hostile("connect", std::to_string(ntohs(addr.sin_port))),
                  (dir.path() / "connect").string(), mode());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("result "), std::string::npos);
    EXPECT_LT(::accept(listener, nullptr, nullptr), 0)
        << "the engine reached a loopback listener of the host";
    ::close(listener);
}

TEST_P(HostileSandboxed, TheOpponentsFolderIsOutOfReach) {
    skip_unless_files_are_guarded();
    // The opponent works in a folder chosen for it, which outlives the game.
    const auto victim = dir.path() / "victim";
    fs::create_directories(victim);
    auto r = run_referee(
        {"play", "minichess", "--white", hostile("opponent-files", victim.string()), "--black",
         "cmd=random dir=" + victim.string(), "--st", "0.5", "--max-plies", "12", "--quiet",
         "--sandbox", mode(), "--out", (dir.path() / "files").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("result 1/2-1/2 (move-cap)"), std::string::npos) << r.out << r.err;
    EXPECT_FALSE(fs::exists(victim / "planted-by-hostile"))
        << "the engine planted a file in its opponent's folder";
}

TEST_P(HostileSandboxed, ThePredictedRecordPathCannotBeLinked) {
    skip_unless_files_are_guarded();
    const auto record = dir.path() / "rec";
    auto r = play(hostile("symlink", record.string() + ".pgn"), record.string(), mode());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(fs::is_symlink(record.string() + ".pgn"));
    EXPECT_FALSE(fs::exists(record.string() + ".pgn.victim"));
}

TEST(HostileEngines, ALinkPlantedAtTheRecordPathIsNotWrittenThrough) {
    // Without a sandbox, Landlock or a user of its own the engine can reach the record's
    // folder. The record's files are reserved (created exclusively) before the first move and
    // written at the end to a fresh name renamed over them, so a link planted there is
    // replaced, never written through.
    TempDir dir;
    const auto record = dir.path() / "rec";
    auto r = run_referee_unconfined({"play", "minichess", "--white",
                                     hostile("symlink", record.string() + ".pgn"), "--black",
                                     "random", "--st", "0.5", "--max-plies", "12", "--quiet",
                                     "--sandbox", "none", "--out", record.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(fs::exists(record.string() + ".pgn.victim"))
        << "the record was written through the link";
    EXPECT_FALSE(fs::is_symlink(record.string() + ".pgn"));
    std::ifstream pgn(record.string() + ".pgn");
    std::stringstream text;
    text << pgn.rdbuf();
    EXPECT_NE(text.str().find("[Result "), std::string::npos) << "no game record in rec.pgn";
    EXPECT_NE(r.out.find("rec.pgn"), std::string::npos) << r.out;
}

TEST(HostileEngines, AStderrFloodIsAFaultWithAReason) {
    TempDir dir;
    auto r = run_referee({"play", "minichess", "--white", hostile("flood") + " limit.stderr=2",
                          "--black", "random", "--st", "10", "--quiet", "--sandbox", "none",
                          "--out", (dir.path() / "flood").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("result 0-1 (output-flood)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("more than 2 MiB to stderr"), std::string::npos) << r.out;
}

TEST(HostileEngines, WithoutBubblewrapPlaySaysWhichIsolationEnginesGet) {
    // bwrap is looked up in PATH: with none, the preflight says so and the game still runs.
    TempDir dir;
    auto r = referee::test::run_command(
        "/usr/bin/env",
        {"PATH=/nonexistent", std::string(REFEREE_BIN_DIR) + "/referee", "play", "minichess",
         "--white", std::string(REFEREE_BIN_DIR) + "/random-engine", "--black",
         std::string(REFEREE_BIN_DIR) + "/random-engine", "--st", "0.5", "--max-plies", "4",
         "--quiet", "--out", (dir.path() / "nobwrap").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("sandbox: bwrap is not installed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("engines run without it"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("result "), std::string::npos) << r.out;
}

TEST(HostileEngines, AnEngineOtherUsersCannotReachKeepsARootRefereesUserAndSaysSo) {
    if (!referee::engine::engines_get_own_user()) GTEST_SKIP() << "the referee is not root here";
    // A folder of root's alone, as a root user's home is: a user of its own could not run it.
    TempDir dir;
    const auto private_dir = dir.path() / "private";
    fs::create_directories(private_dir);
    fs::permissions(private_dir, fs::perms::owner_all);
    const auto engine = private_dir / "engine";
    std::ofstream(engine) << "#!/bin/sh\nexec " << REFEREE_BIN_DIR << "/random-engine \"$@\"\n";
    fs::permissions(engine, fs::perms::owner_all);
    auto r = run_referee({"play", "minichess", "--white", "cmd=" + engine.string(), "--black",
                          "random", "--st", "0.5", "--max-plies", "4", "--quiet", "--sandbox",
                          "none", "--out", (dir.path() / "game").string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("result "), std::string::npos) << r.out << r.err;
    EXPECT_NE(r.err.find("runs as root, not as a user of its own"), std::string::npos) << r.err;
}

TEST(HostileEngines, WithoutASandboxEscapeesAreStillContained) {
    TempDir dir;
    const int before = hostile_processes();
    auto r = play(hostile("escape"), (dir.path() / "escape").string(), "none");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("result "), std::string::npos);
    EXPECT_EQ(hostile_processes(), before);
}

TEST(HostileEngines, AJournalForgedOrEmptiedDuringARunIsRestoredAndReported) {
    // Without a sandbox, Landlock or a user of its own the engine can reach the output
    // folder: the referee notices the change before its next append and puts back what it
    // wrote.
    for (const char* attack : {"journal-forge", "journal-empty"}) {
        TempDir dir;
        const auto out = dir.path() / "out";
        const auto journal = out / "journal.jsonl";
        std::ofstream(dir.path() / "t.yaml")
            << "name: tamper\nvariant: minichess\nformat: round-robin\ngames_per_pairing: 4\n"
               "time_control: \"10+0.1\"\nconcurrency: 1\nadjudication: {max_plies: 20}\n"
            << "output: " << out.string() << "\nengines:\n"
            << "  - {name: hostile, cmd: " << REFEREE_BIN_DIR
            << "/hostile-engine, args: [--attack, " << attack << ", --target, " << journal.string()
            << "], sandbox: none}\n"
            << "  - {name: random, cmd: random}\n";
        auto r =
            run_referee_unconfined({"tournament", (dir.path() / "t.yaml").string(), "--quiet"});
        EXPECT_EQ(r.exit_code, 0) << attack << "\n" << r.err;
        EXPECT_NE(r.err.find("changed by someone else during the run"), std::string::npos)
            << attack << "\n"
            << r.err;
        const auto j = referee::tournament::read_journal(journal.string());
        EXPECT_EQ(j.games.size(), 4u) << attack;
        EXPECT_FALSE(j.games.count(9999)) << attack;
        auto report = run_referee({"report", (dir.path() / "t.yaml").string()});
        EXPECT_EQ(report.exit_code, 0) << attack << "\n" << report.err;
    }
}
