#include "referee/tournament/sprt.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace referee::tournament {
namespace {

// An empirical distribution: outcome values in [0, 1] and their probabilities.
struct Pdf {
    std::vector<double> value, prob;
};

Pdf regularised_pdf(const std::vector<double>& counts, double& total) {
    Pdf pdf;
    total = 0;
    std::vector<double> c = counts;
    for (double& x : c) {
        if (x == 0) x = 1e-3;  // fishtest's regularisation: every outcome stays possible
        total += x;
    }
    const double k = static_cast<double>(c.size() - 1);
    for (std::size_t i = 0; i < c.size(); ++i) {
        pdf.value.push_back(static_cast<double>(i) / k);
        pdf.prob.push_back(c[i] / total);
    }
    return pdf;
}

void mean_var(const Pdf& p, double& mean, double& var) {
    mean = var = 0;
    for (std::size_t i = 0; i < p.prob.size(); ++i) mean += p.prob[i] * p.value[i];
    for (std::size_t i = 0; i < p.prob.size(); ++i)
        var += p.prob[i] * (p.value[i] - mean) * (p.value[i] - mean);
}

// Solves sum_i p_i b_i / (1 + x b_i) = 0 for x in (-1 / max b, -1 / min b), where the left
// side falls strictly from +infinity to -infinity (its derivative is -sum p_i b_i^2 /
// (1 + x b_i)^2), so bisection always finds the one root.
double secular_root(const std::vector<double>& p, const std::vector<double>& b) {
    double lo_b = b[0], hi_b = b[0];
    for (double x : b) lo_b = std::min(lo_b, x), hi_b = std::max(hi_b, x);
    if (!(lo_b < 0 && hi_b > 0))
        throw std::domain_error("the SPRT hypothesis lies outside the possible outcomes");
    double lo = -1 / hi_b, hi = -1 / lo_b;
    // Newton's method from 0 (the root is 0 when the observation already satisfies the
    // hypothesis), kept inside the shrinking bracket; a step that leaves it bisects instead.
    double x = 0;
    for (int i = 0; i < 200; ++i) {
        double f = 0, df = 0;
        for (std::size_t k = 0; k < p.size(); ++k) {
            const double d = 1 + x * b[k];
            f += p[k] * b[k] / d;
            df -= p[k] * b[k] * b[k] / (d * d);
        }
        (f > 0 ? lo : hi) = x;
        double next = df < 0 ? x - f / df : 0.5 * (lo + hi);
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        if (std::abs(next - x) <= 1e-14 * (1 + std::abs(x))) return next;
        x = next;
    }
    return x;
}

// The distribution closest to the observed one (maximum likelihood) among those with
// expected score s: p_i / (1 + x (a_i - s)) with x the secular root (Lagrange multipliers).
std::vector<double> mle_with_mean(const Pdf& observed, double s) {
    std::vector<double> b;
    for (double a : observed.value) b.push_back(a - s);
    const double x = secular_root(observed.prob, b);
    std::vector<double> out;
    for (std::size_t i = 0; i < b.size(); ++i) out.push_back(observed.prob[i] / (1 + x * b[i]));
    return out;
}

// The same among distributions whose t-value (mean - ref) / sigma is t. The constraint is
// not linear, so it is linearised around the current estimate and solved again, from the
// uniform distribution, until the estimate stops moving (a few rounds).
std::vector<double> mle_with_t(const Pdf& observed, double ref, double t) {
    const std::size_t n = observed.prob.size();
    Pdf current{observed.value, std::vector<double>(n, 1.0 / n)};
    for (int round = 0; round < 30; ++round) {
        double mu = 0, var = 0;
        mean_var(current, mu, var);
        const double sigma = std::sqrt(var);
        std::vector<double> b(n);
        for (std::size_t i = 0; i < n; ++i) {
            const double z = (mu - observed.value[i]) / sigma;
            b[i] = observed.value[i] - ref - t * sigma * (1 + z * z) / 2;
        }
        const double x = secular_root(observed.prob, b);
        double moved = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const double next = observed.prob[i] / (1 + x * b[i]);
            moved = std::max(moved, std::abs(next - current.prob[i]));
            current.prob[i] = next;
        }
        if (moved < 1e-12) break;
    }
    return current.prob;
}

