// The tournament config as a user writes it: every number range-checked with file:line and
// key, names that are plain file names, duplicate keys refused, only regular files read, the
// schedule bounded, and a move cap when the variant cannot end a game by itself.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "referee/tournament/config.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::tournament {
namespace {

using referee::test::TempDir;

namespace fs = std::filesystem;

const std::string kGood = R"(name: t
variant: minitchess
games_per_pairing: 2
engines:
  - {cmd: random, name: a}
  - {cmd: random, name: b}
)";

std::string with(const std::string& extra, const std::string& base = kGood) {
    return base + extra;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

TournamentConfig load(const TempDir& dir, const std::string& text) {
    const auto path = (dir.path() / "t.yaml").string();
    std::ofstream(path) << text;
    return load_tournament_config(path, REFEREE_BIN_DIR);
}

void expect_refused(const std::string& text, const std::string& where,
                    const std::string& mentions) {
    TempDir dir;
    try {
        load(dir, text);
        FAIL() << "accepted:\n" << text;
    } catch (const TournamentConfigError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("t.yaml:" + where), std::string::npos)
            << what << " (expected t.yaml:" << where << ")";
        EXPECT_NE(what.find(mentions), std::string::npos)
            << what << " does not mention " << mentions;
    }
}

TEST(ConfigErrors, GoodConfigLoads) {
    TempDir dir;
    EXPECT_EQ(load(dir, kGood).engines.size(), 2u);
}

TEST(ConfigErrors, NumbersOutOfRange) {
    expect_refused(with("margin: 1e300\n"), "7:9: margin", "from 0 to 3600");
    expect_refused(with("margin: -1\n"), "7:9: margin", "from 0 to 3600");
    expect_refused(with("margin: .nan\n"), "7:9: margin", "from 0 to 3600");
    expect_refused(with("margin: .inf\n"), "7:9: margin", "from 0 to 3600");
    expect_refused(with("adjudication: {max_plies: -20}\n"), "7:27: adjudication.max_plies",
                   "0 (no cap) to 1000000");
    expect_refused(replace(kGood, "games_per_pairing: 2", "games_per_pairing: 2000000000"),
                   "3:20: games_per_pairing", "must be 1 to 1000000");
    expect_refused(with("  - {cmd: random, name: c}\n",
                        replace(kGood, "games_per_pairing: 2", "games_per_pairing: 600000")),
                   "3:20: games_per_pairing", "3 pairings of 600000 games");
    expect_refused(replace(kGood, "name: a}", "name: a, memory: -1}"), "5:36: engines[0].memory",
                   "must be 1 to");
    expect_refused(replace(kGood, "name: a}", "name: a, startup: .nan}"),
                   "5:37: engines[0].startup", "seconds from");
    expect_refused(with("time_control: 2147483648/10+0.1\n"), "7:15: time_control",
                   "number of moves from 1 to");
    expect_refused(with("time_control: 1e13\n"), "7:15: time_control", "more than");
    expect_refused(with("concurrency: -5\n"), "7:14: concurrency", "1 to 1000");
}

TEST(ConfigErrors, NamesKeysAndFiles) {
    expect_refused(replace(kGood, "name: t", "name: \"..\""), "1:7: name", "not a plain name");
    expect_refused(replace(kGood, "name: t", "name: \"a/b\""), "1:7: name", "not a plain name");
    expect_refused(with("seed: 1\nseed: 2\n"), "8:1: seed", "given twice");
    expect_refused(with("? [a, b]\n: 1\n"), "7:3", "keys must be plain words");
    TempDir dir;
    const auto fifo = (dir.path() / "t.yaml").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_THROW(load_tournament_config(fifo, REFEREE_BIN_DIR), TournamentConfigError);
}

TEST(ConfigErrors, AServerBuiltIntoAClientIsReadWithItsLine) {
    const std::string tcp = replace(kGood, "{cmd: random, name: a}",
                                    "{cmd: random, name: a, protocol: imcs-tcp, "
                                    "server: \"imcs.svcs.cs.pdx.edu:3589\"}");
    TempDir dir;
    const auto config = load(dir, tcp);
    EXPECT_EQ(config.engines[0].tcp_server_name, "imcs.svcs.cs.pdx.edu");
    EXPECT_EQ(config.engines[0].tcp_server_port, 3589);
    expect_refused(replace(tcp, ":3589", ":99999"), "5:56: engines[0].server", "1 to 65535");
    expect_refused(replace(kGood, "name: a}", "name: a, server: \"x:1\"}"), "5:11: engines[0].cmd",
                   "'server' is for imcs-tcp clients");
}

TEST(ConfigErrors, VariantWithoutAnEndGetsADefaultMoveCap) {
    TempDir dir;
    const auto capped = load(dir, replace(kGood, "minitchess", "gardner-castling"));
    EXPECT_TRUE(capped.max_plies_default);
    EXPECT_EQ(capped.max_plies, kDefaultMaxPlies);
    // The user's own cap, even 0, is kept; a variant with a move limit needs none.
    const auto own = load(dir, with("adjudication: {max_plies: 0}\n",
                                    replace(kGood, "minitchess", "gardner-castling")));
    EXPECT_FALSE(own.max_plies_default);
    EXPECT_EQ(own.max_plies, 0);
    EXPECT_FALSE(load(dir, kGood).max_plies_default);
    EXPECT_FALSE(load(dir, replace(kGood, "minitchess", "chess")).max_plies_default);
}

}  // namespace
}  // namespace referee::tournament
