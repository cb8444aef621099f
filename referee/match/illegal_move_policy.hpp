// The illegal-move policy as users write it ("loss", "ask-again"): one reader for the
// tournament config's adjudication.illegal_moves and `referee play --illegal`.
#pragma once

#include <optional>
#include <string_view>

#include "referee/match/game.hpp"

namespace referee::match {

// nullopt for any other text; the caller names where the text came from.
std::optional<IllegalMovePolicy> parse_illegal_move_policy(std::string_view text);

}  // namespace referee::match
