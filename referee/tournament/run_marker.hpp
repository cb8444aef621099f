// A file in the output folder naming the referee process running a tournament there
// (referee.run, or referee.run.shard-K-of-N), so that a later run can tell whether that
// referee still runs, and if it was killed (SIGKILL, out of memory, a preempted job) find
// and kill the engine processes it left behind: they carry its run token in their
// environment (see engine/process/containment.hpp).
#pragma once

#include <string>
#include <vector>

namespace referee::tournament {

// If an earlier run's marker is there: throws when that referee is still running; else
// kills the processes its engines left behind and returns one line per process killed.
std::vector<std::string> clean_up_earlier_run(const std::string& output_dir,
                                              const std::string& marker_name);

// Writes this referee's marker; removes it when the run ends normally.
class RunMarker {
  public:
    RunMarker(const std::string& output_dir, const std::string& marker_name);
    ~RunMarker();
    RunMarker(const RunMarker&) = delete;
    RunMarker& operator=(const RunMarker&) = delete;

  private:
    std::string path_;
};

}  // namespace referee::tournament
