// The plain dialect: only "! move" lines and the "=" result go to the engine; everything
// the engine prints that does not start with '!' or '=' is chatter; White's first move may
// come before it is asked for.
#include <gtest/gtest.h>

#include "fake_dialect_host.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

using namespace referee;
using engine::FaultKind;

namespace {

struct PlainDialect : ::testing::Test {
    const rules::Rules& rules = referee::test::cached_rules("minitchess");
    engine::EngineConfig config = [] {
        engine::EngineConfig c;
        c.name = "student";
        c.protocol = engine::Protocol::Plain;
        return c;
    }();
    test::FakeDialectHost host;
    std::unique_ptr<engine::Dialect> dialect =
        engine::make_dialect(engine::DialectContext{host, config, rules.variant(), "/tmp", {}, {}});
    const referee::rules::Position start = rules.start();
    engine::MoveRequest request = [this] {
        engine::MoveRequest r;
        r.start = &start;
        r.position = &start;
        return r;
    }();
    int written = 0;

    void seat_black() {
        engine::Seat seat;
        seat.color = 'B';
        dialect = engine::make_dialect(
            engine::DialectContext{host, config, rules.variant(), "/tmp", seat, {}});
        dialect->begin_handshake();
        host.ready_count = 0;
    }
    void ask() {
        dialect->request_move(request, [this] { ++written; });
    }
};

}  // namespace

TEST_F(PlainDialect, NothingButMovesAndTheResultIsSent) {
    dialect->begin_handshake();
    dialect->new_game(true, request);
    EXPECT_EQ(host.ready_count, 2);
    ask();
    EXPECT_EQ(written, 1);  // the clock starts although nothing was written
    EXPECT_EQ(host.take(), "");
    const referee::rules::Position black_to_move =
        rules.from_fen("kqbnr/ppppp/5/P4/1PPPP/RNBQK b - - 0 1");
    dialect->opponent_moved(black_to_move, black_to_move.parse_move("b5-b4"));
    EXPECT_EQ(host.take(), "! b5-b4\n");
    dialect->game_over("0-1", "king-capture");
    EXPECT_EQ(host.take(), "= B wins\n");
    dialect->game_over("1-0", "time-forfeit");  // worded as the server words it
    EXPECT_EQ(host.take(), "= W wins on opponent time\n");
    EXPECT_TRUE(dialect->one_game());
}

TEST_F(PlainDialect, BoardsBannersAndThinkingAreSkipped) {
    dialect->begin_handshake();
    seat_black();
    dialect->new_game(false, request);
    ask();
    for (const char* chatter :
         {"Student engine v0.3", "1 W", "kqbnr", "ppppp", ".....", "thinking...", "", "  "})
        dialect->on_line(chatter);
    EXPECT_TRUE(host.moves.empty());
    EXPECT_TRUE(host.faults.empty());
    dialect->on_line("!  c2-c3 \r");
    ASSERT_EQ(host.moves.size(), 1u);
    EXPECT_EQ(host.moves[0], start.parse_move("c2-c3"));
    dialect->on_line("! d2-d3");  // unasked: kept for the next request
    EXPECT_EQ(host.moves.size(), 1u);
}

TEST_F(PlainDialect, WhitesFirstMoveMayComeBeforeTheRequest) {
    dialect->begin_handshake();
    dialect->on_line("1 W");
    dialect->on_line("! a2-a3");
    dialect->new_game(true, request);
    EXPECT_TRUE(host.moves.empty());
    ask();
    ASSERT_EQ(host.moves.size(), 1u);
    EXPECT_EQ(host.moves[0], start.parse_move("a2-a3"));
}

TEST_F(PlainDialect, ResultLinesOnItsTurnRefusalsAndSecondGamesAreFaults) {
    dialect->begin_handshake();
    dialect->new_game(true, request);
    ask();
    dialect->on_line("= W wins");
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Protocol);
    EXPECT_NE(host.faults[0].second.find("'= W wins'"), std::string::npos) << host.faults[0].second;
    dialect->reject_move("e2-e5 is not legal");
    EXPECT_EQ(host.faults.size(), 2u);
    dialect->new_game(true, request);
    EXPECT_EQ(host.faults.size(), 3u);
    EXPECT_NE(host.faults[2].second.find("second game"), std::string::npos);
}

TEST_F(PlainDialect, ResignIsAMoveWord) {
    dialect->begin_handshake();
    dialect->new_game(true, request);
    ask();
    dialect->on_line("! resign");
    EXPECT_EQ(host.resigns, 1);
}

TEST_F(PlainDialect, OnlyGamesFromTheStartWithTheColourItWasToldArePlayed) {
    auto from_elsewhere = request;
    const auto elsewhere = rules.from_fen("kq2r/ppp1p/2P1b/2P1p/P2PK/RNBQ1 b - - 0 5");
    from_elsewhere.start = &elsewhere;
    from_elsewhere.position = &elsewhere;
    dialect->new_game(false, from_elsewhere);
    ASSERT_EQ(host.faults.size(), 1u);
    EXPECT_EQ(host.faults[0].first, FaultKind::Unsupported);

    dialect =
        engine::make_dialect(engine::DialectContext{host, config, rules.variant(), "/tmp", {}, {}});
    auto after_moves = request;
    const referee::rules::Move a3 = start.parse_move("a2a3");
    after_moves.moves = std::span(&a3, 1);
    dialect->new_game(true, after_moves);
    EXPECT_EQ(host.faults.size(), 2u);

    dialect =
        engine::make_dialect(engine::DialectContext{host, config, rules.variant(), "/tmp", {}, {}});
    dialect->new_game(false, request);  // started as White (the default seat)
    ASSERT_EQ(host.faults.size(), 3u);
    EXPECT_NE(host.faults[2].second.find("started as White but this game has it play Black"),
              std::string::npos)
        << host.faults[2].second;
    EXPECT_EQ(host.ready_count, 0);  // none of the three games began
}

namespace {

// Every dialect reads moves with read_move: an illegal one is told the rule that forbids
// it, not only that the piece cannot go there (Racing Kings' Nxc1 is a knight's move; it is
// illegal because it gives check).
TEST(ReadMove, AnIllegalMoveNamesTheRuleThatForbidsIt) {
    test::FakeDialectHost host;
    const auto& racing = referee::test::cached_rules("racingkings");
    engine::read_move(racing.start(), "e2c1", host);
    ASSERT_EQ(host.illegal.size(), 1u);
    EXPECT_NE(host.illegal[0].find("e2c1 is not a legal move for White"), std::string::npos)
        << host.illegal[0];
    EXPECT_NE(host.illegal[0].find("forbids moves that give check"), std::string::npos)
        << host.illegal[0];
    // A move the piece does not have still says how it moves.
    engine::read_move(racing.start(), "e2e4", host);
    ASSERT_EQ(host.illegal.size(), 2u);
    EXPECT_NE(host.illegal[1].find("cannot move to e4"), std::string::npos) << host.illegal[1];
}

}  // namespace
