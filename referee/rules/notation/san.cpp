// Standard Algebraic Notation for any variant: the piece letter (none for pawns), just
// enough of the origin to tell twins apart, x for captures, =X for promotions, + and # where
// the variant has check.
#include <cctype>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

// "+" or "#" when m gives check (only where the variant has check rules). The move is
// played and taken back on this very board, which ends as it was: no copy of the position,
// and the legal moves it keeps stay true.
std::string Position::check_suffix(Move m) const {
    if (!rules_.variant().check_rules) return {};
    return visit([m](auto& b) {
        b.make(m);
        const char* suffix = b.in_check() ? (b.count_legal() == 0 ? "#" : "+") : "";
        b.unmake();
        return std::string(suffix);
    });
}

std::string Position::san(Move m) const {
    const Geometry& g = rules_.geometry();
    const Variant& v = rules_.variant();
    if (m.kind() == MoveKind::Castle) {
        // The side is the rook's: in chess960 the king may stay where it is (g1) or step
        // towards the other side (b1-c1 castling long).
        std::string out = g.file_of(castle_rook_square(m)) > g.file_of(m.from) ? "O-O" : "O-O-O";
        // Gating while castling names the square too, as Fairy-Stockfish writes it (O-O/He1).
        if (m.gates())
            out += "/" + std::string(1, v.pieces[m.gate_type()].letter) + g.name(m.gate_square);
        return out + check_suffix(m);
    }
    if (m.is_drop()) return move_name(m) + check_suffix(m);  // "P@e4", as pychess writes it
    if (m.is_pass()) return "pass";  // janggi's: the board stays as it is, so no check either
    const int type = piece_at(m.from)->type;
    const bool pawn = v.pieces[type].pawn;
    // A promotion where the piece stands (sittuyin) finds only itself on its square.
    const bool capture = (m.from != m.to && piece_at(m.to)) || m.kind() == MoveKind::EnPassant;
    std::string out;
    if (pawn) {
        // A promotion by a sideways leap onto an empty square (sittuyin's, e5f6=F) names
        // its whole origin, as Fairy-Stockfish does: two pawns may reach that square so.
        const auto sideways_promotion = [&](Move x) {
            return !capture && x.promotion && g.file_of(x.from) != g.file_of(x.to);
        };
        // Other pawns' moves there: two Berolina pawns may step onto one square.
        bool twin = false, same_file = false;
        for (const Move& other : legal_here()) {
            if (other.to != m.to || other.from == m.from || other.is_drop() || other.gates() ||
                other.kind() == MoveKind::Castle || sideways_promotion(other) ||
                !v.pieces[piece_at(other.from)->type].pawn)
                continue;
            twin = true;
            same_file |= g.file_of(other.from) == g.file_of(m.from);
        }
        if (sideways_promotion(m) || (same_file && (capture || twin)))
            out += g.name(m.from);
        else if (capture || twin)
            out += static_cast<char>('a' + g.file_of(m.from));
    } else {
        out += v.pieces[type].letter;
        bool twin = false, same_file = false, same_rank = false;
        for (const Move& other : legal_here()) {
            if (other.to != m.to || other.from == m.from || other.is_drop() || other.gates() ||
                piece_at(other.from)->type != type)
                continue;
            twin = true;
            same_file |= g.file_of(other.from) == g.file_of(m.from);
            same_rank |= g.rank_of(other.from) == g.rank_of(m.from);
        }
        if (twin) {
            if (!same_file)
                out += static_cast<char>('a' + g.file_of(m.from));
            else if (!same_rank)
                out += std::to_string(g.rank_of(m.from) + 1);
            else
                out += g.name(m.from);
        }
    }
    if (capture) out += 'x';
    out += g.name(m.to);
    if (m.promotion) out += std::string("=") + v.pieces[m.promotion_type()].letter;
    if (m.gates()) out += std::string("/") + v.pieces[m.gate_type()].letter;  // Nc3/H
    return out + check_suffix(m);
}

}  // namespace referee::rules
