// The imcs-tcp lobby: the referee answers its client as the IMCS server does. Expected bytes
// are taken from the server recordings in tests/data/imcs-server/ (names replaced), so a
// difference from the real server fails here.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "fake_dialect_host.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

using namespace referee;
using engine::FaultKind;

namespace {

struct Entry {
    std::string conn, dir, data;
};

std::vector<Entry> recording(const std::string& name) {
    std::ifstream in(std::string(REFEREE_TEST_DATA_DIR) + "/imcs-server/" + name + ".jsonl");
    EXPECT_TRUE(in) << name;
    std::vector<Entry> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        auto j = nlohmann::json::parse(line);
        out.push_back({j.value("conn", ""), j.value("dir", ""), j.value("data", "")});
    }
    return out;
}

// Everything the server sent on the same connection after the client's line `said`, up to
// the client's next line.
std::string recorded_reply(const std::string& scenario, const std::string& said) {
    const auto entries = recording(scenario);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].dir != ">" || entries[i].data != said + "\r\n") continue;
        std::string reply;
        for (std::size_t k = i + 1; k < entries.size(); ++k) {
            if (entries[k].conn != entries[i].conn) continue;
            if (entries[k].dir == ">") break;
            if (entries[k].data != "<<EOF>>") reply += entries[k].data;
        }
        return reply;
    }
    ADD_FAILURE() << "the recording " << scenario << " has no client line '" << said << "'";
    return {};
}

struct ImcsTcpLobby : ::testing::Test {
    const rules::Rules& rules = referee::test::cached_rules("minitchess");
    engine::EngineConfig config = [] {
        engine::EngineConfig c;
        c.name = "client";
        c.protocol = engine::Protocol::ImcsTcp;
        return c;
    }();
    test::FakeDialectHost host;
    std::unique_ptr<engine::Dialect> dialect;

    void open(char color) {
        engine::Seat seat;
        seat.color = color;
        seat.opponent = "rival";
        seat.clock_ms = 300'000;
        engine::TcpLogin login{"127.0.0.1", 4321, "client", "secret"};
        dialect = engine::make_dialect(
            engine::DialectContext{host, config, rules.variant(), "/tmp", seat, login});
        dialect->begin_handshake();
        EXPECT_NE(dialect->awaited().find("connect to the referee's port 127.0.0.1:4321"),
                  std::string::npos);
        dialect->connected();
    }
    std::string say(const std::string& line) {
        dialect->on_line(line);
        return host.take();
    }
    int game_id() {
        const std::string list = say("list");
        std::smatch m;
        EXPECT_TRUE(std::regex_search(list, m, std::regex("\r\n (\\d+) ")));
        return std::stoi(m[1]);
    }
};

}  // namespace

TEST_F(ImcsTcpLobby, GreetingHelpAndErrorsAreTheServersBytes) {
    open('W');
    EXPECT_EQ(host.take(), "100 imcs 2.5\r\n");
    EXPECT_EQ(say("help"), recorded_reply("basics", "help"));
    EXPECT_EQ(say("offer W"), recorded_reply("basics", "offer W"));  // 404 before login
    EXPECT_EQ(say("frobnicate"), recorded_reply("basics", "frobnicate"));
    EXPECT_EQ(say(""), "");  // an empty line gets no answer
    EXPECT_EQ(say("me client"), recorded_reply("basics", "me alice5786481"));
    EXPECT_EQ(say("me nobody pw"),
              recorded_reply("basics", "me alice5786481 pw"));  // 400: not registered
    EXPECT_EQ(say("register bad/name pw"), recorded_reply("basics", "register bad/name pw"));
    EXPECT_EQ(say("register client secret"), "202 hello new user client\r\n");
    EXPECT_EQ(say("offer X"), recorded_reply("basics", "offer X"));
    EXPECT_EQ(say("offer W 1:2:3"), recorded_reply("basics", "offer W 1:2:3"));
    EXPECT_EQ(say("accept"), recorded_reply("basics", "accept"));
    EXPECT_EQ(say("accept foo"), recorded_reply("basics", "accept foo"));
    EXPECT_EQ(say("accept 999999"), recorded_reply("basics", "accept 999999"));
    EXPECT_EQ(say("clean"), recorded_reply("basics", "clean"));
    EXPECT_EQ(say("password pw2"), "203 password change for user client\r\n");
    EXPECT_EQ(say("rerate"), "206 rating reset for user client\r\n");
    EXPECT_TRUE(host.faults.empty());
    EXPECT_EQ(host.ready_count, 0);
}

