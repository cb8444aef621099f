// Engine names and descriptions: one name resolution everywhere (a bare name and cmd= find
// the same in-tree engine), one PATH lookup, the protocols by name, and checks that fail
// before any game with the engine and the problem named.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "referee/engine/engine_config.hpp"

using namespace referee::engine;

namespace {
const std::string kBin = REFEREE_BIN_DIR;
}

TEST(EngineNames, BareNameAndCmdFindTheSameInTreeEngine) {
    const auto bare = engine_from_text("random", kBin);
    const auto spec = engine_from_text("cmd=random proto=imcs", kBin);
    EXPECT_EQ(bare.command, kBin + "/random-engine");
    EXPECT_EQ(spec.command, bare.command);
    EXPECT_TRUE(bare.in_tree);
    EXPECT_TRUE(spec.in_tree);
    EXPECT_EQ(spec.name, "random");
    EXPECT_EQ(spec.protocol, Protocol::Imcs);
    EXPECT_NO_THROW(check_engine_command(spec));
}

TEST(EngineNames, BrokenEnginesAreInTreeAndOtherBinariesAreNot) {
    EXPECT_TRUE(resolve_engine_command("broken-hang", kBin).in_tree);
    const auto student = resolve_engine_command("plain-student", kBin);
    EXPECT_EQ(student.command, kBin + "/plain-student");
    EXPECT_FALSE(student.in_tree);  // it stands in for a foreign engine
}

TEST(EngineNames, ProgramsOnPathAreFoundOnceAndMissingOnesNamed) {
    const auto sh = find_in_path("sh");
    ASSERT_TRUE(sh);
    EXPECT_TRUE(std::filesystem::exists(*sh));
    EXPECT_FALSE(find_in_path("no-such-program-for-the-referee"));
    EXPECT_FALSE(find_in_path("a/b"));
    const auto c = engine_from_text("cmd=no-such-program-for-the-referee name=ghost", kBin);
    try {
        check_engine_command(c);
        FAIL() << "a missing program was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("ghost"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("not found in PATH"), std::string::npos) << e.what();
    }
}

// Debian puts stockfish and fairy-stockfish in /usr/games, which root's PATH lacks: a bare
// name must still find them there, whatever the PATH says.
TEST(EngineNames, DebianGameProgramsAreFoundOutsideThePath) {
    if (::access("/usr/games/stockfish", X_OK) != 0) GTEST_SKIP() << "no /usr/games/stockfish";
    const char* old = std::getenv("PATH");
    const std::string saved = old ? old : "";
    ::setenv("PATH", "/usr/bin:/bin", 1);
    const auto sf = engine_from_text("cmd=stockfish name=SF", kBin);
    ::setenv("PATH", saved.c_str(), 1);
    EXPECT_EQ(sf.command, "/usr/games/stockfish");
    EXPECT_FALSE(sf.in_tree);
    EXPECT_NO_THROW(check_engine_command(sf));
}

TEST(EngineNames, EveryProtocolHasANameAndUnknownOnesListThem) {
    for (auto p :
         {Protocol::Uci, Protocol::Xboard, Protocol::Imcs, Protocol::Plain, Protocol::ImcsTcp})
        EXPECT_EQ(parse_protocol(protocol_name(p)), p);
    try {
        parse_protocol("winboard");
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("imcs-tcp"), std::string::npos) << e.what();
    }
}

TEST(EngineNames, DescriptionsTakeTcpLoginsAndCheckPlaceholders) {
    const auto c = engine_from_text("cmd=random proto=imcs-tcp user=bob password=secret", kBin);
    EXPECT_EQ(c.tcp_user, "bob");
    EXPECT_EQ(c.tcp_password, "secret");
    EXPECT_EQ(c.protocol, Protocol::ImcsTcp);
    auto bad = engine_from_text("cmd=random proto=uci args='--port {port}' name=r", kBin);
    try {
        check_engine_command(bad);
        FAIL() << "{port} was accepted for a UCI engine";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("only filled in for imcs-tcp"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("'r'"), std::string::npos) << e.what();
    }
}

