// Promotion as a move of its own (sittuyin, as Fairy-Stockfish 11.1 plays it): a piece with
// a `promotion_move` may, instead of moving, become the piece named there, standing where it
// is or by one of that piece's non-capturing leaps. Only from the listed squares, unless it
// is the side's last piece of its kind and `last_anywhere` says so; not while the side has
// `limit` of the new piece on the board; with `no_attack`, not where the new piece would
// attack an enemy piece; and with `no_check`, not giving check.
//
// Such moves are few and only some pieces may make them, so each is made and tested (the
// trial) after the ordinary moves have been generated. The moves are written as promotions
// from and to a square: "e5e5f" in place, "e5f6f" by a leap (Fairy-Stockfish's UCI form).
#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
void Board<BB>::add_promotion_moves(MoveList& list) {
    const T& t = *t_;
    const Color us = stm_;
    const BB empty = t.board & ~occupied();
    for (int type = 0; type < t.ntypes; ++type) {
        const auto& pp = t.piece(us, type);
        const BB mine = pieces(us, type);
        if (pp.promotion_move_type < 0 || !any(mine)) continue;
        const PromotionMove& rule = *t.variant->pieces[type].promotion_move;
        const int made = pp.promotion_move_type;
        if (rule.limit > 0 && popcount(pieces(us, made)) >= rule.limit) continue;
        BB movers =
            rule.last_anywhere && !more_than_one(mine) ? mine : mine & pp.promotion_move_from;
        while (any(movers)) {
            const int from = pop_lsb(movers);
            const auto& becomes = t.piece(us, made);
            BB to = (becomes.leap_move[from] & empty) | square_bit<BB>(from);
            if (rule.no_attack)
                for (BB rest = to; any(rest);) {
                    const int sq = pop_lsb(rest);
                    if (any(becomes.leap_capture[sq] & by_color_[~us])) to &= ~square_bit<BB>(sq);
                }
            while (any(to)) {
                const Move m = Move::make(from, pop_lsb(to), MoveKind::Normal, made);
                if (t.variant->check_rules && !leaves_royal_safe(m)) continue;
                if (rule.no_check) {
                    make(m);
                    const bool checks = royal_attacked(~us);
                    unmake();
                    if (checks) continue;
                }
                list.push(m);
            }
        }
    }
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
