// referee tournament CONFIG --slurm: the cluster half of the tournament command.
#pragma once

#include <string>

namespace referee::cli {

struct SlurmArgs {
    int shards = 4;
    std::string partition, time;
    bool dry_run = false;
};

// Writes the batch scripts and submits them (or prints them with dry_run).
void run_tournament_on_slurm(const std::string& config_path, const SlurmArgs& args);

}  // namespace referee::cli