TEST(EngineNames, AServerBuiltIntoAClientIsReadAndChecked) {
    const auto c = engine_from_text(
        "cmd=random proto=imcs-tcp name=old server=imcs.svcs.cs.pdx.edu:3589", kBin);
    EXPECT_EQ(c.tcp_server_name, "imcs.svcs.cs.pdx.edu");
    EXPECT_EQ(c.tcp_server_port, 3589);
    EXPECT_NO_THROW(check_engine_command(c));

    auto expect_refused = [](const std::string& text, const std::string& words) {
        try {
            check_engine_command(engine_from_text(text, kBin));
            FAIL() << text << " was accepted";
        } catch (const ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    expect_refused("cmd=random proto=imcs-tcp server=imcs.example", "expected NAME:PORT");
    expect_refused("cmd=random proto=imcs-tcp server=imcs.example:0", "from 1 to 65535");
    expect_refused("cmd=random proto=imcs-tcp server=imcs.example:70000", "from 1 to 65535");
    expect_refused("cmd=random proto=imcs-tcp server=imcs.example:35x", "from 1 to 65535");
    // The name is written into a hosts file: nothing but what a host name holds.
    expect_refused("cmd=random proto=imcs-tcp server=a#b:3589", "is not a host name");
    expect_refused("cmd=random proto=imcs-tcp server=:3589", "is not a host name");
    expect_refused("cmd=random proto=uci name=u server=imcs.example:3589",
                   "'server' is for imcs-tcp clients");
    expect_refused("cmd=random proto=imcs-tcp name=n sandbox=none server=imcs.example:3589",
                   "needs the bwrap sandbox");
}

// A client built to reach an address cannot be led to the referee by a hosts file: refused
// at once, saying why, rather than a pre-check that waits 10 s for a connection.
TEST(EngineNames, AServerGivenAsAnAddressIsRefusedSayingWhy) {
    for (const char* address : {"192.168.0.161:3589", "127.0.0.1:3589", "3232235681:3589"}) {
        EngineConfig c;
        try {
            parse_tcp_server(address, c);
            FAIL() << address << " was accepted";
        } catch (const ConfigError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("is an IP address, not a host name"), std::string::npos) << what;
            EXPECT_NE(what.find("/etc/hosts"), std::string::npos) << what;
        }
    }
    EngineConfig named;
    EXPECT_NO_THROW(parse_tcp_server("imcs.svcs.cs.pdx.edu:3589", named));
}

TEST(EngineNames, DescriptionsTakeTheVariantWritablePathsAndWhatToKeep) {
    const auto c = engine_from_text(
        "cmd=random name=r variant=minitchess writable=/tmp writable=logs keep=stderr,files", kBin);
    EXPECT_EQ(c.variant, "minitchess");
    ASSERT_EQ(c.writable.size(), 2u);
    EXPECT_EQ(c.writable[0], "/tmp");
    // Relative to where the referee runs, made absolute for the sandbox's bind.
    EXPECT_EQ(c.writable[1], (std::filesystem::current_path() / "logs").string());
    EXPECT_TRUE(c.keep_stderr);
    EXPECT_TRUE(c.keep_files);
    EXPECT_TRUE(engine_from_text("cmd=random keep=stderr", kBin).keep_stderr);
    EXPECT_FALSE(engine_from_text("cmd=random keep=stderr", kBin).keep_files);
    EXPECT_THROW(engine_from_text("cmd=random keep=core", kBin), ConfigError);
    try {
        check_engine_command(engine_from_text("cmd=random name=w writable=/no/such/folder", kBin));
        FAIL() << "a writable path that does not exist was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("'/no/such/folder' does not exist"), std::string::npos)
            << e.what();
    }
}

// usi: where the first player's clock goes in `go` (USI's btime, or wtime for the engines
// that read it there); auto tells by the engine's id name.
TEST(EngineNames, DescriptionsSayWhereAUsiEngineReadsTheFirstPlayersClock) {
    EXPECT_EQ(engine_from_text("cmd=random", kBin).usi_sente_clock, UsiSenteClock::Auto);
    EXPECT_EQ(engine_from_text("cmd=random usi_sente_clock=wtime", kBin).usi_sente_clock,
              UsiSenteClock::Wtime);
    EXPECT_EQ(engine_from_text("cmd=random usi_sente_clock=btime", kBin).usi_sente_clock,
              UsiSenteClock::Btime);
    try {
        engine_from_text("cmd=random usi_sente_clock=sente", kBin);
        FAIL() << "usi_sente_clock=sente was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("usi_sente_clock 'sente': say btime"),
                  std::string::npos)
            << e.what();
    }
}

