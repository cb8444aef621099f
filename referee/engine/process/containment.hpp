// Keeping everything an engine starts inside the referee's reach, whatever it does:
//  - each engine leads its own session (setsid in the child), so it has no terminal and its
//    group is one kill(-pgid) away;
//  - the leader gets PR_SET_PDEATHSIG(SIGKILL), so it dies with the referee (the signal
//    follows the spawning thread: engines are spawned from the thread running io.run());
//  - the referee is a child subreaper (PR_SET_CHILD_SUBREAPER), so processes that left the
//    engine's group (setsid, double fork) and were orphaned become the referee's children
//    instead of init's; sweep_escapees() kills and reaps them at the end of each engine;
//  - every engine's environment carries REFEREE_ENGINE_OF=<token of this referee run>, so a
//    later run (tournament --resume) can find what a SIGKILLed referee left behind.
// Under bwrap the engine also has its own PID namespace: everything in it dies with it.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace referee::engine {

// "<pid>.<start time in clock ticks since boot>": names this referee process uniquely.
const std::string& referee_run_token();
// The environment variable that marks engines ("REFEREE_ENGINE_OF").
const char* engine_marker_variable();
// The variable naming which engine a process belongs to (REFEREE_ENGINE_ID=<number>).
const char* engine_id_variable();

struct LeftoverProcess {
    pid_t pid = 0;
    std::string command;
};
// SIGKILLs every live process whose environment carries the marker of `token` (a run
// token read back from a run's marker file) and returns what it killed.
std::vector<LeftoverProcess> kill_marked_processes(const std::string& token);
// Whether the process a run token names is still running.
bool run_token_alive(const std::string& token);

namespace detail {

// Makes this process a child subreaper, once.
void become_subreaper();
// Held while a child is forked and registered, and while escapees are swept, so a sweep
// never mistakes an engine that is being started for an escapee.
void lock_spawning();
void unlock_spawning();

struct Escapee {
    std::string description;  // "pid (comm)"
    long engine_id = -1;      // from its environment; -1 when it could not be read
};
// Kills and reaps every child of the referee that belongs to no live engine: processes
// that outlived their engine (zombies included) and escapees, with their descendants.
// Returns each live one that had left its engine's process group.
// engine_session(sid) tells whether sid is the session of an engine (its leader's pid):
// a process in another session, or in another group of it, had left its engine.
std::vector<Escapee> sweep_escapees(const std::function<bool(pid_t)>& engine_session);
// The live processes of group pgid that are already the referee's children: helpers an engine
// forked that were handed to us when it exited. Called between its exit and the group kill,
// it tells the user what outlived the engine, which the kill then ends.
// Each as "pid (comm)".
std::vector<std::string> live_orphans_in_group(pid_t pgid);

}  // namespace detail
}  // namespace referee::engine
