// Whitespace-separated words: the one splitter for move lists, engine argument strings and
// the lines of the engine protocols (the referee's and the in-tree engines' side alike).
// Pure text, so it lives in the lowest layer that every user links.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace referee::rules {

// Words separated by any run of whitespace; none for blank text.
std::vector<std::string> split_words(std::string_view text);
// An ASCII digit (std::isdigit without its int argument and its locale).
inline bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
// The text without the whitespace at either end (a view into it).
std::string_view trim_spaces(std::string_view text);
// The first out.size() words, in place (views into text, nothing allocated); returns how
// many there were, at most out.size(). For lines read at every ply, where only the first
// words decide what the line is.
std::size_t leading_words(std::string_view text, std::span<std::string_view> out);

}  // namespace referee::rules
