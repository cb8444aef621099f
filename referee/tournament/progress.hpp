// How far a tournament is, read from its journals alone: what `referee status` shows while
// shards run on other machines, and what a resumed run starts from.
#pragma once

#include <string>
#include <vector>

#include "referee/tournament/config.hpp"
#include "referee/tournament/schedule.hpp"

namespace referee::tournament {

// The journal a run of this shard writes, inside the output folder.
std::string journal_file_name(const Shard& shard);

struct JournalProgress {
    std::string path;
    Shard shard;                    // {1,1} for the whole tournament's journal
    int done = 0;                   // games journaled that belong to this shard
    int scheduled = 0;              // games in this shard
    long seconds_since_write = -1;  // since the journal last changed; -1 if unknown
    std::string problem;  // why the journal could not be read, or belongs elsewhere; empty if fine
};

struct TournamentProgress {
    int scheduled = 0;                      // games in the whole schedule
    std::vector<JournalProgress> journals;  // the whole journal first, then shards by N and K
};

// Reads every journal in the config's output folder (journal.jsonl and
// journal.shard-K-of-N.jsonl). Never throws for a bad journal: it says so in `problem`.
TournamentProgress read_progress(const TournamentConfig& config);

}  // namespace referee::tournament
