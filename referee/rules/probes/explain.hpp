// Why a move is illegal, in words a student can act on: "e1-c1 castles through d1, which the
// knight on b2 attacks"; "e5-d6 en passant leaves the king on a5 attacked by the rook on h5";
// "the bishop on e3 cannot step to a3: a step does not wrap around the board's edge".
#pragma once

#include <string>
#include <string_view>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

// The reason the move written as `text` (any accepted form) is not legal in pos; empty when
// it is legal. Never throws: unreadable text is explained too.
std::string explain_illegal(const Position& pos, std::string_view text);

}  // namespace referee::rules
