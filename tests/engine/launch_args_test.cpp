// Placeholders in engine arguments, filled in per game, and the flags in-tree engines are
// told; when a process may be reused for another game.
#include <gtest/gtest.h>

#include "referee/engine/launch.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

using namespace referee::engine;

namespace {

const referee::rules::Rules& minitchess() {
    const auto& rules = referee::test::cached_rules("minitchess");
    return rules;
}

EngineConfig foreign(Protocol p, std::vector<std::string> args) {
    EngineConfig c;
    c.name = "student";
    c.command = "/bin/true";
    c.protocol = p;
    c.args = std::move(args);
    return c;
}

Seat seat(char color, std::uint64_t seed = 7) {
    Seat s;
    s.color = color;
    s.seed = seed;
    return s;
}

}  // namespace

TEST(LaunchArgs, ColourVariantAndSeedAreFilledInAnywhereInAnArgument) {
    const auto c = foreign(Protocol::Plain, {"-c", "{color}", "--side={color:white|black}",
                                             "-v{variant}", "--seed", "{seed}", "{{literal}}"});
    const auto& v = minitchess().variant();
    EXPECT_EQ(launch_args(c, v, seat('W')),
              (std::vector<std::string>{"-c", "W", "--side=white", "-vminitchess", "--seed", "7",
                                        "{literal}"}));
    EXPECT_EQ(launch_args(c, v, seat('B', 12)),
              (std::vector<std::string>{"-c", "B", "--side=black", "-vminitchess", "--seed", "12",
                                        "{literal}"}));
}

TEST(LaunchArgs, VariantFileIsAnAbsolutePathToTheYaml) {
    const auto args =
        launch_args(foreign(Protocol::Imcs, {"{variant_file}"}), minitchess().variant(), seat('W'));
    ASSERT_EQ(args.size(), 1u);
    EXPECT_EQ(args[0].front(), '/');
    EXPECT_NE(args[0].find("minitchess.yaml"), std::string::npos) << args[0];
}

TEST(LaunchArgs, TcpPlaceholdersAreFilledForImcsTcpOnly) {
    const auto c = foreign(Protocol::ImcsTcp, {"{host}:{port}", "{user}", "{password}", "{color}"});
    TcpLogin login{"127.0.0.1", 40123, "alice", "pw"};
    EXPECT_EQ(launch_args(c, minitchess().variant(), seat('B'), &login),
              (std::vector<std::string>{"127.0.0.1:40123", "alice", "pw", "B"}));
    EXPECT_THROW(check_placeholders(foreign(Protocol::Imcs, {"{host}"})), ConfigError);
    EXPECT_NO_THROW(check_placeholders(c));
}

TEST(LaunchArgs, BadPlaceholdersAreRefusedNamingEngineAndArgument) {
    for (const char* bad : {"{colour}", "{color:white}", "{seed:3}", "-c{color", "x}"}) {
        SCOPED_TRACE(bad);
        try {
            check_placeholders(foreign(Protocol::Plain, {bad}));
            FAIL() << "accepted";
        } catch (const ConfigError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("engine 'student'"), std::string::npos) << what;
            EXPECT_NE(what.find(bad), std::string::npos) << what;
        }
    }
}

TEST(LaunchArgs, InTreeEnginesAreToldProtocolVariantAndColourUnlessTheyAreGiven) {
    auto c = foreign(Protocol::Plain, {"--seed", "3"});
    c.in_tree = true;
    const auto args = launch_args(c, minitchess().variant(), seat('B'));
    ASSERT_EQ(args.size(), 8u);
    EXPECT_EQ(args[2], "--protocol");
    EXPECT_EQ(args[3], "plain");
    EXPECT_EQ(args[4], "--variant");
    EXPECT_NE(args[5].find("minitchess.yaml"), std::string::npos);
    EXPECT_EQ(args[6], "--color");
    EXPECT_EQ(args[7], "B");

    c.args = {"--protocol", "plain", "--variant=gardner-castling", "-c", "W"};
    EXPECT_EQ(launch_args(c, minitchess().variant(), seat('B')), c.args);  // all given already

    auto uci = foreign(Protocol::Uci, {});
    uci.in_tree = true;  // UCI names the variant in its handshake
    EXPECT_EQ(launch_args(uci, minitchess().variant(), seat('W')),
              (std::vector<std::string>{"--protocol", "uci"}));

    auto tcp = foreign(Protocol::ImcsTcp, {"--accept", "any"});
    tcp.in_tree = true;
    TcpLogin login{"127.0.0.1", 5000, "u", "p"};
    const auto t = launch_args(tcp, minitchess().variant(), seat('W'), &login);
    const std::string joined = [&] {
        std::string s;
        for (const auto& a : t) s += a + " ";
        return s;
    }();
    EXPECT_NE(joined.find("--host 127.0.0.1 --port 5000 --user u --password p"), std::string::npos)
        << joined;
    EXPECT_EQ(joined.find("--offer"), std::string::npos) << joined;  // it accepts instead
}

TEST(LaunchArgs, AProcessIsReusedOnlyWhenItsArgumentsWouldNotChange) {
    const auto& v = minitchess().variant();
    EXPECT_TRUE(
        launch_args_match(foreign(Protocol::Imcs, {"--fast"}), v, seat('W', 1), seat('B', 2)));
    EXPECT_FALSE(
        launch_args_match(foreign(Protocol::Imcs, {"-c", "{color}"}), v, seat('W'), seat('B')));
    EXPECT_TRUE(launch_args_match(foreign(Protocol::Imcs, {"-c", "{color}"}), v, seat('W', 1),
                                  seat('W', 2)));
    EXPECT_FALSE(launch_args_match(foreign(Protocol::Uci, {"--seed={seed}"}), v, seat('W', 1),
                                   seat('W', 2)));
}

TEST(LaunchArgs, ImcsUserNamesKeepOnlyWhatTheServerAccepts) {
    EXPECT_EQ(imcs_user_name("alphabeta-tcp 2"), "alphabeta_tcp_2");
    EXPECT_EQ(imcs_user_name(""), "engine");
}
