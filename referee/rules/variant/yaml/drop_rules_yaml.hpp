// Reading the mapping form of a variant file's `drops:` key.
#pragma once

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

// `drops: {forbidden_ranks: {P: [1]}, ranks: [1], must_drop: true, opposite_colours: B,
// castling: true, keep_promoted: true}`; every key optional. Sets v.drops and v.drop_rules;
// the piece letters must already be read. Throws VariantError naming file, line and key.
void read_drop_rules(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v);

}  // namespace referee::rules
