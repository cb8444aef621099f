// Running a tournament config, shared by `referee tournament CONFIG` and `referee match ...`
// (which builds the same config from its command line).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "referee/tournament/config.hpp"

namespace referee::cli {

struct RunOptions {
    bool resume = false;
    std::string shard;    // "K/N" or empty
    int concurrency = 0;  // > 0: overrides the config
    bool quiet = false, stats = false;
    bool reports = true;     // false: the journal only (a cluster shard; the merge reports)
    std::string sandbox;     // non-empty: overrides every engine's sandbox
    int threads = 0;         // > 0: overrides the config
    bool affinity = false;   // true: overrides the config
    std::string live;        // "[HOST:]PORT": serve the live page there
    bool live_file = false;  // write the live file (live.json) for `referee watch`
};

// The --live and --live-file options of `tournament` and `match`.
void add_live_options(CLI::App& command, RunOptions& options);

void run_tournament_config(tournament::TournamentConfig config, const RunOptions& options);

}  // namespace referee::cli
