#include "referee/tournament/match_status.hpp"

#include <cmath>

#include <fmt/format.h>

namespace referee::tournament {
namespace {
// Figures that round to zero print as "0.00", never "-0.00".
double shown(double x) {
    return std::abs(x) < 0.005 ? 0.0 : x;
}
}  // namespace

MatchStatus match_status(const std::string& first, const std::string& second,
                         const SprtConfig& sprt, const std::vector<match::GameRecord>& games) {
    std::vector<const match::GameRecord*> seen;
    seen.reserve(games.size());
    for (const auto& g : games) seen.push_back(&g);
    return match_status(first, second, sprt, seen);
}

MatchStatus match_status(const std::string& first, const std::string& second,
                         const SprtConfig& sprt,
                         const std::vector<const match::GameRecord*>& games) {
    return status_of_counts(first, second, sprt, count_match(first, second, games));
}

MatchStatus match_status_from_tallies(const std::string& first, const std::string& second,
                                      const SprtConfig& sprt, const std::vector<GameTally>& games) {
    return status_of_counts(first, second, sprt, count_match_from_tallies(games));
}

MatchStatus status_of_counts(const std::string& first, const std::string& second,
                             const SprtConfig& sprt, const MatchCounts& counts) {
    MatchStatus s;
    s.first = first;
    s.second = second;
    s.stats = match_stats(counts);
    s.sprt = sprt;
    if (sprt.enabled) {
        s.llr = counts.pentanomial.count() > 0 ? sprt_llr(sprt, counts.pentanomial)
                                               : sprt_llr(sprt, counts.trinomial);
        s.verdict = sprt_verdict(sprt, s.llr);
    }
    return s;
}

std::string score_line(const MatchStatus& s) {
    const Trinomial& t = s.stats.trinomial;
    return fmt::format("Score of {} vs {}: {} - {} - {}  [{:.3f}] {}", s.first, s.second, t.wins,
                       t.losses, t.draws, s.stats.score, t.games());
}

std::string elo_line(const MatchStatus& s) {
    return fmt::format("Elo difference: {:.1f} +/- {:.1f}, LOS: {:.1f} %, DrawRatio: {:.1f} %",
                       shown(s.stats.elo), s.stats.elo_error, 100 * s.stats.los,
                       100 * s.stats.draw_ratio);
}

std::string nelo_line(const MatchStatus& s) {
    return fmt::format("Elo: {:.2f} +/- {:.2f}, nElo: {:.2f} +/- {:.2f}", shown(s.stats.elo),
                       s.stats.elo_error, shown(s.stats.nelo), s.stats.nelo_error);
}

std::string pentanomial_line(const MatchStatus& s) {
    const auto& p = s.stats.pentanomial.pairs;
    return fmt::format("Ptnml(0-2): [{}, {}, {}, {}, {}]", p[0], p[1], p[2], p[3], p[4]);
}

std::string llr_line(const MatchStatus& s) {
    if (!s.sprt.enabled) return {};
    // As fastchess: how far the LLR has gone towards the bound it is heading for.
    const double bound = s.llr >= 0 ? s.sprt.upper_bound() : s.sprt.lower_bound();
    return fmt::format("LLR: {:.2f} ({:.1f}%) ({:.2f}, {:.2f}) [{:.2f}, {:.2f}]", s.llr,
                       100 * s.llr / bound, s.sprt.lower_bound(), s.sprt.upper_bound(), s.sprt.elo0,
                       s.sprt.elo1);
}

std::string sprt_done_line(const MatchStatus& s) {
    if (!s.sprt.enabled || s.verdict == SprtVerdict::Continue) return {};
    return fmt::format("SPRT ([{:.2f}, {:.2f}]) completed - {} was accepted", s.sprt.elo0,
                       s.sprt.elo1, s.verdict == SprtVerdict::AcceptH1 ? "H1" : "H0");
}

}  // namespace referee::tournament