double logistic_score(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
}

// counts: outcomes from worst to best (L D W, or LL .. WW); games_per_outcome 1 or 2.
double llr(const SprtConfig& s, const std::vector<double>& counts, bool pairs) {
    double total = 0;
    for (double c : counts) total += c;
    if (total == 0) return 0;
    const Pdf pdf = regularised_pdf(counts, total);
    std::vector<double> h0, h1;
    if (s.model == SprtConfig::Model::Logistic) {
        h0 = mle_with_mean(pdf, logistic_score(s.elo0));
        h1 = mle_with_mean(pdf, logistic_score(s.elo1));
    } else {
        // nElo = t * 800 / ln 10 per game; a pair's average has half the variance of a
        // game, so its t-value is sqrt(2) times larger.
        const double per_nelo = std::log(10.0) / 800 * (pairs ? std::sqrt(2.0) : 1.0);
        h0 = mle_with_t(pdf, 0.5, s.elo0 * per_nelo);
        h1 = mle_with_t(pdf, 0.5, s.elo1 * per_nelo);
    }
    double per_observation = 0;
    for (std::size_t i = 0; i < h0.size(); ++i)
        per_observation += pdf.prob[i] * (std::log(h1[i]) - std::log(h0[i]));
    return total * per_observation;
}

}  // namespace

double SprtConfig::lower_bound() const {
    return std::log(beta / (1 - alpha));
}
double SprtConfig::upper_bound() const {
    return std::log((1 - beta) / alpha);
}
std::string SprtConfig::describe() const {
    return fmt::format("elo0={:g} elo1={:g} alpha={:g} beta={:g} model={}", elo0, elo1, alpha, beta,
                       sprt_model_name(model));
}

const char* sprt_model_name(SprtConfig::Model m) {
    return m == SprtConfig::Model::Normalized ? "normalized" : "logistic";
}

SprtConfig::Model parse_sprt_model(const std::string& text) {
    if (text == "normalized") return SprtConfig::Model::Normalized;
    if (text == "logistic") return SprtConfig::Model::Logistic;
    throw std::invalid_argument(fmt::format("'{}' is neither normalized nor logistic", text));
}

void check_sprt(const SprtConfig& s) {
    auto bad = [](const std::string& what) { throw std::invalid_argument(what); };
    if (!(s.alpha > 0 && s.alpha < 0.5))
        bad(fmt::format("alpha {:g}: must be between 0 and 0.5", s.alpha));
    if (!(s.beta > 0 && s.beta < 0.5))
        bad(fmt::format("beta {:g}: must be between 0 and 0.5", s.beta));
    if (!(std::abs(s.elo0) < 1000) || !(std::abs(s.elo1) < 1000))
        bad("elo0 and elo1 must lie between -1000 and 1000");
    if (!(s.elo0 < s.elo1)) bad(fmt::format("elo0 {:g} must be below elo1 {:g}", s.elo0, s.elo1));
}

const char* sprt_verdict_text(SprtVerdict v) {
    switch (v) {
        case SprtVerdict::AcceptH0:
            return "H0 accepted";
        case SprtVerdict::AcceptH1:
            return "H1 accepted";
        default:
            return "";
    }
}

double sprt_llr(const SprtConfig& s, const Pentanomial& p) {
    std::vector<double> c(p.pairs.begin(), p.pairs.end());
    return llr(s, c, true);
}

double sprt_llr(const SprtConfig& s, const Trinomial& t) {
    return llr(
        s,
        {static_cast<double>(t.losses), static_cast<double>(t.draws), static_cast<double>(t.wins)},
        false);
}

SprtVerdict sprt_verdict(const SprtConfig& s, double llr_value) {
    if (llr_value >= s.upper_bound()) return SprtVerdict::AcceptH1;
    if (llr_value <= s.lower_bound()) return SprtVerdict::AcceptH0;
    return SprtVerdict::Continue;
}

}  // namespace referee::tournament
