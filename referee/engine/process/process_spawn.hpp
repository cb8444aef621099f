// Internal: fork/exec of one engine through Boost.Process, in its own process group.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include <boost/process/async_pipe.hpp>

#include "referee/engine/process/kept_output.hpp"
#include "referee/engine/process/process.hpp"

namespace referee::engine::detail {

// The pipes' child ends are handed to the child and closed here; the parent ends stay open.
// Throws StartError naming spec.command; never leaves a zombie behind. The child leads a
// session of its own, is registered (register_group) before this returns, and owns a scratch
// folder until end_of_engine(pid).
// `kept` (may be null): where its scratch folder's files go when it ends (ProcessSpec::keep_dir).
pid_t spawn_in_own_group(const ProcessSpec& spec, boost::process::async_pipe& in,
                         boost::process::async_pipe& out, boost::process::async_pipe& err,
                         std::shared_ptr<KeptOutput> kept = nullptr);

struct EndReport {
    std::vector<std::string> escaped;  // "pid (comm)" of processes that had left its group
    bool sandboxed = false;            // it ran under bwrap
};
// Call once the engine's leader is reaped and its group killed: kills and reaps what
// escaped it, copies its scratch folder's files when they are kept, removes the folder.
EndReport end_of_engine(pid_t pid);
// Adds the report to info: the escapees, and under bwrap a death by signal N, which bwrap
// passes on as exit code 128+N, described as that signal again.
void apply(const EndReport& report, ExitInfo& info);
// For an engine that exited with code 127 or 126 after a shell (or env) said a program it
// runs was not found or could not be run: adds that line and why to info.description;
// returns whether it did. explain_denied_write is then not called: that "Permission denied"
// was no refused write.
bool explain_exec_failure(const std::string& stderr_tail, ExitInfo& info);
// For an engine that died by itself (not killed by the referee) with a denied write in its
// stderr ("Read-only file system", "Permission denied") while the sandbox kept it to its
// scratch folder: adds the line and the key that allows such a write (`writable`) to
// info.description.
void explain_denied_write(const ProcessSpec& spec, const std::string& stderr_tail, ExitInfo& info);

}  // namespace referee::engine::detail
