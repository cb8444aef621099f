// The deterministic list of games a tournament plays. The same config always gives the same
// schedule, so a tournament can be resumed, or split across machines in shards, by index.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "referee/tournament/config.hpp"

namespace referee::tournament {

struct GameSlot {
    int index = 0;  // position in the full schedule
    int round = 1;  // the n-th game of every pairing is played in round n
    int white = 0;  // engine indices
    int black = 0;
    int opening = -1;  // index into the openings, -1: the variant's start position
};

// Pairings in order (round-robin: every two engines; gauntlet: each seed against every
// other engine); each pairing plays games_per_pairing games with colours alternating, the
// two games of a colour pair on the same opening. Openings are spread over the whole
// schedule: each pairing's pairs take the next openings of the book, so every opening is
// played when the schedule has at least as many pairs as the book has openings.
std::vector<GameSlot> make_schedule(const TournamentConfig& config);
// How many different openings the schedule plays (fewer than the book holds when the
// schedule is short; the command line says so).
int openings_played(const std::vector<GameSlot>& schedule);

struct Shard {
    int k = 1, n = 1;  // the k-th of n slices, 1-based
    bool whole() const { return n == 1; }
    std::string name() const;  // "2-of-3"
};
Shard parse_shard(std::string_view text);  // "K/N"; throws std::invalid_argument
std::vector<GameSlot> take_shard(const std::vector<GameSlot>& all, Shard shard);

}  // namespace referee::tournament
