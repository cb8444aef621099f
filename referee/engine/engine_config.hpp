// How to run one engine: what the user writes on the command line or in a tournament
// config, checked before anything is started.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/engine/limits.hpp"
#include "referee/engine/sandbox.hpp"

namespace referee::engine {

enum class Protocol { Uci, Imcs };
const char* protocol_name(Protocol p);

// The largest memory limit accepted (1 TiB): bytes = MiB * 2^20 must not wrap.
inline constexpr std::size_t kMaxMemoryMb = std::size_t{1} << 20;

struct EngineConfig {
    std::string name;
    std::string command;  // executable; no shell
    std::vector<std::string> args;
    std::string working_dir;
    Protocol protocol = Protocol::Uci;
    std::vector<std::pair<std::string, std::string>> options;  // UCI setoption, in order
    std::chrono::milliseconds startup_timeout{10000};          // spawn to ready
    std::size_t memory_limit_mb = 0;                           // 0: limits.address_space_mb
    ResourceLimits limits;                                     // always on; see limits.hpp
    Sandbox sandbox = Sandbox::Auto;                           // bwrap where it works
};

class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

Protocol parse_protocol(std::string_view text);  // "uci" or "imcs"; throws ConfigError

// A one-line engine description, as cutechess users know it:
//   "cmd=build/bin/random-engine arg=--seed arg=3 proto=imcs name=rand option.Skill Level=0"
// Keys: cmd (required), name, arg (repeatable), args (split on spaces), dir, proto,
// option.<Name>=<value>, startup=<seconds>, memory=<MiB>, sandbox=auto|bwrap|none,
// limit.<as|cpu|files|procs|core|stdout|stderr>=<number>. Values may be quoted.
EngineConfig parse_engine_spec(std::string_view spec);

// What a user may write for an engine: a full description (anything with '='), the name of
// an in-tree engine ("random", "alphabeta", "lousy", "broken-hang": found in bin_dir as
// <name>-engine or <name>), "fairy-stockfish", or a path to an executable (UCI assumed).
EngineConfig engine_from_text(std::string_view text, const std::string& bin_dir);

// Where the in-tree engines are: beside the referee in a build tree, or the installed
// engine folder.
std::string executable_dir();

// Checks that the command exists and is executable (after a PATH search for bare names);
// throws ConfigError naming the engine and the problem. Done before any game starts.
void check_engine_command(const EngineConfig& config);

}  // namespace referee::engine
