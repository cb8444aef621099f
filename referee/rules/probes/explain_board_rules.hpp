// Why a move is illegal under one of the drop and board rules (a drop on a forbidden rank,
// nifu, the flying general, a lame leap, confinement to a region): the
// part of explain_illegal that asks whether the move would be legal with that one rule
// switched off, and says the rule in words.
#pragma once

#include <string>
#include <string_view>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

// The reason, or empty when none of these rules is what makes `text` illegal in pos.
std::string explain_board_rule(const Position& pos, std::string_view text);

}  // namespace referee::rules
