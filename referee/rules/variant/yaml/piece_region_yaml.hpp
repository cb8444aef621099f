// A piece's region keys in a variant file: `confined:` (where it may stand) and
// `extra_moves:` (moves it gains on some squares). Part of variant_yaml.cpp's piece reading,
// kept apart so the xiangqi family's keys are read in one place.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

// Reads `confined` and `extra_moves` of the piece node, if present, into p (whose moves are
// already parsed). Throws VariantError naming the file, line, column and key.
void read_piece_regions(const YamlReader<VariantError>& r, const YAML::Node& node,
                        const std::string& where, const Geometry& g, PieceType& p);

}  // namespace referee::rules
