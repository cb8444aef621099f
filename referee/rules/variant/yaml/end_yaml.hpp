// The `end:` keys of a variant file: every way its games end, read into Variant::end with
// errors that name the key, line and column (end_yaml.cpp).
#pragma once
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

void read_end(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v);

}  // namespace referee::rules
