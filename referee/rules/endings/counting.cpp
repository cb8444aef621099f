// The counting rules of makruk and ASEAN chess as Fairy-Stockfish 11.1 applies them. A
// count starts when no pawn is left (board's honour: 64 moves, counted for both sides
// alike) or when a side is left with its king alone (pieces' honour: the limit depends on
// what the other side still has). Counts and limits are kept in plies; the game is drawn
// once the count reaches the limit, unless the side to move is checkmated. The count is
// part of the FEN: its limit in the en-passant field's place, its plies in the half-move
// clock's ("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1").
#include <bit>

#include "referee/rules/core/board.hpp"

namespace referee::rules {

// The limit, in moves, of a count starting now with the side to move as it is; 0: none.
template <class BB>
int Board<BB>::counting_start_limit() const {
    const T& t = *t_;
    const Color us = stm_, them = ~stm_;
    auto count = [&](Color c, int type) { return type < 0 ? 0 : popcount(pieces(c, type)); };
    BB pawns{};
    for (std::uint32_t ts = t.pawn_types; ts; ts &= ts - 1) pawns |= by_type_[std::countr_zero(ts)];
    const int ours = popcount(by_color_[us]);
    if (any(pawns) && ours > 1) return 0;  // no count while pawns are left
    if (t.counting == CountingRule::Asean) {
        if (ours > 1) return 0;
        if (count(them, t.counting_rook)) return 16;
        if (count(them, t.counting_khon) && count(them, t.counting_met)) return 44;
        if (count(them, t.counting_knight) && count(them, t.counting_met)) return 64;
        return 0;
    }
    // Makruk. Board's honour: both sides still have more than their king.
    if (ours > 1) return popcount(by_color_[them]) > 1 ? 64 : 0;
    // Pieces' honour: the side to move has its king alone.
    const int rooks = count(them, t.counting_rook), khons = count(them, t.counting_khon);
    if (rooks > 1) return 8;
    if (rooks == 1) return 16;
    if (khons > 1) return 22;
    if (count(them, t.counting_knight) > 1) return 32;
    if (khons == 1) return 44;
    return 64;
}

// After a move (the side to move is the other side now): the count goes on, or starts
// again where a side has just been left with its king alone by a capture, or starts where
// no count runs and the side to move is bare or no pawn is left.
template <class BB>
void Board<BB>::update_counting(bool captured) {
    if (counting_limit_) ++counting_ply_;
    const int ours = popcount(by_color_[stm_]);
    if (((!counting_limit_ || captured) && ours == 1) || (!counting_limit_ && [&] {
            for (std::uint32_t ts = t_->pawn_types; ts; ts &= ts - 1)
                if (any(by_type_[std::countr_zero(ts)])) return false;
            return true;
        }())) {
        counting_limit_ = 2 * counting_start_limit();
        // Makruk's pieces' honour counts the pieces on the board as moves already made.
        counting_ply_ = counting_limit_ && ours == 1 && t_->counting == CountingRule::Makruk
                            ? 2 * popcount(occupied())
                            : 0;
    }
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
