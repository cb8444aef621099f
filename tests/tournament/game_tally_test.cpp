// A run's tallies of its finished games (what the CLI keeps instead of every game's record):
// the standings and a match's counts from them are those of the records, a slot finished
// again replaces its tally, and a tally stays a few bytes.
#include <gtest/gtest.h>

#include "referee/tournament/game_tally.hpp"
#include "referee/tournament/match_status.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::tournament {
namespace {

using match::GameRecord;
using match::Termination;
using rules::GameResult;

GameRecord tally_game(int round, const std::string& white, const std::string& black,
                      GameResult result, Termination how = Termination::Rules) {
    GameRecord g;
    g.round = round;
    g.white = white;
    g.black = black;
    g.result = result;
    g.termination = how;
    g.reason = "a sentence the tally does not keep";
    return g;
}

TEST(GameTally, SlotTalliesCountAsTheRecordsDo) {
    const auto W = GameResult::WhiteWins, B = GameResult::BlackWins, D = GameResult::Draw;
    const std::vector<GameRecord> games = {
        tally_game(1, "A", "B", W),
        tally_game(2, "B", "A", D),
        tally_game(3, "A", "B", B, Termination::TimeForfeit),
        tally_game(4, "B", "A", W, Termination::Crash),
        tally_game(5, "A", "B", W, Termination::Interrupted),
        tally_game(5, "A", "stranger", W),
        tally_game(6, "B", "A", B),
    };
    const std::vector<std::string> names{"A", "B"};
    SlotTallies tallies(names);
    for (std::size_t i = 0; i < games.size(); ++i) tallies.add(static_cast<int>(i), games[i]);
    ASSERT_EQ(tallies.size(), games.size());

    const Standings from_records = compute_standings(names, games);
    const Standings from_tallies = standings_from_tallies(names, tallies.games());
    EXPECT_EQ(from_tallies.games, 5);
    EXPECT_EQ(from_tallies.interrupted, 1);
    ASSERT_EQ(from_tallies.table.size(), from_records.table.size());
    for (std::size_t i = 0; i < from_records.table.size(); ++i) {
        EXPECT_EQ(from_tallies.table[i].name, from_records.table[i].name);
        EXPECT_EQ(from_tallies.table[i].points, from_records.table[i].points);
        EXPECT_EQ(from_tallies.table[i].time_losses, from_records.table[i].time_losses);
        EXPECT_EQ(from_tallies.table[i].crashes, from_records.table[i].crashes);
        EXPECT_DOUBLE_EQ(from_tallies.table[i].elo, from_records.table[i].elo);
    }

    const auto a = match_status("A", "B", SprtConfig{}, games);
    const auto t = match_status_from_tallies("A", "B", SprtConfig{}, tallies.games());
    EXPECT_EQ(t.stats.trinomial.wins, a.stats.trinomial.wins);
    EXPECT_EQ(t.stats.trinomial.draws, a.stats.trinomial.draws);
    EXPECT_EQ(t.stats.trinomial.losses, a.stats.trinomial.losses);
    EXPECT_EQ(t.stats.pentanomial.pairs, a.stats.pentanomial.pairs);
    EXPECT_EQ(t.stats.pentanomial.count(), 2);  // rounds 1-2 and 3-4; 5 was interrupted
}

TEST(GameTally, ASlotFinishedAgainReplacesItsTally) {
    SlotTallies tallies({"A", "B"});
    tallies.add(7, tally_game(1, "A", "B", GameResult::WhiteWins, Termination::Interrupted));
    EXPECT_TRUE(tallies.has(7));
    EXPECT_FALSE(tallies.has(6));
    EXPECT_FALSE(tallies.has(8));
    tallies.add(7, tally_game(1, "A", "B", GameResult::BlackWins));
    ASSERT_EQ(tallies.size(), 1u);
    EXPECT_EQ(tallies.games()[0].result, GameResult::BlackWins);
    EXPECT_EQ(tallies.games()[0].termination, Termination::Rules);
}

TEST(GameTally, EnginesAreIndicesOfTheFirstEqualName) {
    const auto t = tally_of(tally_game(3, "B", "nobody", GameResult::Draw), {"A", "B", "B"});
    EXPECT_EQ(t.white, 1);
    EXPECT_EQ(t.black, -1);
    EXPECT_EQ(t.round, 3);
    // What keeps a run's memory flat in the games played: a tally is a few bytes, not a
    // record's hundreds.
    EXPECT_LE(sizeof(GameTally), 20u);
}

}  // namespace
}  // namespace referee::tournament
