// The engine's system-call filters (seccomp), which need no namespace and no privilege: built
// in the parent, installed by the child just before exec, inherited by everything it starts
// and impossible to remove. Two filters, stacked (the kernel applies the stricter answer):
//
//  - the policy, built with libseccomp: no ptrace, process_vm_readv/writev or pidfd_getfd (no
//    reaching into another process), no io_uring (its operations bypass the checks below), no
//    AF_PACKET sockets, and no AF_INET/AF_INET6 sockets, except TCP (stream) ones for an engine
//    that must reach the referee over TCP (imcs-tcp). Seccomp sees a socket's family and
//    type but not the address a connect names: which port is Landlock's (landlock.hpp).
//  - the signal filter, for kernels whose Landlock cannot scope signals (ABI < 6): a signal
//    may go to the engine's own group (kill(0), kill(-leader)), to its first process (the
//    leader) or its threads, and signal 0 (a liveness test) anywhere. Seccomp cannot look up
//    the group of a target pid, so a helper process the engine starts can signal the leader
//    and the group, but not other processes by pid, not even its own threads through
//    tgkill (pthread_kill in a helper fails; the leader's own threads are fine).
//    pidfd_send_signal is refused (its target is a descriptor, which seccomp cannot read).
//
// Denied calls fail with EACCES (sockets) or EPERM; nothing is killed. An AddressSanitizer
// build lets ptrace through (LeakSanitizer in its sanitized engines needs it). The filters are for
// this machine's own architecture: a process of another one (a 32-bit engine on x86-64) is
// killed at its first system call.
#pragma once

#include <linux/filter.h>
#include <sys/types.h>

#include <cstddef>
#include <vector>

namespace referee::engine {

struct SeccompPolicy {
    bool tcp = false;  // may create TCP sockets (AF_INET/AF_INET6, SOCK_STREAM)
};
// The policy as a BPF program; throws std::runtime_error when libseccomp fails.
std::vector<sock_filter> seccomp_policy_program(const SeccompPolicy& policy);

// The signal filter with the leader's pid left open: the child fills it in (fill_signal_filter)
// once it knows its pid.
struct SignalFilter {
    std::vector<sock_filter> program;
    std::vector<std::size_t> leader_at;  // instructions comparing with the leader's pid
    std::vector<std::size_t> group_at;   // ... with minus it (the group)
};
SignalFilter signal_filter_program();

// In the forked child (async-signal-safe). Writes the leader's pid into the program.
void fill_signal_filter(sock_filter* program, const std::size_t* leader_at,
                        std::size_t leader_count, const std::size_t* group_at,
                        std::size_t group_count, pid_t leader);
// Installs one filter; no_new_privs must be set. Returns 0 or an errno.
int install_seccomp(sock_filter* program, std::size_t length);

}  // namespace referee::engine
