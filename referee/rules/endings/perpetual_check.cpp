// Perpetual check (xiangqi, Fairy-Stockfish's perpetualCheckIllegal): when a position
// repeats for the n-th time and one side has given check with every one of its moves since
// the first of those occurrences, the repetition is no draw: that side gets the variant's
// verdict (xiangqi: it loses). If both sides checked throughout, it stays a draw.
//
// Judged only once the repetition holds (the judge's describe()), so nothing is recorded
// while moves are made: a copy of the position is taken back ply by ply and each position
// on the way asked whether its side to move stands in check.
#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
int Board<BB>::perpetual_checker(int times) const {
    Board back = *this;
    // Positions with the side to move now to move (even plies back) and with the other
    // side to move (odd plies): whether each stood in check throughout.
    bool mover_checked = in_check(), other_checked = true;
    int seen = 1;
    const int n = static_cast<int>(history_.size());
    for (int ply = 1; ply <= n && ply <= halfmove_; ++ply) {
        back.unmake();
        if (ply % 2 == 1) {
            other_checked = other_checked && back.in_check();
            continue;
        }
        mover_checked = mover_checked && back.in_check();
        if (back.key() == key_ && ++seen == times) {
            // The side to move now was checked throughout: the other side gave the checks.
            if (mover_checked && other_checked) return 2;
            if (mover_checked) return ~stm_;
            if (other_checked) return stm_;
            return -1;
        }
    }
    return -1;
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
