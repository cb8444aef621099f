// Moves of more than one leg (betza.hpp): the many-way lame leap (nn, Fairy-Max's Falcon) and
// the bent move X-Y (the Griffon's W-B, team-mate's N-W, the colliding bifurcator's kB-R).
//
// Leaps need nothing of their own at play: a many-way leap is one lame leap per way, and a
// bent move of two single steps (N-W) one lame leap whose way is its turning square; the
// generator ORs their targets into one set, so a square reached by several ways is one
// move. A bent move with a ride in it is walked square by square (a "walked" ride, as the
// cylinder's wrapping rides are): per square the first leg's squares in order, and the second
// leg's from each square the first may turn on. Such a piece is kept out of the magic
// lookups, shifts and attack rays; its attacks are tested by generating its captures (a
// complex attacker), so the fast paths of every other piece are untouched.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "referee/rules/base/bitboard.hpp"
#include "referee/rules/base/geometry.hpp"
#include "referee/rules/variant/betza.hpp"

namespace referee::rules {

// The lame leaps one rule makes from s (Black's vectors already turned): each target with
// the squares one of its ways passes, which must be empty. A many-way leap (nn) gives one
// entry per shortest way in king steps; a bent leap (N-W) one, its turning square the way.
// Empty where the move leaves the board.
std::vector<std::pair<Square, std::vector<Square>>> leap_ways(const Geometry& g, Square s,
                                                              const MoveRule& mr, int dx, int dy,
                                                              int dx2, int dy2);

// A bent ride's squares from each square: first[s] the first leg's, nearest first;
// second[s][k] the second leg's from where the first turns after k steps (k = 0: s itself,
// where a colliding move turns before a piece next to it).
struct BentLegs {
    std::vector<std::vector<std::uint8_t>> first;
    std::vector<std::vector<std::vector<std::uint8_t>>> second;
};
BentLegs bent_legs(const Geometry& g, const MoveRule& mr, int dx, int dy, int dx2, int dy2);

// The tables' side (core/tables.cpp): a piece's lame leaps from s by leap_ways, and a bent
// ride's squares. `PerPiece` and `Ride` are Tables<BB>'s.
template <class BB, class PerPiece>
void add_leap_ways(PerPiece& pp, const Geometry& g, Square s, const MoveRule& mr, int dx, int dy,
                   int dx2, int dy2) {
    for (const auto& [to, way] : leap_ways(g, s, mr, dx, dy, dx2, dy2)) {
        BB path{};
        for (const Square sq : way) path |= square_bit<BB>(sq);
        pp.lame[s].push_back({to, path, mr.can_move, mr.can_capture});
        pp.has_lame = true;
        pp.complex_attacks = pp.complex_attacks || mr.can_capture;
    }
}
template <class BB, class Ride>
void set_bent_ride(Ride& ride, const Geometry& g, const MoveRule& mr, int dx, int dy, int dx2,
                   int dy2) {
    BentLegs legs = bent_legs(g, mr, dx, dy, dx2, dy2);
    ride.bent = true;
    ride.collide = mr.collide;
    for (int s = 0; s < g.squares(); ++s)
        for (const auto& leg : legs.second[s])
            for (const std::uint8_t to : leg) ride.mask[s] |= square_bit<BB>(to);
    ride.path = std::move(legs.first);
    ride.turns = std::move(legs.second);
}

// What a bent ride reaches from s, its second leg's first piece included, with the board
// occupied as in occ and `own` the pieces of the mover's side (a colliding move turns only
// before one of them). `Ride` is Tables<BB>::Ride.
template <class BB, class Ride>
BB bent_reach(const Ride& ride, int s, BB occ, BB own) {
    const auto& first = ride.path[s];
    const auto& second = ride.turns[s];
    BB reach{};
    const auto walk = [&](const std::vector<std::uint8_t>& leg) {
        for (const std::uint8_t sq : leg) {
            reach |= square_bit<BB>(sq);
            if (test(occ, sq)) break;
        }
    };
    std::size_t k = 0;
    if (ride.collide) {
        while (k < first.size() && !test(occ, first[k])) ++k;
        if (k < first.size() && test(own, first[k])) walk(second[k]);
        return reach;
    }
    for (; k < first.size() && !test(occ, first[k]); ++k) walk(second[k + 1]);
    return reach;
}

}  // namespace referee::rules
