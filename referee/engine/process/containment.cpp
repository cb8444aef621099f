#include "referee/engine/process/containment.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "referee/engine/process/process_registry.hpp"

namespace referee::engine {
namespace {

struct Stat {
    pid_t pid = 0, ppid = 0, pgrp = 0, session = 0;
    char state = '?';
    unsigned long long start_time = 0;
    std::string comm;
};

// /proc/<pid>/stat: "pid (comm) state ppid pgrp session ... starttime(22nd)"; comm may hold
// spaces and parentheses, so fields are read after the last ')'.
bool read_stat(pid_t pid, Stat& out) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line)) return false;
    const auto open = line.find('('), close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open) return false;
    out.pid = pid;
    out.comm = line.substr(open + 1, close - open - 1);
    std::istringstream rest(line.substr(close + 1));
    long ppid = 0, pgrp = 0, session = 0;
    if (!(rest >> out.state >> ppid >> pgrp >> session)) return false;
    std::string skip;
    for (int field = 7; field < 22; ++field) rest >> skip;  // tty_nr .. itrealvalue
    rest >> out.start_time;
    out.ppid = static_cast<pid_t>(ppid);
    out.pgrp = static_cast<pid_t>(pgrp);
    out.session = static_cast<pid_t>(session);
    return true;
}

std::vector<pid_t> all_pids() {
    std::vector<pid_t> out;
    std::error_code ec;
    for (std::filesystem::directory_iterator it("/proc", ec), end; !ec && it != end;
         it.increment(ec)) {
        const auto name = it->path().filename().string();
        if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos)
            out.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return out;
}

// The referee's own children, from /proc/self/task/<tid>/children (an orphan handed to a
// subreaper becomes the child of one of its threads): a few files instead of every process
// on the machine, which made each engine's end cost a millisecond on a busy host. nullopt
// where the kernel lacks the file (CONFIG_PROC_CHILDREN); the caller then scans /proc.
std::optional<std::vector<pid_t>> own_children() {
    std::vector<pid_t> out;
    std::error_code ec;
    bool any = false;
    for (std::filesystem::directory_iterator it("/proc/self/task", ec), end; !ec && it != end;
         it.increment(ec)) {
        std::ifstream in(it->path() / "children");
        if (!in) continue;
        any = true;
        for (long pid; in >> pid;) out.push_back(static_cast<pid_t>(pid));
    }
    if (!any) return std::nullopt;
    return out;
}

long engine_id_of(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
    const std::string prefix = std::string("REFEREE_ENGINE_ID") + "=";
    for (std::string var; std::getline(in, var, '\0');)
        if (var.rfind(prefix, 0) == 0) return std::atol(var.c_str() + prefix.size());
    return -1;
}

bool environment_has(pid_t pid, const std::string& entry) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/environ", std::ios::binary);
    for (std::string var; std::getline(in, var, '\0');)
        if (var == entry) return true;
    return false;
}

// Whether pid is the first process of a PID namespace below the referee's ("NSpid: 4711 1"):
// under the sandbox that is bwrap's own init, which the bwrap the referee started leaves
// behind for a moment: it exits with the engine's status as soon as the engine does, while
// its init is still on its way out (longer on a loaded machine).
bool first_of_own_pid_namespace(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("NSpid:", 0) != 0) continue;
        std::istringstream ids(line.substr(6));
        std::vector<long> levels;
        for (long id; ids >> id;) levels.push_back(id);
        return levels.size() >= 2 && levels.back() == 1;
    }
    return false;
}

std::mutex g_spawn_mutex;

}  // namespace

const char* engine_marker_variable() {
    return "REFEREE_ENGINE_OF";
}

const char* engine_id_variable() {
    return "REFEREE_ENGINE_ID";
}

const std::string& referee_run_token() {
    static const std::string token = [] {
        Stat self;
        read_stat(::getpid(), self);
        return std::to_string(::getpid()) + "." + std::to_string(self.start_time);
    }();
    return token;
}

