// The positions the protocol probes ask from, reached by play rather than written down: a
// scripted line from the variant's start. Positions about a rule are found by the rules
// layer (referee/rules/probes/probes.hpp), never written here, so any variant gets them.
#pragma once

#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::validate {

// A position from play rather than from a list: `plies` moves from the start chosen by a
// fixed rule (sorted legal moves, index by a formula), skipping any move that ends the game.
// Returns the moves in UCI form; throws std::runtime_error if no such line exists.
std::vector<std::string> scripted_line(const rules::Rules& rules, int plies, int formula);

}  // namespace referee::validate
