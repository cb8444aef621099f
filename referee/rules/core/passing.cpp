// Passing (Fairy-Stockfish's pass, janggi): the side to move may leave the board as it is,
// written as its royal piece's move to its own square ("e2e2"), as Fairy-Stockfish writes
// and reads it. Not while in check: the royal piece would "stay" on an attacked square;
// except under bikjang with the royal pieces facing, where passing is always allowed (it is
// how a side accepts the bikjang, which ends the game: endings/judge.cpp). Two passes in a
// row end the game too, where the variant says so.
#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
bool Board<BB>::pass_legal() const {
    const BB royals = royals_ & by_color_[stm_];
    if (!any(royals) || more_than_one(royals)) return false;
    return (t_->bikjang && royals_face(stm_)) || !in_check();
}

template <class BB>
bool Board<BB>::passed(bool both) const {
    const std::size_t n = history_.size();
    if (n < (both ? 2u : 1u) || !history_[n - 1].move.is_pass()) return false;
    return !both || history_[n - 2].move.is_pass();
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
