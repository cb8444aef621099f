// Whitespace-separated words: the one splitter for move lists, engine argument strings and
// the lines of the engine protocols (the referee's and the in-tree engines' side alike).
// Pure text, so it lives in the lowest layer that every user links.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace referee::rules {

// Words separated by any run of whitespace; none for blank text.
std::vector<std::string> split_words(std::string_view text);

}  // namespace referee::rules
