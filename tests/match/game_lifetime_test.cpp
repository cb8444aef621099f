// A started game keeps itself alive until it reports, so a caller that drops its pointer
// (fire and forget) still gets its result and leaves no engine waiting.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include "match_harness.hpp"
#include "referee/engine/dialects/session.hpp"

namespace referee::test {
namespace {

TEST(GameLifetime, ADroppedGameStillFinishesAndReports) {
    const auto rules = rules::Rules::load("minitchess");
    boost::asio::io_context io;
    auto white = engine::EngineSession::create(io, in_tree("random-engine", engine::Protocol::Uci),
                                               rules.variant(), "/tmp");
    auto black = engine::EngineSession::create(io, in_tree("random-engine", engine::Protocol::Imcs),
                                               rules.variant(), "/tmp");
    std::optional<match::GameRecord> record;
    {
        auto spec = spec_for("minitchess", "10+0");
        spec.max_plies = 6;
        auto game = match::Game::create(io, spec, white, black, [&](const match::GameRecord& r) {
            record = r;
            white->quit(std::chrono::milliseconds(300));
            black->quit(std::chrono::milliseconds(300));
        });
        game->start();
    }  // the only pointer is gone
    io.run();
    ASSERT_TRUE(record.has_value());
    EXPECT_FALSE(record->at_fault.has_value()) << record->reason;
    EXPECT_GE(record->moves.size(), 1u);
}

}  // namespace
}  // namespace referee::test
