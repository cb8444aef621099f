// `referee serve --as NAME:PORT` for a course client with the course server's name and port
// built in: the server listens on that port and writes a hosts file naming itself, and the
// client, run as the line printed at start says (under bwrap with that file as its
// /etc/hosts), reaches this server by the built-in name, with nothing of the machine changed.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include <gtest/gtest.h>

#include "referee/engine/process/sandbox.hpp"
#include "tests/support/background.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace std::chrono_literals;

// A loopback port nobody listens on just now.
int unused_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &size) != 0)
        return 0;
    ::close(fd);
    return ntohs(a.sin_port);
}

TEST(ServeAs, AClientWithTheServersNameBuiltInReachesItByThatName) {
    if (!referee::engine::sandbox_support().bwrap)
        GTEST_SKIP() << "bwrap cannot run here: " << referee::engine::sandbox_support().reason;
    referee::test::TempDir dir;
    const int port = unused_port();
    ASSERT_NE(port, 0);
    const std::string as = "imcs.example.test:" + std::to_string(port);
    referee::test::Background serve(REFEREE_BIN_DIR "/referee",
                                    {"serve", "--as", as, "--data", (dir / "data").string()},
                                    dir.path(), "serve");
    ASSERT_TRUE(serve.wait_for_output("CLIENT [ARGS...]", 20s)) << serve.out() << serve.err();
    const std::string out = serve.out();
    EXPECT_NE(out.find("imcs server on 127.0.0.1:" + std::to_string(port)), std::string::npos)
        << out;
    // The printed line, with a client that connects to the name it has built in.
    const auto from = out.find("run as: ") + 8, to = out.find(" CLIENT [ARGS...]");
    ASSERT_LT(from, to) << out;
    const std::string client = "bash -c 'exec 3<>/dev/tcp/imcs.example.test/" +
                               std::to_string(port) + " && head -c 12 <&3'";
    const auto r = referee::test::run_shell(out.substr(from, to - from) + " " + client, 30);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "100 imcs 2.5") << r.err;
    // The machine's own /etc/hosts was not changed.
    EXPECT_EQ(referee::test::run_shell("grep -c imcs.example.test /etc/hosts").out, "0\n");
}

TEST(ServeAs, APortThatDisagreesIsRefused) {
    referee::test::TempDir dir;
    const auto r = referee::test::run_referee({"serve", "--as", "imcs.example.test:3589", "--port",
                                               "4000", "--data", (dir / "data").string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--port says 4000"), std::string::npos) << r.err;
    const auto address = referee::test::run_referee(
        {"serve", "--as", "192.168.0.161:3589", "--data", (dir / "data").string()});
    EXPECT_EQ(address.exit_code, 2);
    EXPECT_NE(address.err.find("is an IP address"), std::string::npos) << address.err;
}

}  // namespace
