// A piece's `promotion_move:` key in a variant file (promotion_move.hpp). Part of
// variant_yaml.cpp's piece reading, kept apart with the rule it reads.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

// Reads `promotion_move` of the piece node, if present, into p. Throws VariantError naming
// the file, line, column and key.
void read_promotion_move(const YamlReader<VariantError>& r, const YAML::Node& node,
                         const std::string& where, const Geometry& g, PieceType& p);

// Once every piece is read: the piece it becomes must be one of the variant's, and a leaper
// (its non-capturing leaps are where the promotion may go).
void check_promotion_move(const YamlReader<VariantError>& r, const YAML::Node& node,
                          const std::string& where, const Variant& v, const PieceType& p);

}  // namespace referee::rules