TEST_F(ImcsTcpLobby, ListShowsTheScheduledGameInTheServersFormat) {
    open('W');
    host.take();
    say("me client secret");
    const int id = game_id();
    dialect->on_line("list");
    const std::string list = host.take();
    // The recording's line: " 4 white5881294 W 5:00 5:00 1000 [offer]".
    EXPECT_EQ(list, "211 1 available games\r\n " + std::to_string(id) +
                        " rival B 5:00 5:00 1000 [offer]\r\n.\r\n");
    EXPECT_TRUE(std::regex_match(
        recorded_reply("game", "list"),
        std::regex("211 1 available games\r\n \\d+ \\w+ W 5:00 5:00 1000 \\[offer\\]\r\n\\.\r\n")));
    EXPECT_EQ(say("accept " + std::to_string(id) + " B"), "405 bad color B\r\n");
    EXPECT_EQ(host.ready_count, 0);
    EXPECT_EQ(say("accept " + std::to_string(id)), "");
    EXPECT_EQ(host.ready_count, 1);
    EXPECT_EQ(dialect->awaited(), "");
}

TEST_F(ImcsTcpLobby, AnOfferOfTheRightColourMakesItReadyAndTheGameFollows) {
    open('B');
    host.take();
    EXPECT_EQ(say("me client secret"), "201 hello client\r\n");
    const std::string waiting = say("offer B 5:00 5:00");
    EXPECT_TRUE(
        std::regex_match(waiting, std::regex("103 \\d+ game waiting for offer acceptance\r\n")))
        << waiting;
    EXPECT_EQ(host.ready_count, 1);
    const referee::rules::Position start = rules.start();
    referee::rules::Position after = start;
    const referee::rules::Move a3 = start.parse_move("a2-a3");
    after.play(a3);
    engine::MoveRequest r;
    r.start = &start;
    r.position = &start;
    r.white_ms = r.black_ms = 300'000;
    dialect->new_game(false, r);
    EXPECT_NE(host.take().find("106 B 5:00 5:00 game starts"), std::string::npos);
    dialect->opponent_moved(start, a3);
    r.moves = std::span(&a3, 1);
    r.position = &after;
    r.white_to_move = false;
    dialect->request_move(r, {});
    EXPECT_NE(host.take().find("? 05:00.000 05:00.000"), std::string::npos);
    dialect->on_line("b5-b4\r");
    ASSERT_EQ(host.moves.size(), 1u);
    EXPECT_EQ(host.moves[0], after.parse_move("b5-b4"));
    dialect->game_over("1-0", "king-capture");
    EXPECT_NE(host.take().find("W wins"), std::string::npos);
    EXPECT_EQ(host.hang_ups, 1);
    EXPECT_TRUE(dialect->one_game());
}

TEST_F(ImcsTcpLobby, AWrongPasswordIsRefusedAndEndsTheGameWithTheReason) {
    open('W');
    host.take();
    EXPECT_EQ(say("me client wrong"), recorded_reply("basics", "me alice5786481 wrong"));
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Startup);
    EXPECT_NE(host.faults[0].second.find("wrong password"), std::string::npos)
        << host.faults[0].second;
    EXPECT_NE(host.faults[0].second.find("{password}"), std::string::npos) << host.faults[0].second;
    EXPECT_EQ(host.hang_ups, 1);
}

TEST_F(ImcsTcpLobby, AnotherNameOrTheWrongColourIsRefused) {
    open('W');
    say("register someone pw");
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_NE(host.faults[0].second.find("'someone'"), std::string::npos) << host.faults[0].second;

    host = {};
    open('W');
    say("me client secret");
    say("offer B");
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_NE(host.faults[0].second.find("offered to play Black"), std::string::npos)
        << host.faults[0].second;
    EXPECT_NE(host.faults[0].second.find("{color}"), std::string::npos) << host.faults[0].second;
    EXPECT_EQ(host.ready_count, 0);
}

TEST_F(ImcsTcpLobby, QuitInTheLobbyIsAnsweredAndEndsTheGame) {
    open('W');
    host.take();
    EXPECT_EQ(say("quit"), recorded_reply("basics", "quit"));
    EXPECT_EQ(host.hang_ups, 1);
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_NE(host.faults[0].second.find("said quit"), std::string::npos);
}

TEST_F(ImcsTcpLobby, AClientThatNeverStopsTalkingInTheLobbyIsCutOff) {
    open('W');
    for (int i = 0; i < 5000 && host.faults.empty(); ++i) dialect->on_line("frobnicate");
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_NE(host.faults[0].second.find("lobby commands"), std::string::npos);
    EXPECT_EQ(host.hang_ups, 1);
    host.take();
    dialect->on_line("help");
    EXPECT_EQ(host.take(), "");  // nothing more is answered
}
