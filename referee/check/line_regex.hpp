// Regular expressions on a record's lines, bounded. libstdc++'s std::regex recurses once per
// character it matches, so a line of a few megabytes (a corrupt or hostile file) overflows the
// stack and kills `referee check`. Every line worth matching in a record is short; a longer
// one is taken as matching nothing, and the reader reports it as it reports any stray line.
#pragma once

#include <cstddef>
#include <regex>
#include <string>

namespace referee::check {

// Longer than any header, move or result line a record format holds.
constexpr std::size_t kLongestMatchedLine = 4096;

inline bool match_line(const std::string& line, std::smatch& m, const std::regex& re) {
    return line.size() <= kLongestMatchedLine && std::regex_match(line, m, re);
}
inline bool match_line(const std::string& line, const std::regex& re) {
    return line.size() <= kLongestMatchedLine && std::regex_match(line, re);
}
inline bool search_line(const std::string& line, std::smatch& m, const std::regex& re) {
    return line.size() <= kLongestMatchedLine && std::regex_search(line, m, re);
}
inline bool search_line(const std::string& line, const std::regex& re) {
    return line.size() <= kLongestMatchedLine && std::regex_search(line, re);
}

}  // namespace referee::check
