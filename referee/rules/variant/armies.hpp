// Which kinds of piece each side can ever have, where the two sides' armies differ (chess
// with different armies, spartan): those it starts with, on the board or in hand, and what
// they promote to. Where captures change sides (hands), or both sides start with the same
// kinds, every kind is both sides'. The probes set up only positions a game can reach (a
// White charging knight in fide-nutters is none), and the xboard engines' letters may give
// one letter to two pieces of different armies.
#pragma once

#include <array>
#include <vector>

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

// [White], [Black]: per piece type of v (its index in v.pieces), whether that side can have
// it. v.start_fen must be a valid start of v.
std::array<std::vector<bool>, 2> armies(const Variant& v);

}  // namespace referee::rules
