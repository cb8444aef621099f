// The keys of an engine description, from the one table in engine_config: every command
// that takes an engine (play, validate, match) lists each of them in its --help, and
// `match -engine` reads a whole description given as one argument, as play does.
#include <string>

#include <gtest/gtest.h>

#include "referee/engine/engine_config.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/snapshot.hpp"

namespace {

using referee::test::referee_matches_snapshot;
using referee::test::run_referee;

TEST(EngineKeys, EveryCommandTakingAnEngineListsEveryKeyInItsHelp) {
    for (const char* command : {"play", "validate", "match"}) {
        const auto r = run_referee({command, "--help"});
        EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
        for (const auto& key : referee::engine::engine_keys())
            EXPECT_NE(r.out.find(std::string("  ") + key.key + "=" + key.value), std::string::npos)
                << command << " --help does not list " << key.key << ":\n"
                << r.out;
    }
}

TEST(EngineKeys, HelpSnapshots) {
    EXPECT_TRUE(referee_matches_snapshot("help-play", {"play", "--help"}));
    EXPECT_TRUE(referee_matches_snapshot("help-validate", {"validate", "--help"}));
    EXPECT_TRUE(referee_matches_snapshot("help-match", {"match", "--help"}));
}

TEST(EngineKeys, MatchListsItsOwnOptionsInItsHelp) {
    const auto r = run_referee({"match", "--help"});
    for (const char* option : {"-rounds", "-games", "-concurrency", "-openings", "-sprt", "-resign",
                               "-draw", "-pgnout", "-each", "-engine", "tc=", "st="})
        EXPECT_NE(r.out.find(option), std::string::npos) << option << " missing:\n" << r.out;
}

// A whole description as one argument (as `play --white` takes it), with an option whose
// name holds a space; the cutechess-cli form, a key=value an argument, reads the same.
TEST(EngineKeys, MatchReadsAWholeDescriptionInOneArgument) {
    const auto one = run_referee({"match", "minichess", "-engine",
                                  "cmd=random name=skill5 option.Skill Level=5 limit.files=64",
                                  "-engine", "cmd=random", "name=b", "-print-config"});
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_NE(one.out.find("name: skill5"), std::string::npos) << one.out;
    EXPECT_NE(one.out.find("Skill Level: 5"), std::string::npos) << one.out;
    EXPECT_NE(one.out.find("files: 64"), std::string::npos) << one.out;
    const auto split = run_referee({"match", "minichess", "-engine", "cmd=random", "name=skill5",
                                    "option.Skill Level=5", "limit.files=64", "-engine",
                                    "cmd=random", "name=b", "-print-config"});
    ASSERT_EQ(split.exit_code, 0) << split.err;
    EXPECT_EQ(split.out, one.out);
    // A value with a space that is no description stays one value.
    const auto args =
        run_referee({"match", "minichess", "-engine", "cmd=random", "name=a", "args=--seed 3",
                     "-engine", "cmd=random", "name=b", "-print-config"});
    ASSERT_EQ(args.exit_code, 0) << args.err;
    EXPECT_NE(args.out.find("--seed"), std::string::npos) << args.out;
    EXPECT_EQ(args.out.find("unknown"), std::string::npos) << args.out;
}

// Every key of a description is a key of -engine too, as the config's engine has them.
TEST(EngineKeys, MatchTakesTheKeysPlayTakes) {
    const auto r =
        run_referee({"match", "minichess", "-engine",
                     "cmd=random name=a user=alice password=pw sandbox=none proto=imcs-tcp",
                     "-engine", "cmd=random", "name=b", "-print-config"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* want : {"user: alice", "password: pw", "sandbox: none", "protocol: imcs-tcp"})
        EXPECT_NE(r.out.find(want), std::string::npos) << want << " missing:\n" << r.out;
}

// fastchess's `-pgnout file=NAME` names the file NAME, as cutechess's `-pgnout NAME` does; it
// was taken for a file called "file=NAME".
TEST(EngineKeys, PgnoutTakesCutechessAndFastchessForms) {
    for (const char* form : {"games.pgn", "file=games.pgn"}) {
        const auto r =
            run_referee({"match", "minichess", "-engine", "cmd=random", "name=a", "-engine",
                         "cmd=random", "name=b", "-pgnout", form, "-print-config"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.out.find("pgn_out: games.pgn"), std::string::npos) << form << ":\n" << r.out;
    }
}

}  // namespace
