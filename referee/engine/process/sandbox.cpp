#include "referee/engine/process/sandbox.hpp"
#include "referee/engine/engine_config.hpp"
#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/scratch_dir.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

extern char** environ;

namespace referee::engine {
namespace {

std::mutex g_hidden_mutex;
std::vector<std::string> g_hidden;

// Runs argv as an engine would be run (its own user when the referee is root, the seccomp
// filter and what Landlock adds under bwrap) with stdout discarded, and returns its exit
// status and the first bytes of its stderr (bwrap's reason when it cannot create a
// namespace).
int run_as_engine(const std::vector<std::string>& argv, std::string& err) {
    std::unique_ptr<ScratchDir> scratch;
    std::unique_ptr<Confinement> confinement;
    try {
        // Where an engine's folder would be: its user must reach it (folder_for_engines).
        scratch = std::make_unique<ScratchDir>("referee-probe-", folder_for_engines());
        ConfinementRequest request;
        request.sandbox = Sandbox::Bwrap;
        request.scratch = scratch->path();
        confinement = std::make_unique<Confinement>(request);
    } catch (const std::exception& e) {
        err = e.what();
        return -1;
    }
    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0) {
        err = std::strerror(errno);
        return -1;
    }
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        // A group of its own: bwrap's init, left behind for a moment when bwrap exits, is
        // reaped by that group below.
        ::setpgid(0, 0);
        const int null = ::open("/dev/null", O_RDWR);
        if (null < 0 || ::dup2(null, 0) < 0 || ::dup2(null, 1) < 0 || ::dup2(pipefd[1], 2) < 0)
            ::_exit(126);
        if (confinement->become_engine_user() != 0 || ::chdir(scratch->path().c_str()) != 0 ||
            confinement->restrict() != 0)
            ::_exit(125);
        ::execve(args[0], args.data(), environ);
        ::_exit(127);
    }
    ::close(pipefd[1]);
    if (pid < 0) {
        ::close(pipefd[0]);
        err = std::strerror(errno);
        return -1;
    }
    char buf[512];
    ssize_t n;
    while ((n = ::read(pipefd[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
        if (n > 0 && err.size() < 2048) err.append(buf, static_cast<std::size_t>(n));
    ::close(pipefd[0]);
    // bwrap exits as soon as its command does, its init a moment later: a referee that is a
    // subreaper already (it started engines before) inherits that init, which would stay its
    // zombie. Their group is killed while bwrap, unreaped, still holds its id, then reaped.
    siginfo_t exited{};
    while (::waitid(P_PID, static_cast<id_t>(pid), &exited, WEXITED | WNOWAIT) < 0 &&
           errno == EINTR) {
    }
    ::kill(-pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    for (int left = 0; ::waitpid(-pid, &left, 0) > 0 || errno == EINTR;) {
    }
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    if (err.empty() && WIFEXITED(status) && WEXITSTATUS(status) == 125)
        err = "the engine's confinement could not be set up";
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

SandboxSupport probe_bwrap() {
    SandboxSupport s;
    const std::string bwrap = detail::bwrap_path();
    if (bwrap.empty()) {
        s.reason = "bwrap is not installed (Debian package bubblewrap)";
        return s;
    }
    std::string err;
    // The same namespaces, mounts, user and filters an engine gets, running /bin/true.
    const std::vector<std::string> argv{bwrap,
                                        "--unshare-all",
                                        "--die-with-parent",
                                        "--ro-bind",
                                        "/",
                                        "/",
                                        "--proc",
                                        "/proc",
                                        "--dev",
                                        "/dev",
                                        "--",
                                        "true"};
    const int rc = run_as_engine(argv, err);
    if (rc == 0) {
        s.bwrap = true;
    } else {
        s.reason = "bwrap cannot create its namespaces here (" +
                   (err.empty() ? "exit status " + std::to_string(rc) : err) + ")";
    }
    return s;
}

}  // namespace

const char* sandbox_name(Sandbox s) {
    switch (s) {
        case Sandbox::Auto:
            return "auto";
        case Sandbox::Bwrap:
            return "bwrap";
        case Sandbox::None:
            return "none";
    }
    return "?";
}

Sandbox parse_sandbox(std::string_view text) {
    if (text == "auto") return Sandbox::Auto;
    if (text == "bwrap") return Sandbox::Bwrap;
    if (text == "none") return Sandbox::None;
    throw std::invalid_argument("sandbox '" + std::string(text) +
                                "': expected auto, bwrap or none");
}

const SandboxSupport& sandbox_support() {
    static const SandboxSupport support = probe_bwrap();
    return support;
}

Sandbox effective_sandbox(Sandbox requested) {
    if (requested == Sandbox::None) return Sandbox::None;
    return sandbox_support().bwrap ? Sandbox::Bwrap : Sandbox::None;
}

std::string sandbox_preflight_message(Sandbox requested) {
    if (requested != Sandbox::None && sandbox_support().bwrap) return {};
    const auto gaps = confinement_gaps();
    // Asked for none, with nothing missing on this machine: nothing to warn about.
    if (requested == Sandbox::None && gaps.empty()) return {};
    std::string text = requested == Sandbox::None
                           ? "sandbox: none asked for; engines run"
                           : "sandbox: " + sandbox_support().reason + "; engines run without it:";
    text +=
        " each in its own scratch folder and session, with resource limits, a parent-death "
        "signal, the referee as their subreaper, " +
        confinement_description();
    for (std::size_t i = 0; i < gaps.size(); ++i)
        text += (i == 0                 ? "; but they can still "
                 : i + 1 == gaps.size() ? " and "
                                        : ", ") +
                gaps[i];
    return text;
}

void hide_from_engines(const std::string& path) {
    std::error_code ec;
    auto absolute = std::filesystem::weakly_canonical(path, ec);
    std::lock_guard lock(g_hidden_mutex);
    g_hidden.push_back(ec ? path : absolute.string());
}

std::vector<std::string> hidden_from_engines(const std::vector<std::string>& needed) {
    std::vector<std::string> out;
    std::lock_guard lock(g_hidden_mutex);
    for (const auto& h : g_hidden) {
        bool holds_needed = false;
        for (const auto& p : needed)
            if (p == h || p.rfind(h + "/", 0) == 0) holds_needed = true;
        if (!holds_needed) out.push_back(h);
    }
    return out;
}

namespace detail {

std::string bwrap_path() {
    static const std::string path = find_in_path("bwrap").value_or("");
    return path;
}

std::vector<std::string> bwrap_command(const std::string& bwrap, const BwrapMounts& m,
                                       const std::string& exe,
                                       const std::vector<std::string>& args) {
    std::vector<std::string> cmd{bwrap,
                                 "--unshare-all",
                                 "--die-with-parent",
                                 "--ro-bind",
                                 "/",
                                 "/",
                                 "--dev",
                                 "/dev",
                                 "--proc",
                                 "/proc",
                                 "--tmpfs",
                                 m.engines_root,
                                 "--bind",
                                 m.scratch,
                                 m.scratch};
    // Never hide what the engine needs to run.
    for (const auto& h : hidden_from_engines({exe, m.working_dir}))
        if (std::filesystem::is_directory(h))
            cmd.insert(cmd.end(), {"--tmpfs", h, "--remount-ro", h});
    if (m.user_working_dir) cmd.insert(cmd.end(), {"--bind", m.working_dir, m.working_dir});
    // After the hidden folders: a writable path the user chose inside one is still writable.
    for (const auto& w : m.writable) cmd.insert(cmd.end(), {"--bind", w, w});
    if (m.network) cmd.push_back("--share-net");
    if (!m.hosts_file.empty()) cmd.insert(cmd.end(), {"--ro-bind", m.hosts_file, "/etc/hosts"});
    cmd.insert(cmd.end(), {"--chdir", m.working_dir, "--setenv", "TMPDIR", m.scratch, "--", exe});
    cmd.insert(cmd.end(), args.begin(), args.end());
    return cmd;
}

}  // namespace detail

}  // namespace referee::engine
