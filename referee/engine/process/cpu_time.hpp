// CPU time, user and system, of the referee's own process with all its threads
// (RUSAGE_SELF), or of the children it has reaped (RUSAGE_CHILDREN: the engines, their
// sandboxes and whatever they started): how a benchmark tells the referee's cost from the
// engines'.
#pragma once

#include <sys/resource.h>

namespace referee::engine {

inline double cpu_seconds(int who, bool user_only = false) {
    rusage u{};
    ::getrusage(who, &u);
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return seconds(u.ru_utime) + (user_only ? 0.0 : seconds(u.ru_stime));
}

}  // namespace referee::engine
