// Small questions tests ask of text a run printed or wrote.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

namespace referee::test {

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// How many times `part` occurs in `text` (overlapping ones too).
inline std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

// The lines of `text`, without their newlines (a last line without one is kept).
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::stringstream ss(text);
    for (std::string line; std::getline(ss, line);) lines.push_back(line);
    return lines;
}

}  // namespace referee::test
