// A piece's first moves in a variant file: the betza's `i` moves (imfnA), the `first_move`
// key's (read as if each of its moves had `i`) and `first_move_ranks`, where a piece that has
// not moved stands. Part of variant_yaml.cpp's piece reading, kept apart so that the first
// moves are checked in one place.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

// Moves the `i` moves of p.moves (already parsed) to p.first_moves, after those of the
// `first_move` key (already parsed too), and reads `first_move_ranks`. Throws VariantError
// naming the file, line, column and key.
void read_first_moves(const YamlReader<VariantError>& r, const YAML::Node& node,
                      const std::string& where, const Geometry& g, PieceType& p);

}  // namespace referee::rules
