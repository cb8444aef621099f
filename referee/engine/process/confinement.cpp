#include "referee/engine/process/confinement.hpp"

#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string_view>

#include "referee/engine/process/landlock.hpp"

namespace referee::engine {
namespace {

std::atomic<bool> g_own_user_enabled{true};

// Landlock ABI 6 scopes signals to the engine's own processes, which is what the seccomp
// signal filter can only approximate.
bool landlock_scopes_signals() {
    return landlock_abi() >= 6;
}

}  // namespace

bool engines_get_own_user() {
    // REFEREE_ENGINE_USERS=0 keeps engines under the referee's user: for tests of what the
    // referee does when an engine does reach its files.
    static const bool allowed = [] {
        const char* v = std::getenv("REFEREE_ENGINE_USERS");
        return v == nullptr || std::string_view(v) != "0";
    }();
    return allowed && g_own_user_enabled.load() && ::geteuid() == 0;
}

bool searchable_by_others(const std::string& folder) {
    for (std::filesystem::path p = folder; !p.empty() && p != p.root_path(); p = p.parent_path()) {
        struct stat st {};
        if (::stat(p.c_str(), &st) != 0 || (st.st_mode & S_IXOTH) == 0) return false;
    }
    return true;
}

std::string folder_for_engines() {
    if (!engines_get_own_user()) return {};
    std::error_code ec;
    const auto system = std::filesystem::temp_directory_path(ec);
    if (!ec && searchable_by_others(system.string())) return {};
    for (const char* folder : {"/tmp", "/var/tmp", "/dev/shm"}) {
        struct stat st {};
        // Open to all and sticky, as a temporary folder is: mkdtemp's 0700 folder in it is
        // then the referee's alone.
        if (::stat(folder, &st) != 0 || !S_ISDIR(st.st_mode) || (st.st_mode & 01777) != 01777 ||
            !searchable_by_others(folder))
            continue;
        static std::once_flag said;
        std::call_once(said, [&] {
            std::fprintf(stderr,
                         "note: engines' folders go under %s: the temporary folder %s is closed "
                         "to other users, and each engine runs as a user of its own (the referee "
                         "runs as root)\n",
                         folder, ec ? "(TMPDIR)" : system.c_str());
        });
        return folder;
    }
    return {};
}

bool reachable_by_others(const std::string& exe, const std::string& working_dir) {
    struct stat st {};
    if (::stat(exe.c_str(), &st) != 0 || (st.st_mode & S_IXOTH) == 0 ||
        !searchable_by_others(std::filesystem::path(exe).parent_path()))
        return false;
    // A script is read by its interpreter, as the engine's user.
    char head[2] = {};
    if (std::ifstream in(exe, std::ios::binary);
        in.read(head, 2) && head[0] == '#' && head[1] == '!' && (st.st_mode & S_IROTH) == 0)
        return false;
    return working_dir.empty() || searchable_by_others(working_dir);
}

Confinement::Confinement(const ConfinementRequest& request)
    : scratch_(request.scratch), own_user_(request.own_user && engines_get_own_user()) {
    policy_ = seccomp_policy_program(SeccompPolicy{request.tcp});
    // Under bwrap the engine has a PID namespace of its own: it sees no other process.
    if (request.sandbox == Sandbox::None && !landlock_scopes_signals()) {
        signals_ = signal_filter_program();
        signal_filter_ = true;
    }
    LandlockPlan plan;
    plan.files = request.sandbox == Sandbox::None;
    plan.writable.push_back(request.scratch);
    if (!request.chosen_working_dir.empty()) plan.writable.push_back(request.chosen_working_dir);
    for (const auto& w : request.writable) plan.writable.push_back(w);
    plan.hidden = request.hidden;
    plan.tcp = request.tcp;
    plan.connect_port = request.connect_port;
    landlock_fd_ = make_landlock_ruleset(plan);
}

Confinement::~Confinement() {
    if (landlock_fd_ >= 0) ::close(landlock_fd_);
}

int Confinement::become_engine_user() const noexcept {
    if (!own_user_) return 0;
    const auto uid = static_cast<uid_t>(kEngineUidBase + static_cast<uid_t>(::getpid()));
    // Raw system calls: glibc's wrappers would try to change every thread of the referee,
    // which the forked child no longer has.
    if (::chown(scratch_.c_str(), uid, uid) != 0) return errno;
    if (::syscall(SYS_setgroups, 0, nullptr) != 0) return errno;
    if (::syscall(SYS_setresgid, uid, uid, uid) != 0) return errno;
    if (::syscall(SYS_setresuid, uid, uid, uid) != 0) return errno;
    return 0;
}

int Confinement::restrict() const noexcept {
    // Landlock and unprivileged seccomp both require it; it also keeps set-user-ID programs
    // from giving the engine back what it lost.
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (const int e = landlock_restrict_self(landlock_fd_); e != 0) return e;
    if (const int e = install_seccomp(policy_.data(), policy_.size()); e != 0) return e;
    if (!signal_filter_) return 0;
    fill_signal_filter(signals_.program.data(), signals_.leader_at.data(),
                       signals_.leader_at.size(), signals_.group_at.data(),
                       signals_.group_at.size(), ::getpid());
    return install_seccomp(signals_.program.data(), signals_.program.size());
}

std::vector<std::string> confinement_gaps() {
    std::vector<std::string> gaps = landlock_gaps(true, true);
    if (landlock_abi() < 6)
        gaps.push_back("connect to abstract unix sockets of the machine (Landlock ABI " +
                       std::to_string(landlock_abi()) + " < 6)");
    return gaps;
}

std::string confinement_description() {
    const int abi = landlock_abi();
    std::string text =
        "a seccomp filter (no ptrace, no network sockets but an imcs-tcp engine's TCP, "
        "signals only to its own processes)";
    if (abi > 0)
        text += ", Landlock ABI " + std::to_string(abi) +
                " (writes only its scratch folder, reads no other engine's folder nor the "
                "referee's output" +
                (abi >= 4 ? std::string(", TCP only to the referee's port") : "") + ")";
    if (engines_get_own_user()) text += " and a user id of its own (the referee runs as root)";
    return text;
}

namespace test_hooks {
void set_own_user_enabled(bool enabled) {
    g_own_user_enabled.store(enabled);
}
}  // namespace test_hooks

}  // namespace referee::engine
