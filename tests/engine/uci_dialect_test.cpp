// The UCI dialect without a process: what it sends when a game ends while the engine
// thinks, and how the next game waits for the answer the engine still owes.
#include <gtest/gtest.h>

#include "fake_dialect_host.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"

using namespace referee;

namespace {

struct Uci : ::testing::Test {
    engine::EngineConfig config = [] {
        engine::EngineConfig c;
        c.name = "thinker";
        c.variant = "minichess";  // plays it without being told: no options to send
        return c;
    }();
    test::FakeDialectHost host;
    std::unique_ptr<engine::Dialect> dialect;
    const rules::Rules& rules = test::cached_rules("minichess");
    rules::Position start = rules.start();

    void SetUp() override {
        dialect = engine::make_dialect(
            engine::DialectContext{host, config, rules.variant(), "/tmp", {}, {}});
        dialect->begin_handshake();
        dialect->on_line("uciok");
        dialect->on_line("readyok");
        ASSERT_EQ(host.ready_count, 1);
        host.take();
    }
    engine::MoveRequest request() {
        engine::MoveRequest r;
        r.start = &start;
        r.position = &start;
        r.white_ms = r.black_ms = 5000;
        r.game_seed = 7;
        return r;
    }
};

}  // namespace

// The opponent resigned (or lost on time, or was adjudicated) while this engine thought: it
// is told to stop, and the bestmove it owes is neither a move nor "a move nobody asked for";
// the next game's ucinewgame waits for it.
TEST_F(Uci, AGameOverWhileThinkingStopsTheEngineAndTheNextGameWaitsForItsBestmove) {
    dialect->request_move(request(), {});
    host.take();
    EXPECT_FALSE(dialect->owes_reply());
    dialect->game_over("1-0", "resignation");
    EXPECT_EQ(host.take(), "stop\n");
    EXPECT_TRUE(dialect->owes_reply());
    dialect->new_game(true, request());
    EXPECT_EQ(host.take(), "");  // nothing before the answer owed
    dialect->on_line("info depth 3 score cp 10 pv a2a3");
    dialect->on_line("bestmove a2a3");
    EXPECT_FALSE(dialect->owes_reply());
    EXPECT_EQ(host.take(), "ucinewgame\nisready\n");
    dialect->on_line("readyok");
    EXPECT_EQ(host.ready_count, 2);
    EXPECT_TRUE(host.moves.empty());
    EXPECT_TRUE(host.faults.empty()) << host.faults[0].second;

    // The bestmove owed may also come before the next game: it is taken as it comes.
    dialect->request_move(request(), {});
    dialect->game_over("0-1", "time-forfeit");
    dialect->on_line("bestmove a2a3");
    host.take();
    dialect->new_game(false, request());
    EXPECT_EQ(host.take(), "ucinewgame\nisready\n");
    EXPECT_TRUE(host.moves.empty());
    EXPECT_TRUE(host.faults.empty());

    // A game that ends after the engine's own move owes nothing: no stop.
    dialect->on_line("readyok");
    dialect->request_move(request(), {});
    dialect->on_line("bestmove a2a3");
    ASSERT_EQ(host.moves.size(), 1u);
    host.take();
    dialect->game_over("1-0", "checkmate");
    EXPECT_EQ(host.take(), "");
    EXPECT_FALSE(dialect->owes_reply());
}

// Between games validate asks whether the engine is still there: an idle engine is sent
// isready and its readyok answers; a thinking one cannot be asked, and neither can one
// whose earlier question is unanswered.
TEST_F(Uci, AnIdleEngineIsAskedWhetherItIsStillThereByIsready) {
    int answers = 0;
    EXPECT_TRUE(dialect->ask_alive([&] { ++answers; }));
    EXPECT_EQ(host.take(), "isready\n");
    EXPECT_FALSE(dialect->ask_alive([&] { ++answers; })) << "the first is not answered yet";
    dialect->on_line("readyok");
    EXPECT_EQ(answers, 1);
    EXPECT_EQ(host.ready_count, 1) << "an answer to the question readies no game";
    dialect->on_line("readyok");
    EXPECT_EQ(answers, 1) << "one answer per question";
    dialect->request_move(request(), {});
    host.take();
    EXPECT_FALSE(dialect->ask_alive([&] { ++answers; })) << "it is thinking";
    EXPECT_EQ(host.take(), "");
}
