// Two scripted clients play whole games through `referee serve`: the turn dialogue, the
// server's clock (White's first move free, Black's charged, a refused move's time still
// counted), the result both sides hear, the game log, the ratings, and what a restart keeps.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>
#include <thread>

#include "referee/rules/core/position.hpp"
#include "server_harness.hpp"

using namespace server_test;
namespace fs = std::filesystem;
using referee::rules::Rules;
using std::chrono::milliseconds;

namespace {

// Logs both players in and starts a game: `white` offers W with `seconds` each, `black` accepts.
int start_game(Client& white, Client& black, const std::string& wname, const std::string& bname,
               int seconds, bool registered = false) {
    const std::string verb = registered ? "me " : "register ";
    white.send(verb + wname + " pw\r\n");
    EXPECT_TRUE(white.wait_for_text(registered ? "201 hello" : "202 hello"));
    black.send(verb + bname + " pw\r\n");
    EXPECT_TRUE(black.wait_for_text(registered ? "201 hello" : "202 hello"));
    white.take(), black.take();
    white.send("offer W " + std::to_string(seconds) + " " + std::to_string(seconds) + "\r\n");
    EXPECT_TRUE(white.wait_for_text(" game waiting for offer acceptance\r\n"));
    std::smatch m;
    const std::string offer = white.take();
    EXPECT_TRUE(std::regex_search(offer, m, std::regex(R"(103 (\d+) )"))) << offer;
    const int id = std::stoi(m[1]);
    black.send("accept " + std::to_string(id) + "\r\n");
    EXPECT_TRUE(black.wait_for_text("game starts\r\n"));
    black.take();
    return id;
}

// Everything up to and including the next `?` line, or the result.
std::string next_turn(Client& c) {
    c.wait_for_text("\r\n? ", milliseconds(15000));
    c.wait_for(
        [](const std::string& r) {
            return r.size() >= 2 && r.compare(r.size() - 2, 2, "\r\n") == 0;
        },
        milliseconds(5000));
    return c.take();
}

std::string board_of(const std::string& turn) {
    // The ranks end LF only, so the last CR LF before the `?` line's blank line opens the board.
    const auto end = turn.rfind("\n\r\n? ");
    const auto start = turn.rfind("\r\n", end - 1);
    return turn.substr(start + 2, end + 1 - (start + 2));
}

}  // namespace

TEST(ServeGame, TwoScriptedClientsPlayAWholeGame) {
    const fs::path data = fresh_dir("whole-game");
    ServeProcess serve(data);
    const Rules rules = Rules::load("minitchess");
    Client white(serve.port()), black(serve.port());
    const int id = start_game(white, black, "white1", "black1", 300);
    referee::rules::Position pos = rules.start();
    std::mt19937 rng(7);
    Client* players[2] = {&white, &black};
    int plies = 0;
    for (;; ++plies) {
        Client& mover = *players[plies % 2];
        const std::string turn = next_turn(mover);
        if (turn.find("\r\n? ") == std::string::npos) break;  // the game is over
        // The board the server shows is the position both clients followed.
        ASSERT_EQ(board_of(turn), pos.board_dump()) << turn;
        const auto moves = pos.legal_moves();
        ASSERT_FALSE(moves.empty());
        const auto m = moves[rng() % moves.size()];
        const std::string name = pos.move_name(m);
        mover.send(plies % 3 ? name + "\r\n" : "! " + name + "\n");
        pos.play(m);
        Client& other = *players[1 - plies % 2];
        ASSERT_TRUE(other.wait_for_text("! " + name + "\r\n")) << other.received();
        if (pos.outcome() || plies == 79) break;
    }
    ASSERT_TRUE(white.wait_for_eof()) << white.received();
    ASSERT_TRUE(black.wait_for_eof()) << black.received();
    const auto end = pos.outcome();
    std::string expected;
    if (!end)
        expected = "= draw\r\n230 draw\r\n";  // after Black's 40th move
    else if (end->result == referee::rules::GameResult::WhiteWins)
        expected = "= W wins";
    else
        expected = "= B wins";
    EXPECT_NE(white.received().find(expected), std::string::npos) << white.received();
    EXPECT_NE(black.received().find(expected), std::string::npos) << black.received();
    // The log holds every move, in order, and the final board.
    const std::string log = read_file(data / "games" / std::to_string(id));
    EXPECT_EQ(log.rfind(std::to_string(id) + ": white1(127.0.0.1:", 0), 0u) << log;
    EXPECT_NE(log.find(pos.board_dump() + "\n" + expected.substr(0, expected.find('\r'))),
              std::string::npos)
        << log;
}

