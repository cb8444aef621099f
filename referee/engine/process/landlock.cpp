#include "referee/engine/process/landlock.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

// Debian 12's headers stop at ABI 2; the numbers below are the kernel's stable interface
// (include/uapi/linux/landlock.h), so newer rights are used where the kernel has them.
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

namespace referee::engine {
namespace {

constexpr std::uint32_t kCreateRulesetVersion = 1U << 0;
constexpr int kRulePathBeneath = 1, kRuleNetPort = 2;

enum : std::uint64_t {
    kExecute = 1ULL << 0,
    kWriteFile = 1ULL << 1,
    kReadFile = 1ULL << 2,
    kReadDir = 1ULL << 3,
    kTruncate = 1ULL << 14,          // ABI 3
    kIoctlDev = 1ULL << 15,          // ABI 5
    kBindTcp = 1ULL << 0,            // ABI 4 (net)
    kConnectTcp = 1ULL << 1,         // ABI 4 (net)
    kScopeAbstractUnix = 1ULL << 0,  // ABI 6
    kScopeSignal = 1ULL << 1,        // ABI 6
};

// Every file-system right the ABI knows: ABI 1 has bits 0-12, 2 adds REFER, 3 TRUNCATE,
// 5 IOCTL_DEV.
std::uint64_t handled_files(int abi) {
    std::uint64_t all = (1ULL << 13) - 1;
    if (abi >= 2) all |= 1ULL << 13;
    if (abi >= 3) all |= kTruncate;
    if (abi >= 5) all |= kIoctlDev;
    return all;
}

// The rights that make sense on a file rather than a folder (the kernel refuses the others).
std::uint64_t file_rights(std::uint64_t rights) {
    return rights & (kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev);
}

struct RulesetAttr {
    std::uint64_t handled_access_fs = 0;
    std::uint64_t handled_access_net = 0;  // ABI 4
    std::uint64_t scoped = 0;              // ABI 6
};

struct __attribute__((packed)) PathBeneathAttr {
    std::uint64_t allowed_access;
    std::int32_t parent_fd;
};

struct NetPortAttr {
    std::uint64_t allowed_access;
    std::uint64_t port;
};

int kernel_abi() {
    const long v = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    return v < 0 ? 0 : static_cast<int>(v);
}

class Ruleset {
  public:
    Ruleset(int fd, std::uint64_t handled) : fd_(fd), handled_(handled) {}
    ~Ruleset() {
        if (fd_ >= 0) ::close(fd_);
    }
    Ruleset(const Ruleset&) = delete;
    Ruleset& operator=(const Ruleset&) = delete;
    int release() { return std::exchange(fd_, -1); }

    // Allows `rights` beneath path (a folder) or on it (a file). A path that is gone is
    // skipped: nothing there to allow.
    void allow(const std::string& path, std::uint64_t rights) {
        const int fd = ::open(path.c_str(), O_PATH | O_CLOEXEC);
        if (fd < 0) return;
        struct stat st {};
        if (::fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) rights = file_rights(rights);
        PathBeneathAttr attr{rights & handled_, fd};
        const long rc = attr.allowed_access == 0
                            ? 0
                            : ::syscall(SYS_landlock_add_rule, fd_, kRulePathBeneath, &attr, 0);
        const int saved = errno;
        ::close(fd);
        if (rc != 0)
            throw std::runtime_error("Landlock refused a rule for " + path + ": " +
                                     std::strerror(saved));
    }

    void allow_port(int port, std::uint64_t rights) {
        NetPortAttr attr{rights, static_cast<std::uint64_t>(port)};
        if (::syscall(SYS_landlock_add_rule, fd_, kRuleNetPort, &attr, 0) != 0)
            throw std::runtime_error("Landlock refused a rule for port " + std::to_string(port) +
                                     ": " + std::strerror(errno));
    }

