// Position state: setting up from text, making and taking back moves.
#include "referee/rules/core/board.hpp"

#include <bit>
#include <cctype>

#include <fmt/format.h>

namespace referee::rules {

template <class BB>
Board<BB>::Board(std::shared_ptr<const T> tables)
    : t_(std::move(tables)), castles_(&t_->castle_set), extras_(t_->extras) {
    history_.reserve(256);
}

template <class BB>
template <bool kKeyed>
void Board<BB>::put(Piece p, int s) {
    place(p, s);
    if constexpr (kKeyed) key_ ^= t_->zobrist_piece[p * t_->nsq + s];
}

template <class BB>
template <bool kKeyed>
void Board<BB>::remove(int s) {
    if constexpr (kKeyed) key_ ^= t_->zobrist_piece[squares_[s] * t_->nsq + s];
    lift(s);
}

template <class BB>
void Board<BB>::clear() {
    squares_.fill(kNoPiece);
    by_color_[0] = by_color_[1] = royals_ = BB{};
    by_type_.fill(BB{});
    stm_ = White;
    castling_ = 0;
    ep_ = ep_last_ = ep_victim_ = kNoSquare;
    halfmove_ = 0;
    fullmove_ = 1;
    key_ = 0;
    for (auto& h : hand_) h.fill(0);
    promoted_ = BB{};
    checks_[0] = checks_[1] = 0;
    gates_[0] = gates_[1] = BB{};
    counting_limit_ = counting_ply_ = 0;
    gate_history_.clear();
    history_.clear();
}

// What no game can reach, whatever the variant: a piece that must promote standing
// unpromoted in its promotion zone, or a side with more royal pieces than the variant's
// start gives it (two kings in chess).
template <class BB>
void Board<BB>::check_placement() const {
    const Variant& v = *t_->variant;
    const Geometry& g = t_->g;
    int royals[2] = {0, 0};
    for (int s = 0; s < t_->nsq; ++s) {
        Piece p = squares_[s];
        if (!p) continue;
        const PieceType& pt = v.pieces[type_of(p)];
        if (!pt.promotes_to.empty() && test(t_->piece(color_of(p), type_of(p)).stranded, s))
            throw PositionError(
                fmt::format("{}'s {} on {} stands where it must already have promoted",
                            color_name(color_of(p)), pt.name, g.name(s)));
        if (pt.royal) ++royals[color_of(p)];
    }
    if (royals[White] <= 1 && royals[Black] <= 1) return;
    int allowed[2] = {0, 0};
    const PositionFields start = parse_fen(g, v.start_fen);
    for (char c : start.placement)
        if (c != '.' && v.type_of(c) >= 0 && v.pieces[v.type_of(c)].royal)
            ++allowed[std::isupper(static_cast<unsigned char>(c)) ? White : Black];
    for (Color c : {White, Black})
        if (royals[c] > std::max(allowed[c], 1))
            throw PositionError(fmt::format("{} has {} royal pieces; {} starts with {}",
                                            color_name(c), royals[c], v.name, allowed[c]));
}

template <class BB>
void Board<BB>::set(const PositionFields& f) {
    const Variant& v = *t_->variant;
    const Geometry& g = t_->g;
    clear();
    for (int s = 0; s < t_->nsq; ++s) {
        char c = f.placement[s];
        if (c == '.') continue;
        const bool plus = !f.plus.empty() && f.plus[s];  // "+P": P's promoted form
        int type = plus ? v.promoted_form(c) : v.type_of(c);
        if (type < 0)
            throw PositionError(fmt::format("'{}{}' on {} is not a piece of {}", plus ? "+" : "", c,
                                            g.name(s), v.name));
        put(make_piece(std::isupper(static_cast<unsigned char>(c)) ? White : Black, type), s);
    }
    check_placement();
    set_extras(f);
    stm_ = f.side_to_move;
    halfmove_ = f.halfmove_clock;
    fullmove_ = f.fullmove_number;

    auto rights_possible = [&](const typename T::Castle& k) {
        Piece king = squares_[k.king_from], rook = squares_[k.rook_from];
        return king && color_of(king) == k.color &&
               (k.king_type >= 0 ? type_of(king) == k.king_type
                                 : (t_->royal_types >> type_of(king) & 1)) &&
               rook && color_of(rook) == k.color && type_of(rook) == k.rook_type;
    };
    castles_ = &t_->castle_set;
    own_castles_.reset();
    if (!f.castling_given) {
        // A board dump carries no rights: a king and rook on their home squares are taken
        // as unmoved, which is what the MiniChess world's programs assume.
        for (std::size_t i = 0; i < castles().size(); ++i)
            if (rights_possible(castles()[i])) castling_ |= 1u << i;
    } else if (v.chess960 && f.castling != "-") {
        set_free_castling(f.castling);
    } else if (f.castling != "-") {
        // With gating the field also names the squares that may gate (set_gates).
        const std::string rights =
            t_->gating || t_->unmoved_squares ? set_gates(f.castling) : f.castling;
        for (char c : rights) {
            bool found = false;
            for (std::size_t i = 0; i < castles().size(); ++i) {
                const auto& k = castles()[i];
                if (k.right != c) continue;
                found = true;
                if (!rights_possible(k))
                    throw PositionError(
                        fmt::format("castling right '{}' needs {}'s king on {} and rook on {}", c,
                                    color_name(k.color), g.name(k.king_from), g.name(k.rook_from)));
                if (castling_ & (1u << i))
                    throw PositionError(fmt::format("castling right '{}' is given twice", c));
                castling_ |= 1u << i;
            }
            if (!found)
                throw PositionError(fmt::format(
                    "'{}' is not a castling right of {} (the rights are {})", c, v.name, [&] {
                        std::string r;
                        for (const auto& k : castles()) r += k.right;
                        return r.empty() ? std::string("none") : r;
                    }()));
        }
    }
    for (std::size_t i = 0; i < castles().size(); ++i)
        if (castling_ >> i & 1) key_ ^= castles()[i].key;

    if (f.en_passant != "-") {
        set_en_passant(f.en_passant);
        if (ep_capturable()) key_ ^= t_->zobrist_ep[ep_];
    }
    if (stm_ == Black) key_ ^= t_->zobrist_side;
    if (t_->counts_checks)
        for (Color c : {White, Black})
            for (int n = 1; n <= checks_[c]; ++n) key_ ^= t_->zobrist_checks[c * 256 + n];

    // Under check rules (and no king capture) every position of a game has the royal
    // pieces the start has, and the side that has just moved cannot have left its own
    // attacked.
    if (v.check_rules && !v.end.royal_capture) {
        const int royal_type = std::countr_zero(t_->royal_types);
        const std::string& royal = v.pieces[royal_type].name;
        for (Color c : {White, Black})
            if (!has_royal(c) && t_->start_royal[c])
                throw PositionError(fmt::format("{} has no {}; in {} both sides need one",
                                                color_name(c), royal, v.name));
        // Under duple check only all of them at once.
        for (BB royals = royals_ & by_color_[~stm_]; any(royals) && royal_attacked(~stm_);) {
            const int s = pop_lsb(royals);
            if (attacked(s, stm_))
                throw PositionError(fmt::format(
                    "{}'s {} on {} is attacked with {} to move, which no legal move leads to",
                    color_name(~stm_), v.pieces[type_of(squares_[s])].name, g.name(s),
                    color_name(stm_)));
        }
    }
}

template <class BB>
PositionFields Board<BB>::fields() const {
    PositionFields f;
    f.placement.assign(t_->nsq, '.');
    for (int s = 0; s < t_->nsq; ++s)
        if (Piece p = squares_[s]) {
            const PieceType& pt = t_->variant->pieces[type_of(p)];
            char c = pt.promoted_form_of ? pt.promoted_form_of : pt.letter;
            if (pt.promoted_form_of) {
                if (f.plus.empty()) f.plus.assign(t_->nsq, false);
                f.plus[s] = true;
            }
            f.placement[s] = color_of(p) == White
                                 ? c
                                 : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    f.side_to_move = stm_;
    f.castling.clear();
    for (Color c : {White, Black}) {  // as Fairy-Stockfish: White's rights, then Black's
        for (std::size_t i = 0; i < castles().size(); ++i)
            if ((castling_ >> i & 1) && castles()[i].color == c) f.castling += castles()[i].right;
        if (t_->gating || t_->unmoved_squares) f.castling += gate_letters(c);
    }
    if (f.castling.empty()) f.castling = "-";
    f.castling_given = true;
    f.en_passant = en_passant_field();
    f.halfmove_clock = halfmove_;
    f.fullmove_number = fullmove_;
    if (any(promoted_)) {
        f.promoted.assign(t_->nsq, false);
        for (BB p = promoted_; any(p);) f.promoted[pop_lsb(p)] = true;
    }
    if (t_->variant->has_hands()) {
        f.hand_given = true;
        for (Color c : {White, Black})
            for (int type = 0; type < t_->ntypes; ++type) {
                const char letter = t_->variant->pieces[type].letter;
                f.hand.append(hand_[c][type],
                              c == White ? letter
                                         : static_cast<char>(
                                               std::tolower(static_cast<unsigned char>(letter))));
            }
    }
    if (counting_limit_) f.counting = std::array<int, 2>{counting_limit_, counting_ply_};
    if (t_->counts_checks) {
        const int count = t_->variant->end.check_count;
        f.checks_remaining = std::array<int, 2>{std::max(0, count - checks_[White]),
                                                std::max(0, count - checks_[Black])};
    }
    return f;
}

template <class BB>
void Board<BB>::make(Move m) {
    play<true>(m);
}

// Without the key (kKeyed false) for perft in variants without a repetition rule, the only
// reader of the key: the key then stays as it was, and unmake() puts back that same value.
template <class BB>
template <bool kKeyed>
void Board<BB>::play(Move m) {
    const T& t = *t_;
    const int from = m.from, to = m.to;
    // A drop's square is empty: its piece comes from the drop field (make_piece's code is
    // colour << 5 | (type + 1), and the field holds type + 1). Without a branch.
    const Piece moved = squares_[from] | static_cast<Piece>(m.drop ? (stm_ << 5 | m.drop) : 0);
    // Filled in place, field by field: a record built on the stack and copied in was
    // re-read wide right after its narrow stores, a stall that cost make() a third of its time.
    Undo& u = history_.emplace_back();
    u.move = m;
    u.moved = moved;
    u.captured = kNoPiece;
    u.captured_sq = kNoSquare;
    u.castling = castling_;
    u.ep = static_cast<std::int16_t>(ep_);
    u.ep_last = static_cast<std::int16_t>(ep_last_);
    u.ep_victim = static_cast<std::int16_t>(ep_victim_);
    u.halfmove = halfmove_;
    u.key = key_;

    if (kKeyed && ep_capturable()) key_ ^= t.zobrist_ep[ep_];
    ep_ = ep_last_ = ep_victim_ = kNoSquare;
    ++halfmove_;

    switch (m.kind()) {
        case MoveKind::Castle: {
            const auto& k = castles_->castles[m.castle_index()];
            const Piece rook = squares_[k.rook_from];
            remove<kKeyed>(k.king_from);
            remove<kKeyed>(k.rook_from);
            put<kKeyed>(moved, k.king_to);
            put<kKeyed>(rook, k.rook_to);
            break;
        }
        case MoveKind::Drop:
            put<kKeyed>(moved, to);  // the hand is one of the extras below
            break;
        case MoveKind::EnPassant:
            u.captured_sq = u.ep_victim;
            u.captured = squares_[u.captured_sq];
            remove<kKeyed>(u.captured_sq);
            remove<kKeyed>(from);
            put<kKeyed>(moved, to);
            halfmove_ = 0;
            break;
        default:
            // The piece leaves first: a promotion where it stands (promotion_moves.cpp) has
            // from == to and captures nothing.
            remove<kKeyed>(from);
            if (squares_[to]) {
                u.captured = squares_[to];
                u.captured_sq = to;
                remove<kKeyed>(to);
                halfmove_ = 0;
            }
            put<kKeyed>(m.promotion ? make_piece(color_of(moved), m.promotion_type()) : moved, to);
            // A double step, straight or not (the Berolina pawn's), or a triple one (the
            // Mexican pawn's) passes the squares between.
            if (m.kind() == MoveKind::DoubleStep && (t.en_passant_types >> type_of(moved) & 1)) {
                const Geometry& g = t.g;
                const int n = std::max(std::abs(g.file_of(to) - g.file_of(from)),
                                       std::abs(g.rank_of(to) - g.rank_of(from)));
                const int step = (to - from) / n;
                ep_victim_ = to;
                ep_ = from + step;
                ep_last_ = to - step;
            }
    }
    if (t.pawn_types >> type_of(moved) & 1) halfmove_ = 0;

    if (castling_) {
        const std::uint32_t lost = castling_ & (castles_->clear[from] | castles_->clear[to]);
        if constexpr (kKeyed)
            for (std::uint32_t b = lost; b; b &= b - 1)
                key_ ^= castles_->castles[std::countr_zero(b)].key;
        castling_ &= ~lost;
    }

    if (stm_ == Black) ++fullmove_;
    stm_ = ~stm_;
    if constexpr (kKeyed) {
        key_ ^= t.zobrist_side;
        if (ep_capturable()) key_ ^= t.zobrist_ep[ep_];
    }
    if (extras_) play_extras<kKeyed>(u);
}

template <class BB>
void Board<BB>::unmake() {
    const Undo& u = history_.back();
    stm_ = ~stm_;
    if (stm_ == Black) --fullmove_;
    const Move m = u.move;
    if (extras_) unmake_extras(u);
    // The key comes back whole from the record, so the pieces move without key updates.
    if (m.kind() == MoveKind::Castle) {
        const auto& k = castles_->castles[m.castle_index()];
        const Piece rook = squares_[k.rook_to];
        lift(k.king_to);
        lift(k.rook_to);
        place(u.moved, k.king_from);
        place(rook, k.rook_from);
    } else {
        lift(m.to);
        if (!m.drop) place(u.moved, m.from);  // a dropped piece goes back to the hand
        if (u.captured) place(u.captured, u.captured_sq);
    }
    castling_ = u.castling;
    ep_ = u.ep;
    ep_last_ = u.ep_last;
    ep_victim_ = u.ep_victim;
    halfmove_ = u.halfmove;
    key_ = u.key;
    history_.pop_back();
}

template class Board<Bits64>;
template class Board<Bits256>;
template void Board<Bits64>::play<false>(Move);
template void Board<Bits256>::play<false>(Move);

}  // namespace referee::rules
