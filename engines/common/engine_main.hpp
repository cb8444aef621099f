// The whole of an in-tree engine's main(): parse the command line, load the variant, then
// speak the chosen dialect on stdin/stdout with the player until `quit` or end of input.
#pragma once

#include "engines/common/command_line.hpp"
#include "engines/common/player.hpp"

namespace engines {

// Returns the process exit code: 0 after `quit` / end of input or --help, 2 for a bad
// command line or variant (the reason goes to stderr).
int run_engine(int argc, char** argv, const EngineIdentity& id, Player& player);

}  // namespace engines
