// Scores, crosstable, Elo, error bars and LOS on small made-up fields whose figures are
// worked out by hand in the comments.
#include <algorithm>
#include <cmath>
#include <tuple>

#include <gtest/gtest.h>

#include "referee/tournament/standings.hpp"
#include "standings_support.hpp"

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

using test::row;

TEST(StandingsElo, SixtyFortyIsSeventyEloWithTheLikelihoodInterval) {
    // 60 wins, 40 losses: score 0.6, so the difference D solves 1 / (1 + 10^(-D/400)) = 0.6,
    // D = 400 log10(0.6 / 0.4) = 70.437. The field's average is 0: +35.22 and -35.22.
    // Interval: near its maximum the log-likelihood in A's rating is a parabola of curvature
    // 100 * 0.6 * 0.4 = 24 per natural unit squared, so it falls by 1.92 at
    // sqrt(2 * 1.92 / 24) = 0.400 natural units = 69.5 Elo of A, half of it (34.7) in A's
    // rating against the two-engine average (which moves by half of A's step). The real
    // curve is a little steeper above than below (A is already the favourite), so the
    // interval is +35.3 / -34.4.
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
    EXPECT_NEAR(s.table[0].elo_minus, 34.38, 0.05);
    EXPECT_NEAR(s.table[0].elo_plus, 35.31, 0.05);
    EXPECT_NEAR(s.table[0].elo_error, (34.38 + 35.31) / 2, 0.05);
    EXPECT_NEAR(s.table[1].elo_minus, 35.31, 0.05);  // the mirror image
    EXPECT_NEAR(s.table[1].elo_plus, 34.38, 0.05);
}

TEST(StandingsElo, DrawsAreHalfPoints) {
    // 40 wins, 40 draws, 20 losses: again 60%, so again 70.44 Elo apart. The model counts a
    // draw as half a win and half a loss, so the likelihood, and with it the interval, is
    // that of 60 wins and 40 losses.
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 1, 40);
    add_games(games, "A", "B", 0, 40);
    add_games(games, "A", "B", -1, 20);
    const Standings s = compute_standings({"B", "A"}, games);
    const auto& a = row(s, "A");
    EXPECT_EQ(a.draws, 40);
    EXPECT_DOUBLE_EQ(a.points, 60.0);
    EXPECT_NEAR(a.elo, 35.200, 0.002);  // the prior as in the 60-40 test
    EXPECT_NEAR(a.elo_minus, 34.38, 0.05);
    EXPECT_NEAR(a.elo_plus, 35.31, 0.05);
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
    // No game says how much stronger A is: its interval reaches far further up than down,
    // and B's far further down.
    EXPECT_GT(a.elo_plus, 5 * a.elo_minus);
    EXPECT_NEAR(b.elo_minus, a.elo_plus, 1e-6);
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
    // Four draws: the log-likelihood in A's rating has curvature 4 * 0.25 = 1 at its
    // maximum, so it falls by 1.92 about sqrt(3.84) = 1.96 natural units away, 340 Elo of
    // A, 170 against the average; the logistic's flattening widens that to 181.5 each way.
    std::vector<GameRecord> games;
    add_games(games, "A", "B", 0, 4);
    const Standings s = compute_standings({"A", "B"}, games);
    EXPECT_NEAR(row(s, "A").elo_minus, 181.5, 0.2);
    EXPECT_NEAR(row(s, "A").elo_plus, 181.5, 0.2);
    EXPECT_NEAR(row(s, "B").elo_error, 181.5, 0.2);
}

// An independent reading of the model, to check the intervals against: the field's
// log-likelihood summed game by game from the records, in Elo (a game's expected score is
// 1 / (1 + 10^(-d/400))), with the prior written as it is specified (a tenth of a draw of
// each engine against a virtual engine rated 0); maximised by cyclic coordinate ascent,
// each rating, then all of them moved together, set by bisection on its derivative; each
// interval found by walking out from the maximum in steps of half an Elo until the
// log-likelihood is 1.92 (1.96^2 / 2) below it (the crossing interpolated), the engine's
// rating moving and the others held.
struct ReferenceFit {
    std::vector<std::string> names;
    std::vector<std::tuple<int, int, double>> games;  // white, black, White's score
    std::vector<double> elo;                          // fitted, field average 0
    std::vector<double> minus, plus;                  // interval offsets of the shown rating

    static double expected(double d) { return 1 / (1 + std::pow(10.0, -d / 400)); }

    double log_likelihood(const std::vector<double>& r) const {
        double ll = 0;
        for (double x : r) ll += 0.1 * (0.5 * std::log(expected(x)) + 0.5 * std::log(expected(-x)));
        for (const auto& [w, b, score] : games)
            ll += score * std::log(expected(r[w] - r[b])) +
                  (1 - score) * std::log(expected(r[b] - r[w]));
        return ll;
    }
    // The derivative of the log-likelihood in r[i] at r[i] = x, up to the factor ln 10 / 400.
    double slope(const std::vector<double>& r, int i, double x) const {
        double g = 0.1 * (0.5 - expected(x));
        for (const auto& [w, b, score] : games) {
            if (w == i) g += score - expected(x - r[b]);
            if (b == i) g += (1 - score) - expected(x - r[w]);
        }
        return g;
    }

