// Scores, crosstable, Elo, error bars and LOS on small made-up fields whose figures are
// worked out by hand in the comments.
#include <cmath>

#include <gtest/gtest.h>

#include "referee/tournament/standings.hpp"

namespace referee::tournament {
namespace {

using match::GameRecord;
using rules::GameResult;

// `count` games between a and b with the given result, alternating colours so a is White in
// the first; `result` is from a's side: 1 a win, 0 a draw, -1 a loss.
void add_games(std::vector<GameRecord>& games, const std::string& a, const std::string& b,
               int result, int count) {
    for (int k = 0; k < count; ++k) {
        GameRecord g;
        const bool a_white = k % 2 == 0;
        g.white = a_white ? a : b;
        g.black = a_white ? b : a;
        if (result == 0)
            g.result = GameResult::Draw;
        else if ((result > 0) == a_white)
            g.result = GameResult::WhiteWins;
        else
            g.result = GameResult::BlackWins;
        games.push_back(g);
    }
}

const EngineStanding& row(const Standings& s, const std::string& name) {
    for (const auto& r : s.table)
        if (r.name == name) return r;
    throw std::runtime_error("no row for " + name);
}

TEST(StandingsElo, SixtyFortyIsSeventyEloAndTheErrorFollowsTheTrinomialFormula) {
    // 60 wins, 40 losses: score 0.6, so the difference D solves 1 / (1 + 10^(-D/400)) = 0.6,
    // D = 400 log10(0.6 / 0.4) = 70.437. The field's average is 0: +35.22 and -35.22.
    // Error: per-game variance 0.6 * 0.4^2 + 0.4 * 0.6^2 = 0.24, so sd of the total score is
    // sqrt(100 * 0.24) = 4.899; the slope of the expected total per Elo is
    // 100 * (ln 10 / 400) * 0.6 * 0.4 = 0.13816; 1.96 * 4.899 / 0.13816 = 69.50 for the
    // difference, half of it (34.75) for each rating against the two-engine average.
    // The add-one prior (half a win and half a loss) adds 0.5 (0.4^2 + 0.6^2) = 0.26 to the
    // variance of the total: 0.5 * 1.96 * sqrt(24.26) / 0.13816 = 34.94.
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 1, 60);
    add_games(games, "A", "B", -1, 40);
    const Standings s = compute_standings({"A", "B"}, games);
    ASSERT_EQ(s.table.size(), 2u);
    EXPECT_EQ(s.games, 100);
    EXPECT_EQ(s.table[0].name, "A");
    EXPECT_EQ(s.table[0].wins, 60);
    EXPECT_EQ(s.table[0].losses, 40);
    EXPECT_DOUBLE_EQ(s.table[0].points, 60.0);
    // The prior (a tenth of a draw per engine against a virtual 0) pulls A by
    // 0.1 * (E(35.2) - 0.5) = 0.1 * 0.0506 = 0.0051 points, against a slope of
    // 2 * 0.13816 points per Elo of A (B moves the other way): 0.018 Elo, so A = 35.200.
    EXPECT_NEAR(s.table[0].elo - s.table[1].elo, 70.437, 0.05);
    EXPECT_NEAR(s.table[0].elo, 35.200, 0.002);
    EXPECT_NEAR(s.table[1].elo, -35.200, 0.002);
    EXPECT_NEAR(s.table[0].elo_error, 34.94, 0.1);
    EXPECT_NEAR(s.table[1].elo_error, 34.94, 0.1);
}

TEST(StandingsElo, DrawsAreHalfPointsAndNarrowTheErrorBar) {
    // 40 wins, 40 draws, 20 losses: again 60%, so again 70.44 Elo apart. The per-game
    // variance is 0.4 * 0.4^2 + 0.4 * 0.1^2 + 0.2 * 0.6^2 = 0.14, so the half-width is
    // 0.5 * 1.96 * sqrt(14) / 0.13816 = 26.54; with the add-one prior's 0.26,
    // 0.5 * 1.96 * sqrt(14.26) / 0.13816 = 26.79.
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 1, 40);
    add_games(games, "A", "B", 0, 40);
    add_games(games, "A", "B", -1, 20);
    const Standings s = compute_standings({"B", "A"}, games);
    const auto& a = row(s, "A");
    EXPECT_EQ(a.draws, 40);
    EXPECT_DOUBLE_EQ(a.points, 60.0);
    EXPECT_NEAR(a.elo, 35.200, 0.002);  // the prior as in the 60-40 test
    EXPECT_NEAR(a.elo_error, 26.79, 0.1);
    EXPECT_EQ(s.table[0].name, "A");  // sorted by points, whatever the order given
}

TEST(StandingsElo, RatingsAreFittedJointlyAcrossAChain) {
    // A met only B, B met only C, each time 60-40: the maximum-likelihood ratings satisfy
    // each pair's equation, so A - B = B - C = 70.44, and with the average at 0:
    // A = +70.44, B = 0, C = -70.44. The prior pulls A by 0.1 * (E(70.44) - 0.5) = 0.01
    // points against a slope of 0.13816 points per Elo: 0.072 Elo, so A = 70.365. A per-engine
    // "score against the field" would instead put A and C both at 70.44 from B but could not say A
    // is 140.9 above C.
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 1, 60);
    add_games(games, "A", "B", -1, 40);
    add_games(games, "B", "C", 1, 60);
    add_games(games, "B", "C", -1, 40);
    const Standings s = compute_standings({"A", "B", "C"}, games);
    EXPECT_NEAR(row(s, "A").elo, 70.365, 0.005);
    EXPECT_NEAR(row(s, "B").elo, 0.0, 1e-6);
    EXPECT_NEAR(row(s, "C").elo, -70.365, 0.005);
    EXPECT_EQ(s.cross[0][2].games(), 0);
    EXPECT_DOUBLE_EQ(s.los[0][2], 0.5);  // never met: no evidence either way
}

