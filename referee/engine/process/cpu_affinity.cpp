#include "referee/engine/process/cpu_affinity.hpp"

#include <pthread.h>

namespace referee::engine {

std::vector<int> usable_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> out;
    if (::sched_getaffinity(0, sizeof set, &set) != 0) return out;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) out.push_back(c);
    return out;
}

ThreadPin::ThreadPin(int cpu) {
    cpu_set_t before, one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (::pthread_getaffinity_np(::pthread_self(), sizeof before, &before) == 0 &&
        ::pthread_setaffinity_np(::pthread_self(), sizeof one, &one) == 0)
        previous_ = before;
}

ThreadPin::~ThreadPin() {
    if (previous_) ::pthread_setaffinity_np(::pthread_self(), sizeof *previous_, &*previous_);
}

}  // namespace referee::engine
