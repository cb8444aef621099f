// The filters of the legal list that only some variants have, applied after generation
// (Board::generate_legal): forced capture, forbidden checks (and the check test they use),
// the royal piece held in check, promotion only to pieces the side has lost.
#include "referee/rules/core/board.hpp"

namespace referee::rules {

// Forced capture: where a capture is among the legal moves, only the captures stay.
template <class BB>
void Board<BB>::keep_captures_if_any(MoveList& list) const {
    auto captures = [&](Move m) {
        return m.kind() == MoveKind::EnPassant ||
               (!m.is_drop() && m.kind() != MoveKind::Castle && squares_[m.to] &&
                color_of(squares_[m.to]) != stm_);
    };
    int kept = 0;
    for (const Move m : list)
        if (captures(m)) list.set(kept++, m);
    if (kept) list.resize(kept);
}

// Forbidden checks (Racing Kings): a move that leaves the opponent's royal piece attacked
// is taken out; with drops.no_check alone, only a drop that does. Run before forced capture:
// Fairy-Stockfish counts such a move as not legal at all.
template <class BB>
void Board<BB>::drop_checking_moves(MoveList& list) {
    const bool drops_only = !t_->checks_forbidden;
    int kept = 0;
    for (const Move m : list)
        if ((drops_only && !m.is_drop()) || !gives_check(m)) list.set(kept++, m);
    list.resize(kept);
}

// The royal piece held in check (makpong, Fairy-Stockfish's makpongRule): in check, a move of
// a royal piece stays only if it takes the one enemy piece that attacks it, so a double check
// leaves the king no move at all. The checkers are those of the position before the move: a
// rider uncovered behind the piece taken is not one (the capture is then illegal anyway, the
// king landing on a square that rider attacks).
template <class BB>
void Board<BB>::hold_royal_in_check(MoveList& list) const {
    if (!in_check()) return;
    const Color them = ~stm_;
    const BB occ = occupied();
    int kept = 0;
    for (const Move m : list) {
        const bool royal_moves = !m.is_drop() && test(royals_ & by_color_[stm_], m.from);
        const bool takes_lone_checker =
            test(by_color_[them], m.to) &&
            !attacked(m.from, them, occ, by_color_[them] & ~square_bit<BB>(m.to));
        if (!royal_moves || takes_lone_checker) list.set(kept++, m);
    }
    list.resize(kept);
}

// A plain move (no drop, castling, en passant, gate or change of kind) is judged without
// making it: the piece attacks from where it lands, or a piece of ours it uncovers does.
// Every other move is made and tested.
template <class BB>
bool Board<BB>::gives_check(Move m) {
    const Color us = stm_, them = ~stm_;
    const int type = type_of(squares_[m.from]);
    const auto& pp = t_->piece(us, type);
    if ((m.kind() != MoveKind::Normal && m.kind() != MoveKind::DoubleStep) ||
        !pp.promotion_types.empty()) {
        make(m);
        const bool checks = royal_attacked(them);
        unmake();
        return checks;
    }
    const BB to = square_bit<BB>(m.to);
    const BB occ = (occupied() & ~square_bit<BB>(m.from)) | to;
    const BB ours = by_color_[us] & ~square_bit<BB>(m.from);
    BB royals = royals_ & by_color_[them] & ~to;  // a royal piece taken is no longer there
    if (!any(royals)) return false;
    const BB reach = capture_reach(us, type, m.to, occ);
    while (any(royals)) {
        const int k = pop_lsb(royals);
        if (test(reach, k) || attacked(k, us, occ, ours)) return true;
    }
    return false;
}

// Promotion to lost pieces only (grand chess): a promotion to a kind the side still has
// all of is taken out; where promotion is compulsory the piece then cannot move there.
template <class BB>
void Board<BB>::drop_unavailable_promotions(MoveList& list) const {
    const auto& limit = t_->promotion_limit[stm_];
    int kept = 0;
    for (const Move m : list)
        if (!m.promotion ||
            !t_->variant->pieces[type_of(squares_[m.from])].promotion_captured_only ||
            popcount(pieces(stm_, m.promotion_type())) < limit[m.promotion_type()])
            list.set(kept++, m);
    list.resize(kept);
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
