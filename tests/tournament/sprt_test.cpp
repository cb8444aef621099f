// The GSPRT: its log-likelihood ratio against published fastchess results and against an
// independent computation (tests/tournament/data/sprt_reference.py, which finds the
// constrained maximum-likelihood distributions by penalised gradient ascent rather than the
// secular equation), and its error rates over thousands of simulated matches.
#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#include "referee/tournament/sprt.hpp"

namespace referee::tournament {
namespace {

SprtConfig sprt(double elo0, double elo1, SprtConfig::Model model) {
    SprtConfig s;
    s.enabled = true;
    s.elo0 = elo0, s.elo1 = elo1, s.model = model;
    return s;
}
constexpr auto kNormalized = SprtConfig::Model::Normalized;
constexpr auto kLogistic = SprtConfig::Model::Logistic;

Pentanomial penta(std::array<int, 5> p) {
    Pentanomial x;
    x.pairs = p;
    return x;
}

TEST(Sprt, BoundsAreWalds) {
    const auto s = sprt(0, 5, kNormalized);
    // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439: fastchess prints (-2.94, 2.94).
    EXPECT_NEAR(s.lower_bound(), -2.944439, 1e-6);
    EXPECT_NEAR(s.upper_bound(), 2.944439, 1e-6);
    SprtConfig t = s;
    t.alpha = 0.01, t.beta = 0.1;
    EXPECT_NEAR(t.lower_bound(), std::log(0.1 / 0.99), 1e-12);
    EXPECT_NEAR(t.upper_bound(), std::log(0.9 / 0.01), 1e-12);
    EXPECT_EQ(sprt_verdict(s, 2.95), SprtVerdict::AcceptH1);
    EXPECT_EQ(sprt_verdict(s, -2.95), SprtVerdict::AcceptH0);
    EXPECT_EQ(sprt_verdict(s, 0.3), SprtVerdict::Continue);
}

TEST(Sprt, AgreesWithPublishedFastchessMatches) {
    // "Ptnml(0-2): [352, 579, 1264, 743, 464] ... LLR: 4.60 (100.0%) (-4.60, 4.60) [9.00, 16.00]
    //  SPRT ([9.00, 16.00]) completed - H1 was accepted" (fastchess's default model is normalised).
    EXPECT_NEAR(sprt_llr(sprt(9, 16, kNormalized), penta({352, 579, 1264, 743, 464})), 4.60, 0.005);
    // "Ptnml(0-2): [0, 0, 1, 8, 1] ... LLR: 1.24 (42.1%) (-2.94, 2.94) [0.00, 50.00]"
    EXPECT_NEAR(sprt_llr(sprt(0, 50, kNormalized), penta({0, 0, 1, 8, 1})), 1.24, 0.005);
}

TEST(Sprt, AgreesWithTheIndependentPythonComputation) {
    // Figures printed by tests/tournament/data/sprt_reference.py (six decimals; its
    // optimiser is good to about 1e-4).
    EXPECT_NEAR(sprt_llr(sprt(9, 16, kNormalized), penta({352, 579, 1264, 743, 464})), 4.595980,
                2e-4);
    EXPECT_NEAR(sprt_llr(sprt(0, 50, kNormalized), penta({0, 0, 1, 8, 1})), 1.239416, 2e-4);
    EXPECT_NEAR(sprt_llr(sprt(0, 5, kLogistic), penta({60, 270, 510, 300, 80})), 1.632600, 2e-4);
    EXPECT_NEAR(sprt_llr(sprt(-3, 1, kLogistic), penta({12, 40, 95, 35, 10})), -0.214051, 2e-4);
    EXPECT_NEAR(sprt_llr(sprt(0, 10, kLogistic), Trinomial{340, 420, 300}), 1.180187, 2e-4);
    EXPECT_NEAR(sprt_llr(sprt(0, 10, kNormalized), Trinomial{340, 420, 300}), 1.042752, 2e-4);
    EXPECT_DOUBLE_EQ(sprt_llr(sprt(0, 10, kNormalized), Pentanomial{}), 0.0);
}

TEST(Sprt, RefusesNonsense) {
    auto s = sprt(5, 0, kLogistic);
    EXPECT_THROW(check_sprt(s), std::invalid_argument);
    s = sprt(0, 5, kLogistic);
    s.alpha = 0;
    EXPECT_THROW(check_sprt(s), std::invalid_argument);
    s.alpha = NAN;
    EXPECT_THROW(check_sprt(s), std::invalid_argument);
    s = sprt(0, 5, kLogistic);
    EXPECT_NO_THROW(check_sprt(s));
    EXPECT_THROW(parse_sprt_model("bayeselo"), std::invalid_argument);
}

// Simulated matches: each game independently a win, draw or loss with a draw ratio of 40%
// and the expected score that the true Elo gives; pairs counted into a pentanomial until
// the SPRT decides. xorshift64* keeps the simulation the same on every run.
struct Rng {
    std::uint64_t x;
    double uniform() {
        x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
        return static_cast<double>((x * 2685821657736338717ull) >> 11) / 9007199254740992.0;
    }
};

// The expected score whose (per-game) normalised Elo is nelo, with 40% draws: solves
// s - 1/2 = t sd(s) by fixed point (sd changes little with s).
double score_for_nelo(double nelo) {
    const double t = nelo * std::log(10.0) / 800;
    double s = 0.5;
    for (int i = 0; i < 100; ++i) {
        const double w = s - 0.2, l = 0.8 - s;
        const double var = w * (1 - s) * (1 - s) + 0.4 * (0.5 - s) * (0.5 - s) + l * s * s;
        s = 0.5 + t * std::sqrt(var);
    }
    return s;
}

// Fraction of `matches` that accept H1.
double accept_h1_rate(const SprtConfig& s, double true_score, int matches, std::uint64_t seed) {
    Rng rng{seed};
    const double win = true_score - 0.2;
    int h1 = 0;
    for (int m = 0; m < matches; ++m) {
        Pentanomial p;
        for (int pair = 0; pair < 100000; ++pair) {
            int points = 0;
            for (int g = 0; g < 2; ++g) {
                const double u = rng.uniform();
                points += u < win ? 2 : u < win + 0.4 ? 1 : 0;
            }
            ++p.pairs[points];
            const auto v = sprt_verdict(s, sprt_llr(s, p));
            if (v == SprtVerdict::Continue) continue;
            h1 += v == SprtVerdict::AcceptH1;
            break;
        }
    }
    return static_cast<double>(h1) / matches;
}

TEST(Sprt, SimulatedLogisticMatchesErrAsOftenAsAlphaAndBeta) {
    // elo0 = 0, elo1 = 40 keeps a match near a hundred pairs, so thousands fit in seconds.
    // With 1000 matches a true rate of 5% gives 5% +- 1.4% (two standard deviations); the
    // GSPRT's overshoot of the bounds makes the true rates a little lower than nominal.
    const auto s = sprt(0, 40, kLogistic);
    const double s0 = 0.5, s1 = 1 / (1 + std::pow(10.0, -40.0 / 400));
    const double false_h1 = accept_h1_rate(s, s0, 1000, 1);
    const double false_h0 = 1 - accept_h1_rate(s, s1, 1000, 2);
    RecordProperty("false_h1", std::to_string(false_h1));
    RecordProperty("false_h0", std::to_string(false_h0));
    EXPECT_GT(false_h1, 0.015);
    EXPECT_LT(false_h1, 0.07);
    EXPECT_GT(false_h0, 0.015);
    EXPECT_LT(false_h0, 0.07);
}

TEST(Sprt, SimulatedNormalizedMatchesErrAsOftenAsAlphaAndBeta) {
    const auto s = sprt(0, 50, kNormalized);
    const double false_h1 = accept_h1_rate(s, score_for_nelo(0), 1000, 3);
    const double false_h0 = 1 - accept_h1_rate(s, score_for_nelo(50), 1000, 4);
    RecordProperty("false_h1", std::to_string(false_h1));
    RecordProperty("false_h0", std::to_string(false_h0));
    EXPECT_GT(false_h1, 0.015);
    EXPECT_LT(false_h1, 0.07);
    EXPECT_GT(false_h0, 0.015);
    EXPECT_LT(false_h0, 0.07);
    // A strong engine is recognised nearly always, a weak one nearly never.
    EXPECT_GT(accept_h1_rate(s, score_for_nelo(100), 200, 5), 0.97);
    EXPECT_LT(accept_h1_rate(s, score_for_nelo(-50), 200, 6), 0.01);
}

}  // namespace
}  // namespace referee::tournament
