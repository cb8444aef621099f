// Why a move is illegal under one of the variant's own move rules (forced capture, no
// checks, promotion to lost pieces only): the part of explain_illegal that asks whether the
// move would be legal with that one rule switched off, and says the rule in words.
#pragma once

#include <string>
#include <string_view>

#include "referee/rules/position.hpp"

namespace referee::rules {

// The reason, or empty when none of these rules is what makes `text` illegal in pos.
// `name` is the move as the reason writes it ("e2-e4").
std::string explain_variant_rule(const Position& pos, std::string_view text,
                                 const std::string& name);

}  // namespace referee::rules
