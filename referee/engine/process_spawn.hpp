// Internal: fork/exec of one engine through Boost.Process, in its own process group.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include <boost/process/async_pipe.hpp>

#include "referee/engine/process.hpp"

namespace referee::engine::detail {

// The pipes' child ends are handed to the child and closed here; the parent ends stay open.
// Throws StartError naming spec.command; never leaves a zombie behind. The child leads a
// session of its own, is registered (register_group) before this returns, and owns a scratch
// folder until end_of_engine(pid).
pid_t spawn_in_own_group(const ProcessSpec& spec, boost::process::async_pipe& in,
                         boost::process::async_pipe& out, boost::process::async_pipe& err);

struct EndReport {
    std::vector<std::string> escaped;  // "pid (comm)" of processes that had left its group
    bool sandboxed = false;            // it ran under bwrap
};
// Call once the engine's leader is reaped and its group killed: kills and reaps what
// escaped it, removes its scratch folder.
EndReport end_of_engine(pid_t pid);
// Adds the report to info: the escapees, and under bwrap a death by signal N, which bwrap
// passes on as exit code 128+N, described as that signal again.
void apply(const EndReport& report, ExitInfo& info);

}  // namespace referee::engine::detail
