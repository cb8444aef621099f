// The start positions of a variant whose first rank is shuffled (Fischer random, chess960):
// the variant's own start with its first-rank pieces rearranged in every way the rules
// allow, so that a tournament can draw one for each pair of games.
#pragma once

#include <string>
#include <vector>

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

// Every arrangement of White's first-rank pieces of the variant's start (Black's mirrored)
// with each colour-bound kind (the bishops) on squares of both colours as evenly as its
// count allows and the royal piece between the two castling rooks; as FENs with the
// castling rights KQkq. 960 for chess. Empty for a variant without chess960.
std::vector<std::string> chess960_starts(const Variant& v);

}  // namespace referee::rules