bool run_token_alive(const std::string& token) {
    const auto dot = token.find('.');
    if (dot == std::string::npos) return false;
    Stat s;
    try {
        return read_stat(static_cast<pid_t>(std::stol(token.substr(0, dot))), s) &&
               s.state != 'Z' && std::to_string(s.start_time) == token.substr(dot + 1);
    } catch (const std::exception&) {
        return false;
    }
}

std::vector<LeftoverProcess> kill_marked_processes(const std::string& token) {
    std::vector<LeftoverProcess> killed;
    const std::string entry = std::string(engine_marker_variable()) + "=" + token;
    for (pid_t pid : all_pids()) {
        Stat s;
        if (pid == ::getpid() || !read_stat(pid, s) || s.state == 'Z') continue;
        if (!environment_has(pid, entry)) continue;
        ::kill(pid, SIGKILL);
        killed.push_back({pid, s.comm});
    }
    return killed;
}

namespace detail {

void become_subreaper() {
    static std::once_flag once;
    std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); });
}

void lock_spawning() {
    g_spawn_mutex.lock();
}
void unlock_spawning() {
    g_spawn_mutex.unlock();
}

std::vector<Escapee> sweep_escapees(const std::function<bool(pid_t)>& engine_session) {
    std::lock_guard lock(g_spawn_mutex);
    std::vector<Escapee> escaped;
    const pid_t self = ::getpid();
    const pid_t own_session = ::getsid(0);
    std::set<pid_t> seen;
    // Killing one orphan hands its own children to us, so repeat until a pass finds none.
    for (int pass = 0; pass < 64; ++pass) {
        std::vector<Stat> ours;
        const auto children = own_children();
        for (pid_t pid : children ? *children : all_pids()) {
            Stat s;
            // A live engine's leader is skipped before its /proc file is read: at high
            // concurrency most of the referee's children are those.
            if (is_registered_group(pid) || !read_stat(pid, s) || s.ppid != self) continue;
            // Only engine processes: they all run in sessions of their own (the referee's
            // other children, e.g. a test's helpers, share its session).
            if (s.session == own_session) continue;
            // A helper of an engine that is still playing goes with that engine's group.
            if (s.state != 'Z' && is_registered_group(s.pgrp)) continue;
            ours.push_back(s);
        }
        if (ours.empty()) break;
        for (const auto& s : ours) {
            if (s.state != 'Z') {
                // Left its engine's group (setpgid) or made a session of its own (setsid).
                const bool left = s.pgrp != s.session || !engine_session(s.session);
                if (left && seen.insert(s.pid).second)
                    escaped.push_back(
                        {std::to_string(s.pid) + " (" + s.comm + ")", engine_id_of(s.pid)});
                if (s.pgrp > 1 && s.pgrp != ::getpgrp()) ::kill(-s.pgrp, SIGKILL);
                ::kill(s.pid, SIGKILL);
            }
            int status = 0;
            while (::waitpid(s.pid, &status, 0) < 0 && errno == EINTR) {
            }
        }
    }
    return escaped;
}

std::vector<std::string> live_orphans_in_group(pid_t pgid) {
    std::vector<std::string> found;
    const pid_t self = ::getpid();
    const auto children = own_children();
    if (!children) return found;  // without the file this costs a scan of /proc: skip it
    for (pid_t pid : *children) {
        Stat s;
        // Live engines' leaders are skipped before their /proc file is read, as in the sweep.
        if (pid == pgid || is_registered_group(pid) || !read_stat(pid, s) || s.ppid != self)
            continue;
        // The sandbox's own init is no helper of the engine's: the group kill ends it.
        if (s.pgrp == pgid && s.state != 'Z' &&
            !(s.comm == "bwrap" && first_of_own_pid_namespace(pid)))
            found.push_back(std::to_string(pid) + " (" + s.comm + ")");
    }
    return found;
}

}  // namespace detail
}  // namespace referee::engine
