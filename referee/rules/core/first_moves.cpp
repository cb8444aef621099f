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
#include <algorithm>

#include <fmt/format.h>

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

// The straight double step's victim stands one square beyond `over`, its origin one before;
// a first move's (the Berolina pawn's diagonal one) may be either way across it.
template <class BB>
std::vector<int> Board<BB>::double_steppers(int over) const {
    const T& t = *t_;
    const Color them = ~stm_;
    std::vector<int> victims;
    if (squares_[over]) return victims;
    const auto consider = [&](int origin, int to, int type) {
        const Piece vp = squares_[to];
        if (vp && color_of(vp) == them && type_of(vp) == type && (t.en_passant_types >> type & 1) &&
            !squares_[origin] && std::find(victims.begin(), victims.end(), to) == victims.end())
            victims.push_back(to);
    };
    const int forward = them == White ? t.g.width : -t.g.width;
    for (int type = 0; type < t.ntypes; ++type) {
        const auto& pp = t.piece(them, type);
        const int origin = over - forward, to = over + forward;
        if (origin >= 0 && to >= 0 && origin < t.nsq && to < t.nsq &&
            test(pp.double_step_from, origin))
            consider(origin, to, type);
        for (BB from = pp.first_from; any(from);) {  // unmoved squares are not kept back
            const int origin = pop_lsb(from);
            for (const auto& [leap, double_step] : pp.first[origin])
                if (double_step && test(leap.path, over)) consider(origin, leap.to, type);
        }
    }
    return victims;
}

template <class BB>
int Board<BB>::double_step_over(int over, std::optional<int> victim,
                                const std::string& text) const {
    const std::vector<int> victims = double_steppers(over);
    const Color them = ~stm_;
    if (victim) {
        if (std::find(victims.begin(), victims.end(), *victim) == victims.end())
            throw PositionError(
                fmt::format("the en-passant field {}: {} has no piece on {} that may have just "
                            "double-stepped over {}",
                            text, color_name(them), t_->g.name(*victim), t_->g.name(over)));
        return *victim;
    }
    if (victims.size() == 1) return victims.front();
    if (victims.empty())
        throw PositionError(fmt::format(
            "the en-passant square {} cannot be: {} did not just make a double step over it", text,
            color_name(them)));
    throw PositionError(fmt::format(
        "the en-passant square {} does not say which of {}'s pieces on {} and {} has just "
        "double-stepped over it (write that square first: {}{})",
        text, color_name(them), t_->g.name(victims[0]), t_->g.name(victims[1]),
        t_->g.name(victims[0]), text));
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