TEST(StandingsElo, SymmetricFieldsRateEveryoneEqual) {
    // A cycle (A beats B, B beats C, C beats A, each 3-1) is the same from every engine's
    // seat: all at 0 with equal error bars, and each pair's LOS is that of 3 wins, 1 loss.
    std::vector<GameRecord> games;
    for (auto [x, y] : {std::pair{"A", "B"}, {"B", "C"}, {"C", "A"}}) {
        add_games(games, x, y, 1, 3);
        add_games(games, x, y, -1, 1);
    }
    const Standings s = compute_standings({"A", "B", "C"}, games);
    for (const auto& r : s.table) {
        EXPECT_NEAR(r.elo, 0.0, 1e-6) << r.name;
        EXPECT_NEAR(r.elo_error, s.table[0].elo_error, 1e-6) << r.name;
        EXPECT_GT(r.elo_error, 0.0);
        EXPECT_DOUBLE_EQ(r.points, 4.0);
    }
    // Equal points and Elo: the table falls back to names.
    EXPECT_EQ(s.table[0].name, "A");
    EXPECT_EQ(s.table[2].name, "C");
    // 0.5 * (1 + erf(2 / sqrt(8))) = 0.5 * (1 + erf(0.7071)) = 0.8413 (the normal CDF at 1).
    EXPECT_NEAR(s.los[0][1], 0.8413, 1e-4);
    EXPECT_NEAR(s.los[1][0], 1 - 0.8413, 1e-4);
}

TEST(StandingsElo, PerfectScoresGiveLargeFiniteRatings) {
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 1, 10);
    const Standings s = compute_standings({"A", "B"}, games);
    const auto& a = row(s, "A");
    const auto& b = row(s, "B");
    ASSERT_TRUE(std::isfinite(a.elo) && std::isfinite(a.elo_error));
    // 10 of 10: far more than the 400 Elo a 91% score would mean, and symmetric.
    EXPECT_GT(a.elo, 200.0);
    EXPECT_LT(a.elo, 1000.0);
    EXPECT_NEAR(a.elo, -b.elo, 1e-6);
    EXPECT_GT(a.elo_error, 100.0);  // ten games cannot pin it down
    EXPECT_TRUE(std::isfinite(a.elo_error));
}

TEST(StandingsElo, AllDrawsAndNoGamesAreZero) {
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 0, 4);
    const Standings s = compute_standings({"A", "B", "Idle"}, games);
    EXPECT_NEAR(row(s, "A").elo, 0.0, 1e-9);
    EXPECT_NEAR(row(s, "B").elo, 0.0, 1e-9);
    EXPECT_EQ(row(s, "Idle").games, 0);
    EXPECT_DOUBLE_EQ(row(s, "Idle").elo, 0.0);
    EXPECT_DOUBLE_EQ(row(s, "Idle").elo_error, 0.0);
    EXPECT_DOUBLE_EQ(s.los[0][1], 0.5);  // draws only: W + L = 0
}

TEST(StandingsElo, AllDrawsStillHaveAnInterval) {
    // Four draws: the games alone have no spread, the pseudo game gives Var X = 0.25; the
    // slope is (4 + 0.1) * 0.25 * ln 10 / 400 = 0.0059; 0.5 * 1.96 * 0.5 / 0.0059 = 83.0.
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 0, 4);
    const Standings s = compute_standings({"A", "B"}, games);
    EXPECT_NEAR(row(s, "A").elo_error, 83.0, 0.2);
    EXPECT_NEAR(row(s, "B").elo_error, 83.0, 0.2);
}

TEST(StandingsLos, KnownWinLossCounts) {
    // 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))), evaluated with a calculator:
    EXPECT_NEAR(likelihood_of_superiority(20, 10), 0.966055, 1e-6);  // erf(10 / sqrt(60))
    EXPECT_NEAR(likelihood_of_superiority(60, 40), 0.977250, 1e-6);  // erf(sqrt 2): normal CDF at 2
    EXPECT_NEAR(likelihood_of_superiority(4, 1), 0.910144, 1e-6);    // erf(3 / sqrt(10))
    EXPECT_DOUBLE_EQ(likelihood_of_superiority(5, 5), 0.5);
    EXPECT_DOUBLE_EQ(likelihood_of_superiority(0, 0), 0.5);
    EXPECT_NEAR(likelihood_of_superiority(10, 20), 1 - 0.966055, 1e-6);
}

TEST(StandingsCross, CellsAreFromTheRowEnginesSide) {
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 1, 3);
    add_games(games, "A", "B", 0, 2);
    add_games(games, "B", "A", 1, 1);
    const Standings s = compute_standings({"A", "B"}, games);
    EXPECT_EQ(s.cross[0][1].wins, 3);
    EXPECT_EQ(s.cross[0][1].draws, 2);
    EXPECT_EQ(s.cross[0][1].losses, 1);
    EXPECT_DOUBLE_EQ(s.cross[0][1].points(), 4.0);
    EXPECT_EQ(s.cross[1][0].wins, 1);
    EXPECT_EQ(s.cross[1][0].losses, 3);
    EXPECT_DOUBLE_EQ(s.cross[1][0].points(), 2.0);
    EXPECT_EQ(s.cross[0][0].games(), 0);
    // LOS from 3 wins, 1 loss (the draws do not enter): 0.8413 as above.
    EXPECT_NEAR(s.los[0][1], 0.8413, 1e-4);
}

}  // namespace
}  // namespace referee::tournament
