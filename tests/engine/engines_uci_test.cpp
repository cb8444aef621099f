// The engine side of UCI, through the built random-engine and alphabeta-engine binaries.
// Legality of answers is judged by the rules engine (tested on its own against published
// perft figures).
#include <sys/wait.h>

#include <chrono>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engines_child.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace engines_test;
using referee::rules::Rules;

// The move after "bestmove ", legal in `pos` (parse_move throws otherwise).
void expect_legal_bestmove(const std::optional<std::string>& line,
                           const referee::rules::Position& pos) {
    ASSERT_TRUE(line.has_value()) << "no bestmove";
    ASSERT_EQ(line->rfind("bestmove ", 0), 0u) << *line;
    const std::string move = line->substr(9);
    EXPECT_NO_THROW(pos.parse_move(move)) << move << " in " << pos.fen();
}

void handshake(Child& engine) {
    engine.line("uci");
    ASSERT_TRUE(engine.read_prefixed("uciok", 5s));
    engine.line("isready");
    ASSERT_TRUE(engine.read_prefixed("readyok", 5s));
}

TEST(EnginesUci, HandshakeListsIdentityAndVariantOptions) {
    Child engine(bin("random-engine"));
    engine.line("uci");
    std::vector<std::string> lines;
    ASSERT_TRUE(engine.read_prefixed("uciok", 5s, &lines));
    auto has = [&](const std::string& prefix) {
        for (const auto& l : lines)
            if (l.rfind(prefix, 0) == 0) return true;
        return false;
    };
    EXPECT_TRUE(has("id name random-engine"));
    EXPECT_TRUE(has("id author "));
    EXPECT_TRUE(has("option name VariantFile type string"));
    EXPECT_TRUE(has("option name Seed type spin default 0 min 0 max 2147483647"));
    // Every shipped variant is offered, the default being the --variant default.
    std::string combo;
    for (const auto& l : lines)
        if (l.rfind("option name UCI_Variant type combo default minitchess", 0) == 0) combo = l;
    ASSERT_FALSE(combo.empty());
    for (const auto& name : referee::rules::list_variants())
        EXPECT_NE(combo.find(" var " + name), std::string::npos) << name;
    engine.line("isready");
    EXPECT_EQ(engine.read_line(5s), "readyok");
}

TEST(EnginesUci, CrLfLineEndingsAreAccepted) {
    Child engine(bin("random-engine"));
    engine.send("uci\r\nisready\r\n");
    EXPECT_TRUE(engine.read_prefixed("uciok", 5s));
    EXPECT_EQ(engine.read_line(5s), "readyok");
}

TEST(EnginesUci, GoFromStartAndAfterMovesGivesLegalMoves) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    for (const char* name : {"random-engine", "alphabeta-engine"}) {
        SCOPED_TRACE(name);
        Child engine(bin(name));
        handshake(engine);
        engine.line("ucinewgame");
        engine.line("position startpos");
        engine.line("go wtime 2000 btime 2000 winc 0 binc 0");
        expect_legal_bestmove(engine.read_prefixed("bestmove", 5s), rules.start());

        auto pos = rules.start();
        pos.play(pos.parse_move("a2a3"));
        pos.play(pos.parse_move("e5e4"));
        engine.line("position startpos moves a2a3 e5e4");
        engine.line("go movetime 100");
        expect_legal_bestmove(engine.read_prefixed("bestmove", 5s), pos);
    }
}

TEST(EnginesUci, FenOnAnotherVariantChosenByOption) {
    // Gardner 5x5 with check rules: White's king on e1 is in check from the queen on e2
    // that it can take; every legal answer is a king move (the only piece White has).
    const Rules& rules = referee::test::cached_rules("gardner-castling");
    const auto pos = rules.from_fen("k4/5/5/4q/4K w - - 0 1");
    Child engine(bin("alphabeta-engine"));
    handshake(engine);
    engine.line("setoption name UCI_Variant value gardner-castling");
    engine.line("position fen k4/5/5/4q/4K w - - 0 1");
    engine.line("go depth 3");
    const auto line = engine.read_prefixed("bestmove", 5s);
    expect_legal_bestmove(line, pos);
    // Taking the queen is the only move that does not leave the king attacked (d1 and d2
    // are covered by the queen on e2), so it is the only legal move at all.
    EXPECT_EQ(*line, "bestmove e1e2");
}

