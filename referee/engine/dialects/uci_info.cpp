#include "referee/engine/dialects/uci_info.hpp"

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

void SearchInfo::set_pv(std::string_view moves) {
    std::size_t pos = 0, size = 0;
    for (std::string_view w = next_word(moves, pos); !w.empty(); w = next_word(moves, pos)) {
        const std::size_t need = (size > 0 ? 1 : 0) + w.size();
        if (size + need > kPvBytes) break;  // only whole moves
        if (size > 0) pv_bytes[size++] = ' ';
        for (const char c : w) pv_bytes[size++] = c > ' ' && c < 0x7f ? c : '?';
    }
    pv_size = static_cast<std::uint8_t>(size);
}

void read_uci_info(std::string_view line, SearchInfo& into) {
    std::size_t pos = 0;
    if (next_word(line, pos) != "info") return;
    // Read into a copy: a "multipv 2" anywhere in the line leaves `into` as it was.
    SearchInfo read = into;
    for (std::string_view w = next_word(line, pos); !w.empty(); w = next_word(line, pos)) {
        if (w == "string") return;  // free text: nothing in it is a field
        if (w == "pv") {            // the rest of the line is moves
            read.set_pv(line.substr(pos));
            break;
        }
        if (w == "multipv") {
            int n = 0;
            if (number(next_word(line, pos), n) && n > 1) return;
        } else if (w == "depth") {
            int d = 0;
            if (number(next_word(line, pos), d) && d >= 0) read.depth = d;
        } else if (w == "nodes") {
            std::int64_t n = 0;
            if (number(next_word(line, pos), n) && n >= 0) read.nodes = n;
        } else if (w == "score") {
            const std::string_view kind = next_word(line, pos);
            int v = 0;
            if ((kind == "cp" || kind == "mate") && number(next_word(line, pos), v)) {
                read.has_score = true;
                read.mate = kind == "mate";
                read.score = v;
            }
        }
    }
    into = read;
}

}  // namespace referee::engine
