// Fairy-Stockfish 11.1 over USI reads wtime as the clock of the side that moves first; USI
// says btime. Told the standard's way it plans with its opponent's clock: with time odds
// (its own clock short, the opponent's long) it spends the long one and loses on time
// within a few moves. Known by its id name, it is told its clock where it reads it and
// plays to the end by the rules. Skipped where Fairy-Stockfish is not installed; slow.
#include <filesystem>

#include <gtest/gtest.h>

#include "match_harness.hpp"

using namespace referee;

TEST(SlowUsiClocks, FairyStockfishOverUsiPlansWithItsOwnClockAgainstTimeOdds) {
    const char* fsf = "/usr/games/fairy-stockfish";
    if (!std::filesystem::exists(fsf))
        GTEST_SKIP() << fsf << " is not installed (apt-get install fairy-stockfish)";
    engine::EngineConfig usi = test::fairy_stockfish();
    usi.name = "fairy-stockfish-usi";
    usi.protocol = engine::Protocol::Usi;
    auto spec = test::spec_for("minishogi", "12+0.1");
    // The USI side moves first (sente) with an eighth of its opponent's time; a margin of a
    // second for a loaded machine, far below what planning with the opponent's clock costs.
    spec.side_time_control[rules::White] = match::parse_time_control("1.5+0.1");
    spec.side_time_control[rules::Black] = match::parse_time_control("12+0.1");
    for (auto& tc : spec.side_time_control) tc->margin_ms = 1000;
    spec.max_plies = 40;
    const auto played = test::play("minishogi", usi, test::fairy_stockfish(), spec);
    const auto& r = played.record;
    EXPECT_NE(r.termination, match::Termination::TimeForfeit) << r.reason;
    EXPECT_TRUE(r.termination == match::Termination::Rules ||
                r.termination == match::Termination::MoveCap)
        << r.reason_key << ": " << r.reason;
}
