// The stdio `imcs` dialect frames every message as the IMCS server does (CR LF, the board's
// lines LF only, the blank lines around it, result lines with their cause) and reads the
// engine's move lines as the server reads them.
#include <gtest/gtest.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

using namespace referee::engine;

namespace {

struct RecordingHost final : DialectHost {
    std::string bytes;  // as the session would write them: each line, then LF
    std::vector<referee::rules::Move> moves;
    std::vector<std::string> unreadable_replies;
    int resigned = 0;
    void send(std::string_view line, std::function<void()> on_written) override {
        bytes += std::string(line) + "\n";
        if (on_written) on_written();
    }
    void ready() override {}
    void fault(FaultKind, std::string) override {}
    void move(referee::rules::Move m) override { moves.push_back(m); }
    void illegal_move(std::string) override {}
    void unreadable(std::string why) override { unreadable_replies.push_back(std::move(why)); }
    void resign() override { ++resigned; }
    void identified(std::string) override {}
};

struct DialectFixture : ::testing::Test {
    const referee::rules::Rules& rules = referee::test::cached_rules("minitchess");
    EngineConfig config;
    RecordingHost host;
    std::unique_ptr<Dialect> dialect =
        make_imcs_dialect({host, config, rules.variant(), "", {}, {}});

    const referee::rules::Position start = rules.start();
    MoveRequest start_request() {
        MoveRequest r;
        r.start = &start;
        r.position = &start;
        r.white_ms = 300000;
        r.black_ms = 299956;
        return r;
    }
};

}  // namespace

TEST_F(DialectFixture, ATurnIsTheServersBytes) {
    dialect->new_game(true, start_request());
    dialect->request_move(start_request(), {});
    EXPECT_EQ(host.bytes,
              "105 W 5:00 4:59 game starts\r\n"
              "\r\n1 W\nkqbnr\nppppp\n.....\n.....\nPPPPP\nRNBQK\n\r\n? 05:00.000 04:59.956\r\n");
}

// A time per move (st=0.3) is the mover's clock: the game clock it is not held to would make
// an engine that budgets by the clock think past the move's limit.
TEST_F(DialectFixture, ATimePerMoveIsTheMoversClock) {
    auto r = start_request();
    r.movetime_ms = 300;
    dialect->request_move(r, {});
    EXPECT_NE(host.bytes.find("\r\n? 00:00.300 04:59.956\r\n"), std::string::npos) << host.bytes;
}

TEST_F(DialectFixture, MoveLinesAreReadAsTheServerReadsThem) {
    dialect->request_move(start_request(), {});
    dialect->on_line("!   a2-a3\r");
    ASSERT_EQ(host.moves.size(), 1u);
    EXPECT_EQ(host.moves[0], start.parse_move("a2-a3"));
    // a2a3 is a move to the referee's notation but not to the server: refused as invalid.
    dialect->request_move(start_request(), {});
    host.bytes.clear();
    dialect->on_line("a2a3");
    EXPECT_EQ(host.moves.size(), 1u);
    ASSERT_EQ(host.unreadable_replies.size(), 1u);
    EXPECT_NE(host.unreadable_replies[0].find("'a2a3'"), std::string::npos);
    dialect->reject_move("whatever the match layer says");
    EXPECT_EQ(host.bytes, "- invalid move a2a3\r\n");
    dialect->request_move(start_request(), {});
    host.bytes.clear();
    dialect->on_line("a2-a4");
    dialect->reject_move("not legal");
    EXPECT_EQ(host.bytes, "- illegal move a2-a4\r\n");
    dialect->request_move(start_request(), {});
    dialect->on_line("resign");
    EXPECT_EQ(host.resigned, 1);
}

TEST_F(DialectFixture, ResultLinesCarryTheCause) {
    const auto black_to_move = rules.from_fen("kqbnr/ppppp/5/P4/1PPPP/RNBQK b - - 0 1");
    dialect->opponent_moved(black_to_move, black_to_move.parse_move("b5-b4"));
    dialect->game_over("0-1", "time-forfeit");
    EXPECT_EQ(host.bytes,
              "! b5-b4\r\n= B wins on opponent time\r\n232 B wins on opponent time\r\n");
}