// What validate prints to reproduce a probe is the description read back: every key that
// differs from the default survives the round trip, quoting included.
TEST(EngineNames, ADescriptionReadsBackAsTheSameEngine) {
    EngineConfig c = engine_from_text("cmd=random", kBin);
    c.name = "two words";
    c.args = {"--host", "{host}", "it's"};
    c.protocol = Protocol::ImcsTcp;
    c.working_dir = "/tmp";
    c.startup_timeout = std::chrono::milliseconds(2500);
    c.memory_limit_mb = 512;
    c.tcp_user = "alice";
    c.tcp_password = "s3cret";
    parse_tcp_server("imcs.svcs.cs.pdx.edu:3589", c);
    c.sandbox = Sandbox::Bwrap;
    c.variant = "minitchess";
    c.writable = {"/tmp/logs dir"};
    c.keep_files = true;
    c.limits.cpu_seconds = 60;
    c.limits.data_mb = 8192;
    c.limits.address_space_mb = 16384;
    c.limits.core_files = true;
    c.usi_sente_clock = UsiSenteClock::Wtime;
    const std::string text = describe_engine(c);
    for (const char* key :
         {"server=imcs.svcs.cs.pdx.edu:3589", "user=alice", "password=s3cret", "sandbox=bwrap",
          "limit.cpu=60", "limit.data=8192", "limit.as=16384", "limit.core=1", "variant=minitchess",
          "keep=files", "memory=512", "startup=2.5", "usi_sente_clock=wtime"})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing from " << text;
    const auto back = parse_engine_spec(text, kBin);
    EXPECT_EQ(back.command, c.command);
    EXPECT_EQ(back.name, c.name);
    EXPECT_EQ(back.args, c.args);
    EXPECT_EQ(back.protocol, c.protocol);
    EXPECT_EQ(back.working_dir, c.working_dir);
    EXPECT_EQ(back.startup_timeout, c.startup_timeout);
    EXPECT_EQ(back.memory_limit_mb, c.memory_limit_mb);
    EXPECT_EQ(back.tcp_user, c.tcp_user);
    EXPECT_EQ(back.tcp_password, c.tcp_password);
    EXPECT_EQ(back.tcp_server_name, c.tcp_server_name);
    EXPECT_EQ(back.tcp_server_port, c.tcp_server_port);
    EXPECT_EQ(back.sandbox, c.sandbox);
    EXPECT_EQ(back.variant, c.variant);
    EXPECT_EQ(back.writable, c.writable);
    EXPECT_EQ(back.keep_files, c.keep_files);
    EXPECT_EQ(back.keep_stderr, c.keep_stderr);
    EXPECT_EQ(describe(back.limits), describe(c.limits));
    EXPECT_EQ(back.usi_sente_clock, c.usi_sente_clock);
    // Defaults are left out: a plain engine reads as it was written.
    EXPECT_EQ(describe_engine(engine_from_text("cmd=/bin/true name=t", kBin)),
              "cmd=/bin/true proto=uci name=t");
}
