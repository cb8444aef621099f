// The table is a fixed array of atomics because the signal handler may only use
// async-signal-safe operations: no locks, no allocation.
#include "referee/engine/process/process_registry.hpp"

#include <signal.h>

#include <atomic>
#include <cerrno>
#include <cstddef>

#include "referee/engine/process/process.hpp"

namespace referee::engine {
namespace {

// A tournament runs up to 200 games of two engines; leave ample room for bigger runs.
constexpr std::size_t kMaxGroups = 4096;

static_assert(std::atomic<pid_t>::is_always_lock_free);
std::atomic<pid_t> g_groups[kMaxGroups];

extern "C" void kill_engines_and_die(int sig) {
    int saved_errno = errno;
    kill_all_engines();
    // SA_RESETHAND restored the default action; the signal is blocked until we return, so the
    // re-raised one then terminates us exactly as the original would have.
    ::raise(sig);
    errno = saved_errno;
}

}  // namespace

namespace detail {

bool register_group(pid_t pgid) noexcept {
    if (is_registered_group(pgid)) return true;
    for (auto& slot : g_groups) {
        pid_t expected = 0;
        if (slot.compare_exchange_strong(expected, pgid)) return true;
    }
    return false;
}

bool is_registered_group(pid_t pgid) noexcept {
    if (pgid <= 0) return false;
    for (auto& slot : g_groups)
        if (slot.load() == pgid) return true;
    return false;
}

void unregister_group(pid_t pgid) noexcept {
    for (auto& slot : g_groups) {
        pid_t expected = pgid;
        if (slot.compare_exchange_strong(expected, 0)) return;
    }
}

}  // namespace detail

void kill_all_engines() noexcept {
    for (auto& slot : g_groups) {
        pid_t pgid = slot.load();
        if (pgid > 0) ::kill(-pgid, SIGKILL);
    }
}

std::size_t live_engine_groups() noexcept {
    std::size_t n = 0;
    for (auto& slot : g_groups) n += slot.load() > 0 ? 1 : 0;
    return n;
}

void install_signal_cleanup() {
    struct sigaction sa {};
    sa.sa_handler = kill_engines_and_die;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

}  // namespace referee::engine
