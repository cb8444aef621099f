// Running a tournament config, shared by `referee tournament CONFIG` and `referee match ...`
// (which builds the same config from its command line).
#pragma once

#include <string>

#include "referee/tournament/config.hpp"

namespace referee::cli {

struct RunOptions {
    bool resume = false;
    std::string shard;    // "K/N" or empty
    int concurrency = 0;  // > 0: overrides the config
    bool quiet = false, stats = false;
    bool reports = true;    // false: the journal only (a cluster shard; the merge reports)
    std::string sandbox;    // non-empty: overrides every engine's sandbox
    int threads = 0;        // > 0: overrides the config
    bool affinity = false;  // true: overrides the config
};

void run_tournament_config(tournament::TournamentConfig config, const RunOptions& options);

}  // namespace referee::cli
