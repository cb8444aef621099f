// The drop rules that look at the whole position (variant/drop_rules.hpp): a filter of the
// legal list, run where the variant has such a rule (Tables::drop_filters, which sends perft
// through the list), and the castling rights that dropping king and rook give.
#include <algorithm>

#include "referee/rules/core/board.hpp"

namespace referee::rules {
namespace {

// Squares of one colour (a1's), for pieces that must be dropped on both colours.
template <class BB>
BB dark_squares(const Geometry& g) {
    BB out{};
    for (int s = 0; s < g.squares(); ++s)
        if ((g.file_of(s) + g.rank_of(s)) % 2 == 0) out |= square_bit<BB>(s);
    return out;
}

}  // namespace

template <class BB>
void Board<BB>::apply_drop_rules(MoveList& list) const {
    const DropRules& d = t_->variant->drop_rules;
    const Color us = stm_;
    int kept = 0;
    if (d.opposite_colours) {
        // Placement's bishops: one on each colour. A bishop may not join one on its colour;
        // any other drop must leave a square of each colour still lacking a bishop for every
        // bishop in hand (as Fairy-Stockfish counts them).
        const int type = t_->variant->type_of(d.opposite_colours);
        const BB dark = dark_squares<BB>(t_->g), light = t_->board & ~dark;
        const BB ours = pieces(us, type);
        const BB open = t_->piece(us, type).drop_zone & t_->board & ~occupied();
        for (const Move m : list) {
            bool legal = true;
            if (m.is_drop() && m.drop_type() == type) {
                legal = !any(ours & (test(dark, m.to) ? dark : light));
            } else if (m.is_drop() && hand_[us][type]) {
                const BB remaining = open & ~square_bit<BB>(m.to);
                const int colours = int(!any(dark & ours) && any(dark & remaining)) +
                                    int(!any(light & ours) && any(light & remaining));
                legal = colours >= hand_[us][type];
            }
            if (legal) list.set(kept++, m);
        }
        list.resize(kept);
    }
    if (d.no_doubled) {
        const int type = t_->variant->type_of(d.no_doubled);
        const BB ours = pieces(us, type);
        kept = 0;
        for (const Move m : list) {
            bool legal = true;
            if (m.is_drop() && m.drop_type() == type && any(ours))
                for (int r = 0; r < t_->g.height && legal; ++r)
                    legal = !test(ours, t_->g.at(t_->g.file_of(m.to), r));
            if (legal) list.set(kept++, m);
        }
        list.resize(kept);
    }
    if (d.must_drop) {
        // Any drop, or only drops of the one piece that must be dropped (koedem's king).
        const int only = d.must_drop_piece ? t_->variant->type_of(d.must_drop_piece) : -1;
        auto counts = [&](Move m) { return m.is_drop() && (only < 0 || m.drop_type() == only); };
        int in_hand = 0;
        for (int type = 0; type < t_->ntypes; ++type)
            if (only < 0 || type == only) in_hand += hand_[us][type];
        if (in_hand && std::any_of(list.begin(), list.end(), counts)) {
            kept = 0;
            for (const Move m : list)
                if (counts(m)) list.set(kept++, m);
            list.resize(kept);
        }
    }
}

// Uchifuzume as Fairy-Stockfish judges it: the side to move is checkmated by the drop just
// made of the variant's no_mate piece.
template <class BB>
bool Board<BB>::mated_by_forbidden_drop() const {
    const char letter = t_->variant->drop_rules.no_mate;
    if (!letter || history_.empty()) return false;
    const Move last = history_.back().move;
    return last.is_drop() && last.drop_type() == t_->variant->type_of(letter);
}

// After a drop by c on `square`: each castling rule of c whose king and rook now both stand
// on their squares gets its right (placement's castling, Fairy-Stockfish's
// castlingDroppedPiece).
template <class BB>
template <bool kKeyed>
void Board<BB>::castling_from_drop(Color c, int square) {
    const auto& castles = castles_->castles;
    for (std::size_t i = 0; i < castles.size(); ++i) {
        const auto& k = castles[i];
        if (k.color != c || castling_ >> i & 1) continue;
        if (square != k.king_from && square != k.rook_from) continue;
        const Piece king = squares_[k.king_from], rook = squares_[k.rook_from];
        const bool king_home = king && color_of(king) == c &&
                               (k.king_type >= 0 ? type_of(king) == k.king_type
                                                 : (t_->royal_types >> type_of(king) & 1));
        if (!king_home || !rook || color_of(rook) != c || type_of(rook) != k.rook_type) continue;
        castling_ |= 1u << i;
        if constexpr (kKeyed) key_ ^= k.key;
    }
}

template class Board<Bits64>;
template class Board<Bits256>;
template void Board<Bits64>::castling_from_drop<true>(Color, int);
template void Board<Bits64>::castling_from_drop<false>(Color, int);
template void Board<Bits256>::castling_from_drop<true>(Color, int);
template void Board<Bits256>::castling_from_drop<false>(Color, int);

}  // namespace referee::rules
