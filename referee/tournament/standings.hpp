// Standings of a set of finished games: scores, crosstable, Elo with error bars, likelihood
// of superiority, and per engine the ways it broke the rules. Pure: computed from records.
#pragma once

#include <string>
#include <vector>

#include "referee/match/game_record.hpp"
#include "referee/tournament/game_tally.hpp"

namespace referee::tournament {

struct PairScore {  // one crosstable cell, from the row engine's point of view
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    double points() const { return wins + 0.5 * draws; }
};

struct EngineStanding {
    std::string name;
    int games = 0, wins = 0, draws = 0, losses = 0;
    double points = 0;
    double elo = 0;  // relative rating; the field's average is 0
    // The 95% interval, from the likelihood: elo - elo_minus to elo + elo_plus (not
    // symmetric: an engine that lost every game is far less sure of its floor than of its
    // ceiling). elo_error is its half-width, (elo_minus + elo_plus) / 2.
    double elo_minus = 0, elo_plus = 0;
    double elo_error = 0;
    // Faults that cost this engine a game. Protocol faults include unparsable moves, output floods
    // and over-long lines; a start failure includes an engine that cannot play the variant at all.
    int time_losses = 0, illegal_moves = 0, crashes = 0, protocol_faults = 0, start_failures = 0;

    int faults() const {
        return time_losses + illegal_moves + crashes + protocol_faults + start_failures;
    }
    double score() const { return games > 0 ? points / games : 0.0; }  // 0..1
};

struct Standings {
    std::vector<std::string> names;             // engine order as given (crosstable index)
    std::vector<EngineStanding> table;          // sorted: points, then Elo, then name
    std::vector<std::vector<PairScore>> cross;  // cross[i][j]: names[i] against names[j]
    std::vector<std::vector<double>>
        los;              // los[i][j]: likelihood names[i] is stronger than names[j]
    int games = 0;        // counted games (interrupted ones are not)
    int interrupted = 0;  // games left out because they were interrupted

    int index_of(const std::string& name) const;  // in names; -1 if none
};

// True when the game was lost by breaking the rules (illegal move, time, crash, protocol,
// failing to start) rather than over the board, resigning or an adjudication.
bool is_fault(match::Termination t);
// Likelihood of superiority from decisive games only: 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))).
double likelihood_of_superiority(int wins, int losses);

// Interrupted games do not count. Games naming an engine not in `names` are ignored.
Standings compute_standings(const std::vector<std::string>& names,
                            const std::vector<match::GameRecord>& games);
// The same from the games' tallies (their engines indices into `names`).
Standings standings_from_tallies(const std::vector<std::string>& names,
                                 const std::vector<GameTally>& games);

}  // namespace referee::tournament
