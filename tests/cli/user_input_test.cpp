// Bad input a user (or an engine) can give the referee on the command line: every number is
// range-checked with the argument named, files are read only when they are regular files,
// outputs are checked before the first move, and an engine's bytes never break a record.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::read_text;
using referee::test::TempDir;
using referee::test::write_text;

namespace fs = std::filesystem;
using referee::test::CommandResult;
using referee::test::run_referee;

void expect_refused(const CommandResult& r, const std::string& mentions) {
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_FALSE(r.timed_out) << "it waited instead of refusing";
    EXPECT_NE(r.err.find(mentions), std::string::npos)
        << "'" << r.err << "' does not mention " << mentions;
}

std::vector<std::string> play(std::vector<std::string> extra) {
    std::vector<std::string> args = {"play",    "minichess", "--white", "random",
                                     "--black", "random",    "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

TEST(PlayArguments, NumbersOutOfRangeAreRefusedNamingTheArgument) {
    expect_refused(run_referee(play({"--st", "-1"})), "--st");
    expect_refused(run_referee(play({"--st", "nan"})), "--st");
    expect_refused(run_referee(play({"--st", "0"})), "--st");  // no time at all to move
    expect_refused(run_referee(play({"--max-plies", "-5"})), "--max-plies -5");
    expect_refused(run_referee(play({"--margin", "1e300"})), "--margin");
    expect_refused(run_referee(play({"--margin", "-0.5"})), "--margin");
    expect_refused(run_referee(play({"--margin", "nan"})), "--margin");
    expect_refused(run_referee(play({"--margin", "inf"})), "--margin");
    expect_refused(run_referee(play({"--tc", "1e13"})), "more than");
    expect_refused(run_referee(play({"--tc", "2147483648/10+0.1"})), "number of moves from 1 to");
    expect_refused(run_referee(play({"--tc", "nan"})), "not a time");
    expect_refused(run_referee(play({"--tc", "inf+1"})), "not a time");
    expect_refused(run_referee(play({"--tc", "-5"})), "not a time");
    expect_refused(run_referee(play({"--depth", "-1"})), "--depth -1: must be 1 to 1000");
    expect_refused(run_referee(play({"--depth", "1001"})), "--depth 1001");
}

TEST(PlayArguments, ADepthLimitIsRefusedForAnEngineThatCannotBeToldIt) {
    auto args = play({"--depth", "2"});
    args[5] = "cmd=random proto=imcs";  // --black
    expect_refused(run_referee(args), "this engine speaks IMCS (--black)");
}

TEST(PlayArguments, EmptyFenIsNotTheStartPosition) {
    expect_refused(run_referee(play({"--fen", ""})), "--fen ''");
    expect_refused(run_referee({"moves", "minichess", "--fen", ""}), "--fen ''");
}

TEST(PlayArguments, UnwritableOutputFailsBeforeTheFirstMove) {
    TempDir dir;
    write_text(dir / "file", "x");
    // A folder under a plain file cannot be made: the game must not be played first.
    const auto r = run_referee(play({"--out", dir / "file/game", "--tc", "60+0"}));
    expect_refused(r, "--out");
    EXPECT_EQ(r.out.find("result"), std::string::npos) << "a game was played: " << r.out;
}

TEST(InputFiles, FifoAndDevicesAreRefusedNotWaitedOn) {
    TempDir dir;
    const std::string fifo = dir / "board.fifo";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expect_refused(run_referee({"moves", "minichess", "--board", fifo}), "not a regular file");
    expect_refused(run_referee({"moves", "minichess", "--board", "/dev/zero"}),
                   "not a regular file");
    expect_refused(run_referee({"perft", fifo, "1"}), "not a regular file");
    expect_refused(run_referee({"tournament", fifo}), "not a regular file");
    // Standard input stays allowed, bounded.
    EXPECT_EQ(run_referee({"moves", "minichess", "--board", "-"},
                          "1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n")
                  .exit_code,
              0);
}

TEST(InputFiles, AJournalThatIsAFifoIsRefusedByReport) {
    TempDir dir;
    write_text(dir / "t.yaml",
               "name: t\nvariant: minitchess\noutput: " + (dir / "out").string() +
                   "\nengines:\n  - {cmd: random, name: a}\n  - {cmd: random, name: b}\n");
    fs::create_directory(dir / "out");
    const std::string fifo = dir / "out/journal.jsonl";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const auto r = referee::test::run_command(std::string(REFEREE_BIN_DIR) + "/referee",
                                              {"report", dir / "t.yaml"}, "", 10);
    expect_refused(r, fifo + ": not a regular file");
}

// The "billion laughs": each alias level ten of the one before, nine levels in a few hundred
// bytes. Walked, it is a billion nodes; it must be refused at once, at its line.
std::string laughs(const std::string& head, int levels = 9) {
    std::string text = head + "x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int level = 1; level <= levels; ++level) {
        std::string list;
        for (int k = 0; k < 10; ++k)
            list += std::string(k ? ", " : "") + "*a" + std::to_string(level - 1);
        text += "x" + std::to_string(level) + ": &a" + std::to_string(level) + " [" + list + "]\n";
    }
    return text;
}

TEST(InputFiles, NestedYamlAliasesAreRefusedAtTheirLine) {
    TempDir dir;
    write_text(dir / "v.yaml", laughs("name: laughs\n"));
    const std::string referee = std::string(REFEREE_BIN_DIR) + "/referee";
    // Aliases stand for 110 nodes on line 3 (ten of a0's 11), 1,110 more on line 4, and
    // pass 10,000 with the eighth alias of line 5 (1,111 nodes each).
    const auto v =
        referee::test::run_command(referee, {"variants", "show", dir / "v.yaml"}, "", 10);
    expect_refused(v, (dir / "v.yaml").string() + ":5:");
    expect_refused(v, "billion laughs");
    write_text(dir / "t.yaml", laughs("name: t\n"));
    const auto t = referee::test::run_command(referee, {"tournament", dir / "t.yaml"}, "", 10);
    expect_refused(t, (dir / "t.yaml").string() + ":5:");
    // Fewer aliases stay allowed: two levels, 1,220 nodes, get as far as the unknown key.
    write_text(dir / "few.yaml", laughs("name: few\n", 2));
    const auto few = referee::test::run_command(referee, {"variants", "show", dir / "few.yaml"});
    expect_refused(few, "unknown key 'x0'");
    EXPECT_EQ(few.err.find("billion"), std::string::npos) << few.err;
}

TEST(InputFiles, PromotionRankListThatIsEmptyIsRefusedAtShow) {
    TempDir dir;
    std::string text = read_text(std::string(REFEREE_VARIANT_DIR) + "/minichess.yaml");
    const auto at = text.find("promotion:");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, text.find('\n', at) - at, "promotion: {to: [Q], rank: []}");
    write_text(dir / "v.yaml", text);
    const auto r = run_referee({"variants", "show", dir / "v.yaml"});
    expect_refused(r, "promotion.rank");
    EXPECT_GE(r.exit_code, 0) << "it crashed";
}

