#include "referee/tournament/pentanomial.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "referee/tournament/elo_scale.hpp"

namespace referee::tournament {
namespace {

// Normalised Elo per unit of t = (score - 1/2) / sigma per game: 800 / ln 10, the scale at
// which a small nElo and a small logistic Elo agree when draws are absent.
constexpr double kNeloPerT = 800.0 / 2.302585092994046;

// Points of the first engine (index 0) in a game: 2 a win, 1 a draw, 0 a loss (half points,
// to stay whole).
int half_points(const GameTally& g) {
    if (g.result == rules::GameResult::Draw) return 1;
    const bool white_won = g.result == rules::GameResult::WhiteWins;
    return (g.white == 0) == white_won ? 2 : 0;
}

// A distribution over outcomes valued 0..1, as weights.
struct Moments {
    double n = 0, mean = 0, var = 0;
};
template <std::size_t K>
Moments moments(const std::array<double, K>& w) {
    Moments m;
    for (double x : w) m.n += x;
    for (std::size_t i = 0; i < K; ++i) m.mean += w[i] * static_cast<double>(i) / (K - 1);
    m.mean /= m.n;
    for (std::size_t i = 0; i < K; ++i) {
        const double d = static_cast<double>(i) / (K - 1) - m.mean;
        m.var += w[i] * d * d;
    }
    m.var /= m.n;
    return m;
}

}  // namespace

double elo_of_score(double s) {
    return -400.0 * std::log10(1.0 / s - 1.0) + 0.0;  // + 0.0: an even score is 0, not -0
}

MatchCounts count_match(const std::string& first, const std::string& second,
                        const std::vector<match::GameRecord>& games) {
    std::vector<const match::GameRecord*> seen;
    seen.reserve(games.size());
    for (const auto& g : games) seen.push_back(&g);
    return count_match(first, second, seen);
}

MatchCounts count_match(const std::string& first, const std::string& second,
                        const std::vector<const match::GameRecord*>& games) {
    const std::vector<std::string> names{first, second};
    std::vector<GameTally> tallies;
    tallies.reserve(games.size());
    for (const auto* g : games) tallies.push_back(tally_of(*g, names));
    return count_match_from_tallies(tallies);
}

MatchCounts count_match_from_tallies(const std::vector<GameTally>& games) {
    MatchCounts out;
    // Pair k of the match holds rounds 2k-1 and 2k; the value is the half points so far and
    // how many of its games have been seen.
    std::map<int, std::pair<int, int>> pairs;
    for (const auto& g : games) {
        const bool ours = (g.white == 0 && g.black == 1) || (g.white == 1 && g.black == 0);
        if (!ours || g.termination == match::Termination::Interrupted) continue;
        const int p = half_points(g);
        (p == 2 ? out.trinomial.wins : p == 1 ? out.trinomial.draws : out.trinomial.losses)++;
        auto& [points, seen] = pairs[(g.round - 1) / 2];
        points += p;
        ++seen;
    }
    for (const auto& [k, pair] : pairs)
        if (pair.second == 2) ++out.pentanomial.pairs[pair.first];
    return out;
}

// The figures are those fastchess and cutechess print, so they can be compared:
// with mean score s and variance v of one observation (a pair's average score, or a game's
// score) over N observations,
//   Elo = -400 log10(1/s - 1), with the 95% half-width (Elo(s + 1.96 e) - Elo(s - 1.96 e)) / 2,
//   e = sqrt(v / N);
//   nElo = (s - 1/2) / sigma * 800 / ln 10, sigma the per-game standard deviation (sqrt(2 v)
//   for pairs, sqrt(v) for games), with half-width 1.96 / sqrt(games) * 800 / ln 10;
//   LOS = Phi((s - 1/2) / e).
// Where those break down (a score of 0 or 1: infinite Elo; all pairs alike: no variance;
// s +- 1.96 e outside (0, 1): an infinite bound) the counts get a prior of one pseudo
// observation split between the two extremes (half a pair LL and half WW; or half a win and
// half a loss), which pulls the score towards 1/2 and gives the largest variance one
// observation can; and the Elo half-width is then taken by the delta method,
// 1.96 e / (s (1 - s)) * 400 / ln 10, which stays finite. So no interval is zero or missing.
MatchStats match_stats(const MatchCounts& counts) {
    MatchStats out;
    out.trinomial = counts.trinomial;
    out.pentanomial = counts.pentanomial;
    const Trinomial& t = counts.trinomial;
    if (t.games() > 0) {
        out.score = (t.wins + 0.5 * t.draws) / t.games();
        out.draw_ratio = static_cast<double>(t.draws) / t.games();
    }
    out.from_pairs = counts.pentanomial.count() > 0;
    auto observed = [&](double prior) {
        if (out.from_pairs) {
            std::array<double, 5> w{};
            for (int i = 0; i < 5; ++i) w[i] = counts.pentanomial.pairs[i];
            w[0] += prior, w[4] += prior;
            return moments(w);
        }
        return moments(
            std::array<double, 3>{t.losses + prior, static_cast<double>(t.draws), t.wins + prior});
    };
    Moments m = observed(0);
    const double games = m.n * (out.from_pairs ? 2 : 1);
    bool regularised = !(m.n > 0 && m.mean > 0 && m.mean < 1 && m.var > 0);
    if (regularised) m = observed(0.5);
    const double per_game_sd = std::sqrt(out.from_pairs ? 2 * m.var : m.var);
    const double sd_mean = std::sqrt(m.var / m.n);
    out.elo = elo_of_score(m.mean);
    const double lo = m.mean - kZ95 * sd_mean, hi = m.mean + kZ95 * sd_mean;
    out.elo_error = !regularised && lo > 0 && hi < 1
                        ? (elo_of_score(hi) - elo_of_score(lo)) / 2
                        : kZ95 * sd_mean / (m.mean * (1 - m.mean)) * kEloPerNatural;
    out.nelo = (m.mean - 0.5) / per_game_sd * kNeloPerT;
    out.nelo_error = kZ95 / std::sqrt(std::max(games, 1.0)) * kNeloPerT;
    out.los = 0.5 * (1 + std::erf((m.mean - 0.5) / sd_mean / std::sqrt(2.0)));
    return out;
}

}  // namespace referee::tournament
