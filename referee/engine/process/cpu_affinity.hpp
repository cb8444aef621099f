// Keeping a thread, and the engine processes it starts, to one core. Processes started by a
// thread inherit its CPU mask, so a game's referee thread and both its engines share a core:
// their request-reply ping-pong then never crosses cores, which on a virtual machine (where
// waking a task on another core is an exit to the hypervisor) doubles the games per second
// of engines that answer at once. Opt-in (tournament `affinity`): an engine that searches
// on several threads gets one core.
#pragma once

#include <sched.h>

#include <optional>
#include <vector>

namespace referee::engine {

// The CPUs this process may run on (its affinity mask: taskset, a cgroup's cpuset), in order.
std::vector<int> usable_cpus();

// Keeps the calling thread to `cpu` until destroyed, then gives it back the mask it had.
// Does nothing (pinned() false) where the system refuses.
class ThreadPin {
  public:
    explicit ThreadPin(int cpu);
    ~ThreadPin();
    ThreadPin(const ThreadPin&) = delete;
    ThreadPin& operator=(const ThreadPin&) = delete;
    bool pinned() const { return previous_.has_value(); }

  private:
    std::optional<cpu_set_t> previous_;
};

}  // namespace referee::engine
