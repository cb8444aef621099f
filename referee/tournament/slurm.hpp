// A tournament on a Slurm cluster: a job array with one shard of the schedule per task,
// each resuming from its own journal when it is requeued, and a merge job that runs once
// every shard has succeeded. The nodes must share the output folder, the config and the
// engines at the same paths (see the README, "Running on a cluster").
#pragma once

#include <string>
#include <vector>

namespace referee::tournament {

struct SlurmRequest {
    std::string referee;     // absolute path of the referee binary the nodes run
    std::string config;      // absolute path of the tournament config
    std::string workdir;     // where the jobs run: relative paths in the config start here
    std::string output_dir;  // the tournament's output folder (absolute or from workdir)
    std::string name;        // the tournament's name, for job names
    int shards = 4;
    int cpus_per_shard = 1;  // the config's concurrency
    std::string partition;   // empty: the cluster's default
    std::string time_limit;  // empty: the partition's default; else Slurm's format (1:00:00)
};

struct SlurmScripts {
    std::string shard_path, shard_text;  // the job array
    std::string merge_path, merge_text;  // the merge job
};

// The two batch scripts, and where they are written (OUTPUT/slurm/).
SlurmScripts make_slurm_scripts(const SlurmRequest& request);

struct SlurmSubmission {
    std::string array_job, merge_job;  // the job ids sbatch gave
};

// Writes the scripts and submits them with sbatch (the merge with --dependency=afterok on
// the array). Throws std::runtime_error with sbatch's own message when it refuses.
SlurmSubmission submit_slurm(const SlurmScripts& scripts);

// A word for a POSIX shell, quoted so it stays one word whatever it holds.
std::string shell_quote(const std::string& word);

}  // namespace referee::tournament
