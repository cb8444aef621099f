// Landlock (Linux 5.13 and later): a process gives up rights for itself and everything it
// starts, with no privilege and no namespace needed. The referee builds one ruleset per engine
// in the parent (allocating, walking folders) and the child only calls restrict_self on its
// descriptor before exec. What the kernel offers grows with its ABI version:
//   1  files: read, write, execute, make, remove        2  renaming/linking across folders
//   3  truncate                                         4  TCP: bind and connect by port
//   5  ioctl on devices                                 6  scopes: signals and abstract
//                                                          unix sockets stay in the domain
// Each is used where the running kernel has it; what is missing is said (landlock_gaps).
#pragma once

#include <string>
#include <vector>

namespace referee::engine {

// The running kernel's Landlock ABI version, 0 where Landlock is absent or disabled. The
// environment variable REFEREE_LANDLOCK_ABI=N lowers it (0 turns Landlock off): for a kernel
// whose Landlock misbehaves, and for tests of the older kernels' paths.
int landlock_abi();

struct LandlockPlan {
    // Restrict the file system: write only beneath `writable`, read everywhere but beneath
    // `hidden`. Off under bwrap, whose mounts do this already (and a Landlock domain that
    // handles files forbids the mounts bwrap makes).
    bool files = true;
    std::vector<std::string> writable;  // folders the engine may change (its scratch folder)
    std::vector<std::string> hidden;    // folders it may not read (other engines' folders)
    // TCP (ABI 4): with tcp, connecting only to connect_port, on any address (Landlock knows
    // ports, not addresses); without, no TCP bind or connect at all. Binding is never allowed.
    bool tcp = false;
    int connect_port = 0;
};

// A ruleset for the plan as far as this kernel can enforce it, as a close-on-exec
// descriptor for landlock_restrict_self; -1 when Landlock is absent. Signals and abstract
// unix sockets are scoped to the engine's own domain where the ABI allows (6).
// Throws std::runtime_error when the kernel refuses a ruleset it says it supports.
int make_landlock_ruleset(const LandlockPlan& plan);

// What engines confined by Landlock here still can do that a newer kernel would stop, one
// phrase each ("write anywhere its user can (no Landlock)"); empty when nothing is missing.
std::vector<std::string> landlock_gaps(bool files, bool tcp);

// In the forked child, before exec (async-signal-safe; no_new_privs must be set first).
// Returns 0 or an errno.
int landlock_restrict_self(int ruleset_fd);

namespace test_hooks {
// Lowers landlock_abi() as REFEREE_LANDLOCK_ABI does; -1 lifts the cap again.
void set_landlock_abi_cap(int cap);
}  // namespace test_hooks

}  // namespace referee::engine
