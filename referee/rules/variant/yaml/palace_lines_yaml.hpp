// The palace lines of a variant file (janggi's palace diagonals): the top-level
// `palace_lines:` points, a piece's `palace_moves:` made along them, and a hopper's
// `screens_not:` and `captures_not:` (the janggi cannon's limits). Part of
// variant_yaml.cpp's reading, kept apart so the janggi family's keys are read in one place.
#pragma once

#include <functional>
#include <string>

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

// A piece's `palace_moves`, `screens_not` and `captures_not`, if present, into p (whose
// moves are parsed already; the letters are checked by check_palace_lines).
void read_palace_moves(const YamlReader<VariantError>& r, const YAML::Node& node,
                       const std::string& where, PieceType& p);
// `palace_lines: [d1, f1, e2, ...]` of the root node into v, once every piece is read; then
// that pieces with palace moves have lines to move on and that the letters name pieces.
// `where(i)` names piece i in errors ("pieces[3]").
void read_palace_lines(const YamlReader<VariantError>& r, const YAML::Node& root,
                       const YAML::Node& pieces,
                       const std::function<std::string(std::size_t)>& where, Variant& v);

}  // namespace referee::rules
