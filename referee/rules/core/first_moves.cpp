// First moves: a piece that has not moved yet may also make the moves of its `first_move`
// key and its betza's `i` moves (Ouk Chatrang's king, a knight's leap to the next rank onto
// an empty square, and met, two squares straight ahead, as Fairy-Stockfish 11.1 plays them;
// the Berolina pawn's two diagonal steps, imfnA, as Fairy-Max plays it). Which pieces have
// not moved: those on the variant's first-move ranks (a pawn's, which it never comes back
// to), or else the position's unmoved squares, kept as gating squares are (gating.cpp),
// written as file letters in the FEN's castling field ("DEde") and lost when the piece
// moves or is captured there. A royal piece may not make them out of check.
//
// The moves are few and rare, so each is made and tested (the trial), after the ordinary
// moves have been generated; a move to a square the piece reaches anyway adds nothing. A
// double step (over one square midway, not capturing) is a MoveKind::DoubleStep, which a
// piece with en passant may be taken by, as a pawn's straight one.
#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
void Board<BB>::add_first_moves(MoveList& list) {
    const T& t = *t_;
    const Color us = stm_;
    BB movers = t.unmoved_squares ? gates_[us] & by_color_[us] : BB{};
    for (int type = 0; type < t.ntypes; ++type)
        movers |= t.piece(us, type).first_from & pieces(us, type);
    if (!any(movers)) return;
    const int n = list.size();
    const BB occ = occupied(), enemy = by_color_[~us];
    const bool check = t.variant->check_rules && in_check();
    while (any(movers)) {
        const int from = pop_lsb(movers);
        const int type = type_of(squares_[from]);
        const auto& pp = t.piece(us, type);
        if (pp.first.empty() || (check && (t.royal_types >> type & 1))) continue;
        // A piece told by ranks may stand on an unmoved square too (a pawn beside cambodian's
        // met): it makes its first moves from its ranks only.
        if (any(pp.first_from) && !test(pp.first_from, from)) continue;
        for (const auto& [leap, double_step] : pp.first[from]) {
            if (any(leap.path & occ)) continue;
            if (!(test(occ, leap.to) ? leap.capture && test(enemy, leap.to) : leap.move)) continue;
            bool known = false;
            for (int i = 0; i < n && !known; ++i)
                known = list[i].from == from && list[i].to == leap.to;
            if (known) continue;
            const Move m =
                Move::make(from, leap.to, double_step ? MoveKind::DoubleStep : MoveKind::Normal);
            if (!t.variant->check_rules || leaves_royal_safe(m)) list.push(m);
        }
    }
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