  private:
    int fd_;
    std::uint64_t handled_;
};

bool is_within(const std::string& path, const std::string& folder) {
    return path == folder || (path.size() > folder.size() && path.starts_with(folder) &&
                              (folder == "/" || path[folder.size()] == '/'));
}

// Allows reading beneath every entry of `folder` but the hidden ones; descends into the
// entries that hold a hidden folder, so only that folder is left out. Symbolic links are
// skipped rather than followed: one could point into a hidden folder.
void allow_reading_except(Ruleset& rules, const std::string& folder,
                          const std::vector<std::string>& hidden, std::uint64_t rights) {
    DIR* dir = ::opendir(folder.c_str());
    if (dir == nullptr) return;
    std::vector<std::string> entries;
    while (const dirent* e = ::readdir(dir)) {
        const std::string name = e->d_name;
        if (name != "." && name != "..") entries.push_back(name);
    }
    ::closedir(dir);
    for (const auto& name : entries) {
        const std::string path = (folder == "/" ? "/" : folder + "/") + name;
        bool hide = false, holds_hidden = false;
        for (const auto& h : hidden) {
            hide = hide || is_within(path, h);
            holds_hidden = holds_hidden || is_within(h, path);
        }
        if (hide) continue;
        struct stat st {};
        // A link's target is an entry of its own elsewhere (/lib -> /usr/lib), covered there.
        if (::lstat(path.c_str(), &st) != 0 || S_ISLNK(st.st_mode)) continue;
        if (holds_hidden && S_ISDIR(st.st_mode))
            allow_reading_except(rules, path, hidden, rights);
        else
            rules.allow(path, rights);
    }
}

std::vector<std::string> canonical(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const auto& p : paths) {
        std::error_code ec;
        auto c = std::filesystem::weakly_canonical(p, ec);
        out.push_back(ec ? p : c.string());
    }
    return out;
}

}  // namespace

namespace {
std::atomic<int> g_test_cap{-1};
}

int landlock_abi() {
    static const int abi = [] {
        int v = kernel_abi();
        if (const char* cap = std::getenv("REFEREE_LANDLOCK_ABI"); cap != nullptr && *cap)
            v = std::min(v, std::atoi(cap));
        return std::max(v, 0);
    }();
    const int cap = g_test_cap.load();
    return cap < 0 ? abi : std::min(abi, cap);
}

namespace test_hooks {
void set_landlock_abi_cap(int cap) {
    g_test_cap.store(cap);
}
}  // namespace test_hooks

int make_landlock_ruleset(const LandlockPlan& plan) {
    const int abi = landlock_abi();
    if (abi == 0) return -1;
    RulesetAttr attr;
    if (plan.files) attr.handled_access_fs = handled_files(abi);
    if (abi >= 4)
        attr.handled_access_net =
            plan.tcp && plan.connect_port == 0 ? kBindTcp : (kBindTcp | kConnectTcp);
    if (abi >= 6) attr.scoped = kScopeAbstractUnix | kScopeSignal;
    if (attr.handled_access_fs == 0 && attr.handled_access_net == 0 && attr.scoped == 0) return -1;
    // An older kernel takes only the fields it knows.
    const std::size_t size = abi >= 6 ? sizeof attr : abi >= 4 ? 16 : 8;
    const long fd = ::syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (fd < 0)
        throw std::runtime_error(std::string("Landlock refused a ruleset: ") +
                                 std::strerror(errno));
    Ruleset rules(static_cast<int>(fd), attr.handled_access_fs);
    if (plan.files) {
        const auto hidden = canonical(plan.hidden);
        allow_reading_except(rules, "/", hidden, kExecute | kReadFile | kReadDir);
        for (const auto& w : canonical(plan.writable)) rules.allow(w, attr.handled_access_fs);
        // Devices are written (/dev/null, /dev/tty), not created; shared memory is files.
        rules.allow("/dev", kReadFile | kReadDir | kWriteFile | kTruncate | kIoctlDev);
        rules.allow("/dev/shm", attr.handled_access_fs);
    }
    if ((attr.handled_access_net & kConnectTcp) && plan.tcp)
        rules.allow_port(plan.connect_port, kConnectTcp);
    return rules.release();
}

std::vector<std::string> landlock_gaps(bool files, bool tcp) {
    const int abi = landlock_abi();
    std::vector<std::string> gaps;
    if (files && abi == 0)
        gaps.push_back("read and write wherever its user may (no Landlock in this kernel)");
    else if (files && abi < 3)
        gaps.push_back("truncate files its user may write (Landlock ABI " + std::to_string(abi) +
                       " < 3)");
    if (tcp && abi < 4)
        gaps.push_back("connect to any TCP port, not only the referee's (Landlock ABI " +
                       std::to_string(abi) + " < 4)");
    return gaps;
}

int landlock_restrict_self(int ruleset_fd) {
    if (ruleset_fd < 0) return 0;
    return ::syscall(SYS_landlock_restrict_self, ruleset_fd, 0) == 0 ? 0 : errno;
}

}  // namespace referee::engine
