// Gating (Seirawan chess, as Fairy-Stockfish plays it): the pieces in hand come into play
// only with a back-rank piece's first move, on the square it leaves, or, when castling, on
// the king's or the rook's square. Each side keeps the squares it may still gate on; the
// FEN writes them as file letters in the castling field ("KQABCDEFGHkqabcdefgh"), a
// castling right also naming its king's and rook's squares. A square stops gating when
// its piece moves or is captured there, and a side whose hand is empty gates no more.
// The same squares serve first moves (first_moves.cpp): there they say which pieces have
// not moved yet.
//
// A gated move is legal exactly when the same move without the gate is: the piece brought
// in is never counted as shielding the king (Fairy-Stockfish judges the move as if the
// square stayed empty), so the gated moves are added to the legal ones afterwards.
#include <bit>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/core/board.hpp"

namespace referee::rules {
namespace {

bool empty_hand(const std::array<std::uint8_t, 32>& hand, int ntypes) {
    for (int type = 0; type < ntypes; ++type)
        if (hand[type]) return false;
    return true;
}

}  // namespace

template <class BB>
void Board<BB>::add_gated_moves(MoveList& list) const {
    const Color us = stm_;
    const BB gates = gates_[us];
    if (!any(gates)) return;
    int types[32], ntypes = 0;  // the kinds in hand
    for (int type = 0; type < t_->ntypes; ++type)
        if (hand_[us][type]) types[ntypes++] = type;
    if (!ntypes) return;
    const int n = list.size();
    for (int i = 0; i < n; ++i) {
        const Move m = list[i];
        if (m.is_drop()) continue;
        int squares[2], nsquares = 0;  // the squares this move vacates and may gate on
        if (m.kind() == MoveKind::Castle) {
            const auto& k = castles_->castles[m.castle_index()];
            if (test(gates, k.king_from)) squares[nsquares++] = k.king_from;
            if (test(gates, k.rook_from)) squares[nsquares++] = k.rook_from;
        } else if (test(gates, m.from)) {
            squares[nsquares++] = m.from;
        }
        for (int q = 0; q < nsquares; ++q)
            for (int k = 0; k < ntypes; ++k)
                if (test(t_->piece(us, types[k]).drop_zone, squares[q]))
                    list.push(m.with_gate(types[k], squares[q]));
    }
}

// Letters that are castling rights stay castling rights (and gate on their king's and
// rook's squares, as Fairy-Stockfish reads them); a file letter (upper case White's, on its
// first rank; lower case Black's, on its last) names one gating square.
template <class BB>
std::string Board<BB>::set_gates(const std::string& field) {
    const Geometry& g = t_->g;
    std::string rights;
    for (char c : field) {
        bool right = false;
        for (const auto& k : castles())
            if (k.right == c) {
                right = true;
                gates_[k.color] |= square_bit<BB>(k.king_from) | square_bit<BB>(k.rook_from);
            }
        if (right) {
            rights += c;
            continue;
        }
        const bool upper = std::isupper(static_cast<unsigned char>(c)) != 0;
        const int file = std::tolower(static_cast<unsigned char>(c)) - 'a';
        if (file < 0 || file >= g.width)
            throw PositionError(fmt::format(
                "'{}' in the castling field is neither a castling right of {} nor the file "
                "of a piece that may still gate or make its first move",
                c, t_->variant->name));
        const Color color = upper ? White : Black;
        gates_[color] |= square_bit<BB>(g.at(file, color == White ? 0 : g.height - 1));
    }
    // A side with an empty hand gates no more (play_gate keeps it so): the squares its
    // castling rights imply are dropped, so that the FEN written reads back the same.
    for (Color c : {White, Black}) {
        if (t_->gating && empty_hand(hand_[c], t_->ntypes) && !t_->captures_to_hand)
            gates_[c] = BB{};
        for (BB b = gates_[c]; any(b);) key_ ^= t_->zobrist_gate[c * t_->nsq + pop_lsb(b)];
    }
    return rights;
}

template <class BB>
std::string Board<BB>::gate_letters(Color c) const {
    std::string out;
    for (BB b = gates_[c]; any(b);) {
        const char file = static_cast<char>('a' + t_->g.file_of(pop_lsb(b)));
        out +=
            c == White ? static_cast<char>(std::toupper(static_cast<unsigned char>(file))) : file;
    }
    return out;
}

// After the move's pieces have moved; the side to move is already the other one.
template <class BB>
template <bool kKeyed>
void Board<BB>::play_gate(const Undo& u) {
    const Move m = u.move;
    const Color us = ~stm_, them = stm_;
    gate_history_.push_back({gates_[0], gates_[1]});
    const BB before[2] = {gates_[0], gates_[1]};
    if (m.gates()) {
        // By hand rather than through put() and take_from_hand(), whose templates live in
        // other files.
        const Piece p = make_piece(us, m.gate_type());
        place(p, m.gate_square);
        const int n = hand_[us][m.gate_type()]--;
        if constexpr (kKeyed)
            key_ ^=
                t_->zobrist_piece[p * t_->nsq + m.gate_square] ^ t_->hand_key(us, m.gate_type(), n);
    }
    if (!m.is_drop()) {
        gates_[us] &= ~square_bit<BB>(m.from);
        if (m.kind() == MoveKind::Castle)
            gates_[us] &= ~square_bit<BB>(castles_->castles[m.castle_index()].rook_from);
        gates_[them] &= ~square_bit<BB>(m.to);
    }
    if (t_->gating && empty_hand(hand_[us], t_->ntypes) && !t_->captures_to_hand) gates_[us] = BB{};
    if constexpr (kKeyed)
        for (Color c : {White, Black})
            for (BB b = before[c] ^ gates_[c]; any(b);)
                key_ ^= t_->zobrist_gate[c * t_->nsq + pop_lsb(b)];
}

// Before the move's pieces go back; the side to move is the mover again.
template <class BB>
void Board<BB>::unmake_gate(const Undo& u) {
    const Move m = u.move;
    if (m.gates()) {
        lift(m.gate_square);
        ++hand_[stm_][m.gate_type()];
    }
    gates_[0] = gate_history_.back()[0];
    gates_[1] = gate_history_.back()[1];
    gate_history_.pop_back();
}

template class Board<Bits64>;
template class Board<Bits256>;
template void Board<Bits64>::play_gate<true>(const Undo&);
template void Board<Bits64>::play_gate<false>(const Undo&);
template void Board<Bits256>::play_gate<true>(const Undo&);
template void Board<Bits256>::play_gate<false>(const Undo&);

}  // namespace referee::rules
