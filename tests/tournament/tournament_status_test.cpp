// referee status and tournament --slurm --dry-run, as a user runs them: progress read from
// the journals alone, shard by shard, and batch scripts that resume a requeued shard.
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::run_referee;
using referee::test::TempDir;

std::string write_config(const TempDir& dir) {
    const auto path = (dir / "t.yaml").string();
    std::ofstream(path) << "name: status-test\n"
                           "variant: minitchess\n"
                           "games_per_pairing: 2\n"
                           "time_control: \"30+0\"\n"
                           "seed: 3\n"
                           "output: " +
                               (dir / "out").string() + "\n" +
                               "engines:\n"
                               "  - {name: r1, cmd: random, args: [--seed, '1']}\n"
                               "  - {name: r2, cmd: random, args: [--seed, '2']}\n"
                               "  - {name: r3, cmd: random, args: [--seed, '3']}\n";
    return path;
}

TEST(TournamentStatus, ShowsEachShardFromItsJournal) {
    TempDir dir;
    const auto config = write_config(dir);
    auto before = run_referee({"status", config});
    EXPECT_EQ(before.exit_code, 0) << before.err;
    EXPECT_NE(before.out.find("6 games scheduled"), std::string::npos) << before.out;
    EXPECT_NE(before.out.find("nothing has been played"), std::string::npos) << before.out;

    auto shard = run_referee({"tournament", config, "--shard", "1/2", "--quiet", "--no-report"});
    ASSERT_EQ(shard.exit_code, 0) << shard.out << shard.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out" / "report.html"))
        << "--no-report wrote a report";

    auto after = run_referee({"status", config});
    EXPECT_EQ(after.exit_code, 0) << after.err;
    EXPECT_NE(after.out.find("shard 1/2"), std::string::npos) << after.out;
    EXPECT_NE(after.out.find("3 of 3"), std::string::npos) << after.out;
    EXPECT_NE(after.out.find("done"), std::string::npos) << after.out;
    EXPECT_EQ(after.out.find("shard 2/2"), std::string::npos)
        << "a shard that never ran has no line:\n"
        << after.out;
}

TEST(TournamentStatus, AJournalOfAnotherConfigIsNamedAndFailsTheCommand) {
    TempDir dir;
    const auto config = write_config(dir);
    std::filesystem::create_directories(dir / "out");
    std::ofstream(dir / "out" / "journal.shard-2-of-2.jsonl")
        << "{\"type\":\"header\",\"fingerprint\":\"not-this-one\",\"format\":1}\n";
    auto status = run_referee({"status", config});
    EXPECT_EQ(status.exit_code, 1) << status.out;
    EXPECT_NE(status.out.find("different config"), std::string::npos) << status.out;
}

TEST(TournamentSlurm, DryRunPrintsResumingShardsAndAMergeAndWritesNothing) {
    TempDir dir;
    const auto config = write_config(dir);
    auto dry = run_referee({"tournament", config, "--slurm", "--shards", "3", "--partition",
                            "batch", "--time", "1:00:00", "--dry-run"});
    ASSERT_EQ(dry.exit_code, 0) << dry.err;
    for (const char* expected :
         {"#SBATCH --array=1-3", "#SBATCH --requeue", "#SBATCH --partition=batch",
          "#SBATCH --time=1:00:00", "--shard \"${SLURM_ARRAY_TASK_ID}/3\" --resume", "--no-report",
          "merge", "--dependency=afterok"})
        EXPECT_NE(dry.out.find(expected), std::string::npos) << expected << " missing in:\n"
                                                             << dry.out;
    EXPECT_FALSE(std::filesystem::exists(dir / "out" / "slurm")) << "--dry-run wrote the scripts";
}

}  // namespace
