#include "referee/engine/uci_info.hpp"

#include <charconv>

namespace referee::engine {
namespace {

bool space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

// The next word of `line` from `pos`, as a view; empty at the end.
std::string_view next_word(std::string_view line, std::size_t& pos) {
    while (pos < line.size() && space(line[pos])) ++pos;
    const std::size_t start = pos;
    while (pos < line.size() && !space(line[pos])) ++pos;
    return line.substr(start, pos - start);
}

template <typename T>
bool number(std::string_view word, T& out) {
    T v{};
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc() || end != word.data() + word.size()) return false;
    out = v;
    return true;
}

}  // namespace

void read_uci_info(std::string_view line, SearchInfo& into) {
    std::size_t pos = 0;
    if (next_word(line, pos) != "info") return;
    for (std::string_view w = next_word(line, pos); !w.empty(); w = next_word(line, pos)) {
        if (w == "string" || w == "pv") return;  // the rest of the line is free text or moves
        if (w == "depth") {
            int d = 0;
            if (number(next_word(line, pos), d) && d >= 0) into.depth = d;
        } else if (w == "nodes") {
            std::int64_t n = 0;
            if (number(next_word(line, pos), n) && n >= 0) into.nodes = n;
        } else if (w == "score") {
            const std::string_view kind = next_word(line, pos);
            int v = 0;
            if ((kind == "cp" || kind == "mate") && number(next_word(line, pos), v)) {
                into.has_score = true;
                into.mate = kind == "mate";
                into.score = v;
            }
        }
    }
}

}  // namespace referee::engine
