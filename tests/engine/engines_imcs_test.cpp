// The engine side of the IMCS game messages, through the built engine binaries: the referee
// sends what the IMCS server sends a client (protocol 2.5) and checks the answers.
#include <sys/wait.h>

#include <string>

#include <gtest/gtest.h>

#include "engines_child.hpp"
#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace engines_test;
using referee::rules::Position;
using referee::rules::Rules;

// What the server sends the mover: a blank line, the board dump, the clock line. Ten
// seconds a side keep alphabeta-engine's share of its clock at a quarter of a second.
void ask(Child& engine, const Position& pos, const std::string& eol = "\n") {
    std::string text;
    for (char c : "\n" + pos.board_dump() + "? 00:10.000 00:10.000\n")
        text += c == '\n' ? eol : std::string(1, c);
    engine.send(text);
}

// An IMCS answer: "! " and a move in the server's dash form, legal in `pos`.
std::string expect_legal_answer(const std::optional<std::string>& line, const Position& pos) {
    EXPECT_TRUE(line.has_value()) << "no answer";
    if (!line) return {};
    EXPECT_TRUE(is_imcs_answer(*line)) << *line;
    const std::string move = line->size() > 2 ? line->substr(2) : "";
    EXPECT_NO_THROW(pos.parse_move(move)) << move << " in " << pos.fen();
    return move;
}

TEST(EnginesImcs, WhiteAnswersTheFirstQuestionWithALegalMove) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    for (const char* name : {"random-engine", "alphabeta-engine"}) {
        SCOPED_TRACE(name);
        Child engine(bin(name), {"--protocol", "imcs"});
        engine.line("105 W 5:00 5:00 game starts");
        ask(engine, rules.start());
        expect_legal_answer(engine.read_line(5s), rules.start());
    }
}

TEST(EnginesImcs, BlackAnswersAfterTheOpponentsMoveWithCrLf) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    Position pos = rules.start();
    pos.play(pos.parse_move("b2-b3"));
    Child engine(bin("alphabeta-engine"), {"--protocol", "imcs"});
    engine.send("100 imcs 2.5\r\n106 B 5:00 5:00 game starts\r\n! b2-b3\r\n");
    ask(engine, pos, "\r\n");
    expect_legal_answer(engine.read_line(5s), pos);
}

// Byte for byte what the real server sends (CR LF, the ranks LF only, a blank line before and
// after the board), turn after turn, as referee serve and the stdio dialect frame it.
TEST(EnginesImcs, BothEnginesPlayTheServersExactFraming) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    for (const char* name : {"random-engine", "alphabeta-engine"}) {
        SCOPED_TRACE(name);
        Position pos = rules.start();
        Child engine(bin(name), {"--protocol", "imcs"});
        engine.send("100 imcs 2.5\r\n105 W 0:10 0:10 game starts\r\n");
        for (int turn = 0; turn < 3; ++turn) {
            engine.send(referee::engine::imcs::turn(pos.board_dump(), 10000, 10000));
            const std::string move = expect_legal_answer(engine.read_line(5s), pos);
            if (move.empty()) return;
            pos.play(pos.parse_move(move));
            const auto reply = pos.legal_moves().front();
            engine.send(referee::engine::imcs::line(
                referee::engine::imcs::opponent_move(pos.move_name(reply))));
            pos.play(reply);
        }
    }
}

TEST(EnginesImcs, RefusedMoveIsAskedAgainAndGamesFollowOneAnother) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    Child engine(bin("random-engine"), {"--protocol", "imcs", "--seed", "3"});
    engine.line("105 W 5:00 5:00 game starts");
    ask(engine, rules.start());
    const std::string first = expect_legal_answer(engine.read_line(5s), rules.start());
    engine.line("- illegal move " + first);
    ask(engine, rules.start());
    expect_legal_answer(engine.read_line(5s), rules.start());
    // The game ends and the next starts in the same process.
    engine.line("= B wins");
    engine.line("232 B wins");
    engine.line("105 W 5:00 5:00 game starts");
    ask(engine, rules.start());
    // A new game reseeds: the same first move as in the first game.
    EXPECT_EQ(expect_legal_answer(engine.read_line(5s), rules.start()), first);
    engine.line("quit");
    const auto status = engine.wait_exit(3s);
    ASSERT_TRUE(status.has_value());
    EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0);
}

TEST(EnginesImcs, PromotionWithoutAChoiceHasNoLetter) {
    // MinitChess promotes to a queen only, so IMCS writes the move without a letter. White
    // (king a1, pawn b5) against a lone king on e6: promoting on b6 wins a queen at once,
    // which any search of depth 2 sees, and no other move gains anything.
    const Rules& rules = referee::test::cached_rules("minitchess");
    const Position pos = rules.from_board_dump("12 W\n....k\n.P...\n.....\n.....\n.....\nK....\n");
    Child engine(bin("alphabeta-engine"), {"--protocol", "imcs", "--depth", "3"});
    engine.line("105 W 5:00 5:00 game starts");
    ask(engine, pos);
    EXPECT_EQ(engine.read_line(5s), "! b5-b6");
}

TEST(EnginesImcs, GarbageBetweenMessagesIsIgnored) {
    const Rules& rules = referee::test::cached_rules("minitchess");
    Child engine(bin("random-engine"), {"--protocol", "imcs"});
    engine.send("hello\n? \n! zz\n- \n= \n1 W\nnot a rank\n\x01\xff\n");
    engine.line("105 W 5:00 5:00 game starts");
    engine.send("\n1 W\nkqbnr\nppXpp\n.....\n.....\nPPPPP\nRNBQK\n");  // 'X' is no piece
    ask(engine, rules.start());
    expect_legal_answer(engine.read_line(5s), rules.start());
    EXPECT_TRUE(engine.running());
}

TEST(EnginesImcs, EndOfInputExitsWithZero) {
    Child engine(bin("alphabeta-engine"), {"--protocol", "imcs"});
    engine.line("105 W 5:00 5:00 game starts");
    engine.close_input();
    const auto status = engine.wait_exit(3s);
    ASSERT_TRUE(status.has_value());
    EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0);
}

}  // namespace