TEST(ServeGame, OnlyWhitesFirstMoveIsFreeAndARefusedMoveKeepsTheClockRunning) {
    const fs::path data = fresh_dir("clocks");
    ServeProcess serve(data);
    Client white(serve.port()), black(serve.port());
    start_game(white, black, "w2", "b2", 20);
    EXPECT_NE(next_turn(white).find("? 00:20.000 00:20.000\r\n"), std::string::npos);
    std::this_thread::sleep_for(milliseconds(600));
    white.send("b2-b3\r\n");
    EXPECT_NE(next_turn(black).find("? 00:20.000 00:20.000\r\n"), std::string::npos);
    std::this_thread::sleep_for(milliseconds(300));
    black.send("b5-b3\r\n");  // illegal: the board comes again with the time spent taken off
    std::string again = next_turn(black);
    EXPECT_EQ(again.rfind("- illegal move b5-b3\r\n\r\n1 B\n", 0), 0u) << again;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(again, m, std::regex(R"(\? 00:(\d\d)\.(\d\d\d) 00:20\.000)")))
        << again;
    const int left = std::stoi(m[1]) * 1000 + std::stoi(m[2]);
    EXPECT_LE(left, 19700);
    EXPECT_GT(left, 15000);
    black.send("b5-b4\r\n");
    const std::string w = next_turn(white);
    // White's free first move left its clock whole; Black paid for its first move.
    ASSERT_TRUE(std::regex_search(w, m, std::regex(R"(\? 00:20\.000 00:(\d\d)\.(\d\d\d))"))) << w;
    EXPECT_LE(std::stoi(m[1]) * 1000 + std::stoi(m[2]), 19700);
    white.send("resign\r\n");
    EXPECT_TRUE(black.wait_for_text(
        "= B wins on opponent resignation\r\n232 B wins on opponent resignation\r\n"));
    EXPECT_TRUE(black.wait_for_eof());
    serve.stop();
    fs::remove_all(data);
}

TEST(ServeGame, RatingsAccountsAndLogsSurviveARestart) {
    const fs::path data = fresh_dir("restart");
    int id = 0;
    {
        ServeProcess serve(data);
        Client white(serve.port()), black(serve.port());
        id = start_game(white, black, "keeper", "loser", 60);
        next_turn(white);
        white.send("resign\r\n");
        ASSERT_TRUE(black.wait_for_eof());
        Client viewer(serve.port());
        viewer.send("register viewer pw\r\nratings\r\n");
        ASSERT_TRUE(viewer.wait_for_text(".\r\n"));
        EXPECT_NE(viewer.received().find(
                      "212 ratings\r\n loser 1016\r\n viewer 1000\r\n keeper 984\r\n.\r\n"),
                  std::string::npos)
            << viewer.received();
    }
    // Passwords are stored as salted slow hashes, never in clear.
    const std::string accounts = read_file(data / "accounts");
    EXPECT_EQ(accounts.find(" pw\n"), std::string::npos) << accounts;
    EXPECT_NE(accounts.find("$argon2id$"), std::string::npos) << accounts;
    ServeProcess again(data);
    Client c(again.port());
    c.send("me keeper wrong\r\nme keeper pw\r\nratings\r\noffer\r\n");
    ASSERT_TRUE(c.wait_for_text("game waiting for offer acceptance\r\n"));
    const std::string got = c.received();
    EXPECT_NE(got.find("401 wrong password\r\n201 hello keeper\r\n"), std::string::npos) << got;
    EXPECT_NE(got.find(" loser 1016\r\n"), std::string::npos) << got;
    EXPECT_NE(got.find(" keeper 984\r\n"), std::string::npos) << got;
    // Game numbers go on from where they were; the finished game's log is still there.
    EXPECT_NE(got.find("103 " + std::to_string(id + 1) + " game"), std::string::npos) << got;
    EXPECT_TRUE(fs::exists(data / "games" / std::to_string(id)));
    again.stop();
    fs::remove_all(data);
}

// The real server has no rule for a side with no legal move; the referee's variant does, and
// the result says which rule ended the game.
TEST(ServeGame, TheVariantsNoLegalMoveRuleEndsTheGameAndSaysSo) {
    const fs::path data = fresh_dir("no-legal-move");
    const fs::path variant = data / "boxed.yaml";
    std::ofstream(variant)
        << "name: boxed\n"
           "description: \"Black's king is walled in by its own steppers, which White blocks\"\n"
           "board: {files: 5, ranks: 6}\n"
           "start: \"3xk/3xx/3PP/5/5/K4 w - - 0 1\"\n"
           "pieces:\n"
           "  - {letter: K, name: king, betza: K, royal: true}\n"
           "  - {letter: X, name: stepper, betza: mfW}\n"
           "  - {letter: P, name: pawn, betza: mfWcfF, pawn: true, promotion: [X]}\n"
           "check_rules: false\n"
           "end: {royal_capture: win, no_legal_moves: loss, move_limit: 40}\n";
    ServeProcess serve(data / "server", {"--variant", variant.string()});
    Client white(serve.port()), black(serve.port());
    const int id = start_game(white, black, "w5", "b5", 60);
    next_turn(white);
    white.send("a1-a2\r\n");
    const std::string result =
        "= W wins on opponent having no legal move\r\n231 W wins on opponent having no legal "
        "move\r\n";
    EXPECT_TRUE(black.wait_for_text("! a1-a2\r\n" + result)) << black.received();
    EXPECT_TRUE(white.wait_for_text(result)) << white.received();
    EXPECT_TRUE(white.wait_for_eof());
    const std::string log = read_file(data / "server" / "games" / std::to_string(id));
    EXPECT_NE(log.find("\n1 B\n...xk\n...xx\n...PP\n.....\nK....\n.....\n\n= W wins on opponent "
                       "having no legal move\n"),
              std::string::npos)
        << log;
    serve.stop();
    fs::remove_all(data);
}
