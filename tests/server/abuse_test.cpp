// Bad input and abuse against `referee serve`, while a game is being played: each gets the
// protocol's error or a clean disconnect, connections are bounded in number and idle time,
// and the game in progress, its players and their ratings are not harmed.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <thread>

#include "server_harness.hpp"

using namespace server_test;
namespace fs = std::filesystem;
using std::chrono::milliseconds;

namespace {

// A game between "pw1" (White) and "pb1" (Black), White to move; returns the game id.
int start_game(Client& white, Client& black) {
    white.send("register pw1 pw\r\noffer W 60 60\r\n");
    EXPECT_TRUE(white.wait_for_text("game waiting for offer acceptance\r\n"));
    std::smatch m;
    const std::string got = white.received();
    EXPECT_TRUE(std::regex_search(got, m, std::regex(R"(103 (\d+) )")));
    black.send("register pb1 pw\r\naccept " + std::string(m[1]) + "\r\n");
    EXPECT_TRUE(black.wait_for_text("106 B 1:00 1:00 game starts\r\n"));
    EXPECT_TRUE(white.wait_for_text("? 01:00.000 01:00.000\r\n"));
    white.take(), black.take();
    return std::stoi(m[1]);
}

// The game still answers: White moves, Black is told and asked.
void game_still_plays(Client& white, Client& black, const std::string& move,
                      const std::string& reply) {
    white.send(move + "\r\n");
    ASSERT_TRUE(black.wait_for_text("! " + move + "\r\n")) << black.received();
    ASSERT_TRUE(black.wait_for_text("\r\n? ")) << black.received();
    black.take();
    black.send(reply + "\r\n");
    ASSERT_TRUE(white.wait_for_text("! " + reply + "\r\n")) << white.received();
    ASSERT_TRUE(white.wait_for_text("\r\n? ")) << white.received();
    white.take();
}

class ServeAbuse : public ::testing::Test {
  protected:
    void SetUp() override {
        data = fresh_dir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        serve = std::make_unique<ServeProcess>(
            data, std::vector<std::string>{"--idle", "3", "--max-connections", "40"});
        white = std::make_unique<Client>(serve->port());
        black = std::make_unique<Client>(serve->port());
        start_game(*white, *black);
    }
    void TearDown() override {
        EXPECT_TRUE(serve->running()) << "the server died";
        serve->stop();
        fs::remove_all(data);
    }
    fs::path data;
    std::unique_ptr<ServeProcess> serve;
    std::unique_ptr<Client> white, black;
};

}  // namespace

TEST_F(ServeAbuse, AnOverlongLineClosesThatConnectionOnly) {
    Client c(serve->port());
    c.send(std::string(100000, 'x'));
    EXPECT_TRUE(c.wait_for_eof());
    Client d(serve->port());
    d.send("register " + std::string(5000, 'n') + " pw\r\n");
    EXPECT_TRUE(d.wait_for_eof());
    game_still_plays(*white, *black, "a2-a3", "a5-a4");
}

TEST_F(ServeAbuse, BinaryGarbageGetsUnknownCommandAndTheConnectionStaysUsable) {
    Client c(serve->port());
    std::mt19937 rng(3);
    std::string garbage;
    for (int i = 0; i < 2000; ++i) garbage += static_cast<char>(rng() % 256);
    garbage.erase(std::remove(garbage.begin(), garbage.end(), '\n'), garbage.end());
    garbage.resize(900);
    c.send(garbage + "\n" + std::string("\0\x01\xff", 3) + "\r\nhelp\r\n");
    ASSERT_TRUE(c.wait_for_text(".\r\n"));
    EXPECT_EQ(
        c.received().rfind(
            "100 imcs 2.5\r\n501 unknown command\r\n501 unknown command\r\n210 imcs 2.5 help\r\n",
            0),
        0u)
        << c.received();
    game_still_plays(*white, *black, "b2-b3", "b5-b4");
}

// Seconds of waiting for the idle limit: in the slow set.
using SlowServeAbuse = ServeAbuse;
TEST_F(SlowServeAbuse, ASilentClientIsClosedAfterTheIdleLimit) {
    Client c(serve->port());
    const auto start = std::chrono::steady_clock::now();
    EXPECT_TRUE(c.wait_for_eof(milliseconds(10000)));
    EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(2900));
    EXPECT_EQ(c.received(), "100 imcs 2.5\r\n");
    // The players in their game were silent as long, and still play.
    game_still_plays(*white, *black, "c2-c3", "c5-c4");
}

