#include "referee/tournament/standings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace referee::tournament {
namespace {

// Ratings are fitted in natural units theta = r * ln(10) / 400, where the logistic
// sigma(theta_i - theta_j) = 1 / (1 + 10^((r_j - r_i) / 400)) is the expected score of i
// against j: the Elo / Bradley-Terry model with a draw counted as half a win and half a loss.
constexpr double kNaturalPerElo = 2.302585092994046 / 400.0;
constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution

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

Standings compute_standings(const std::vector<std::string>& names,
                            const std::vector<match::GameRecord>& games) {
    Standings out;
    out.names = names;
    const int n = static_cast<int>(names.size());
    std::map<std::string, int> index;  // the first of equal names wins
    for (int i = n - 1; i >= 0; --i) index[names[i]] = i;

    std::vector<EngineStanding> rows(n);
    for (int i = 0; i < n; ++i) rows[i].name = names[i];
    out.cross.assign(n, std::vector<PairScore>(n));

    for (const auto& g : games) {
        auto w = index.find(g.white), b = index.find(g.black);
        // A game against itself says nothing about strength; unknown names are not ours.
        if (w == index.end() || b == index.end() || w->second == b->second) continue;
        if (g.termination == match::Termination::Interrupted) {
            ++out.interrupted;
            continue;
        }
        const int wi = w->second, bi = b->second;
        ++out.games;
        PairScore& ws = out.cross[wi][bi];
        PairScore& bs = out.cross[bi][wi];
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
        if (!is_fault(g.termination)) continue;
        std::optional<rules::Color> culprit = g.at_fault;
        if (!culprit && g.result == rules::GameResult::WhiteWins) culprit = rules::Black;
        if (!culprit && g.result == rules::GameResult::BlackWins) culprit = rules::White;
        if (!culprit) continue;
        EngineStanding& r = rows[*culprit == rules::White ? wi : bi];
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

    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const PairScore& c = out.cross[i][j];
            rows[i].wins += c.wins;
            rows[i].draws += c.draws;
            rows[i].losses += c.losses;
        }
    for (auto& r : rows) {
        r.games = r.wins + r.draws + r.losses;
        r.points = r.wins + 0.5 * r.draws;
    }

    out.los.assign(n, std::vector<double>(n, 0.5));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (i != j)
                out.los[i][j] =
                    likelihood_of_superiority(out.cross[i][j].wins, out.cross[i][j].losses);

    // The fit covers the engines that played; the others keep 0 +- 0.
    std::vector<int> active;
    for (int i = 0; i < n; ++i)
        if (rows[i].games > 0) active.push_back(i);
    const int m = static_cast<int>(active.size());
    FitInput fit;
    fit.n = m;
    fit.games.assign(m, std::vector<double>(m, 0.0));
    fit.points.assign(m, std::vector<double>(m, 0.0));
    for (int a = 0; a < m; ++a)
        for (int b = 0; b < m; ++b) {
            fit.games[a][b] = out.cross[active[a]][active[b]].games();
            fit.points[a][b] = out.cross[active[a]][active[b]].points();
        }
    const std::vector<double> theta = fit_theta(fit);
    double mean = 0;
    for (double t : theta) mean += t / kNaturalPerElo;
    if (m > 0) mean /= m;

    for (int a = 0; a < m; ++a) {
        EngineStanding& r = rows[active[a]];
        r.elo = theta[a] / kNaturalPerElo - mean;
        // The error bar, by the delta method. The engine's total score X = sum of its game
        // scores x_g (the prior's tenth of a draw included) has variance estimated from the
        // games themselves (the trinomial win/draw/loss spread around its mean s):
        //   Var X = W (1 - s)^2 + D (1/2 - s)^2 + L s^2.
        // With the opponents' ratings held fixed, X moves with the engine's rating at the
        // slope  dE[X]/dr = (ln 10 / 400) * sum_g p_g (1 - p_g),  p_g the expected score of game g.
        // So  sd(r) = sqrt(Var X) / slope, and the 95% half-width is 1.96 sd(r). The rating
        // shown is relative to the field's average, which moves with the engine by 1/m of
        // its rating, so the half-width is scaled by (m - 1) / m (with two engines it is
        // half the error of their difference, as the difference is twice each rating).
        const double prior_points = 0.5 * kPriorGames;
        const double s = (r.points + prior_points) / (r.games + kPriorGames);
        const double var = r.wins * (1 - s) * (1 - s) +
                           (r.draws + kPriorGames) * (0.5 - s) * (0.5 - s) + r.losses * s * s;
        const double own = logistic(theta[a]);
        double slope = kPriorGames * own * (1 - own);
        for (int b = 0; b < m; ++b) {
            if (fit.games[a][b] == 0) continue;
            const double p = logistic(theta[a] - theta[b]);
            slope += fit.games[a][b] * p * (1 - p);
        }
        slope *= kNaturalPerElo;
        r.elo_error = m > 1 && slope > 0 ? kZ95 * std::sqrt(var) / slope * (m - 1) / m : 0.0;
    }

    out.table = rows;
    // Ratings equal but for rounding (engines in symmetric places) count as equal, so the
    // order does not depend on the order of the names.
    const auto elo_key = [](double elo) { return std::llround(elo * 1e6); };
    std::stable_sort(out.table.begin(), out.table.end(),
                     [&](const EngineStanding& x, const EngineStanding& y) {
                         if (x.points != y.points) return x.points > y.points;
                         if (elo_key(x.elo) != elo_key(y.elo))
                             return elo_key(x.elo) > elo_key(y.elo);
                         return x.name < y.name;
                     });
    return out;
}

}  // namespace referee::tournament
