// What the kernel says about an engine's processes, read from /proc: who is in its process
// group, and which of its descendants left the group (where the referee's group kill cannot
// reach them).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace referee::validate {

struct ProcessEntry {
    pid_t pid = 0;
    pid_t ppid = 0;
    pid_t pgrp = 0;
    char state = '?';     // 'Z': a zombie, already dead
    std::string command;  // the kernel's short name (comm)
};

// Every process the referee can see, from /proc; unreadable entries are left out.
std::vector<ProcessEntry> list_processes();

// The live (non-zombie) processes of group pgid.
std::vector<ProcessEntry> live_group_members(pid_t pgid);

// The live descendants of root (children, their children, ...), root excluded.
std::vector<ProcessEntry> live_descendants(pid_t root);

// One process as the kernel sees it now, if it exists (zombies included).
std::optional<ProcessEntry> process_entry(pid_t pid);
// Whether pid is a live (non-zombie) process.
bool process_alive(pid_t pid);

// Waits up to `limit` for group pgid to have no live process: a SIGKILL is delivered
// asynchronously, so a killed process may show as running for a moment.
bool wait_group_gone(pid_t pgid, std::chrono::milliseconds limit);

// "1234 (sleep), 1240 (engine)"
std::string describe_processes(const std::vector<ProcessEntry>& processes);
// "1234 (name)", as the engine layer describes a process, back into an entry.
std::optional<ProcessEntry> parse_process_text(const std::string& text);

}  // namespace referee::validate
