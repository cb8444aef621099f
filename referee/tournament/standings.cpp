#include "referee/tournament/standings.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "referee/tournament/elo_scale.hpp"

namespace referee::tournament {
namespace {

// Ratings are fitted in natural units theta = r * ln(10) / 400, where the logistic
// sigma(theta_i - theta_j) = 1 / (1 + 10^((r_j - r_i) / 400)) is the expected score of i
// against j: the Elo / Bradley-Terry model with a draw counted as half a win and half a loss.

// A perfect (or zero) score has no finite maximum-likelihood rating, and neither has a group
// of engines that won every game against the rest. So every engine is credited with a tenth
// of a drawn game against a virtual opponent rated 0: a tiny prior that keeps every rating
// finite (10 wins out of 10 put the winner about 940 above the loser) and moves ordinary
// results far less than their error bars (a 60-40 score over 100 games stays 70.4 apart).
constexpr double kPriorGames = 0.1;

double logistic(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}
// log(logistic(x)) without overflow for large |x|.
double log_logistic(double x) {
    return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x));
}

// One engine's games as the fit sees them: against each other engine, games and points.
struct FitInput {
    int n = 0;
    std::vector<std::vector<double>> games, points;  // [i][j], from i's side
};

double log_likelihood(const FitInput& in, const std::vector<double>& theta) {
    double ll = 0;
    for (int i = 0; i < in.n; ++i) {
        // The virtual half point: log sigma(theta) + log sigma(-theta), halved.
        ll += kPriorGames * 0.5 * (log_logistic(theta[i]) + log_logistic(-theta[i]));
        for (int j = 0; j < in.n; ++j) {
            if (in.games[i][j] == 0) continue;
            // Each pair's games appear twice ([i][j] and [j][i]); count the points of i only.
            ll += in.points[i][j] * log_logistic(theta[i] - theta[j]);
        }
    }
    return ll;
}

