// Where a match of two engines stands: the statistics of pentanomial.hpp, the SPRT's
// log-likelihood ratio and verdict, and the progress lines cutechess-cli and fastchess print
// (so scripts written for them read ours). Pure.
#pragma once

#include <string>
#include <vector>

#include "referee/match/game_record.hpp"
#include "referee/tournament/pentanomial.hpp"
#include "referee/tournament/sprt.hpp"

namespace referee::tournament {

struct MatchStatus {
    std::string first, second;  // statistics are from the first engine's side
    MatchStats stats;
    SprtConfig sprt;  // sprt.enabled false: no test
    double llr = 0;
    SprtVerdict verdict = SprtVerdict::Continue;
};

// The SPRT counts complete pairs (the pentanomial); with no pair yet, the single games.
MatchStatus match_status(const std::string& first, const std::string& second,
                         const SprtConfig& sprt, const std::vector<match::GameRecord>& games);
// The same over games kept elsewhere (the CLI's map by slot), without copying them.
MatchStatus match_status(const std::string& first, const std::string& second,
                         const SprtConfig& sprt,
                         const std::vector<const match::GameRecord*>& games);
// The same over a run's tallies, whose engines 0 and 1 are first and second.
MatchStatus match_status_from_tallies(const std::string& first, const std::string& second,
                                      const SprtConfig& sprt, const std::vector<GameTally>& games);
// The status of games already counted.
MatchStatus status_of_counts(const std::string& first, const std::string& second,
                             const SprtConfig& sprt, const MatchCounts& counts);

// "Score of A vs B: 5 - 3 - 2  [0.600] 10" (wins, losses, draws of A; A's score; games).
std::string score_line(const MatchStatus& s);
// "Elo difference: 70.4 +/- 120.3, LOS: 80.1 %, DrawRatio: 20.0 %"
std::string elo_line(const MatchStatus& s);
// "Elo: 70.44 +/- 120.31, nElo: 95.12 +/- 150.40"
std::string nelo_line(const MatchStatus& s);
// "Ptnml(0-2): [1, 2, 3, 2, 1]"
std::string pentanomial_line(const MatchStatus& s);
// "LLR: 1.24 (42.1%) (-2.94, 2.94) [0.00, 5.00]"; empty without an SPRT.
std::string llr_line(const MatchStatus& s);
// "SPRT ([0.00, 5.00]) completed - H1 was accepted"; empty while the test goes on.
std::string sprt_done_line(const MatchStatus& s);

}  // namespace referee::tournament
