#include "referee/rules/core/cylindrical_moves.hpp"

namespace referee::rules {

Square step_target(const Geometry& g, Square s, int dx, int dy, bool wrap) {
    int f = g.file_of(s) + dx;
    const int r = g.rank_of(s) + dy;
    if (wrap) f = wrapped_file(g, f);
    if (!g.on_board(f, r)) return kNoSquare;
    const Square to = g.at(f, r);
    return to == s ? kNoSquare : to;
}

std::vector<std::uint8_t> cylindrical_path(const Geometry& g, Square s, int dx, int dy, int range) {
    std::vector<std::uint8_t> path;
    for (Square at = s; range == 0 || static_cast<int>(path.size()) < range;) {
        at = step_target(g, at, dx, dy, true);
        if (at == kNoSquare || at == s) break;
        path.push_back(static_cast<std::uint8_t>(at));
    }
    return path;
}

}  // namespace referee::rules
