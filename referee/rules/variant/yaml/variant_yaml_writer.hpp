// A variant written back as a variant file: the YAML that parse_variant reads into the same
// rules. The ini reader (rules/variant/ini/) builds a Variant and has it checked by reading
// this text back, and `referee variants import` writes it to disk, so what is played and
// what is imported are the same file. Pure: the text is returned, never written.
#pragma once

#include <string>

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

// The whole file. `header` (may be empty) is written first as comment lines. Every rule
// field of Variant is written; other programs' names for the game (names, xboard_start,
// xboard_letters) are not, as `extends:` does not inherit them either.
std::string variant_yaml_text(const Variant& v, const std::string& header = "");

}  // namespace referee::rules
