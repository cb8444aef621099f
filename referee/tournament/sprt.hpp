// The sequential probability ratio test engine developers run to decide whether a change
// gains Elo: after each game pair the generalised log-likelihood ratio (GSPRT) of H1
// (Elo = elo1) against H0 (Elo = elo0) is computed from the pentanomial counts, and the
// match stops once it leaves [lower, upper]. Pure.
#pragma once

#include <string>

#include "referee/tournament/pentanomial.hpp"

namespace referee::tournament {

struct SprtConfig {
    enum class Model { Normalized, Logistic };
    bool enabled = false;
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    Model model = Model::Normalized;

    double lower_bound() const;    // ln(beta / (1 - alpha)): below it, H0 is accepted
    double upper_bound() const;    // ln((1 - beta) / alpha): above it, H1 is accepted
    std::string describe() const;  // "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized"
};
const char* sprt_model_name(SprtConfig::Model m);
SprtConfig::Model parse_sprt_model(const std::string& text);  // throws std::invalid_argument
// Checks ranges (alpha, beta in (0, 1/2), elo0 < elo1, |elo| < 1000); throws
// std::invalid_argument naming the bad value.
void check_sprt(const SprtConfig& s);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
const char* sprt_verdict_text(SprtVerdict v);  // "", "H0 accepted", "H1 accepted"

// The GSPRT log-likelihood ratio from the pentanomial counts (0 with no pair). Zero counts
// are replaced by 1e-3 first, as fishtest does, so the constrained maximum-likelihood
// distributions exist.
double sprt_llr(const SprtConfig& s, const Pentanomial& p);
// The same from trinomial counts (a match of single games).
double sprt_llr(const SprtConfig& s, const Trinomial& t);
SprtVerdict sprt_verdict(const SprtConfig& s, double llr);

}  // namespace referee::tournament
