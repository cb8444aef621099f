// The flying-general rule (xiangqi): the two generals may not face each other along a line
// with nothing between. Fairy-Stockfish judges it in its legality test, not as an attack:
// a side whose move leaves the generals facing has played an illegal move, but facing is
// no check (it gives no "+", and a side cannot be checkmated by it). The referee does the
// same: leaves_royal_safe() asks this after the move is made.
#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
bool Board<BB>::royals_face(Color c) const {
    const T& t = *t_;
    const BB occ = occupied();
    // Only the one ray from ours that holds theirs is looked along, if any does (this runs
    // after every move tried in the xiangqi family).
    for (BB ours = royals_ & by_color_[c]; any(ours);) {
        const int k = pop_lsb(ours);
        for (BB theirs = royals_ & by_color_[~c]; any(theirs);) {
            const int r = pop_lsb(theirs);
            for (const int vec : t.orthogonal_vecs) {
                const BB& ray = t.ray[vec][k];
                if (!test(ray, r)) continue;  // r is not this way
                const BB line = ray & occ;    // holds r: never empty
                if ((t.vec_step[vec] > 0 ? lsb(line) : msb(line)) == r) return true;
                break;
            }
        }
    }
    return false;
}

template <class BB>
typename Board<BB>::FacingWatch Board<BB>::facing_watch(Color c) const {
    const T& t = *t_;
    FacingWatch w;
    w.bikjang = t.bikjang && royals_face(c);
    const BB ours = royals_ & by_color_[c], theirs = royals_ & by_color_[~c];
    if (!any(ours) || !any(theirs) || more_than_one(ours) || more_than_one(theirs)) return w;
    w.single = true;
    const int k = lsb(ours), r = lsb(theirs);
    for (const int vec : t.orthogonal_vecs)
        if (test(t.ray[vec][k], r)) {
            // The ray from k holds r and goes on past it: what lies before r is between.
            w.aligned = true;
            w.between = t.ray[vec][k] & ~t.ray[vec][r] & ~square_bit<BB>(r);
            break;
        }
    return w;
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
