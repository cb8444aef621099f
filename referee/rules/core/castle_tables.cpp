// Castling's tables: one castling move from its squares, and a set of them with the rights
// each square's move loses (Tables::make_castle and CastleSet, tables.hpp).
#include <algorithm>

#include "referee/rules/core/tables.hpp"

namespace referee::rules {

template <class BB>
typename Tables<BB>::Castle Tables<BB>::make_castle(Color c, char right, int king_from, int king_to,
                                                    int rook_from, int rook_to, int rook_type) {
    Castle k{c, right, king_from, king_to, rook_from, rook_to, rook_type, BB{}, {}, BB{}};
    auto span = [&](int a, int b) {  // a and b included
        BB out{};
        for (int s = std::min(a, b); s <= std::max(a, b); ++s) out |= square_bit<BB>(s);
        return out;
    };
    // Everything the king and the rook pass or land on, but the two of them.
    k.must_be_empty = (span(king_from, king_to) | span(rook_from, rook_to)) &
                      ~(square_bit<BB>(king_from) | square_bit<BB>(rook_from));
    const int step = king_to > king_from ? 1 : -1;
    for (int s = king_from;; s += step) {
        k.must_not_be_attacked.push_back(s);
        k.must_not_be_attacked_set |= square_bit<BB>(s);
        if (s == king_to) break;
    }
    return k;
}

template <class BB>
void Tables<BB>::CastleSet::add(Castle k, int nsq) {
    if (clear.empty()) clear.assign(nsq, 0);
    const int bit = static_cast<int>(castles.size());
    clear[k.king_from] |= 1u << bit;
    clear[k.rook_from] |= 1u << bit;
    castles.push_back(std::move(k));
}

template void Tables<Bits64>::CastleSet::add(Castle, int);
template void Tables<Bits256>::CastleSet::add(Castle, int);
template Tables<Bits64>::Castle Tables<Bits64>::make_castle(Color, char, int, int, int, int, int);
template Tables<Bits256>::Castle Tables<Bits256>::make_castle(Color, char, int, int, int, int, int);

}  // namespace referee::rules
