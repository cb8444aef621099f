#include "referee/rules/text/words.hpp"

#include <cctype>

namespace referee::rules {

namespace {

bool space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// Calls take(word) for each word in order until it returns false.
template <class Take>
void each_word(std::string_view text, Take take) {
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && space(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && !space(text[j])) ++j;
        if (j > i && !take(text.substr(i, j - i))) return;
        i = j;
    }
}

}  // namespace

std::vector<std::string> split_words(std::string_view text) {
    std::vector<std::string> out;
    each_word(text, [&](std::string_view w) {
        out.emplace_back(w);
        return true;
    });
    return out;
}

std::string_view trim_spaces(std::string_view text) {
    while (!text.empty() && space(text.front())) text.remove_prefix(1);
    while (!text.empty() && space(text.back())) text.remove_suffix(1);
    return text;
}

std::size_t leading_words(std::string_view text, std::span<std::string_view> out) {
    std::size_t n = 0;
    if (out.empty()) return 0;
    each_word(text, [&](std::string_view w) {
        out[n++] = w;
        return n < out.size();
    });
    return n;
}

}  // namespace referee::rules
