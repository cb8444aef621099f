// The statistics engine developers read after a match of two engines: the trinomial W/D/L,
// the pentanomial counts of colour-reversed game pairs, draw ratio, Elo and normalised Elo
// with 95% intervals, and the likelihood of superiority. Pure: computed from records.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "referee/match/game_record.hpp"
#include "referee/tournament/game_tally.hpp"

namespace referee::tournament {

struct Trinomial {  // from the first engine's side
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
};

// Game pairs on one opening, one game with each colour, counted by the first engine's points
// in the pair: [0] LL (0), [1] LD (1/2), [2] DD or WL (1), [3] WD (3/2), [4] WW (2).
struct Pentanomial {
    std::array<int, 5> pairs{};
    int count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
};

// A pair is the two games of one pairing whose rounds are 2k-1 and 2k (the schedule plays
// them on the same opening with colours swapped). Games of a pair not (yet) complete count
// in the trinomial only. Interrupted games and games of other engines are ignored.
struct MatchCounts {
    Trinomial trinomial;
    Pentanomial pentanomial;
};
MatchCounts count_match(const std::string& first, const std::string& second,
                        const std::vector<match::GameRecord>& games);
// The same over games kept elsewhere (a map by slot): no copy of every record to count them.
MatchCounts count_match(const std::string& first, const std::string& second,
                        const std::vector<const match::GameRecord*>& games);
// The same over tallies whose first engine is index 0 and second index 1 (tally_of with the
// names first, second, ...): what a run keeps of its games.
MatchCounts count_match_from_tallies(const std::vector<GameTally>& games);

// Half-widths are of the 95% interval. How they are computed (see pentanomial.cpp):
// the counts get a prior of one pseudo pair (half a pair LL, half WW), or one pseudo game
// (half a win, half a loss) when no pair is complete, so the score is never exactly 0 or 1
// and the variance never 0; the Elo interval is the delta method around the estimate.
struct MatchStats {
    Trinomial trinomial;
    Pentanomial pentanomial;
    bool from_pairs = false;  // the variance came from the pentanomial (else the trinomial)
    double score = 0.5;       // the first engine's, raw (0.5 with no games)
    double draw_ratio = 0;    // draws / games
    double elo = 0, elo_error = 0;
    double nelo = 0, nelo_error = 0;  // normalised Elo (see pentanomial.cpp)
    double los = 0.5;                 // likelihood the first engine is the stronger
};
MatchStats match_stats(const MatchCounts& counts);

// Elo of an expected score s in (0, 1): -400 log10(1/s - 1).
double elo_of_score(double score);

}  // namespace referee::tournament
