// What every rule probe's positions must hold, whoever searched them: the moves an engine
// without the rule takes for legal are not the legal moves (for uchifuzume, a legal move loses
// at once: the pawn-drop mate), and an en-passant square follows a double step some game could
// make. A probe whose positions fail this is vacuous: it would pass an engine without the rule.
#pragma once

#include <string>
#include <vector>

#include "referee/rules/probes/probes.hpp"

namespace referee::test {

// Checks each position (gtest expectations naming the variant, the rule and the FEN); returns
// how many positions were checked.
int expect_positions_tell_the_rule(const rules::Rules& rules, rules::RuleFeature f,
                                   const std::vector<rules::ProbePosition>& found);

}  // namespace referee::test
