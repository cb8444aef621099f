// Spawning goes through Boost.Process's fork/exec executor because it reports the errno of a
// failed execve() back over a close-on-exec pipe, so a missing or broken executable is a
// StartError rather than a child that looks like it exited at once.
#include "referee/engine/process_spawn.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>
#include <boost/process/search_path.hpp>

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
    rlim_t memory_limit = 0;

    template <class Executor>
    void on_exec_setup(Executor& exec) const {
        if (::setpgid(0, 0) != 0) abort_exec(exec);
        if (memory_limit != 0) {
            struct rlimit rl {
                memory_limit, memory_limit
            };
            if (::setrlimit(RLIMIT_AS, &rl) != 0) abort_exec(exec);
        }
        if (working_dir != nullptr && ::chdir(working_dir) != 0) abort_exec(exec);
        // The referee ignores SIGPIPE, and ignored signals survive execve.
        struct sigaction dfl {};
        dfl.sa_handler = SIG_DFL;
        ::sigaction(SIGPIPE, &dfl, nullptr);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        mark_inherited_fds_cloexec();
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
        auto found = bp::search_path(spec.command);
        if (found.empty()) fail(spec, "not found in PATH");
        return found.string();
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

}  // namespace

pid_t spawn_in_own_group(const ProcessSpec& spec, bp::async_pipe& in, bp::async_pipe& out,
                         bp::async_pipe& err) {
    std::string exe = resolve_command(spec);
    check_working_dir(spec);

    // Only stdin/stdout/stderr (dup2'd, which clears the flag) may reach a child.
    for (auto* p : {&in, &out, &err}) {
        set_cloexec(p->native_source());
        set_cloexec(p->native_sink());
    }

    ChildSetup setup;
    if (!spec.working_dir.empty()) setup.working_dir = spec.working_dir.c_str();
    setup.memory_limit = static_cast<rlim_t>(spec.memory_limit_bytes);

    std::error_code ec;
    bp::child child(bp::exe = exe, bp::args = spec.args, bp::std_in<in, bp::std_out> out,
                    bp::std_err > err, setup, ec);
    if (ec || !child.valid()) {
        std::string reason = ec ? ec.message() : std::string("unknown error");
        if (exe != spec.command) reason += " (resolved to " + in_quotes(exe) + ")";
        fail(spec, reason);
    }
    pid_t pid = child.id();
    // Our caller reaps the child; bp::child would otherwise kill it when it goes out of scope.
    child.detach();
    return pid;
}

}  // namespace referee::engine::detail
