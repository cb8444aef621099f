// Where a piece in hand may be dropped as far as the board alone says: the variant's drop
// ranks and the ranks forbidden to its kind. Tables folds this into each piece's drop_zone
// once, beside "not where it must already have promoted".
#pragma once

#include <string>

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

// Whether a piece of this type may be dropped on this rank, counted from the dropping
// side's own back rank (1).
bool may_drop_on_rank(const Variant& v, int type, int relative_rank);

// The drop rules in a few lines, for `referee variants show` (empty without any).
std::string drop_rules_summary(const Variant& v);

}  // namespace referee::rules