TEST_F(ServeAbuse, HundredsOfConnectionsAreBoundedAndTheGameGoesOn) {
    std::vector<std::unique_ptr<Client>> crowd;
    for (int i = 0; i < 300; ++i) crowd.push_back(std::make_unique<Client>(serve->port()));
    int greeted = 0, refused = 0;
    for (auto& c : crowd) {
        c->wait_for([](const std::string& r) { return !r.empty(); }, milliseconds(3000));
        if (c->received() == "100 imcs 2.5\r\n") ++greeted;
        if (c->received().empty() && c->wait_for_eof(milliseconds(3000))) ++refused;
    }
    EXPECT_LE(greeted, 38);  // 40 connections at most, two of them the players
    EXPECT_GE(greeted, 1);
    EXPECT_EQ(greeted + refused, 300);
    game_still_plays(*white, *black, "d2-d3", "d5-d4");
    crowd.clear();
    std::this_thread::sleep_for(milliseconds(300));
    Client late(serve->port());
    EXPECT_TRUE(late.wait_for_text("100 imcs 2.5\r\n"));  // room again once they are gone
}

TEST_F(ServeAbuse, WrongPasswordTakenNameAndBadNamesGetTheirErrors) {
    Client c(serve->port());
    c.send(
        "me pw1 nope\r\nregister pb1 other\r\nregister a/b pw\r\nme nobody pw\r\npassword "
        "x\r\nratings\r\n");
    ASSERT_TRUE(c.wait_for_text("212 ratings\r\n"));
    ASSERT_TRUE(c.wait_for_text(".\r\n"));
    EXPECT_EQ(c.received(),
              "100 imcs 2.5\r\n401 wrong password\r\n"
              "402 username already exists: please use password command to change\r\n"
              "410 illegal characters in username\r\n400 no such username: please use register "
              "command\r\n"
              "404 must set name first using me command\r\n212 ratings\r\n pw1 1000\r\n pb1 "
              "1000\r\n.\r\n");
    game_still_plays(*white, *black, "e2-e3", "e5-e4");
}

TEST_F(ServeAbuse, AnOfferAcceptedTwiceAtTheSameMomentStartsOneGame) {
    Client offerer(serve->port()), x(serve->port()), y(serve->port());
    offerer.send("register off1 pw\r\noffer W 30 30\r\n");
    ASSERT_TRUE(offerer.wait_for_text("game waiting for offer acceptance\r\n"));
    std::smatch m;
    const std::string got = offerer.received();
    ASSERT_TRUE(std::regex_search(got, m, std::regex(R"(103 (\d+) )")));
    x.send("register x1 pw\r\n");
    y.send("register y1 pw\r\n");
    ASSERT_TRUE(x.wait_for_text("202 hello"));
    ASSERT_TRUE(y.wait_for_text("202 hello"));
    const std::string accept = "accept " + std::string(m[1]) + "\r\n";
    x.send(accept);
    y.send(accept);
    x.wait_for(
        [](const std::string& r) {
            return r.find("106 ") != std::string::npos || r.find("408 ") != std::string::npos;
        },
        milliseconds(5000));
    y.wait_for(
        [](const std::string& r) {
            return r.find("106 ") != std::string::npos || r.find("408 ") != std::string::npos;
        },
        milliseconds(5000));
    const bool x_won = x.received().find("106 B 0:30 0:30 game starts\r\n") != std::string::npos;
    const bool y_won = y.received().find("106 B 0:30 0:30 game starts\r\n") != std::string::npos;
    EXPECT_NE(x_won, y_won) << x.received() << "\n" << y.received();
    EXPECT_NE((x_won ? y : x).received().find("408 no such game\r\n"), std::string::npos);
    EXPECT_TRUE(offerer.wait_for_text("105 W 0:30 0:30 game starts\r\n"));
    game_still_plays(*white, *black, "a2-a3", "b5-b4");
}

TEST_F(ServeAbuse, APlayerDroppingMidGameLosesThatGameOnly) {
    // A second game, whose Black drops while White thinks.
    Client w(serve->port()), b(serve->port());
    w.send("register w9 pw\r\noffer W 60 60\r\n");
    ASSERT_TRUE(w.wait_for_text("game waiting for offer acceptance\r\n"));
    std::smatch m;
    const std::string got = w.received();
    ASSERT_TRUE(std::regex_search(got, m, std::regex(R"(103 (\d+) )")));
    b.send("register b9 pw\r\naccept " + std::string(m[1]) + "\r\n");
    ASSERT_TRUE(w.wait_for_text("\r\n? "));
    b.close();
    EXPECT_TRUE(w.wait_for_text(
        "= W wins on opponent disconnect\r\n231 W wins on opponent disconnect\r\n"));
    EXPECT_TRUE(w.wait_for_eof());
    game_still_plays(*white, *black, "a2-a3", "a5-a4");
    Client viewer(serve->port());
    viewer.send("ratings\r\n");
    ASSERT_TRUE(viewer.wait_for_text(".\r\n"));
    EXPECT_EQ(
        viewer.received(),
        "100 imcs 2.5\r\n212 ratings\r\n w9 1016\r\n pw1 1000\r\n pb1 1000\r\n b9 984\r\n.\r\n");
}
