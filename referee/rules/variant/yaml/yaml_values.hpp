// Values that several parts of a variant file share: a square of the board ("e1"), a list
// of piece letters ("QRBN" or [Q, R, B, N]) and a rank or list of ranks (2 or [2, 3]).
// Defined in yaml_values.cpp.
#pragma once
#include <string>
#include <vector>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

Square parse_square(const YamlReader<VariantError>& r, const Geometry& g, const YAML::Node& node,
                    const std::string& key);
std::vector<char> parse_letters(const YamlReader<VariantError>& r, const YAML::Node& node,
                                const std::string& key);
// Ranks counted from 1, each on a board of `height` ranks.
std::vector<int> parse_ranks(const YamlReader<VariantError>& r, const YAML::Node& node,
                             const std::string& key, int height);

}  // namespace referee::rules