TEST(TournamentArguments, ConcurrencyAndOutputAreCheckedBeforeAnyGame) {
    TempDir dir;
    write_text(dir / "file", "x");
    const std::string config =
        "name: t\nvariant: minitchess\noutput: " + (dir / "file/out").string() +
        "\nengines:\n  - {cmd: random, name: a}\n  - {cmd: random, name: b}\n";
    write_text(dir / "t.yaml", config);
    expect_refused(run_referee({"tournament", dir / "t.yaml", "--concurrency", "-5"}),
                   "--concurrency -5");
    expect_refused(run_referee({"tournament", dir / "t.yaml", "--threads", "0"}), "--threads");
    const auto r = run_referee({"tournament", dir / "t.yaml"});
    expect_refused(r, "t.yaml: output: cannot create the folder");
    EXPECT_EQ(r.err.find("filesystem error"), std::string::npos) << r.err;
}

// An engine that answers with bytes that are not UTF-8, and a NUL: the game is recorded,
// the JSON is valid, and the reason quotes the whole reply, escaped.
TEST(EngineBytes, NotUtf8AndNulReachTheRecordEscaped) {
    TempDir dir;
    const std::string engine = dir / "bytes.sh";
    write_text(engine,
               "#!/bin/sh\n"
               "while read -r line; do\n"
               "  case \"$line\" in\n"
               "    uci) printf 'id name bytes\\377\\noption name UCI_Variant type combo default "
               "minichess var minichess\\nuciok\\n';;\n"
               "    isready) echo readyok;;\n"
               "    go*) printf 'bestmove a\\200\\377\\000zz\\n';;\n"
               "    quit) exit 0;;\n"
               "  esac\n"
               "done\n");
    // Open to others: under a root referee each engine runs as a user of its own.
    fs::permissions(engine, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    const auto r = run_referee({"play", "minichess", "--white", "cmd=" + engine, "--black",
                                "random", "--tc", "10+0", "--out", dir / "game"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string json = read_text(dir / "game.json");
    EXPECT_NE(json.find("a\\\\x80\\\\xFF\\\\x00zz"), std::string::npos) << json;
    EXPECT_NE(json.find("does not start with a square"), std::string::npos)
        << "the reason was cut: " << json;
    EXPECT_NE(read_text(dir / "game.pgn").find("a\\x80\\xFF\\x00zz"), std::string::npos);
}

}  // namespace
