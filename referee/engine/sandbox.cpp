#include "referee/engine/sandbox.hpp"
#include "referee/engine/engine_config.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>

extern char** environ;

namespace referee::engine {
namespace {

std::mutex g_hidden_mutex;
std::vector<std::string> g_hidden;

// Runs argv with stdout discarded and returns its exit status and the first bytes of its
// stderr (bwrap's reason when it cannot create a namespace).
int run_capturing_stderr(const std::vector<std::string>& argv, std::string& err) {
    int pipefd[2];
    if (::pipe2(pipefd, O_CLOEXEC) != 0) {
        err = std::strerror(errno);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    ::close(pipefd[1]);
    if (rc != 0) {
        ::close(pipefd[0]);
        err = std::strerror(rc);
        return -1;
    }
    char buf[512];
    ssize_t n;
    while ((n = ::read(pipefd[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
        if (n > 0 && err.size() < 2048) err.append(buf, static_cast<std::size_t>(n));
    ::close(pipefd[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
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
    // The same namespaces and mounts an engine gets, running /bin/true.
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
    const int rc = run_capturing_stderr(argv, err);
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
    if (requested == Sandbox::None || sandbox_support().bwrap) return {};
    return "sandbox: " + sandbox_support().reason +
           "; engines run without it: each in its own scratch folder and session, with resource "
           "limits, a parent-death signal and the referee as their subreaper, but they can see "
           "and signal other processes of this user, and use the network";
}

void hide_from_engines(const std::string& path) {
    std::error_code ec;
    auto absolute = std::filesystem::weakly_canonical(path, ec);
    std::lock_guard lock(g_hidden_mutex);
    g_hidden.push_back(ec ? path : absolute.string());
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
    {
        std::lock_guard lock(g_hidden_mutex);
        for (const auto& h : g_hidden) {
            // Never hide what the engine needs to run.
            auto inside = [&h](const std::string& p) { return p.rfind(h + "/", 0) == 0 || p == h; };
            if (inside(exe) || inside(m.working_dir) || !std::filesystem::is_directory(h)) continue;
            cmd.insert(cmd.end(), {"--tmpfs", h, "--remount-ro", h});
        }
    }
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