TEST(EnginesUci, VariantFileOptionLoadsYaml) {
    const std::string file = std::string(REFEREE_VARIANT_DIR) + "/gardner-castling.yaml";
    Child engine(bin("random-engine"));
    handshake(engine);
    engine.line("setoption name VariantFile value " + file);
    engine.line("position startpos");
    engine.line("go");
    expect_legal_bestmove(engine.read_prefixed("bestmove", 5s), Rules::load(file).start());
}

TEST(EnginesUci, FinishedGameAnswersNone) {
    // MinitChess: White's king is gone, so the game is over (king capture).
    Child engine(bin("alphabeta-engine"));
    handshake(engine);
    engine.line("position fen k4/5/5/5/5/5 w - - 0 1");
    engine.line("go movetime 100");
    EXPECT_EQ(engine.read_prefixed("bestmove", 5s), "bestmove (none)");
}

TEST(EnginesUci, GarbageIsSurvivedAndUnusablePositionsAnswerNone) {
    Child engine(bin("random-engine"));
    handshake(engine);
    engine.send(
        "hello world\n\n\x01\x02\xff\nsetoption\nsetoption name\nposition\ngo wtime banana\n");
    EXPECT_EQ(engine.read_prefixed("bestmove", 5s), "bestmove (none)");  // no position yet
    engine.line("position fen this is not a fen");
    engine.line("go");
    EXPECT_EQ(engine.read_prefixed("bestmove", 5s), "bestmove (none)");
    engine.line("position startpos moves a2a3 a2a3");  // the second is not legal for Black
    engine.line("go");
    EXPECT_EQ(engine.read_prefixed("bestmove", 5s), "bestmove (none)");
    engine.send(std::string(200000, 'x') + "\n");
    engine.line("isready");
    EXPECT_EQ(engine.read_prefixed("readyok", 5s), "readyok");
    EXPECT_TRUE(engine.running());
}

TEST(EnginesUci, InfiniteSearchAnswersOnlyAfterStop) {
    Child engine(bin("alphabeta-engine"));
    handshake(engine);
    engine.line("position startpos");
    engine.line("go infinite");
    EXPECT_FALSE(engine.read_prefixed("bestmove", 300ms));
    engine.line("isready");  // answered while searching
    EXPECT_TRUE(engine.read_prefixed("readyok", 2s));
    engine.line("stop");
    expect_legal_bestmove(engine.read_prefixed("bestmove", 2s),
                          referee::test::cached_rules("minitchess").start());
}

TEST(SlowEnginesUci, AlphabetaStaysWithinTheTimeGiven) {
    Child engine(bin("alphabeta-engine"));
    handshake(engine);
    engine.line("position startpos");
    auto start = std::chrono::steady_clock::now();
    engine.line("go movetime 300");
    ASSERT_TRUE(engine.read_prefixed("bestmove", 5s));
    // 300 ms given; the pipe and process scheduling get the remaining slack.
    EXPECT_LT(std::chrono::steady_clock::now() - start, 350ms);

    // 400 ms on the clock for 40 moves: about 10 ms a move, never near the whole 400.
    start = std::chrono::steady_clock::now();
    engine.line("go wtime 400 btime 400");
    ASSERT_TRUE(engine.read_prefixed("bestmove", 5s));
    EXPECT_LT(std::chrono::steady_clock::now() - start, 200ms);
}

TEST(EnginesUci, QuitAndEndOfInputExitWithZero) {
    {
        Child engine(bin("alphabeta-engine"));
        handshake(engine);
        engine.line("position startpos");
        engine.line("go infinite");
        engine.line("quit");
        const auto status = engine.wait_exit(3s);
        ASSERT_TRUE(status.has_value());
        EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0);
    }
    {
        Child engine(bin("random-engine"));
        engine.close_input();
        const auto status = engine.wait_exit(3s);
        ASSERT_TRUE(status.has_value());
        EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0);
    }
}

TEST(EnginesUci, BadCommandLineExitsWithTwo) {
    for (std::vector<std::string> args :
         {std::vector<std::string>{"--protocol", "winboard"},
          std::vector<std::string>{"--variant", "no-such-variant"},
          std::vector<std::string>{"--seed", "-1"}, std::vector<std::string>{"--depth", "1"}}) {
        Child engine(bin("random-engine"), args);
        const auto status = engine.wait_exit(3s);
        ASSERT_TRUE(status.has_value()) << args[0];
        EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 2) << args[0];
        EXPECT_FALSE(engine.read_line(100ms)) << "nothing on stdout";
    }
}

}  // namespace
