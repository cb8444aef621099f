#include "referee/rules/base/geometry.hpp"

namespace referee::rules {

std::string Geometry::name(Square s) const {
    std::string out(1, char('a' + file_of(s)));
    out += std::to_string(rank_of(s) + 1);
    return out;
}

std::optional<Square> Geometry::parse_prefix(std::string_view text, std::size_t& used) const {
    used = 0;
    if (text.size() < 2 || text[0] < 'a' || text[0] > 'z') return std::nullopt;
    int file = text[0] - 'a';
    std::size_t i = 1;
    int rank = 0;
    // Greedy digits, but never more than the board needs: "a10a11" parses as a10 then a11.
    while (i < text.size() && i < 3 && text[i] >= '0' && text[i] <= '9') {
        int next = rank * 10 + (text[i] - '0');
        if (i > 1 && next > height) break;
        rank = next;
        ++i;
    }
    if (i == 1 || rank < 1) return std::nullopt;
    if (!on_board(file, rank - 1)) return std::nullopt;
    used = i;
    return at(file, rank - 1);
}

std::optional<Square> Geometry::parse(std::string_view text) const {
    std::size_t used = 0;
    auto sq = parse_prefix(text, used);
    if (!sq || used != text.size()) return std::nullopt;
    return sq;
}

}  // namespace referee::rules
