// The second line of defence around an engine, which needs no namespace and so also holds
// where bubblewrap cannot run (user namespaces off, as on many clusters), and under bwrap
// where it adds something:
//  - a user id of its own when the referee runs as root (kEngineUidBase + the engine's pid):
//    the kernel's own permission checks then keep it from signalling or reading anything of
//    the referee's or another engine's. Its scratch folder is given to that user; it needs
//    its executable and the folders above it to be open to others (o+rx), and keeps the
//    referee's user where they are not (reachable_by_others);
//  - seccomp filters (seccomp_filter.hpp): no ptrace, no network sockets (imcs-tcp: TCP only),
//    and, where Landlock cannot scope signals, signals only to its own group;
//  - Landlock (landlock.hpp): without bwrap it writes only its scratch folder (and its own
//    working folder when one was chosen) and reads neither other engines' folders nor the
//    referee's output folders; TCP connects only to the referee's port; signals and abstract
//    unix sockets stay within its own processes.
// What this kernel lacks is said once, in the preflight line (confinement_gaps).
#pragma once

#include <linux/filter.h>
#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

#include "referee/engine/process/sandbox.hpp"
#include "referee/engine/process/seccomp_filter.hpp"

namespace referee::engine {

// Engines of a referee running as root run as kEngineUidBase + their leader's pid: above the
// ranges systemd gives to users, dynamic users and containers (below 0x70000000), so no
// account owns them.
constexpr uid_t kEngineUidBase = 0x70000000;
// Whether engines get a user id of their own here: the referee runs as root (and
// REFEREE_ENGINE_USERS=0 is not set: tests of the referee's own file checks use it).
bool engines_get_own_user();

// Whether a user of its own could run exe and enter working_dir (empty: none chosen): every
// folder above them searchable by others, the file executable by them (and readable, for a
// script). Where not, the engine keeps the referee's user, and the referee says so once.
bool reachable_by_others(const std::string& exe, const std::string& working_dir);
// Whether others may search folder and every folder above it.
bool searchable_by_others(const std::string& folder);
// Where the referee makes the folders its engines must reach (their scratch folders, the
// files it writes for them), as a ScratchDir's parent: empty (the system's temporary folder)
// unless engines get users of their own and that folder is closed to others
// (TMPDIR=$(mktemp -d)); then the first of /tmp, /var/tmp and /dev/shm open to all, said
// once on stderr, or empty again where none is (engines then keep the referee's user).
std::string folder_for_engines();

struct ConfinementRequest {
    Sandbox sandbox = Sandbox::None;    // Bwrap or None
    bool own_user = true;               // a user of its own, when engines get one here
    std::string scratch;                // its own folder: writable, given to its user
    std::string chosen_working_dir;     // a folder the user chose for it: writable; else empty
    std::vector<std::string> writable;  // the config's `writable` paths: writable too
    std::vector<std::string> hidden;    // folders it may not read (not under bwrap: its mounts)
    bool tcp = false;                   // imcs-tcp: may connect to connect_port
    int connect_port = 0;
};

// Everything the child needs, made in the parent (the child may not allocate: the referee
// has threads). Not copyable: it owns the Landlock ruleset's descriptor.
class Confinement {
  public:
    explicit Confinement(const ConfinementRequest& request);  // throws std::runtime_error
    ~Confinement();
    Confinement(const Confinement&) = delete;
    Confinement& operator=(const Confinement&) = delete;

    // In the forked child, right after setsid (async-signal-safe). When engines get a user of
    // their own: gives the scratch folder to it and becomes it. Returns 0 or an errno. It
    // clears the parent-death signal, so that is set after this.
    int become_engine_user() const noexcept;
    // In the forked child, last before exec: no_new_privs, Landlock, the seccomp filters.
    int restrict() const noexcept;

  private:
    std::string scratch_;
    bool own_user_ = false;
    int landlock_fd_ = -1;
    mutable std::vector<sock_filter> policy_;
    mutable SignalFilter signals_;
    bool signal_filter_ = false;
};

// What engines running without bwrap can still do here that a root referee, or a newer
// kernel, would stop (one phrase each); empty when nothing.
std::vector<std::string> confinement_gaps();
// One phrase: what confines engines without bwrap on this machine.
std::string confinement_description();

namespace test_hooks {
// Engines keep the referee's user even when it is root (to test the other layers alone).
void set_own_user_enabled(bool enabled);
}  // namespace test_hooks

}  // namespace referee::engine
