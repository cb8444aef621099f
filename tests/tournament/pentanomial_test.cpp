// Pentanomial and trinomial counts against a journal counted by hand, and the match
// statistics against figures fastchess printed for real matches (published in the READMEs
// of engines that used it) and against hand computations.
#include <cmath>
#include <sstream>

#include <gtest/gtest.h>

#include "referee/tournament/pentanomial.hpp"

namespace referee::tournament {
namespace {

using match::GameRecord;

// A journal in short: "round white black result [interrupted]" per game.
std::vector<GameRecord> journal(const std::string& text) {
    std::vector<GameRecord> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream w(line);
        GameRecord g;
        std::string result, extra;
        if (!(w >> g.round >> g.white >> g.black >> result)) continue;
        g.result = result == "1-0"   ? rules::GameResult::WhiteWins
                   : result == "0-1" ? rules::GameResult::BlackWins
                                     : rules::GameResult::Draw;
        if (w >> extra) g.termination = match::Termination::Interrupted;
        out.push_back(g);
    }
    return out;
}

// Counted by hand, from A's side:
//   rounds 1-2: W W -> WW        rounds 3-4: D D -> DD       rounds 5-6: W L -> WL
//   rounds 7-8: L D -> LD        rounds 9-10: D W -> WD      rounds 11-12: L L -> LL
//   round 13: W, its partner not played yet; round 15 interrupted, so round 16 (L) is alone;
//   C's game is not part of this match.
// Pentanomial [LL, LD, DD+WL, WD, WW] = [1, 1, 2, 1, 1]; trinomial W 5 (1 2 5 10 13),
// D 4 (3 4 8 9), L 5 (6 7 11 12 16).
const char* kHandCounted = R"(1 A B 1-0
2 B A 0-1
3 A B 1/2-1/2
4 B A 1/2-1/2
5 A B 1-0
6 B A 1-0
7 A B 0-1
8 B A 1/2-1/2
9 A B 1/2-1/2
10 B A 0-1
11 A B 0-1
12 B A 1-0
13 A B 1-0
1 C A 1-0
15 A B 1-0 interrupted
16 B A 1-0
)";

TEST(Pentanomial, CountsMatchTheHandCountedJournal) {
    const auto c = count_match("A", "B", journal(kHandCounted));
    EXPECT_EQ(c.pentanomial.pairs, (std::array<int, 5>{1, 1, 2, 1, 1}));
    EXPECT_EQ(c.trinomial.wins, 5);
    EXPECT_EQ(c.trinomial.draws, 4);
    EXPECT_EQ(c.trinomial.losses, 5);
    // From B's side the pentanomial is mirrored.
    const auto b = count_match("B", "A", journal(kHandCounted));
    EXPECT_EQ(b.pentanomial.pairs, (std::array<int, 5>{1, 1, 2, 1, 1}));
    EXPECT_EQ(b.trinomial.wins, 5);
    const auto ca = count_match("C", "A", journal(kHandCounted));
    EXPECT_EQ(ca.trinomial.wins, 1);
    EXPECT_EQ(ca.pentanomial.count(), 0);  // one game of a pair
}

TEST(Pentanomial, StatisticsOfTheHandCountedJournal) {
    // Pair averages 0, 1/4, 1/2, 1/2, 3/4, 1: mean 1/2, variance 0.625 / 6 per pair,
    // e = sqrt(0.625 / 36) = 0.131762; Elo 0 +- (Elo(0.5 + 1.96 e) - Elo(0.5 - 1.96 e)) / 2
    // = 198.576; nElo 0 +- 1.96 * 800 / ln 10 / sqrt(12 games) = 196.577; LOS 50 %.
    const auto s = match_stats(count_match("A", "B", journal(kHandCounted)));
    EXPECT_TRUE(s.from_pairs);
    EXPECT_NEAR(s.score, 7.0 / 14, 1e-12);
    EXPECT_NEAR(s.draw_ratio, 4.0 / 14, 1e-12);
    EXPECT_NEAR(s.elo, 0.0, 1e-9);
    EXPECT_NEAR(s.elo_error, 198.576, 0.001);
    EXPECT_NEAR(s.nelo, 0.0, 1e-9);
    EXPECT_NEAR(s.nelo_error, 196.577, 0.001);
    EXPECT_NEAR(s.los, 0.5, 1e-12);
}

MatchCounts penta(std::array<int, 5> p, int w, int d, int l) {
    MatchCounts c;
    c.pentanomial.pairs = p;
    c.trinomial = {w, d, l};
    return c;
}

