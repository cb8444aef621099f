#include "referee/tournament/slurm.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

extern char** environ;

namespace referee::tournament {
namespace {

namespace fs = std::filesystem;

std::string header(const SlurmRequest& r, const std::string& job_name, const std::string& log) {
    std::string text = "#!/bin/bash\n";
    text += fmt::format("#SBATCH --job-name={}\n", job_name);
    text += fmt::format("#SBATCH --chdir={}\n", r.workdir);
    text += fmt::format("#SBATCH --output={}\n", log);
    text += "#SBATCH --open-mode=append\n";
    if (!r.partition.empty()) text += fmt::format("#SBATCH --partition={}\n", r.partition);
    if (!r.time_limit.empty()) text += fmt::format("#SBATCH --time={}\n", r.time_limit);
    return text;
}

struct Captured {
    int status = -1;
    std::string out;
};

// Runs a program (no shell) and collects what it prints on stdout and stderr.
Captured run_program(const std::vector<std::string>& argv) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0)
        throw std::runtime_error(fmt::format("pipe: {}", std::strerror(errno)));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int err = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipe_fds[1]);
    Captured c;
    if (err != 0) {
        ::close(pipe_fds[0]);
        throw std::runtime_error(
            fmt::format("cannot run {}: {} (is Slurm installed on this machine?)", argv[0],
                        std::strerror(err)));
    }
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        if (c.out.size() < (1 << 20)) c.out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(pipe_fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    c.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return c;
}

std::string sbatch(const std::vector<std::string>& args) {
    std::vector<std::string> argv{"sbatch", "--parsable"};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto result = run_program(argv);
    std::string text = result.out;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    if (result.status != 0)
        throw std::runtime_error(fmt::format("sbatch refused {}: {}", args.back(), text));
    // --parsable prints "jobid" or "jobid;cluster".
    const auto id = text.substr(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
    return id.substr(0, id.find(';'));
}

void write_script(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw std::runtime_error(fmt::format("cannot write the batch script {}", path));
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec,
                    fs::perm_options::replace);
}

}  // namespace

std::string shell_quote(const std::string& word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

SlurmScripts make_slurm_scripts(const SlurmRequest& r) {
    if (r.shards < 1) throw std::invalid_argument(fmt::format("--shards {}: at least 1", r.shards));
    const fs::path out = fs::path(r.output_dir).is_absolute() ? fs::path(r.output_dir)
                                                              : fs::path(r.workdir) / r.output_dir;
    const fs::path dir = out / "slurm";
    SlurmScripts s;
    s.shard_path = (dir / "shards.sbatch").string();
    s.merge_path = (dir / "merge.sbatch").string();

    s.shard_text = header(r, "referee-" + r.name,
                          (dir / fmt::format("shard-%a-of-{}.log", r.shards)).string());
    s.shard_text += fmt::format("#SBATCH --array=1-{}\n", r.shards);
    s.shard_text += fmt::format("#SBATCH --cpus-per-task={}\n", std::max(1, r.cpus_per_shard));
    s.shard_text += "#SBATCH --requeue\n";
    s.shard_text += fmt::format(
        "# One shard of the schedule per array task. --resume makes a requeued or preempted task\n"
        "# carry on from its own journal: a game is counted once, when its journal line is "
        "written.\n"
        "# Its games in play go to live.shard-K-of-N.json, for `referee watch` on the folder.\n"
        "exec {} tournament {} --shard \"${{SLURM_ARRAY_TASK_ID}}/{}\" --resume --quiet "
        "--no-report --live-file\n",
        shell_quote(r.referee), shell_quote(r.config), r.shards);

    s.merge_text = header(r, "referee-" + r.name + "-merge", (dir / "merge.log").string());
    s.merge_text += fmt::format(
        "# Runs once every shard has succeeded (sbatch --dependency=afterok): one journal, one "
        "report.\n"
        "exec {} merge {}\n",
        shell_quote(r.referee), shell_quote(r.config));
    return s;
}

SlurmSubmission submit_slurm(const SlurmScripts& scripts) {
    fs::create_directories(fs::path(scripts.shard_path).parent_path());
    write_script(scripts.shard_path, scripts.shard_text);
    write_script(scripts.merge_path, scripts.merge_text);
    SlurmSubmission s;
    s.array_job = sbatch({scripts.shard_path});
    s.merge_job = sbatch(
        {"--dependency=afterok:" + s.array_job, "--kill-on-invalid-dep=yes", scripts.merge_path});
    return s;
}

}  // namespace referee::tournament
