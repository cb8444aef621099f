// What the viewer draws on a board beside its pieces, read from the variant's regions so the
// page asks no variant's name: the rectangles pieces are kept to (the xiangqi palace) and the
// lines between ranks where a region that spans the whole width ends (the river).
#pragma once

#include <nlohmann/json.hpp>

#include "referee/rules/variant/variant.hpp"

namespace referee::report {

// {"regions": [{"files": [lo, hi], "ranks": [lo, hi]}, ...], "rivers": [r, ...]}: 0-based
// files and ranks from White's a1, both ends included, for both sides; a river after rank r
// runs between r and r + 1. Empty lists where the variant has no regions.
nlohmann::ordered_json board_marks_json(const rules::Variant& v);

}  // namespace referee::report
