// `referee match` and tournament configs for engine developers, end to end with the built
// binary: time odds (each engine its own clock), adjudication by the engines' scores, and
// the engine log. The command line and its config file give the same match.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <regex>

#include <nlohmann/json.hpp>

#include "referee/rules/text/printable.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::test {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Journal {
    std::string fingerprint;
    std::vector<nlohmann::json> games;  // in slot order
};

Journal read_journal(const fs::path& p) {
    Journal j;
    std::ifstream in(p);
    std::map<int, nlohmann::json> by_slot;
    for (std::string line; std::getline(in, line);) {
        auto x = nlohmann::json::parse(line);
        if (x.at("type") == "header") j.fingerprint = x.at("fingerprint");
        if (x.at("type") == "game") by_slot[x.at("slot").get<int>()] = x.at("game");
    }
    for (auto& [slot, g] : by_slot) j.games.push_back(g);
    return j;
}

// In the slow set: it waits for clocks to run out (about five seconds).
TEST(SlowMatchDevtools, TimeOddsFromTheCommandLineAndTheConfigAgreeAndTheShortClockLoses) {
    TempDir dir;
    // broken-slow answers only after its clock ran out: with 1+0 against random's 60+0.5 it
    // loses every game on time, at once, with either colour.
    std::ofstream(dir / "m.yaml") << "name: odds\nvariant: minichess\ngames_per_pairing: 2\n"
                                     "time_control: 60+0.5\noutput: "
                                  << (dir / "from-file").string() << "\n"
                                  << "log: file.log\n"
                                  << "engines:\n  - {name: quick, cmd: random}\n"
                                     "  - {name: slow, cmd: broken-slow, tc: 1+0}\n";
    auto file = run_referee({"tournament", (dir / "m.yaml").string()});
    ASSERT_EQ(file.exit_code, 0) << file.out << file.err;
    auto line = run_referee({"match",
                             "minichess",
                             "-engine",
                             "cmd=random",
                             "name=quick",
                             "-engine",
                             "cmd=broken-slow",
                             "name=slow",
                             "tc=1+0",
                             "-each",
                             "tc=60+0.5",
                             "-rounds",
                             "1",
                             "-games",
                             "2",
                             "-name",
                             "odds",
                             "-output",
                             (dir / "from-line").string(),
                             "-pgnout",
                             (dir / "line.pgn").string(),
                             "-log",
                             "file=" + (dir / "line.log").string()});
    ASSERT_EQ(line.exit_code, 0) << line.out << line.err;

    const auto a = read_journal(dir / "from-file" / "journal.jsonl");
    const auto b = read_journal(dir / "from-line" / "journal.jsonl");
    EXPECT_EQ(a.fingerprint, b.fingerprint);
    ASSERT_EQ(a.games.size(), 2u);
    ASSERT_EQ(b.games.size(), 2u);
    for (const auto* j : {&a, &b})
        for (const auto& g : j->games) {
            const bool slow_white = g.at("white") == "slow";
            EXPECT_EQ(g.at("termination"), "time-forfeit") << g.at("reason");
            EXPECT_EQ(g.at("at_fault"), slow_white ? "white" : "black");
            EXPECT_EQ(g.at("white_time_control"), slow_white ? "1" : "60+0.5");
            EXPECT_EQ(g.at("black_time_control"), slow_white ? "60+0.5" : "1");
        }
    // Each engine is told its own clock in "go": wtime for White, btime for Black.
    for (const char* log : {"file.log", "line.log"}) {
        const std::string text = slurp(dir / log);
        // Each side's own increment too: winc for White's control, binc for Black's.
        EXPECT_NE(text.find("slow < go wtime 1000 btime 60000 winc 0 binc 500\n"),
                  std::string::npos)
            << text;
        // As Black, after random's quick first move and its increment: White has about 60 s.
        EXPECT_TRUE(std::regex_search(
            text, std::regex("slow < go wtime (59|60)[0-9]{3} btime 1000 winc 500 binc 0\n")))
            << text;
    }
    const std::string pgn = slurp(dir / "line.pgn");
    EXPECT_NE(pgn.find("[WhiteTimeControl \"1\"]\n[BlackTimeControl \"60+0.5\"]"),
              std::string::npos)
        << pgn;
    EXPECT_NE(pgn.find("[WhiteTimeControl \"60+0.5\"]\n[BlackTimeControl \"1\"]"),
              std::string::npos)
        << pgn;
    EXPECT_EQ(pgn.find("[TimeControl "), std::string::npos) << pgn;
}

