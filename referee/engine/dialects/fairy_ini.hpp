// Fairy-Stockfish learns variants from an ini file (its VariantPath option). This writes
// that file from our YAML variant when Fairy-Stockfish 11.1's keys can say the same rules,
// and otherwise says exactly what it cannot express, so the game is refused before it starts.
#pragma once

#include <optional>
#include <string>

#include "referee/rules/variant/variant.hpp"

namespace referee::engine {

struct FairyIni {
    std::string section_name;  // the name to give UCI_Variant
    std::string text;          // the ini file's contents
};

// nullopt with *why set when the variant cannot be expressed.
std::optional<FairyIni> fairy_ini_for(const rules::Variant& v, std::string* why);

}  // namespace referee::engine
