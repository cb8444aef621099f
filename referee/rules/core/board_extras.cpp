// The state a position keeps beyond its placement, in the variants that have it: pieces in
// hand (drops, captures to hand), the marks of promoted pieces that demote when captured,
// and the checks each side has given. make() and unmake() come here only where the variant
// has one of them (Tables::extras), so chess and the MiniChess games pay nothing for it.
#include <bit>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
template <bool kKeyed>
void Board<BB>::add_to_hand(Color c, int type) {
    const int n = ++hand_[c][type];
    if constexpr (kKeyed) key_ ^= t_->hand_key(c, type, n);
}

template <class BB>
template <bool kKeyed>
void Board<BB>::take_from_hand(Color c, int type) {
    const int n = hand_[c][type]--;
    if constexpr (kKeyed) key_ ^= t_->hand_key(c, type, n);
}

template <class BB>
void Board<BB>::set_extras(const PositionFields& f) {
    const Variant& v = *t_->variant;
    const Geometry& g = t_->g;
    if (!f.promoted.empty())
        for (int s = 0; s < t_->nsq; ++s) {
            if (!f.promoted[s] || !squares_[s]) continue;
            if (!t_->marks_promoted)
                throw PositionError(fmt::format(
                    "the '~' on {} marks a promoted piece, which {} does not tell apart "
                    "(only variants whose captures go to hand as the piece promoted from do)",
                    g.name(s), v.name));
            // What it was before: the first piece type that promotes to it.
            const int type = type_of(squares_[s]);
            int from_type = -1;
            for (int k = 0; k < t_->ntypes && from_type < 0; ++k)
                for (int to : t_->piece(White, k).promotion_types)
                    if (to == type) from_type = k;
            if (from_type < 0)
                throw PositionError(
                    fmt::format("the {} on {} is marked promoted ('~'), but no "
                                "piece of {} promotes to it",
                                v.pieces[type].name, g.name(s), v.name));
            promoted_ |= square_bit<BB>(s);
            demoted_[s] = static_cast<std::uint8_t>(from_type);
        }
    if (!f.hand.empty() && !v.has_hands())
        throw PositionError(fmt::format("the FEN has pieces in hand ('[{}]'), but {} has no hands",
                                        f.hand, v.name));
    for (char c : f.hand) {
        const int type = v.type_of(c);
        if (type < 0)
            throw PositionError(fmt::format("'{}' in the hand is not a piece of {}", c, v.name));
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        if (hand_[color][type] == T::kMaxInHand)
            throw PositionError(fmt::format("more than {} of '{}' in hand", T::kMaxInHand, c));
        add_to_hand<true>(color, type);
    }
    if (f.counting) {
        if (t_->counting == CountingRule::None)
            throw PositionError(
                fmt::format("the FEN has a count ('{} {}' after the castling field), but {} has no "
                            "counting rule",
                            (*f.counting)[0], (*f.counting)[1], v.name));
        if ((*f.counting)[0] > 65535 || (*f.counting)[1] > 65535)
            throw PositionError(
                fmt::format("the count {} of {} cannot be", (*f.counting)[1], (*f.counting)[0]));
        counting_limit_ = (*f.counting)[0];
        counting_ply_ = (*f.counting)[1];
    }
    if (f.checks_remaining || f.checks_given) {
        if (!t_->counts_checks)
            throw PositionError(
                fmt::format("the FEN counts checks, but {} has no check-count ending", v.name));
        const int count = v.end.check_count;
        for (Color c : {White, Black}) {
            const int given =
                f.checks_given ? (*f.checks_given)[c] : count - (*f.checks_remaining)[c];
            if (given < 0 || given > count)
                throw PositionError(fmt::format("{} cannot have {} checks to give in {} (of {})",
                                                color_name(c), count - given, v.name, count));
            checks_[c] = static_cast<std::uint8_t>(given);
        }
    }
}

// After the pieces have moved and the side to move has changed.
template <class BB>
template <bool kKeyed>
void Board<BB>::play_extras(Undo& u) {
    const T& t = *t_;
    const Move m = u.move;
    const Color us = ~stm_;
    u.to_hand = -1;
    u.moved_promoted = u.captured_promoted = false;
    u.checks[0] = checks_[0];
    u.checks[1] = checks_[1];
    u.counting_limit = static_cast<std::uint16_t>(counting_limit_);
    u.counting_ply = static_cast<std::uint16_t>(counting_ply_);
    if (t.gating || t.unmoved_squares)
        play_gate<kKeyed>(u);  // first: the gated piece may give check
    if (m.is_drop()) {
        take_from_hand<kKeyed>(us, t.drop_from_hand[m.drop_type()]);
        if (t.castling_by_drops) castling_from_drop<kKeyed>(us, m.to);
    }
    if (t.captures_to_hand) {
        if (u.captured) {
            int type = t.hand_type[type_of(u.captured)];  // shogi's +P goes back as P
            if (test(promoted_, u.captured_sq)) {
                u.captured_promoted = true;
                u.captured_demoted = demoted_[u.captured_sq];
                type = demoted_[u.captured_sq];
                promoted_ &= ~square_bit<BB>(u.captured_sq);
            }
            if (!(t.royal_types >> type & 1) && hand_[us][type] < T::kMaxInHand) {
                add_to_hand<kKeyed>(us, type);
                u.to_hand = static_cast<std::int8_t>(type);
            }
        }
        if (!m.is_drop() && m.kind() != MoveKind::Castle && test(promoted_, m.from)) {
            u.moved_promoted = true;
            promoted_ ^= square_bit<BB>(m.from) | square_bit<BB>(m.to);
            demoted_[m.to] = demoted_[m.from];
        }
        if (m.promotion && t.marks_promoted) {
            promoted_ |= square_bit<BB>(m.to);
            demoted_[m.to] = static_cast<std::uint8_t>(type_of(u.moved));
        }
    }
    if (t.counts_checks && checks_[us] < 255 && royal_attacked(stm_)) {
        ++checks_[us];
        if constexpr (kKeyed) key_ ^= t.zobrist_checks[us * 256 + checks_[us]];
    }
    if (t.counting != CountingRule::None) update_counting(u.captured != kNoPiece);
}

// Before the pieces move back; the side to move is the mover again. The key comes back
// whole from the record.
template <class BB>
void Board<BB>::unmake_extras(const Undo& u) {
    const Move m = u.move;
    const Color us = stm_;
    checks_[0] = u.checks[0];
    checks_[1] = u.checks[1];
    counting_limit_ = u.counting_limit;
    counting_ply_ = u.counting_ply;
    if (t_->gating || t_->unmoved_squares) unmake_gate(u);
    if (m.is_drop()) ++hand_[us][t_->drop_from_hand[m.drop_type()]];
    if (u.to_hand >= 0) --hand_[us][u.to_hand];
    if (!t_->captures_to_hand) return;
    if (m.promotion) promoted_ &= ~square_bit<BB>(m.to);
    if (u.moved_promoted) {
        promoted_ ^= square_bit<BB>(m.from) | square_bit<BB>(m.to);
        demoted_[m.from] = demoted_[m.to];
    }
    if (u.captured_promoted) {
        promoted_ |= square_bit<BB>(u.captured_sq);
        demoted_[u.captured_sq] = u.captured_demoted;
    }
}

template class Board<Bits64>;
template class Board<Bits256>;
template void Board<Bits64>::play_extras<true>(Undo&);
template void Board<Bits64>::play_extras<false>(Undo&);
template void Board<Bits256>::play_extras<true>(Undo&);
template void Board<Bits256>::play_extras<false>(Undo&);

}  // namespace referee::rules
