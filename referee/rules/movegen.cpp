// Move generation and attack tests, driven entirely by the compiled tables.
#include <bit>

#include "referee/rules/board.hpp"

namespace referee::rules {

template <class BB>
void Board<BB>::emit(int from, BB targets, const typename T::PerPiece& pp, MoveList& out) const {
    BB promoting = targets & pp.promotion_zone;
    BB plain = targets & ~promoting;
    while (any(plain)) out.push(Move::make(from, pop_lsb(plain)));
    while (any(promoting)) {
        const int to = pop_lsb(promoting);
        for (int type : pp.promotion_types) out.push(Move::make(from, to, MoveKind::Normal, type));
    }
}

template <class BB>
void Board<BB>::generate_pseudo_legal(MoveList& out) const {
    const T& t = *t_;
    const Color us = stm_;
    const BB occ = occupied(), enemy = by_color_[~us], empty = t.board & ~occ;

    for (int type = 0; type < t.ntypes; ++type) {
        BB mine = pieces(us, type);
        if (!any(mine)) continue;
        const auto& pp = t.piece(us, type);
        while (any(mine)) {
            const int s = pop_lsb(mine);
            BB moves = pp.leap_move[s] & empty;
            BB captures = pp.leap_capture[s] & enemy;
            for (const auto& ride : pp.rides) {
                if (ride.hop == Hop::None) {
                    BB reach = ride.mask[s];
                    const BB blockers = reach & occ;
                    if (any(blockers)) reach &= ~t.ray[ride.vec][t.nearest(ride.vec, blockers)];
                    if (ride.move) moves |= reach & empty;
                    if (ride.capture) captures |= reach & enemy;
                    continue;
                }
                const BB line = t.ray[ride.vec][s] & occ;
                if (!any(line)) continue;
                const int screen = t.nearest(ride.vec, line);
                if (ride.hop == Hop::AdjacentScreen && screen != s + t.vec_step[ride.vec]) continue;
                BB reach = t.ray[ride.vec][screen];
                const BB beyond = reach & occ;
                if (any(beyond)) reach &= ~t.ray[ride.vec][t.nearest(ride.vec, beyond)];
                if (ride.move) moves |= reach & empty;
                if (ride.capture) captures |= reach & enemy;
            }
            for (const auto& leap : pp.lame[s]) {
                if (any(leap.path & occ)) continue;
                const Piece target = squares_[leap.to];
                if (!target && leap.move) moves |= square_bit<BB>(leap.to);
                if (target && leap.capture && color_of(target) != us) captures |= square_bit<BB>(leap.to);
            }
            emit(s, moves | captures, pp, out);
            if (test(pp.double_step_from, s) && !squares_[s + pp.forward] && !squares_[s + 2 * pp.forward])
                out.push(Move::make(s, s + 2 * pp.forward, MoveKind::DoubleStep));
        }
    }

    if (ep_ != kNoSquare) {
        for (std::uint32_t ts = t.en_passant_types; ts; ts &= ts - 1) {
            const int type = std::countr_zero(ts);
            BB takers = t.piece(us, type).reverse_leap_capture[ep_] & pieces(us, type);
            while (any(takers)) out.push(Move::make(pop_lsb(takers), ep_, MoveKind::EnPassant));
        }
    }

    for (std::size_t i = 0; i < t.castles.size(); ++i)
        if ((castling_ >> i & 1) && t.castles[i].color == us && castle_allowed(t.castles[i]))
            out.push(Move::make(t.castles[i].king_from, t.castles[i].king_to, MoveKind::Castle, -1, static_cast<int>(i)));
}

template <class BB>
bool Board<BB>::castle_allowed(const typename T::Castle& k) const {
    if (any(k.must_be_empty & occupied())) return false;
    if (!t_->variant->check_rules) return true;
    // Judged before the move, with the king still at home (it may screen a hopper).
    for (int s : k.must_not_be_attacked)
        if (attacked(s, ~k.color)) return false;
    return true;
}

// Squares a piece could capture on (occupied or not) from `from`, for the piece kinds the
// reverse lookups in attacked() cannot handle: hoppers and lame leapers.
template <class BB>
BB Board<BB>::capture_reach(Color c, int type, int from, BB occ) const {
    const T& t = *t_;
    const auto& pp = t.piece(c, type);
    BB reach = pp.leap_capture[from];
    for (const auto& ride : pp.rides) {
        if (!ride.capture) continue;
        if (ride.hop == Hop::None) {
            BB r = ride.mask[from];
            const BB blockers = r & occ;
            if (any(blockers)) r &= ~t.ray[ride.vec][t.nearest(ride.vec, blockers)];
            reach |= r;
            continue;
        }
        const BB line = t.ray[ride.vec][from] & occ;
        if (!any(line)) continue;
        const int screen = t.nearest(ride.vec, line);
        if (ride.hop == Hop::AdjacentScreen && screen != from + t.vec_step[ride.vec]) continue;
        BB r = t.ray[ride.vec][screen];
        const BB beyond = r & occ;
        if (any(beyond)) r &= ~t.ray[ride.vec][t.nearest(ride.vec, beyond)];
        reach |= r;
    }
    for (const auto& leap : pp.lame[from])
        if (leap.capture && !any(leap.path & occ)) reach |= square_bit<BB>(leap.to);
    return reach;
}

template <class BB>
bool Board<BB>::attacked(int sq, Color by) const {
    const T& t = *t_;
    const BB theirs = by_color_[by];
    for (std::uint32_t ts = t.leap_attackers[by]; ts; ts &= ts - 1) {
        const int type = std::countr_zero(ts);
        if (any(t.piece(by, type).reverse_leap_capture[sq] & by_type_[type] & theirs)) return true;
    }
    const BB occ = occupied();
    for (const auto& ar : t.attack_rays[by]) {
        const BB line = t.ray[ar.reverse_vec][sq] & occ;
        if (!any(line)) continue;
        const int b = t.nearest(ar.reverse_vec, line);
        const Piece p = squares_[b];
        if (color_of(p) != by) continue;
        const int type = type_of(p);
        if (ar.types >> type & 1) return true;
        for (auto [lt, range] : ar.limited) {
            const int step = t.vec_step[ar.reverse_vec];
            if (lt == type && (b - sq) / step <= range) return true;
        }
    }
    for (std::uint32_t ts = t.complex_attackers[by]; ts; ts &= ts - 1) {
        const int type = std::countr_zero(ts);
        BB attackers = by_type_[type] & theirs;
        while (any(attackers))
            if (test(capture_reach(by, type, pop_lsb(attackers), occ), sq)) return true;
    }
    return false;
}

template <class BB>
bool Board<BB>::royal_attacked(Color c) const {
    BB royals = royals_ & by_color_[c];
    while (any(royals))
        if (attacked(pop_lsb(royals), ~c)) return true;
    return false;
}

template <class BB>
void Board<BB>::generate_legal(MoveList& out) {
    generate_pseudo_legal(out);
    if (!t_->variant->check_rules) return;
    const Color us = stm_;
    const bool royal_capture_wins = t_->variant->end.royal_capture.has_value();
    int kept = 0;
    for (int i = 0; i < out.size(); ++i) {
        const Move m = out[i];
        make(m);
        // Taking the last enemy royal ends the game, so it stands even if it exposes ours.
        const bool legal = !royal_attacked(us) || (royal_capture_wins && !has_royal(~us));
        unmake();
        if (legal) out.set(kept++, m);
    }
    out.resize(kept);
}

template <class BB>
int Board<BB>::count_legal() {
    MoveList list;
    generate_legal(list);
    return list.size();
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
