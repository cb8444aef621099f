// The targets of one piece, for the generator's loop (core/movegen.cpp): where its leaps,
// rides (by magic lookup, or along the rays on boards over 64 squares), hops and lame leaps
// go. In a header so that the generator and its out-of-line parts (generate_walked) share
// it, forced inline into the loop: a call per piece cost perft a tenth of its time.
#pragma once
#include <type_traits>

#include "referee/rules/core/tables.hpp"

namespace referee::rules::movegen {

// The squares the plain rides (moving and capturing) of the piece on s reach, blockers
// included.
template <class BB, class PP>
[[gnu::always_inline]] inline BB slide_reach(const PP& pp, int s, BB occ) {
    BB slides{};
    if constexpr (std::is_same_v<BB, Bits64>) {
        for (const SlideMagic* group : pp.slide_groups) slides |= slide_attacks(group, s, occ);
    } else {
        // The sentinels stand in for "no blocker": the rays from them are empty.
        const BB high = square_bit<BB>(kBits<BB> - 1), low = square_bit<BB>(0);
        for (const auto& slide : pp.forward_slides) {
            const BB reach = slide.mask[s];
            slides |= reach & ~slide.ray[lsb((reach & occ) | high)];
        }
        for (const auto& slide : pp.backward_slides) {
            const BB reach = slide.mask[s];
            slides |= reach & ~slide.ray[msb((reach & occ) | low)];
        }
    }
    return slides;
}

// Where the piece on s may go: moves to empty squares and captures.
// `no_screen`: pieces its hops may not go over (the janggi cannon's cannons).
template <class BB, class PP>
[[gnu::always_inline]] inline BB piece_targets(const Tables<BB>& t, const PP& pp, int s, BB occ,
                                               BB empty, BB enemy, BB no_screen) {
    const BB slides = slide_reach(pp, s, occ);
    BB moves = pp.leap_move[s] & empty;
    BB captures = (pp.leap_capture[s] | slides) & enemy;
    moves |= slides & empty;
    for (const auto* ride : pp.other_rides) {
        BB reach;
        if (ride->hop == Hop::None) {
            reach = ride->mask[s];
        } else {
            const BB line = ride->ray[s] & occ;
            if (!any(line)) continue;
            const int screen = ride->forward ? lsb(line) : msb(line);
            if (ride->hop == Hop::AdjacentScreen && screen != s + t.vec_step[ride->vec]) continue;
            if (test(no_screen, screen)) continue;
            reach = ride->ray[screen] & ride->mask[s];  // the mask: the hop's range
        }
        const BB blockers = reach & occ;
        if (any(blockers)) reach &= ~ride->ray[ride->forward ? lsb(blockers) : msb(blockers)];
        if (ride->move) moves |= reach & empty;
        if (ride->capture) captures |= reach & enemy;
    }
    if (pp.has_lame)
        for (const auto& leap : pp.lame[s]) {
            if (any(leap.path & occ)) continue;
            if (test(empty, leap.to)) {
                if (leap.move) moves |= square_bit<BB>(leap.to);
            } else if (leap.capture && test(enemy, leap.to)) {
                captures |= square_bit<BB>(leap.to);
            }
        }
    return moves | captures;
}

}  // namespace referee::rules::movegen