// Solves a x = b for symmetric positive definite a (Gaussian elimination with partial pivoting).
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
    const int n = static_cast<int>(b.size());
    for (int c = 0; c < n; ++c) {
        int pivot = c;
        for (int r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
        std::swap(a[c], a[pivot]);
        std::swap(b[c], b[pivot]);
        for (int r = c + 1; r < n; ++r) {
            const double f = a[r][c] / a[c][c];
            for (int k = c; k < n; ++k) a[r][k] -= f * a[c][k];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(n);
    for (int r = n - 1; r >= 0; --r) {
        double s = b[r];
        for (int k = r + 1; k < n; ++k) s -= a[r][k] * x[k];
        x[r] = s / a[r][r];
    }
    return x;
}

// Maximises the log-likelihood
//   L(theta) = sum_{i,j} P_ij log sigma(theta_i - theta_j)
//            + kPriorGames * sum_i (log sigma(theta_i) + log sigma(-theta_i)) / 2
// (P_ij: points of i against j) by Newton's method. Its gradient and Hessian are
//   g_i  = sum_j (P_ij - N_ij p_ij) + kPriorGames (1/2 - sigma(theta_i)),  p_ij = sigma(theta_i -
//   theta_j) H_ii = -sum_j N_ij p_ij (1 - p_ij) - kPriorGames sigma(theta_i) (1 - sigma(theta_i)),
//   H_ij = N_ij p_ij (1 - p_ij).
// The prior makes L strictly concave, so the maximum is unique; halving a step that does
// not improve L keeps the method safe far from it.
std::vector<double> fit_theta(const FitInput& in) {
    std::vector<double> theta(in.n, 0.0);
    double ll = log_likelihood(in, theta);
    for (int iteration = 0; iteration < 200; ++iteration) {
        std::vector<double> g(in.n, 0.0);
        std::vector<std::vector<double>> neg_h(in.n, std::vector<double>(in.n, 0.0));
        for (int i = 0; i < in.n; ++i) {
            const double si = logistic(theta[i]);
            g[i] += kPriorGames * (0.5 - si);
            neg_h[i][i] += kPriorGames * si * (1 - si);
            for (int j = 0; j < in.n; ++j) {
                if (in.games[i][j] == 0) continue;
                const double p = logistic(theta[i] - theta[j]);
                g[i] += in.points[i][j] - in.games[i][j] * p;
                neg_h[i][i] += in.games[i][j] * p * (1 - p);
                neg_h[i][j] -= in.games[i][j] * p * (1 - p);
            }
        }
        const std::vector<double> step = solve(neg_h, g);
        double scale = 1.0, next_ll = ll;
        std::vector<double> next(in.n);
        for (int halvings = 0; halvings < 60; ++halvings, scale /= 2) {
            for (int i = 0; i < in.n; ++i) next[i] = theta[i] + scale * step[i];
            next_ll = log_likelihood(in, next);
            if (next_ll >= ll) break;
        }
        if (!(next_ll >= ll)) break;  // no step improves: at the maximum to rounding
        double largest = 0;
        for (int i = 0; i < in.n; ++i) largest = std::max(largest, std::abs(next[i] - theta[i]));
        theta = next;
        ll = next_ll;
        if (largest < 1e-12) break;
    }
    return theta;
}

}  // namespace

bool is_fault(match::Termination t) {
    using match::Termination;
    switch (t) {
        case Termination::IllegalMove:
        case Termination::TimeForfeit:
        case Termination::Crash:
        case Termination::StartFailure:
        case Termination::ProtocolFault:
        case Termination::Unsupported:
            return true;
        default:
            return false;
    }
}

double likelihood_of_superiority(int wins, int losses) {
    // Draws say nothing about which engine is stronger; of the decisive games, W - L is
    // approximately normal with variance W + L when the engines are equal.
    if (wins + losses == 0) return 0.5;
    return 0.5 * (1.0 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

int Standings::index_of(const std::string& name) const {
    auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

namespace {

// Tallies: the crosstable, counted and interrupted games. Games against itself say nothing
// about strength; games naming an engine not in the names are not ours.
struct Tally {
    std::vector<std::vector<PairScore>> cross;
    int games = 0, interrupted = 0;
    std::vector<const GameTally*> counted;
};

Tally tally_games(std::size_t names, const std::vector<GameTally>& games) {
    const int n = static_cast<int>(names);
    Tally t;
    t.cross.assign(n, std::vector<PairScore>(n));
    for (const auto& g : games) {
        if (g.white < 0 || g.black < 0 || g.white >= n || g.black >= n || g.white == g.black)
            continue;
        if (g.termination == match::Termination::Interrupted) {
            ++t.interrupted;
            continue;
        }
        ++t.games;
        t.counted.push_back(&g);
        PairScore& ws = t.cross[g.white][g.black];
        PairScore& bs = t.cross[g.black][g.white];
        switch (g.result) {
            case rules::GameResult::WhiteWins:
                ++ws.wins, ++bs.losses;
                break;
            case rules::GameResult::BlackWins:
                ++ws.losses, ++bs.wins;
                break;
            case rules::GameResult::Draw:
                ++ws.draws, ++bs.draws;
                break;
        }
    }
    return t;
}

// Faults: which engine lost a counted game by breaking the rules, and how.
void count_faults(const Tally& t, std::vector<EngineStanding>& rows) {
    for (const GameTally* counted : t.counted) {
        const GameTally& g = *counted;
        if (!is_fault(g.termination)) continue;
        std::optional<rules::Color> culprit = g.at_fault;
        if (!culprit && g.result == rules::GameResult::WhiteWins) culprit = rules::Black;
        if (!culprit && g.result == rules::GameResult::BlackWins) culprit = rules::White;
        if (!culprit) continue;
        EngineStanding& r = rows[*culprit == rules::White ? g.white : g.black];
        switch (g.termination) {
            case match::Termination::TimeForfeit:
                ++r.time_losses;
                break;
            case match::Termination::IllegalMove:
                ++r.illegal_moves;
                break;
            case match::Termination::Crash:
                ++r.crashes;
                break;
            case match::Termination::ProtocolFault:
                ++r.protocol_faults;
                break;
            default:
                ++r.start_failures;
                break;  // StartFailure, Unsupported
        }
    }
}

// Each engine's totals from its crosstable row.
void sum_rows(const std::vector<std::vector<PairScore>>& cross, std::vector<EngineStanding>& rows) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (const PairScore& c : cross[i]) {
            rows[i].wins += c.wins;
            rows[i].draws += c.draws;
            rows[i].losses += c.losses;
        }
        rows[i].games = rows[i].wins + rows[i].draws + rows[i].losses;
        rows[i].points = rows[i].wins + 0.5 * rows[i].draws;
    }
}

std::vector<std::vector<double>> los_matrix(const std::vector<std::vector<PairScore>>& cross) {
    const std::size_t n = cross.size();
    std::vector<std::vector<double>> los(n, std::vector<double>(n, 0.5));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (i != j) los[i][j] = likelihood_of_superiority(cross[i][j].wins, cross[i][j].losses);
    return los;
}

// The part of the log-likelihood that depends on engine a's rating x, the others held at
// `theta`: its games against each opponent and its share of the prior.
double own_log_likelihood(const FitInput& fit, const std::vector<double>& theta, int a, double x) {
    double ll = kPriorGames * 0.5 * (log_logistic(x) + log_logistic(-x));
    for (int b = 0; b < fit.n; ++b) {
        if (b == a || fit.games[a][b] == 0) continue;
        ll += fit.points[a][b] * log_logistic(x - theta[b]) +
              fit.points[b][a] * log_logistic(theta[b] - x);
    }
    return ll;
}

// The 95% likelihood interval of one engine's rating: the ratings x at which the
// log-likelihood of the whole field, every other engine held at its fitted rating, lies
// within kZ95^2 / 2 = 1.92 of its maximum (BayesElo's reading of an engine's interval).
// Unlike the delta method's 1.96 / sqrt(curvature), which explodes for an engine whose
// games were all but certain (a 4/12 score made only of wins over the weakest and losses
// to the strongest), it follows the likelihood's real shape: steep where games were lost
// to stronger engines, shallow towards ratings no game argues against. The log-likelihood
// is concave in x and falls without end both ways (the prior's virtual opponent sees to
// that even for a perfect or a zero score), so each bound is bracketed by doubling steps
// and then found by bisection. Returned in natural units, as offsets from theta[a].
std::pair<double, double> likelihood_interval(const FitInput& fit, const std::vector<double>& theta,
                                              int a) {
    const double drop = kZ95 * kZ95 / 2;
    const double top = own_log_likelihood(fit, theta, a, theta[a]);
    const auto inside = [&](double offset) {
        return own_log_likelihood(fit, theta, a, theta[a] + offset) >= top - drop;
    };
    const auto bound = [&](double direction) {
        double in = 0, out = 0.25 * direction;
        for (int k = 0; k < 64 && inside(out); ++k) in = out, out *= 2;
        for (int k = 0; k < 100 && std::abs(out - in) > 1e-10; ++k) {
            const double mid = (in + out) / 2;
            (inside(mid) ? in : out) = mid;
        }
        return (in + out) / 2;
    };
    return {bound(-1), bound(1)};
}

// Ratings and their intervals for the engines that played; the others keep 0 +- 0.
void rate(const std::vector<std::vector<PairScore>>& cross, std::vector<EngineStanding>& rows) {
    std::vector<int> active;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].games > 0) active.push_back(static_cast<int>(i));
    const int m = static_cast<int>(active.size());
    FitInput fit;
    fit.n = m;
    fit.games.assign(m, std::vector<double>(m, 0.0));
    fit.points.assign(m, std::vector<double>(m, 0.0));
    for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b) {
            fit.games[a][b] = cross[active[a]][active[b]].games();
            fit.points[a][b] = cross[active[a]][active[b]].points();
        }
    const std::vector<double> theta = fit_theta(fit);
    double mean = 0;
    for (double t : theta) mean += t / kNaturalPerElo;
    if (m > 0) mean /= m;
    for (int a = 0; a < m; ++a) {
        EngineStanding& r = rows[active[a]];
        r.elo = theta[a] / kNaturalPerElo - mean;
        // The rating shown is relative to the field's average, which moves with the engine
        // by 1/m of its rating: an offset d of the engine moves what is shown by d (m - 1) / m.
        const auto [below, above] = likelihood_interval(fit, theta, a);
        const double shown = static_cast<double>(m - 1) / m / kNaturalPerElo;
        r.elo_minus = -below * shown;
        r.elo_plus = above * shown;
        r.elo_error = (r.elo_minus + r.elo_plus) / 2;
    }
}

