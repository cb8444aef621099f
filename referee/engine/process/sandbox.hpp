// Where an engine runs. `bwrap` (Debian's bubblewrap) gives each engine its own mount, PID,
// network, IPC and UTS namespaces: a read-only view of the system, its own writable scratch
// folder, no network (only a loopback of its own), no view of other engines' folders nor of
// the folders the referee hides (its output), and no way to see or signal processes outside
// its namespace. `none` runs the engine directly, still in its own scratch folder, session
// and resource limits (see process_spawn.cpp). `auto` is bwrap where it works, else none.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace referee::engine {

enum class Sandbox { Auto, Bwrap, None };
const char* sandbox_name(Sandbox s);
Sandbox parse_sandbox(std::string_view text);  // "auto", "bwrap", "none"; throws invalid_argument

struct SandboxSupport {
    bool bwrap = false;
    std::string reason;  // why bwrap cannot be used here, when it cannot
};
// Runs bwrap once (cached) to see whether it can create its namespaces on this machine.
const SandboxSupport& sandbox_support();
// What `requested` becomes here: Bwrap or None.
Sandbox effective_sandbox(Sandbox requested);
// One line for a preflight: which isolation engines get, and why bwrap is not used when
// it was asked for (or was the default) but cannot work here. Empty when nothing to say
// (bwrap works, or none was asked for).
std::string sandbox_preflight_message(Sandbox requested);

// Folders no sandboxed engine may see (the referee's output folder); each is replaced by an
// empty read-only view inside the sandbox. Call before engines start.
void hide_from_engines(const std::string& path);
// Those folders (absolute), less any that holds one of `needed` (the engine's executable or
// working folder: never hidden from it).
std::vector<std::string> hidden_from_engines(const std::vector<std::string>& needed);

namespace detail {
struct BwrapMounts {
    std::string engines_root;  // parent of every engine's scratch folder: hidden
    std::string scratch;       // this engine's scratch folder: writable
    std::string working_dir;   // where it starts (scratch unless the user chose a folder)
    bool user_working_dir = false;
    bool network = false;               // keep the machine's network (--share-net)
    std::string hosts_file;             // bound read-only over /etc/hosts when not empty
    std::vector<std::string> writable;  // absolute paths bound read-write (`writable`)
};
// The bwrap command line that runs exe with args under the mounts above.
std::vector<std::string> bwrap_command(const std::string& bwrap, const BwrapMounts& m,
                                       const std::string& exe,
                                       const std::vector<std::string>& args);
std::string bwrap_path();  // "" when not installed
}  // namespace detail

}  // namespace referee::engine
