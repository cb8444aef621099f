#include "referee/cli/slurm.hpp"

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "referee/engine/engine_config.hpp"
#include "referee/tournament/config.hpp"
#include "referee/tournament/slurm.hpp"

namespace referee::cli {

void run_tournament_on_slurm(const std::string& config_path, const SlurmArgs& args) {
    namespace fs = std::filesystem;
    const auto config = tournament::load_tournament_config(config_path, engine::executable_dir());
    tournament::SlurmRequest r;
    r.referee = fs::read_symlink("/proc/self/exe").string();
    r.config = fs::absolute(config_path).lexically_normal().string();
    r.workdir = fs::current_path().string();
    r.output_dir = config.output_dir;
    r.name = config.name;
    r.shards = args.shards;
    r.cpus_per_shard = config.concurrency;
    r.partition = args.partition;
    r.time_limit = args.time;
    const auto scripts = tournament::make_slurm_scripts(r);
    const auto report =
        (fs::path(r.workdir) / config.output_dir / "report.html").lexically_normal().string();
    if (args.dry_run) {
        std::cout << fmt::format("# {}\n{}\n# {}\n{}\n", scripts.shard_path, scripts.shard_text,
                                 scripts.merge_path, scripts.merge_text);
        std::cout << fmt::format(
            "# would run: sbatch {}; sbatch --dependency=afterok:<array job> {}\n",
            scripts.shard_path, scripts.merge_path);
        return;
    }
    const auto jobs = tournament::submit_slurm(scripts);
    std::cout << fmt::format(
        "submitted {} shards as job array {} and the merge as job {} (after every shard "
        "succeeds)\n",
        args.shards, jobs.array_job, jobs.merge_job);
    std::cout << fmt::format("progress: referee status {}\n", config_path);
    std::cout << fmt::format("logs {}\n", fs::path(scripts.shard_path).parent_path().string());
    std::cout << fmt::format("report {} (written by the merge job)\n", report);
}

}  // namespace referee::cli
