// Each layer of the confinement engines get without bwrap (referee/engine/process/confinement.hpp),
// alone where the machine allows: bash scripts stand in for engines and say what they could
// do. The hooks turn the other layers off, so a test fails when its own layer is missing.
#include "referee/engine/process/confinement.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

#include "referee/engine/process/landlock.hpp"
#include "referee/engine/process/process.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using referee::engine::EngineProcess;
using referee::engine::ProcessSpec;
namespace hooks = referee::engine::test_hooks;

class ProcessConfinement : public ::testing::Test {
  protected:
    void TearDown() override {
        hooks::set_own_user_enabled(true);
        hooks::set_landlock_abi_cap(-1);
    }

    // Runs the bash script as an engine without bwrap; returns its stdout lines.
    std::vector<std::string> run(const std::string& script, bool tcp = false, int port = 0) {
        ProcessSpec spec;
        spec.command = "/bin/bash";
        spec.args = {"-c", script};
        spec.network = tcp;
        spec.connect_port = port;
        boost::asio::io_context io;
        EngineProcess p(io, spec);
        std::vector<std::string> lines;
        bool done = false;
        p.set_line_handler([&](std::string_view line) { lines.emplace_back(line); });
        p.set_exit_handler([&](const referee::engine::ExitInfo&) { done = true; });
        p.start();
        const auto deadline = std::chrono::steady_clock::now() + 10s;
        while (!done && std::chrono::steady_clock::now() < deadline) {
            io.restart();
            if (io.run_for(5ms) == 0) std::this_thread::sleep_for(1ms);
        }
        EXPECT_TRUE(done) << script;
        return lines;
    }
};

// A loopback listener on a port of its own.
struct Listener {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int port = 0;
    Listener() {
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
        EXPECT_EQ(::listen(fd, 4), 0);
        socklen_t len = sizeof addr;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
        port = ntohs(addr.sin_port);
    }
    ~Listener() { ::close(fd); }
    bool reached() const {
        const int c = ::accept(fd, nullptr, nullptr);
        if (c >= 0) ::close(c);
        return c >= 0;
    }
};

std::string connect_script(int port, const std::string& tag) {
    return "(exec 3<>/dev/tcp/127.0.0.1/" + std::to_string(port) + ") 2>/dev/null && echo " + tag +
           ":connected || echo " + tag + ":refused; ";
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_F(ProcessConfinement, TheSeccompFilterKeepsSignalsWithinTheEnginesGroup) {
    hooks::set_own_user_enabled(false);
    hooks::set_landlock_abi_cap(0);  // no Landlock: the seccomp signal filter is the guard
    // SIGCONT: harmless to this test process should the filter let it through.
    const auto lines =
        run("kill -CONT $PPID 2>/dev/null && echo referee:sent || echo referee:refused; "
            "kill -0 $PPID && echo probe:sent || echo probe:refused; "
            "kill -CONT $$ && echo self:sent || echo self:refused; "
            "kill -CONT -- -$$ && echo group:sent || echo group:refused");
    EXPECT_EQ(lines, (Lines{"referee:refused", "probe:sent", "self:sent", "group:sent"}));
}

TEST_F(ProcessConfinement, TheSeccompFilterRefusesNetworkSocketsButAnImcsTcpEngines) {
    hooks::set_own_user_enabled(false);
    hooks::set_landlock_abi_cap(0);  // no Landlock: any port once TCP is allowed
    Listener host;
    EXPECT_EQ(run(connect_script(host.port, "plain")), Lines{"plain:refused"});
    EXPECT_FALSE(host.reached());
    EXPECT_EQ(run(connect_script(host.port, "tcp"), true, 0), Lines{"tcp:connected"});
    EXPECT_TRUE(host.reached());
}

TEST_F(ProcessConfinement, LandlockLetsAnImcsTcpEngineReachOnlyTheRefereesPort) {
    if (referee::engine::landlock_abi() < 4) GTEST_SKIP() << "Landlock here has no TCP rules";
    hooks::set_own_user_enabled(false);
    Listener referee_port, other;
    const auto lines =
        run(connect_script(referee_port.port, "referee") + connect_script(other.port, "other"),
            true, referee_port.port);
    EXPECT_EQ(lines, (Lines{"referee:connected", "other:refused"}));
    EXPECT_TRUE(referee_port.reached());
    EXPECT_FALSE(other.reached());
}

TEST_F(ProcessConfinement, LandlockLetsAnEngineWriteOnlyItsScratchFolder) {
    if (referee::engine::landlock_abi() == 0) GTEST_SKIP() << "no Landlock in this kernel";
    hooks::set_own_user_enabled(false);
    referee::test::TempDir dir;
    fs::create_directories(dir / "hidden");
    std::ofstream(dir / "hidden" / "secret") << "s\n";
    std::ofstream(dir / "open") << "o\n";
    referee::engine::hide_from_engines((dir / "hidden").string());
    const std::string d = dir.path().string();
    const auto lines =
        run("echo x > \"$TMPDIR/mine\" && echo scratch:written || echo scratch:refused; "
            "echo x > " +
            d +
            "/planted 2>/dev/null && echo outside:written || echo outside:refused; "
            "cat " +
            d +
            "/open >/dev/null && echo open:read || echo open:refused; "
            "cat " +
            d + "/hidden/secret 2>/dev/null && echo hidden:read || echo hidden:refused");
    EXPECT_EQ(lines, (Lines{"scratch:written", "outside:refused", "open:read", "hidden:refused"}));
    EXPECT_FALSE(fs::exists(dir / "planted"));
}

TEST_F(ProcessConfinement, LandlockScopesSignalsToTheEnginesOwnProcesses) {
    if (referee::engine::landlock_abi() < 6) GTEST_SKIP() << "Landlock here cannot scope signals";
    hooks::set_own_user_enabled(false);
    // Unlike the seccomp filter, Landlock lets a helper's pid be signalled by pid.
    const auto lines =
        run("sleep 10 & kill -TERM $! && echo helper:sent || echo helper:refused; wait; "
            "kill -CONT $PPID 2>/dev/null && echo referee:sent || echo referee:refused");
    EXPECT_EQ(lines, (Lines{"helper:sent", "referee:refused"}));
}

TEST_F(ProcessConfinement, UnderARootRefereeEachEngineHasAUserOfItsOwn) {
    if (::geteuid() != 0) GTEST_SKIP() << "the referee is not root here";
    hooks::set_landlock_abi_cap(0);  // the user alone
    const auto lines =
        run("echo $(( $(id -u) - $$ )); "
            "echo x > \"$TMPDIR/mine\" && echo scratch:written || echo scratch:refused; "
            "cat /proc/$PPID/environ >/dev/null 2>&1 && echo environ:read || echo environ:refused");
    EXPECT_EQ(lines, (Lines{std::to_string(referee::engine::kEngineUidBase), "scratch:written",
                            "environ:refused"}));
}
