// First moves (Ouk Chatrang, as Fairy-Stockfish 11.1 plays it): a piece that has not moved
// yet may also make the leaps of its `first_move` (the king a knight's leap to the next
// rank, onto an empty square; the met two squares straight ahead, a capture too). The
// squares whose pieces have not moved are the position's gating squares (gating.cpp),
// written as file letters in the FEN's castling field ("DEde"), and lost as gating rights
// are: when the piece moves or is captured there. A royal piece may not leap out of check.
//
// The leaps are few and rare, so each is made and tested (the trial), after the ordinary
// moves have been generated; a leap to a square the piece reaches anyway adds nothing.
#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
void Board<BB>::add_first_moves(MoveList& list) {
    const T& t = *t_;
    const Color us = stm_;
    BB movers = gates_[us] & by_color_[us];
    if (!any(movers)) return;
    const int n = list.size();
    const BB empty = t.board & ~occupied(), enemy = by_color_[~us];
    const bool check = t.variant->check_rules && in_check();
    while (any(movers)) {
        const int from = pop_lsb(movers);
        const int type = type_of(squares_[from]);
        const auto& pp = t.piece(us, type);
        if (pp.first_move.empty() || (check && (t.royal_types >> type & 1))) continue;
        BB to = (pp.first_move[from] & empty) | (pp.first_capture[from] & enemy);
        for (int i = 0; i < n; ++i)
            if (list[i].from == from) to &= ~square_bit<BB>(list[i].to);
        while (any(to)) {
            const Move m = Move::make(from, pop_lsb(to));
            if (!t.variant->check_rules || leaves_royal_safe(m)) list.push(m);
        }
    }
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
