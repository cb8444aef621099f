// Who broke the rules: faults are charged to the engine at fault, interrupted games and
// strangers' games do not count.
#include <gtest/gtest.h>

#include "referee/tournament/standings.hpp"
#include "standings_support.hpp"

namespace referee::tournament {
namespace {

using match::GameRecord;
using match::Termination;
using rules::GameResult;

GameRecord game(const std::string& white, const std::string& black, GameResult result,
                Termination how, std::optional<rules::Color> at_fault,
                const std::string& key = "") {
    GameRecord g;
    g.white = white;
    g.black = black;
    g.result = result;
    g.termination = how;
    g.at_fault = at_fault;
    g.reason_key = key.empty() ? match::termination_key(how) : key;
    return g;
}

using test::row;

TEST(StandingsFaults, EachFaultIsChargedToTheEngineAtFault) {
    const auto W = GameResult::WhiteWins, B = GameResult::BlackWins, D = GameResult::Draw;
    std::vector<GameRecord> games = {
        game("slow", "good", B, Termination::TimeForfeit, rules::White),
        game("good", "slow", W, Termination::TimeForfeit, rules::Black),
        game("cheat", "good", B, Termination::IllegalMove, rules::White),
        game("good", "flaky", W, Termination::Crash, rules::Black),
        game("good", "flaky", W, Termination::ProtocolFault, rules::Black, "unparsable-move"),
        game("flaky", "good", B, Termination::ProtocolFault, rules::White, "output-flood"),
        game("flaky", "good", B, Termination::ProtocolFault, rules::White, "line-too-long"),
        game("good", "dead", W, Termination::StartFailure, rules::Black),
        game("dead", "good", B, Termination::Unsupported, rules::White),
        // Not faults: the rules, a resignation, an adjudicated draw.
        game("good", "cheat", W, Termination::Rules, std::nullopt, "king-capture"),
        game("cheat", "good", B, Termination::Resignation, rules::White),
        game("slow", "cheat", D, Termination::MoveCap, std::nullopt),
        // A record without at_fault: the loser is the one at fault.
        game("cheat", "slow", B, Termination::IllegalMove, std::nullopt),
    };
    const Standings s = compute_standings({"good", "slow", "cheat", "flaky", "dead"}, games);
    EXPECT_EQ(s.games, 13);

    EXPECT_EQ(row(s, "good").faults(), 0);
    EXPECT_EQ(row(s, "slow").time_losses, 2);
    EXPECT_EQ(row(s, "slow").faults(), 2);
    EXPECT_EQ(row(s, "cheat").illegal_moves, 2);
    EXPECT_EQ(row(s, "cheat").faults(), 2);  // the resignation is not a fault
    EXPECT_EQ(row(s, "flaky").crashes, 1);
    EXPECT_EQ(row(s, "flaky").protocol_faults, 3);  // unparsable move, output flood, long line
    EXPECT_EQ(row(s, "dead").start_failures, 2);    // failed to start; cannot play the variant

    EXPECT_EQ(row(s, "good").wins, 11);
    EXPECT_EQ(row(s, "good").losses, 0);
    EXPECT_EQ(row(s, "good").games, 11);
    EXPECT_EQ(s.table[0].name, "good");
}

TEST(StandingsFaults, InterruptedAndStrangersGamesDoNotCount) {
    std::vector<GameRecord> games = {
        game("a", "b", GameResult::WhiteWins, Termination::Rules, std::nullopt, "king-capture"),
        game("a", "b", GameResult::Draw, Termination::Interrupted, std::nullopt),
        game("a", "stranger", GameResult::BlackWins, Termination::Crash, rules::White),
        game("a", "a", GameResult::WhiteWins, Termination::Rules, std::nullopt),
    };
    const Standings s = compute_standings({"a", "b"}, games);
    EXPECT_EQ(s.games, 1);
    EXPECT_EQ(s.interrupted, 1);
    EXPECT_EQ(row(s, "a").games, 1);
    EXPECT_EQ(row(s, "a").draws, 0);
    EXPECT_EQ(row(s, "a").crashes, 0);
    EXPECT_EQ(s.cross[0][1].wins, 1);
    EXPECT_EQ(s.index_of("b"), 1);
    EXPECT_EQ(s.index_of("stranger"), -1);
}

TEST(StandingsFaults, EmptyInputsGiveEmptyStandings) {
    const Standings none = compute_standings({}, {});
    EXPECT_TRUE(none.table.empty());
    EXPECT_EQ(none.games, 0);
    const Standings idle = compute_standings({"x", "y"}, {});
    ASSERT_EQ(idle.table.size(), 2u);
    EXPECT_EQ(idle.table[0].name, "x");
    EXPECT_DOUBLE_EQ(idle.los[0][1], 0.5);
}

}  // namespace
}  // namespace referee::tournament
