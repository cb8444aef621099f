// En passant after any double step: a pawn's straight one, a first move's over one square
// midway (the Berolina pawn's imfnA) or a triple step over two (the Mexican pawn's first
// move, fmW3, as Fairy-Max plays it: taken on either square it passed). The position keeps
// the first and the last square passed (ep_, ep_last_; the same square but for a triple
// step) and where the piece stands (ep_victim_).
//
// The FEN's field names the squares passed ("e3", "e3e4"), and, where two pieces may have
// passed them (Berolina pawns on a4 and c4, from c2 and a2 over b3), the piece's square
// first ("a4b3", as Fairy-Stockfish writes the Berolina pawn's).
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "referee/rules/core/board.hpp"

namespace referee::rules {

template <class BB>
BB Board<BB>::ep_squares() const {
    BB out{};
    if (ep_ == kNoSquare) return out;
    const int step = ep_victim_ - ep_last_;
    for (int s = ep_;; s += step) {
        out |= square_bit<BB>(s);
        if (s == ep_last_) break;
    }
    return out;
}

// Only then does the en-passant square belong in the key: two positions differ in rights
// only if a piece can take.
template <class BB>
bool Board<BB>::ep_capturable() const {
    if (ep_ == kNoSquare) return false;
    for (BB passed = ep_squares(); any(passed);) {
        const int s = pop_lsb(passed);
        for (std::uint32_t ts = t_->en_passant_types; ts; ts &= ts - 1) {
            const int type = std::countr_zero(ts);
            if (any(t_->piece(stm_, type).reverse_leap_capture[s] & pieces(stm_, type)))
                return true;
        }
    }
    return false;
}

// The straight double step's piece stands one square beyond the square it passed, its origin
// one before; a first move's may be any way across the squares it passed.
template <class BB>
std::vector<int> Board<BB>::double_steppers(BB passed) const {
    const T& t = *t_;
    const Color them = ~stm_;
    std::vector<int> victims;
    if (any(passed & occupied())) return victims;
    const auto consider = [&](int origin, int to, int type) {
        const Piece vp = squares_[to];
        if (vp && color_of(vp) == them && type_of(vp) == type && (t.en_passant_types >> type & 1) &&
            !squares_[origin] && std::find(victims.begin(), victims.end(), to) == victims.end())
            victims.push_back(to);
    };
    const int forward = them == White ? t.g.width : -t.g.width;
    for (int type = 0; type < t.ntypes; ++type) {
        const auto& pp = t.piece(them, type);
        if (popcount(passed) == 1) {
            const int over = lsb(passed), origin = over - forward, to = over + forward;
            if (origin >= 0 && to >= 0 && origin < t.nsq && to < t.nsq &&
                test(pp.double_step_from, origin))
                consider(origin, to, type);
        }
        for (BB from = pp.first_from; any(from);) {  // unmoved squares are not kept back
            const int origin = pop_lsb(from);
            for (const auto& [leap, double_step] : pp.first[origin])
                if (double_step && leap.path == passed) consider(origin, leap.to, type);
        }
    }
    return victims;
}

template <class BB>
void Board<BB>::set_en_passant(const std::string& field) {
    const Geometry& g = t_->g;
    std::vector<int> squares;
    for (std::size_t at = 0, used = 0; at < field.size(); at += used) {
        const auto sq = g.parse_prefix(std::string_view(field).substr(at), used);
        if (!sq)
            throw PositionError(fmt::format(
                "the en-passant square '{}' is not on the board (a square such as 'e3', or "
                "'e3e4' after a triple step)",
                field));
        squares.push_back(*sq);
    }
    // The piece's own square first, where it stands: the others are the squares it passed.
    std::optional<int> victim;
    if (squares.size() > 1 && squares_[squares.front()]) {
        victim = squares.front();
        squares.erase(squares.begin());
    }
    BB passed{};
    for (int s : squares) passed |= square_bit<BB>(s);
    const Color them = ~stm_;
    const std::vector<int> victims = double_steppers(passed);
    if (victim) {
        if (std::find(victims.begin(), victims.end(), *victim) == victims.end())
            throw PositionError(fmt::format(
                "the en-passant field {}: {} has no piece on {} that may have just "
                "double-stepped over {}",
                field, color_name(them), g.name(*victim), field.substr(g.name(*victim).size())));
    } else if (victims.size() == 1) {
        victim = victims.front();
    } else if (victims.empty()) {
        throw PositionError(fmt::format(
            "the en-passant square {} cannot be: {} did not just make a double step over it", field,
            color_name(them)));
    } else {
        throw PositionError(fmt::format(
            "the en-passant square {} does not say which of {}'s pieces on {} and {} has just "
            "double-stepped over it (write that square first: {}{})",
            field, color_name(them), g.name(victims[0]), g.name(victims[1]), g.name(victims[0]),
            field));
    }
    ep_victim_ = *victim;
    // Nearest the piece's origin first: the passed squares run from ep_ to ep_last_.
    const bool forward = *victim > lsb(passed);
    ep_ = forward ? lsb(passed) : msb(passed);
    ep_last_ = forward ? msb(passed) : lsb(passed);
}

template <class BB>
std::string Board<BB>::en_passant_field() const {
    if (ep_ == kNoSquare) return "-";
    const BB passed = ep_squares();
    std::string out = double_steppers(passed).size() == 1 ? "" : t_->g.name(ep_victim_);
    for (BB b = passed; any(b);) out += t_->g.name(pop_lsb(b));
    return out;
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
