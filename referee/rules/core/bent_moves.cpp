#include "referee/rules/core/bent_moves.hpp"

#include <algorithm>
#include <cstdlib>

namespace referee::rules {
namespace {

// The squares of a ride along (dx, dy) from s, nearest first, at most `range` (0: no limit).
std::vector<std::uint8_t> line(const Geometry& g, Square s, int dx, int dy, int range) {
    std::vector<std::uint8_t> out;
    int f = g.file_of(s) + dx, r = g.rank_of(s) + dy;
    for (int k = 1; g.on_board(f, r) && (range == 0 || k <= range); ++k, f += dx, r += dy)
        out.push_back(static_cast<std::uint8_t>(g.at(f, r)));
    return out;
}

}  // namespace

std::vector<std::pair<Square, std::vector<Square>>> leap_ways(const Geometry& g, Square s,
                                                              const MoveRule& mr, int dx, int dy,
                                                              int dx2, int dy2) {
    std::vector<std::pair<Square, std::vector<Square>>> out;
    const int f = g.file_of(s), r = g.rank_of(s);
    if (mr.bent) {
        if (!g.on_board(f + dx, r + dy) || !g.on_board(f + dx + dx2, r + dy + dy2)) return out;
        out.push_back({g.at(f + dx + dx2, r + dy + dy2), {g.at(f + dx, r + dy)}});
        return out;
    }
    if (!g.on_board(f + dx, r + dy)) return out;
    const Square to = g.at(f + dx, r + dy);
    // Every order of its diagonal and orthogonal king steps: min(|dx|, |dy|) diagonal ones,
    // the rest along its longer side.
    const int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    const int diagonal = std::min(std::abs(dx), std::abs(dy));
    const int length = std::max(std::abs(dx), std::abs(dy));
    const bool wide = std::abs(dx) > std::abs(dy);
    std::vector<bool> steps(length, false);  // true: a diagonal step
    std::fill(steps.end() - diagonal, steps.end(), true);
    do {
        std::vector<Square> way;
        int x = f, y = r;
        for (int k = 0; k + 1 < length; ++k) {
            x += steps[k] || wide ? sx : 0;
            y += steps[k] || !wide ? sy : 0;
            way.push_back(g.at(x, y));  // inside the leap's rectangle, so on the board
        }
        out.push_back({to, std::move(way)});
    } while (std::next_permutation(steps.begin(), steps.end()));
    return out;
}

BentLegs bent_legs(const Geometry& g, const MoveRule& mr, int dx, int dy, int dx2, int dy2) {
    BentLegs legs;
    for (int s = 0; s < g.squares(); ++s) {
        legs.first.push_back(line(g, s, dx, dy, mr.range));
        auto& second = legs.second.emplace_back();
        second.push_back(line(g, s, dx2, dy2, mr.range2));
        for (const std::uint8_t turn : legs.first.back())
            second.push_back(line(g, turn, dx2, dy2, mr.range2));
    }
    return legs;
}

}  // namespace referee::rules