    ReferenceFit(std::vector<std::string> field, const std::vector<GameRecord>& records)
        : names(std::move(field)) {
        const auto index = [&](const std::string& n) {
            return static_cast<int>(std::find(names.begin(), names.end(), n) - names.begin());
        };
        for (const auto& g : records)
            games.emplace_back(index(g.white), index(g.black),
                               g.result == GameResult::WhiteWins ? 1.0
                               : g.result == GameResult::Draw    ? 0.5
                                                                 : 0.0);
        const int n = static_cast<int>(names.size());
        std::vector<double> r(n, 0.0);
        for (int sweep = 0; sweep < 100000; ++sweep) {
            double moved = 0;
            for (int i = 0; i < n; ++i) {
                double lo = -20000, hi = 20000;
                while (hi - lo > 1e-10) {
                    const double mid = (lo + hi) / 2;
                    (slope(r, i, mid) > 0 ? lo : hi) = mid;
                }
                moved = std::max(moved, std::abs(r[i] - lo));
                r[i] = lo;
            }
            // Moving every rating together changes only the prior's terms: the direction
            // coordinate steps crawl along, so it gets a step of its own.
            double lo = -20000, hi = 20000;
            while (hi - lo > 1e-10) {
                const double mid = (lo + hi) / 2;
                double g = 0;
                for (double x : r) g += 0.5 - expected(x + mid);
                (g > 0 ? lo : hi) = mid;
            }
            for (double& x : r) x += lo;
            moved = std::max(moved, std::abs(lo));
            if (moved < 1e-9) break;
        }
        const double top = log_likelihood(r);
        const double fall = 1.959963984540054 * 1.959963984540054 / 2;
        double mean = 0;
        for (double x : r) mean += x / n;
        for (int i = 0; i < n; ++i) {
            elo.push_back(r[i] - mean);
            double reach[2];
            for (int side = 0; side < 2; ++side) {
                const double step = side == 0 ? -0.5 : 0.5;
                std::vector<double> t = r;
                double before = 0, drop_before = 0;
                for (double d = step;; d += step) {
                    t[i] = r[i] + d;
                    const double drop = top - log_likelihood(t);
                    if (drop >= fall) {
                        const double at =
                            before + (d - before) * (fall - drop_before) / (drop - drop_before);
                        reach[side] = std::abs(at) * (n - 1) / n;
                        break;
                    }
                    before = d;
                    drop_before = drop;
                }
            }
            minus.push_back(reach[0]);
            plus.push_back(reach[1]);
        }
    }
};

void expect_as_reference(const Standings& s, const ReferenceFit& ref) {
    for (std::size_t i = 0; i < ref.names.size(); ++i) {
        const auto& r = row(s, ref.names[i]);
        EXPECT_NEAR(r.elo, ref.elo[i], 0.01) << r.name;
        EXPECT_NEAR(r.elo_minus, ref.minus[i], 0.05) << r.name;
        EXPECT_NEAR(r.elo_plus, ref.plus[i], 0.05) << r.name;
        EXPECT_NEAR(r.elo_error, (ref.minus[i] + ref.plus[i]) / 2, 0.05) << r.name;
    }
}

TEST(StandingsElo, AnEngineBetweenTwoExtremesKeepsAMeaningfulInterval) {
    // The field of the report: two alpha-beta engines that split their games, beat the
    // random engine and the one that only plays illegal moves; random beats that one. Every
    // game but the alpha-betas' was all but certain, so the delta method (1.96 over the
    // square root of the sum of p (1 - p)) gave random 4/12 an interval of +-3043.
    std::vector<GameRecord> games;
    add_games(games, "ab1", "ab2", 1, 1);
    add_games(games, "ab1", "ab2", 0, 2);
    add_games(games, "ab2", "ab1", 1, 1);
    for (const char* ab : {"ab1", "ab2"})
        for (const char* weak : {"random", "illegal"}) add_games(games, ab, weak, 1, 4);
    add_games(games, "random", "illegal", 1, 4);
    const std::vector<std::string> names = {"ab1", "ab2", "random", "illegal"};
    const Standings s = compute_standings(names, games);
    expect_as_reference(s, ReferenceFit(names, games));
    const auto& random = row(s, "random");
    EXPECT_DOUBLE_EQ(random.points, 4.0);
    EXPECT_LT(random.elo_minus, 600);
    EXPECT_LT(random.elo_plus, 600);
    EXPECT_GT(random.elo_minus, 200);  // twelve games: still wide
    // The engine at 0% keeps the widest interval, reaching furthest down.
    const auto& illegal = row(s, "illegal");
    for (const auto& r : s.table) {
        if (r.name == "illegal") continue;
        EXPECT_GT(illegal.elo_error, r.elo_error) << r.name;
        EXPECT_GT(illegal.elo_minus, r.elo_minus) << r.name;
    }
}

TEST(StandingsElo, IntervalsOfAnOrdinaryFieldAreTheReferences) {
    // Five engines, every pairing played, wins, draws and losses mixed unevenly.
    std::vector<GameRecord> games;
    const std::vector<std::string> names = {"a", "b", "c", "d", "e"};
    int k = 0;
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = i + 1; j < names.size(); ++j, ++k) {
            add_games(games, names[i], names[j], 1, 3 + k % 4);
            add_games(games, names[i], names[j], 0, 1 + k % 3);
            add_games(games, names[i], names[j], -1, 1 + (k * 5) % 4);
        }
    const Standings s = compute_standings(names, games);
    expect_as_reference(s, ReferenceFit(names, games));
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
