// Castling where the king and rooks may start anywhere on the first rank (chess960): the
// castling moves are the position's own, found from the FEN's rights and where the pieces
// stand. Each right names a rook: K or Q (a castling rule's letter) the outermost one on that
// rule's side of the king, a file letter (Shredder-FEN, A-H for White) the one on that file.
// The king and the rook end where the rule says (king_to, rook_to), as in chess.
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
void Board<BB>::set_free_castling(const std::string& rights) {
    const Variant& v = *t_->variant;
    const Geometry& g = t_->g;
    auto set = std::make_shared<typename T::CastleSet>();
    // Whether a rule castles towards the last file (the king's side in chess).
    auto towards_last_file = [&](const CastlingRule& cr) {
        return g.file_of(cr.rook_from) > g.file_of(cr.king_from);
    };
    for (char c : rights) {
        const Color color = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        const int rank = color == White ? 0 : g.height - 1;
        int king = kNoSquare;
        for (int f = 0; f < g.width; ++f) {
            const Piece p = squares_[g.at(f, rank)];
            if (p && color_of(p) == color && (t_->royal_types >> type_of(p) & 1))
                king = g.at(f, rank);
        }
        if (king == kNoSquare)
            throw PositionError(fmt::format("castling right '{}' needs {}'s king on its first rank",
                                            c, color_name(color)));
        // The rule: named by its letter, or by the side of the rook's file.
        int rule = -1;
        int rook = kNoSquare;
        for (std::size_t i = 0; i < v.castling.size(); ++i)
            if (v.castling[i].right == up) rule = static_cast<int>(i);
        if (rule < 0 && up >= 'A' && up < 'A' + g.width) {
            rook = g.at(up - 'A', rank);
            const bool last = g.file_of(rook) > g.file_of(king);
            for (std::size_t i = 0; i < v.castling.size(); ++i)
                if (towards_last_file(v.castling[i]) == last) rule = static_cast<int>(i);
        }
        if (rule < 0)
            throw PositionError(fmt::format(
                "'{}' is not a castling right of {} (a rule's letter, or a rook's file)", c,
                v.name));
        const CastlingRule& cr = v.castling[rule];
        const int rook_type = t_->castles()[rule].rook_type;
        auto is_rook = [&](int s) {
            const Piece p = squares_[s];
            return p && color_of(p) == color && type_of(p) == rook_type;
        };
        if (rook == kNoSquare) {  // the outermost rook on the rule's side
            const bool last = towards_last_file(cr);
            for (int f = last ? g.width - 1 : 0; f != g.file_of(king); f += last ? -1 : 1)
                if (is_rook(g.at(f, rank))) {
                    rook = g.at(f, rank);
                    break;
                }
        }
        if (rook == kNoSquare || !is_rook(rook) || rook == king)
            throw PositionError(
                fmt::format("castling right '{}' needs {}'s {} on its side of the "
                            "king on {}",
                            c, color_name(color), v.pieces[rook_type].name, g.name(king)));
        for (const auto& k : set->castles)
            if (k.color == color &&
                (k.rook_from == rook ||
                 k.king_to == (color == White ? cr.king_to : g.mirror_rank(cr.king_to))))
                throw PositionError(
                    fmt::format("castling right '{}' names a side that has a right already", c));
        auto side = [&](int s) { return color == White ? s : g.mirror_rank(s); };
        castling_ |= 1u << set->castles.size();
        auto k =
            T::make_castle(color, c, king, side(cr.king_to), rook, side(cr.rook_to), rook_type);
        k.key = t_->zobrist_free_castle[(color * v.castling.size() + rule) * t_->nsq + rook];
        set->add(std::move(k), t_->nsq);
    }
    if (set->castles.size() > t_->zobrist_castle.size())
        throw PositionError(
            fmt::format("the castling rights '{}' are more than {} has", rights, v.name));
    own_castles_ = std::move(set);
    castles_ = own_castles_.get();
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