TEST(MatchDevtools, ResignAndDrawAdjudicationFromTheCommandLineAndTheConfigAgree) {
    TempDir dir;
    std::ofstream(dir / "m.yaml")
        << "name: adj\nvariant: minichess\ngames_per_pairing: 2\ntime_control: 30+0\n"
           "output: "
        << (dir / "from-file").string() << "\n"
        << "adjudication: {resign: {movecount: 1, score: 1}, draw: {movenumber: 30, "
           "movecount: 4, score: 5}}\n"
           "engines:\n  - {name: A, cmd: alphabeta, depth: 2}\n"
           "  - {name: B, cmd: alphabeta, depth: 3}\n";
    auto file = run_referee({"tournament", (dir / "m.yaml").string()});
    ASSERT_EQ(file.exit_code, 0) << file.out << file.err;
    auto line = run_referee({"match",
                             "minichess",
                             "-engine",
                             "cmd=alphabeta",
                             "name=A",
                             "depth=2",
                             "-engine",
                             "cmd=alphabeta",
                             "name=B",
                             "depth=3",
                             "-each",
                             "tc=30+0",
                             "-rounds",
                             "1",
                             "-name",
                             "adj",
                             "-resign",
                             "movecount=1",
                             "score=1",
                             "-draw",
                             "movenumber=30",
                             "movecount=4",
                             "score=5",
                             "-output",
                             (dir / "from-line").string()});
    ASSERT_EQ(line.exit_code, 0) << line.out << line.err;
    const auto a = read_journal(dir / "from-file" / "journal.jsonl");
    const auto b = read_journal(dir / "from-line" / "journal.jsonl");
    EXPECT_EQ(a.fingerprint, b.fingerprint);
    ASSERT_EQ(a.games.size(), 2u);
    for (std::size_t i = 0; i < a.games.size(); ++i) {
        const auto& g = a.games[i];
        // Deterministic at a fixed depth: the same moves and scores (the times differ).
        ASSERT_EQ(g.at("moves").size(), b.games.at(i).at("moves").size());
        for (std::size_t k = 0; k < g.at("moves").size(); ++k) {
            const auto &x = g.at("moves")[k], &y = b.games.at(i).at("moves")[k];
            EXPECT_EQ(x.at("uci"), y.at("uci"));
            EXPECT_EQ(x.at("score_cp"), y.at("score_cp"));
        }
        EXPECT_EQ(g.at("termination"), "adjudication") << g.at("reason");
        EXPECT_EQ(g.at("reason_key"), "resign-adjudication") << g.at("reason");
        // The last move's engine scored it below zero, from its own side, and said so.
        const auto& last = g.at("moves").back();
        EXPECT_LT(last.at("score_cp").get<int>(), 0) << last;
        EXPECT_GT(last.at("depth").get<int>(), 0) << last;
        EXPECT_GT(last.at("nodes").get<long long>(), 0) << last;
    }
    // A tournament with adjudication refuses engines that report no scores.
    std::ofstream(dir / "imcs.yaml")
        << "name: bad\nvariant: minichess\nadjudication: {resign: {movecount: 2, score: 500}}\n"
           "engines:\n  - {name: A, cmd: random}\n"
           "  - {name: B, cmd: random, protocol: imcs, args: [--protocol, imcs]}\n";
    auto bad = run_referee({"tournament", (dir / "imcs.yaml").string()});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("engine 'B' speaks imcs"), std::string::npos) << bad.err;
    auto typo = run_referee({"match", "minichess", "-engine", "cmd=random", "-engine", "cmd=random",
                             "-resign", "moves=3", "score=600"});
    EXPECT_EQ(typo.exit_code, 1);
    EXPECT_NE(typo.err.find("-resign: unknown key 'moves' (movecount, score, twosided)"),
              std::string::npos)
        << typo.err;
    auto no_file = run_referee(
        {"match", "minichess", "-engine", "cmd=random", "-engine", "cmd=random", "-log"});
    EXPECT_EQ(no_file.exit_code, 1);
    EXPECT_NE(no_file.err.find("-log needs file=PATH"), std::string::npos) << no_file.err;
}

TEST(MatchDevtools, TheEngineLogHasEveryLineEscapedAndEveryBestmove) {
    TempDir dir;
    // An engine that writes bytes that are not UTF-8 before it becomes random-engine.
    const fs::path odd = dir / "odd-engine";
    std::ofstream(odd) << "#!/bin/sh\nprintf 'noise \\377\\376\\033 end\\n'\nexec "
                       << REFEREE_BIN_DIR << "/random-engine \"$@\"\n";
    // Open to others: under a root referee each engine runs as a user of its own.
    fs::permissions(odd, fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    const fs::path log = dir / "engines.log";
    auto r =
        run_referee({"match", "minichess", "-engine", "cmd=" + odd.string(), "name=odd", "-engine",
                     "cmd=random", "name=plain", "-each", "tc=10+0.1", "-rounds", "1", "-games",
                     "2", "-output", (dir / "out").string(), "-log", "file=" + log.string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::string text = slurp(log);
    // The handshake of each engine, in both directions.
    for (const char* name : {"odd", "plain"}) {
        for (const char* l : {" < uci\n", " > uciok\n", " < isready\n", " > readyok\n"})
            EXPECT_NE(text.find(std::string(name) + l), std::string::npos) << name << l << text;
    }
    // The odd bytes are there, escaped as everywhere else, and no raw byte of them is.
    EXPECT_NE(text.find(" odd > " + rules::printable_text("noise \xff\xfe\x1b end") + "\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find('\xff'), std::string::npos);
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
    // Every line: seconds with milliseconds, a name, a direction, the text.
    std::istringstream lines(text);
    int count = 0;
    for (std::string l; std::getline(lines, l); ++count) {
        const auto dot = l.find('.');
        ASSERT_NE(dot, std::string::npos) << l;
        EXPECT_EQ(l.find(' '), dot + 4) << l;
        EXPECT_TRUE(l.find(" odd > ") == dot + 4 || l.find(" odd < ") == dot + 4 ||
                    l.find(" plain > ") == dot + 4 || l.find(" plain < ") == dot + 4)
            << l;
    }
    EXPECT_GT(count, 10);
    // Every engine move of the record is a bestmove in the log, from the engine that made it.
    const auto journal = read_journal(dir / "out" / "journal.jsonl");
    ASSERT_EQ(journal.games.size(), 2u);
    std::size_t from = 0;
    for (const auto& g : journal.games) {
        const auto& moves = g.at("moves");
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const std::string who = g.at(i % 2 == 0 ? "white" : "black");
            const std::string want =
                " " + who + " > bestmove " + moves[i].at("uci").get<std::string>() + "\n";
            const auto at = text.find(want, from);
            ASSERT_NE(at, std::string::npos) << want;
            from = at;  // in the order they were played
        }
    }
}

}  // namespace
}  // namespace referee::test
