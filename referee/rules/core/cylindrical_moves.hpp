// Moves that wrap around the board's left and right edges (Betza's `o`, Fairy-Max's Cylinder
// Chess): a leap or ride leaving the last file re-enters on the first, and back.
//
// Leaps and lame leaps need nothing of their own: their targets are per-square tables, built
// here square by square with the files joined. A ride does: its squares do not run in square
// order once it wraps (a rook on g1 going right passes h1, then a1), so the bitboard rays'
// "nearest blocker is the lowest (or highest) bit" does not hold for it. A wrapping ride
// keeps, per square, its squares in the order it passes them, and is walked along them; it
// is kept out of the magic lookups and the attack rays, and its piece's attacks are tested
// by generating its captures (a complex attacker, as hoppers are), so the fast paths of
// pieces that do not wrap are untouched.
#pragma once

#include <cstdint>
#include <vector>

#include "referee/rules/base/bitboard.hpp"
#include "referee/rules/base/geometry.hpp"
#include "referee/rules/variant/betza.hpp"

namespace referee::rules {

// A file counted round the joined edges: -1 is the last file, `width` the first.
inline int wrapped_file(const Geometry& g, int file) {
    return ((file % g.width) + g.width) % g.width;
}

// The square (dx, dy) from s, the files joined when `wrap`; kNoSquare when it is off the
// board, or (wrapping the whole width round) s itself.
Square step_target(const Geometry& g, Square s, int dx, int dy, bool wrap);

// The squares a wrapping ride along (dx, dy) passes from s, nearest first, at most `range`
// of them (0: no limit). It ends at the board's top or bottom, or before coming back to s.
std::vector<std::uint8_t> cylindrical_path(const Geometry& g, Square s, int dx, int dy, int range);

// What a wrapping ride reaches from s with the board occupied as in occ, the first piece in
// its way included; for a hop (the cannon's way), beyond its screen (no square of no_screen).
// `Ride` is Tables<BB>::Ride.
template <class BB, class Ride>
BB cylindrical_reach(const Ride& ride, int s, BB occ, BB no_screen) {
    const auto& path = ride.path[s];
    BB reach{};
    std::size_t i = 0;
    if (ride.hop != Hop::None) {
        while (i < path.size() && !test(occ, path[i])) ++i;
        if (i == path.size() || test(no_screen, path[i])) return reach;
        if (ride.hop == Hop::AdjacentScreen && i != 0) return reach;
        ++i;  // beyond the screen
    }
    for (; i < path.size(); ++i) {
        reach |= square_bit<BB>(path[i]);
        if (test(occ, path[i])) break;
    }
    return reach;
}

}  // namespace referee::rules
