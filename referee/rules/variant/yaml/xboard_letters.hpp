// What xboard engines call a variant's pieces and the game itself where they differ from the
// variant file: the `xboard_letters` key, {J: A} (Fairy-Max's janus is A, the referee's J),
// which the xboard dialect writes in `edit`, `setboard` and moves and reads back; and the
// `xboard_variant` key, {name: fairy, options: {Variant fairy selects: FIDE-Nutters}}, the
// name of a game of theirs that their options choose among several.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::rules {

// Reads the key's mapping into v.xboard_letters: each key a piece letter of v (or `white`,
// `black` with a mapping of that side's own), each value one letter; read back, each side's
// letters name one piece each. Throws VariantError naming the file, line, column and what
// was wrong.
void read_xboard_letters(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v);

// Reads the `xboard_variant` key into v.xboard_variant: a name of one word and a mapping of
// option names to values. Throws VariantError as above.
void read_xboard_variant(const YamlReader<VariantError>& r, const YAML::Node& node, Variant& v);

// The engines' letter for a piece letter of v on `side`'s piece, and back, either case kept
// (the case is not the side: a promotion's letter is lower case for both); other characters
// are returned as they are.
char xboard_letter(const Variant& v, char referee_letter, Color side);
char referee_letter(const Variant& v, char xboard_letter, Color side);

}  // namespace referee::rules