TEST(Pentanomial, AgreesWithFastchessOnPublishedMatches) {
    // "Elo: 72.85 +/- 22.33, nElo: 132.30 +/- 39.32 ... LOS: 100.00 %, DrawRatio: 52.00 %
    //  Games: 300, Wins: 78, Losses: 16, Draws: 206 ... Ptnml(0-2): [1, 10, 78, 48, 13]"
    auto s = match_stats(penta({1, 10, 78, 48, 13}, 78, 206, 16));
    EXPECT_NEAR(s.elo, 72.85, 0.005);
    EXPECT_NEAR(s.elo_error, 22.33, 0.005);
    EXPECT_NEAR(s.nelo, 132.30, 0.005);
    EXPECT_NEAR(s.nelo_error, 39.32, 0.005);
    // fastchess's DrawRatio is of pairs (78 of 150 scored 1); ours is of games, 206 of 300.
    EXPECT_NEAR(s.draw_ratio, 206.0 / 300, 1e-9);
    EXPECT_GT(s.los, 0.99995);
    // "Elo: 19.83 +/- 6.77, nElo: 24.25 +/- 8.26 ... Ptnml(0-2): [352, 579, 1264, 743, 464]"
    s = match_stats(penta({352, 579, 1264, 743, 464}, 2718, 1756, 2330));
    EXPECT_NEAR(s.elo, 19.83, 0.005);
    EXPECT_NEAR(s.elo_error, 6.77, 0.005);
    EXPECT_NEAR(s.nelo, 24.25, 0.005);
    EXPECT_NEAR(s.nelo_error, 8.26, 0.005);
    // Twenty games: "Elo: 190.85 +/- 65.54, nElo: 549.34 +/- 152.27 ... [0, 0, 1, 8, 1]"
    s = match_stats(penta({0, 0, 1, 8, 1}, 10, 10, 0));
    EXPECT_NEAR(s.elo, 190.85, 0.005);
    EXPECT_NEAR(s.elo_error, 65.54, 0.005);
    EXPECT_NEAR(s.nelo, 549.34, 0.005);
    EXPECT_NEAR(s.nelo_error, 152.27, 0.005);
}

TEST(Pentanomial, ZeroScoreHasAFiniteIntervalFromThePrior) {
    // Five pairs lost twice: plus half a pseudo pair LL and half WW, weights [5.5,0,0,0,0.5]
    // over 6: mean 1/12, Elo -400 log10(11) = -416.557; variance 0.458333 / 6 = 0.076389,
    // e = 0.112834, delta-method half-width 1.96 e / (s (1 - s)) * 400 / ln 10 = 502.923.
    const auto s = match_stats(penta({5, 0, 0, 0, 0}, 0, 0, 10));
    EXPECT_DOUBLE_EQ(s.score, 0.0);
    EXPECT_NEAR(s.elo, -416.557, 0.001);
    EXPECT_NEAR(s.elo_error, 502.923, 0.001);
    EXPECT_NEAR(s.los, 0.000111, 1e-6);
    const auto w = match_stats(penta({0, 0, 0, 0, 5}, 10, 0, 0));  // and the mirror image
    EXPECT_NEAR(w.elo, 416.557, 0.001);
    EXPECT_NEAR(w.elo_error, 502.923, 0.001);
}

TEST(Pentanomial, AllDrawsHaveANonZeroInterval) {
    // [0.5, 0, 5, 0, 0.5] over 6: mean 1/2, variance 0.25 / 6, e = 1/12: 113.494.
    const auto s = match_stats(penta({0, 0, 5, 0, 0}, 0, 10, 0));
    EXPECT_NEAR(s.elo, 0.0, 1e-9);
    EXPECT_NEAR(s.elo_error, 113.494, 0.001);
    EXPECT_GT(s.nelo_error, 0.0);
    EXPECT_DOUBLE_EQ(s.draw_ratio, 1.0);
}

TEST(Pentanomial, SingleGamesFallBackToTheTrinomial) {
    // 3 wins, 1 draw, 0 losses, no pair: a score of 7/8 with variance
    // (3 (1/8)^2 + (3/8)^2) / 4 = 0.046875, e = 0.108253: Elo 400 log10(7) = 338.039;
    // s + 1.96 e > 1, so the delta method: 1.96 e / (7/64) * 400 / ln 10 = 336.988.
    MatchCounts c;
    c.trinomial = {3, 1, 0};
    const auto s = match_stats(c);
    EXPECT_FALSE(s.from_pairs);
    EXPECT_NEAR(s.elo, 338.039, 0.001);
    EXPECT_NEAR(s.elo_error, 336.988, 0.001);
    const auto none = match_stats(MatchCounts{});
    EXPECT_NEAR(none.elo, 0.0, 1e-9);
    EXPECT_GT(none.elo_error, 0.0);
}

}  // namespace
}  // namespace referee::tournament
