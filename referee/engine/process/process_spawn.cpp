// Spawning goes through Boost.Process's fork/exec executor because it reports the errno of a
// failed execve() back over a close-on-exec pipe, so a missing or broken executable is a
// StartError rather than a child that looks like it exited at once.
#include "referee/engine/process/process_spawn.hpp"
#include "referee/engine/engine_config.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>

#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/containment.hpp"
#include "referee/engine/process/hosts_file.hpp"
#include "referee/engine/process/process_registry.hpp"
#include "referee/engine/process/sandbox.hpp"
#include "referee/engine/process/scratch_dir.hpp"
#include "referee/rules/text/printable.hpp"

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

namespace referee::engine::detail {
namespace {

namespace bp = boost::process;

std::string in_quotes(const std::string& s) {
    return "\"" + s + "\"";
}

[[noreturn]] void fail(const ProcessSpec& spec, const std::string& reason) {
    throw StartError("cannot start engine " + in_quotes(spec.command) + ": " + reason);
}

// Everything below runs in the forked child before execve, so it sticks to async-signal-safe
// calls and allocates nothing.
void mark_inherited_fds_cloexec() {
    // Without this every engine would inherit the pipes of the engines started before it and
    // keep them open, so their EOF would never arrive.
#ifdef SYS_close_range
    if (::syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    struct rlimit rl {};
    rlim_t limit = 65536;
    if (::getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        limit = std::min<rlim_t>(rl.rlim_cur, limit);
    for (int fd = 3; static_cast<rlim_t>(fd) < limit; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

struct ChildSetup : bp::extend::handler {
    const char* working_dir = nullptr;
    pid_t parent = 0;
    char** environment = nullptr;  // the engine's own, made in the parent (see engine_environment)
    const Confinement* confinement = nullptr;
    struct Limit {
        int resource;
        rlim_t value;
    };
    Limit limits[7]{};
    int limit_count = 0;

    void add_limit(int resource, rlim_t value) { limits[limit_count++] = {resource, value}; }

    template <class Executor>
    void on_exec_setup(Executor& exec) const {
        // A session of its own: no controlling terminal, and its group is its session.
        if (::setsid() < 0) abort_exec(exec);
        // Its own user when the referee is root; this clears the parent-death signal, which is
        // why that comes after.
        if (confinement != nullptr) check(exec, confinement->become_engine_user());
        // Die with the referee (with the thread that forked us, strictly: see containment.hpp).
        // If the referee died before this line, getppid() has changed already.
        if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) abort_exec(exec);
        if (::getppid() != parent) ::_exit(127);
        for (int i = 0; i < limit_count; ++i) {
            struct rlimit rl {
                limits[i].value, limits[i].value
            };
            // Never raise a limit the referee itself runs under (that would fail).
            struct rlimit now {};
            if (::getrlimit(limits[i].resource, &now) == 0 && now.rlim_max != RLIM_INFINITY &&
                (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > now.rlim_max))
                rl.rlim_cur = rl.rlim_max = now.rlim_max;
            if (::setrlimit(limits[i].resource, &rl) != 0) abort_exec(exec);
        }
        if (working_dir != nullptr && ::chdir(working_dir) != 0) abort_exec(exec);
        if (environment != nullptr) exec.env = environment;
        // The referee ignores SIGPIPE, and ignored signals survive execve.
        struct sigaction dfl {};
        dfl.sa_handler = SIG_DFL;
        ::sigaction(SIGPIPE, &dfl, nullptr);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        mark_inherited_fds_cloexec();
        // Last: Landlock and seccomp, which then hold for the exec and all that follows.
        if (confinement != nullptr) check(exec, confinement->restrict());
    }

    template <class Executor>
    void check(Executor& exec, int error) const {
        if (error == 0) return;
        errno = error;
        abort_exec(exec);
    }

    // Sends errno through Boost.Process's error pipe; the exec must not go ahead.
    template <class Executor>
    [[noreturn]] void abort_exec(Executor& exec) const {
        exec.set_error(std::error_code(errno, std::system_category()), "engine setup failed");
        ::_exit(127);
    }

    // On exec failure Boost.Process returns an empty child and forgets the pid it forked.
    template <class Executor>
    void on_error(Executor& exec, const std::error_code&) const {
        if (exec.pid <= 0) return;
        int status = 0;
        while (::waitpid(exec.pid, &status, 0) == -1 && errno == EINTR) {
        }
    }
};

std::string resolve_command(const ProcessSpec& spec) {
    if (spec.command.empty()) throw StartError("cannot start engine: empty command");
    if (spec.command.find('/') == std::string::npos) {
        auto found = find_in_path(spec.command);
        if (!found) fail(spec, "not found in PATH");
        return *found;
    }
    std::error_code ec;
    auto absolute = std::filesystem::absolute(spec.command, ec);
    if (ec) fail(spec, ec.message());
    return absolute.string();
}

void check_working_dir(const ProcessSpec& spec) {
    if (spec.working_dir.empty()) return;
    struct stat st {};
    if (::stat(spec.working_dir.c_str(), &st) != 0)
        fail(spec,
             "working directory " + in_quotes(spec.working_dir) + ": " + std::strerror(errno));
    if (!S_ISDIR(st.st_mode))
        fail(spec, "working directory " + in_quotes(spec.working_dir) + " is not a directory");
}

void set_cloexec(int fd) {
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

struct Owned {
    std::unique_ptr<ScratchDir> scratch;
    std::shared_ptr<KeptOutput> kept;  // keep: files are copied from scratch at its end
    bool sandboxed = false;
    long id = 0;  // REFEREE_ENGINE_ID in its environment and its descendants'
};
std::mutex g_owned_mutex;
std::map<pid_t, Owned> g_owned;
long g_next_id = 1;
// Escapees a sweep found that belong to an engine still running, reported when it ends.
std::map<long, std::vector<std::string>> g_found_early;

constexpr const char* kEnginesRootPrefix = "referee-engines-";

// Parent of every engine's scratch folder; bwrap hides it from each engine but for the
// engine's own folder. Removed when the referee exits normally.
const std::string& engines_root() {
    // Named with the referee's pid, so a later run can remove what a killed one left.
    // Under a folder the engines' users can pass through (folder_for_engines).
    static const ScratchDir root(std::string(kEnginesRootPrefix) + std::to_string(::getpid()) + "-",
                                 folder_for_engines());
    // Engines with users of their own (a root referee) must pass through it to their
    // folders, and must not list it; each folder in it is its engine's alone (0700).
    static const bool opened = ::chmod(root.path().c_str(), 0711) == 0;
    (void)opened;
    return root.path();
}

// What an engine may not read, besides what bwrap hides: every engine's folder (of this
// referee and of any other running beside it) and the referee's output folders.
std::vector<std::string> hidden_folders(const std::string& exe, const std::string& working_dir) {
    std::vector<std::string> hidden = hidden_from_engines({exe, working_dir});
    const std::filesystem::path root = engines_root();
    std::error_code ec;
    for (std::filesystem::directory_iterator it(root.parent_path(), ec), end; !ec && it != end;
         it.increment(ec))
        if (it->path().filename().string().starts_with(kEnginesRootPrefix))
            hidden.push_back(it->path().string());
    return hidden;
}

// The engine's /etc/hosts: the names it must find first, then the machine's own entries.
// Written into its scratch folder, so it goes when the engine does.
std::string write_hosts_file(const std::string& folder,
                             const std::vector<std::pair<std::string, std::string>>& names) {
    const std::string path = folder + "/.referee-hosts";
    write_hosts(path, names);
    return path;
}

// The memory an engine may fill (RLIMIT_DATA, see limits.hpp); 0: none.
std::size_t data_limit_bytes(const ProcessSpec& spec) {
    if (spec.memory_limit_bytes != 0) return spec.memory_limit_bytes;
    return spec.limits.data_mb << 20;
}

// An engine a user of its own could not run keeps the referee's (root): said once per
// executable, on stderr, for the one who runs the referee.
void note_kept_user(const std::string& exe, const char* why) {
    static std::mutex mutex;
    static std::set<std::string> said;
    std::lock_guard lock(mutex);
    if (!said.insert(exe).second) return;
    std::fprintf(stderr, "note: %s runs as root, not as a user of its own: %s\n", exe.c_str(), why);
}

// The engine's PATH: the referee's, less the folders its user could not search (a root
// referee's /root/...: a shell that looks a program up there says "Permission denied" for
// it), then the folders the referee itself finds engines in (their executable's own, the
// games folders), for a script such as Debian's gnuchessx that runs gnuchess by name.
std::string engine_path(const char* referee_path, const std::string& exe, bool own_user) {
    const std::string_view path =
        referee_path != nullptr ? referee_path : "/usr/local/bin:/usr/bin:/bin";
    std::vector<std::string> folders;
    auto add = [&](const std::string& folder) {
        if (std::find(folders.begin(), folders.end(), folder) != folders.end()) return;
        // A relative entry (or an empty one, the current folder) is the engine's own folder.
        if (own_user && folder.starts_with('/') && !searchable_by_others(folder)) return;
        folders.push_back(folder);
    };
    for (const std::string& folder : path_entries(path)) add(folder);
    std::error_code ec;
    for (const std::string& folder : {std::filesystem::path(exe).parent_path().string(),
                                      std::string("/usr/local/games"), std::string("/usr/games")})
        if (std::filesystem::is_directory(folder, ec)) add(folder);
    std::string out;
    for (const auto& f : folders) out += (out.empty() ? "" : ":") + f;
    return out;
}

void add_limits(ChildSetup& setup, const ProcessSpec& spec) {
    const auto& l = spec.limits;
    auto count = [](std::size_t n) { return n == 0 ? RLIM_INFINITY : static_cast<rlim_t>(n); };
    if (const auto data = data_limit_bytes(spec); data != 0)
        setup.add_limit(RLIMIT_DATA, static_cast<rlim_t>(data));
    if (l.address_space_mb != 0)
        setup.add_limit(RLIMIT_AS, static_cast<rlim_t>(l.address_space_mb << 20));
    setup.add_limit(RLIMIT_CPU, count(l.cpu_seconds));
    setup.add_limit(RLIMIT_NOFILE, count(l.open_files));
    setup.add_limit(RLIMIT_NPROC, count(l.processes));
    setup.add_limit(RLIMIT_CORE, l.core_files ? RLIM_INFINITY : 0);
}

}  // namespace

pid_t spawn_in_own_group(const ProcessSpec& spec, bp::async_pipe& in, bp::async_pipe& out,
                         bp::async_pipe& err, std::shared_ptr<KeptOutput> kept) {
    std::string exe = resolve_command(spec);
    check_working_dir(spec);
    become_subreaper();

    // Only stdin/stdout/stderr (dup2'd, which clears the flag) may reach a child.
    for (auto* p : {&in, &out, &err}) {
        set_cloexec(p->native_source());
        set_cloexec(p->native_sink());
    }

    Owned owned;
    owned.kept = std::move(kept);
    try {
        owned.scratch = std::make_unique<ScratchDir>("engine-", engines_root());
    } catch (const std::exception& e) {
        fail(spec, e.what());
    }
    const std::string working_dir =
        spec.working_dir.empty() ? owned.scratch->path() : spec.working_dir;
    std::string program = exe;
    std::vector<std::string> args = spec.args;
    if (!spec.host_names.empty() && spec.sandbox != Sandbox::Bwrap) {
        const std::string why = sandbox_preflight_message(Sandbox::Bwrap);
        fail(spec, "its own /etc/hosts needs the bwrap sandbox, which is not used here" +
                       (why.empty() ? std::string() : " (" + why + ")"));
    }
    if (spec.sandbox == Sandbox::Bwrap) {
        const std::string bwrap = bwrap_path();
        if (bwrap.empty()) fail(spec, "sandbox bwrap asked for, but bwrap is not installed");
        BwrapMounts m{engines_root(), owned.scratch->path(),
                      working_dir,    !spec.working_dir.empty(),
                      spec.network,   "",
                      spec.writable};
        if (!spec.host_names.empty()) {
            try {
                m.hosts_file = write_hosts_file(owned.scratch->path(), spec.host_names);
            } catch (const std::exception& e) {
                fail(spec, e.what());
            }
        }
        auto cmd = bwrap_command(bwrap, m, exe, spec.args);
        program = cmd.front();
        args.assign(cmd.begin() + 1, cmd.end());
        owned.sandboxed = true;
    }

    std::unique_ptr<Confinement> confinement;
    bool own_user = false;  // it runs as a user of its own (see confinement.hpp)
    try {
        ConfinementRequest request;
        request.sandbox = spec.sandbox;
        request.scratch = owned.scratch->path();
        request.chosen_working_dir = spec.working_dir;
        request.writable = spec.writable;
        if (spec.sandbox == Sandbox::None) request.hidden = hidden_folders(exe, working_dir);
        request.tcp = spec.network;
        request.connect_port = spec.connect_port;
        request.own_user = !engines_get_own_user() || reachable_by_others(exe, spec.working_dir);
        if (!request.own_user)
            note_kept_user(exe,
                           "it, or a folder above it or its working folder, is not open to other "
                           "users (chmod o+rx would let the referee confine it further)");
        // Its scratch folder lies in engines_root(), under no folder open to others only
        // where no temporary folder is (see folder_for_engines).
        if (request.own_user && engines_get_own_user() && !searchable_by_others(engines_root())) {
            request.own_user = false;
            note_kept_user(exe, ("no temporary folder here is open to other users, so its user "
                                 "could not enter its scratch folder in " +
                                 engines_root())
                                    .c_str());
        }
        // Its `writable` folders are the user's own, written as the user who runs the
        // referee: a user id of its own could not write them.
        if (request.own_user && engines_get_own_user() && !spec.writable.empty()) {
            request.own_user = false;
            note_kept_user(exe,
                           "it has writable folders (writable:), which only the referee's "
                           "own user may write");
        }
        own_user = request.own_user && engines_get_own_user();
        confinement = std::make_unique<Confinement>(request);
    } catch (const std::exception& e) {
        fail(spec, e.what());
    }

    ChildSetup setup;
    setup.confinement = confinement.get();
    setup.working_dir = working_dir.c_str();
    setup.parent = ::getpid();
    add_limits(setup, spec);

    {
        std::lock_guard lock(g_owned_mutex);
        owned.id = g_next_id++;
    }
    // The referee's environment with the engine's two marks, built here rather than through
    // boost::process::environment, whose lookup reads past the end of shorter entries.
    std::vector<std::string> env_text;
    const std::string marker = std::string(engine_marker_variable()) + "=",
                      id = std::string(engine_id_variable()) + "=";
    // Without bwrap (which sets it itself) TMPDIR names its scratch folder too: the one place
    // it may write.
    const bool own_tmpdir = spec.sandbox == Sandbox::None;
    for (char** e = ::environ; e != nullptr && *e != nullptr; ++e) {
        const std::string_view entry(*e);
        if (!entry.starts_with(marker) && !entry.starts_with(id) && !entry.starts_with("PATH=") &&
            !(own_tmpdir && entry.starts_with("TMPDIR=")))
            env_text.emplace_back(entry);
    }
    env_text.push_back("PATH=" + engine_path(std::getenv("PATH"), exe, own_user));
    // A JVM sizes its heap from the machine's memory, which the data limit does not show it:
    // told the limit (MaxRAM), it keeps its heap within it and collects garbage rather than
    // dying when it grows past. An engine's own -Xmx (or JAVA_TOOL_OPTIONS) still wins.
    if (const auto data = data_limit_bytes(spec); data != 0) {
        const std::string hint = "-XX:MaxRAM=" + std::to_string(data >> 20) + "m";
        const std::string key = "JAVA_TOOL_OPTIONS=";
        auto it = std::find_if(env_text.begin(), env_text.end(),
                               [&](const std::string& e) { return e.starts_with(key); });
        if (it == env_text.end())
            env_text.push_back(key + hint);
        else if (it->find("MaxRAM") == std::string::npos)
            *it = key + hint + " " + it->substr(key.size());
    }
    env_text.push_back(marker + referee_run_token());
    env_text.push_back(id + std::to_string(owned.id));
    if (own_tmpdir) env_text.push_back("TMPDIR=" + owned.scratch->path());
    std::vector<char*> env_pointers;
    for (auto& t : env_text) env_pointers.push_back(t.data());
    env_pointers.push_back(nullptr);
    setup.environment = env_pointers.data();

    std::error_code ec;
    pid_t pid = -1;
    // Fork and registration happen under the lock sweep_escapees() takes, so a sweep on
    // another thread never sees this child unregistered.
    lock_spawning();
    try {
        bp::child child(bp::exe = program, bp::args = args, bp::std_in<in, bp::std_out> out,
                        bp::std_err > err, setup, ec);
        if (!ec && child.valid()) {
            pid = child.id();
            register_group(pid);
            // Our caller reaps the child; bp::child would otherwise kill it when it goes out of
            // scope.
            child.detach();
        }
    } catch (...) {
        unlock_spawning();
        throw;
    }
    unlock_spawning();
    if (pid <= 0) {
        std::string reason = ec ? ec.message() : std::string("unknown error");
        if (exe != spec.command) reason += " (resolved to " + in_quotes(exe) + ")";
        if (ec.value() == EACCES && engines_get_own_user())
            reason +=
                "; the referee runs as root, so each engine runs as a user id of its own: its "
                "executable, the folders above it and a working folder chosen for it must be "
                "open to other users (chmod o+rx)";
        fail(spec, reason);
    }
    std::lock_guard lock(g_owned_mutex);
    g_owned[pid] = std::move(owned);
    return pid;
}

EndReport end_of_engine(pid_t pid) {
    EndReport report;
    const auto swept = sweep_escapees([](pid_t session) {
        std::lock_guard lock(g_owned_mutex);
        return g_owned.count(session) > 0;
    });
    Owned owned;
    {
        std::lock_guard lock(g_owned_mutex);
        auto it = g_owned.find(pid);
        if (it != g_owned.end()) {
            owned = std::move(it->second);
            g_owned.erase(it);
        }
        // Each escapee is reported with the engine it came from, whichever engine's end
        // found it.
        for (const auto& e : swept) {
            bool other = false;
            for (const auto& [p, o] : g_owned)
                if (o.id == e.engine_id) other = true;
            if (other)
                g_found_early[e.engine_id].push_back(e.description);
            else
                report.escaped.push_back(e.description);
        }
        if (auto early = g_found_early.find(owned.id); early != g_found_early.end()) {
            report.escaped.insert(report.escaped.end(), early->second.begin(), early->second.end());
            g_found_early.erase(early);
        }
    }
    if (!owned.scratch) return report;
    report.sandboxed = owned.sandboxed;
    if (owned.kept) owned.kept->copy_files(owned.scratch->path());
    return report;  // owned.scratch is removed here
}

void apply(const EndReport& report, ExitInfo& info) {
    info.escaped = report.escaped;
    if (!report.sandboxed || info.exit_code <= 128 || info.exit_code >= 128 + NSIG) return;
    info.signal = info.exit_code - 128;
    info.exit_code = -1;
    info.description = "killed by signal " + std::to_string(info.signal) + " (" +
                       ::strsignal(info.signal) + ") in its sandbox";
}

}  // namespace referee::engine::detail

namespace referee::engine::detail {

namespace {

// The last line of text that holds one of words, trimmed and cut to 200 bytes; empty if none.
std::string_view last_line_saying(std::string_view text,
                                  std::initializer_list<std::string_view> words) {
    std::size_t best = std::string_view::npos;
    for (const auto w : words)
        if (const auto at = text.rfind(w);
            at != std::string_view::npos && (best == std::string_view::npos || at > best))
            best = at;
    if (best == std::string_view::npos) return {};
    const auto begin = text.rfind('\n', best);
    const auto end = text.find('\n', best);
    auto said = text.substr(begin == std::string_view::npos ? 0 : begin + 1,
                            (end == std::string_view::npos ? text.size() : end) -
                                (begin == std::string_view::npos ? 0 : begin + 1));
    if (said.size() > 200) said = said.substr(0, 200);
    while (!said.empty() && (said.back() == '\r' || said.back() == ' ')) said.remove_suffix(1);
    return said;
}

}  // namespace

bool explain_exec_failure(const std::string& stderr_tail, ExitInfo& info) {
    if (info.killed_by_referee || (info.exit_code != 126 && info.exit_code != 127)) return false;
    // dash: "gnuchess: not found"; bash: "command not found"; env and a path with a slash:
    // "No such file or directory"; a program found but not runnable, or a folder of the
    // PATH the engine may not search: "Permission denied" (dash exits with 127 for that too).
    const std::string_view said = last_line_saying(
        stderr_tail, {"not found", "No such file or directory", "Permission denied"});
    if (said.empty()) return false;
    const bool missing = said.find("Permission denied") == std::string_view::npos;
    info.description += " after a program it runs could not be " +
                        std::string(missing ? "found" : "run") + " (its stderr: \"" +
                        rules::printable_text(said) + "\")";
    if (missing)
        info.description +=
            ": a program an engine runs by name is looked up in its PATH, which is the referee's "
            "(less any folder its user may not search) with the engine's own folder and the "
            "games folders added; name the program by its full path, or run the referee with "
            "its folder in PATH";
    else
        info.description +=
            std::string(
                ": the program, or a folder it was looked for in, is closed to the "
                "engine's user") +
            (engines_get_own_user()
                 ? " (the referee runs as root, so the engine runs as a user id of its own: it "
                   "may run only programs open to other users, chmod o+rx, in folders open to "
                   "them)"
                 : "");
    return true;
}

void explain_denied_write(const ProcessSpec& spec, const std::string& stderr_tail, ExitInfo& info) {
    if (info.killed_by_referee || (info.exit_code == 0 && info.signal == 0)) return;
    // Only the sandbox keeps an engine from writing outside its folders; without it a denied
    // write is the file system's own business.
    if (spec.sandbox != Sandbox::Bwrap) return;
    std::string_view said = last_line_saying(stderr_tail, {"Read-only file system"});
    if (said.empty()) said = last_line_saying(stderr_tail, {"Permission denied"});
    if (said.empty()) return;
    info.description += " after a write was refused (its stderr: \"" + std::string(said) +
                        "\"); in the sandbox an engine may write only its scratch folder and its "
                        "dir: allow a folder it writes elsewhere with writable: [FOLDER] in a "
                        "config or writable=FOLDER in an engine description";
}

}  // namespace referee::engine::detail
