// Standard Algebraic Notation for any variant: the piece letter (none for pawns), just
// enough of the origin to tell twins apart, x for captures, =X for promotions, + and # where
// the variant has check.
#include <cctype>

#include "referee/rules/position.hpp"

namespace referee::rules {

std::string Position::san(Move m) const {
    const Geometry& g = rules_.geometry();
    const Variant& v = rules_.variant();
    if (m.kind() == MoveKind::Castle) {
        std::string out = g.file_of(m.to) > g.file_of(m.from) ? "O-O" : "O-O-O";
        Position after = *this;
        after.play(m);
        if (v.check_rules && after.in_check()) out += after.legal_moves().empty() ? "#" : "+";
        return out;
    }
    const char mover = letter_at(m.from);
    const int type = v.type_of(mover);
    const bool pawn = v.pieces[type].pawn;
    const bool capture = letter_at(m.to) != '.' || m.kind() == MoveKind::EnPassant;
    std::string out;
    if (pawn) {
        if (capture) out += static_cast<char>('a' + g.file_of(m.from));
    } else {
        out += v.pieces[type].letter;
        bool twin = false, same_file = false, same_rank = false;
        for (const Move& other : legal_moves()) {
            if (other.to != m.to || other.from == m.from ||
                v.type_of(letter_at(other.from)) != type)
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
    if (v.check_rules) {
        Position after = *this;
        after.play(m);
        if (after.in_check()) out += after.legal_moves().empty() ? "#" : "+";
    }
    return out;
}

}  // namespace referee::rules