// Points, then Elo, then name. Ratings equal but for rounding (engines in symmetric places)
// count as equal, so the order does not depend on the order of the names.
void sort_table(std::vector<EngineStanding>& table) {
    const auto elo_key = [](double elo) { return std::llround(elo * 1e6); };
    std::stable_sort(table.begin(), table.end(),
                     [&](const EngineStanding& x, const EngineStanding& y) {
                         if (x.points != y.points) return x.points > y.points;
                         if (elo_key(x.elo) != elo_key(y.elo))
                             return elo_key(x.elo) > elo_key(y.elo);
                         return x.name < y.name;
                     });
}

}  // namespace

Standings compute_standings(const std::vector<std::string>& names,
                            const std::vector<match::GameRecord>& games) {
    return standings_from_tallies(names, tallies_of(games, names));
}

Standings standings_from_tallies(const std::vector<std::string>& names,
                                 const std::vector<GameTally>& games) {
    Standings out;
    out.names = names;
    Tally tally = tally_games(names.size(), games);
    std::vector<EngineStanding> rows(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) rows[i].name = names[i];
    count_faults(tally, rows);
    sum_rows(tally.cross, rows);
    rate(tally.cross, rows);
    out.los = los_matrix(tally.cross);
    out.cross = std::move(tally.cross);
    out.games = tally.games;
    out.interrupted = tally.interrupted;
    out.table = std::move(rows);
    sort_table(out.table);
    return out;
}

}  // namespace referee::tournament
