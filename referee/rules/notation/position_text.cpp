// A position's text forms, the members of Rules and Position that read or write text:
// FEN, SFEN and board dumps in and out, a move's name in each style, and the reading of a
// move as an engine or a user writes it (with the reason it is refused). The position
// itself (core/position.cpp) knows no notation beyond the FEN fields.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/notation/sfen.hpp"
#include "referee/rules/notation/usi_notation.hpp"
#include "referee/rules/text/printable.hpp"

namespace referee::rules {

Position Rules::from_text(std::string_view text) const {
    if (looks_like_sfen(text)) return from_sfen(text);
    return looks_like_board_dump(text) ? from_board_dump(text) : from_fen(text);
}
Position Rules::from_sfen(std::string_view sfen) const {
    return Position(*this, parse_sfen(geometry(), sfen));
}
std::string Position::fen() const {
    return fields_to_fen(rules_.geometry(), fields());
}

std::string Position::sfen() const {
    return fields_to_sfen(rules_.variant(), fields());
}
std::string Position::board_dump() const {
    const Geometry& g = rules_.geometry();
    std::string out =
        fmt::format("{} {}\n", fullmove_number(), side_to_move() == White ? 'W' : 'B');
    for (int rank = g.height - 1; rank >= 0; --rank) {
        for (int f = 0; f < g.width; ++f) out += letter_at(g.at(f, rank));
        out += '\n';
    }
    return out;
}

std::string Position::move_name(Move m, MoveStyle style) const {
    if (style == MoveStyle::San) return san(m);
    if (style == MoveStyle::Usi) return usi_move_name(*this, m);
    const Geometry& g = rules_.geometry();
    if (m.is_drop()) {  // the same in every style that has drops: "P@e4"
        const PieceType& dropped = rules_.variant().pieces[m.drop_type()];
        if (dropped.promoted_form_of)  // a promoted form dropped as such (micro): "+B@a1"
            return std::string("+") + dropped.promoted_form_of + "@" + g.name(m.to);
        return dropped.letter + ("@" + g.name(m.to));
    }
    // Chess960 castling in UCI is the king taking its own rook (UCI_Chess960, as
    // Fairy-Stockfish writes and reads it): the king's target alone may be a plain king move.
    const int to =
        style == MoveStyle::Uci && m.kind() == MoveKind::Castle && rules_.variant().chess960
            ? castle_rook_square(m)
            : m.to;
    // A castling that gates on the rook's square is written from the rook to the king, as
    // Fairy-Stockfish writes it ("h1e1h"); "e1g1h" gates on the king's.
    const bool rook_gate =
        m.kind() == MoveKind::Castle && m.gates() && m.gate_square == castle_rook_square(m);
    std::string out =
        rook_gate ? g.name(m.gate_square) + (style == MoveStyle::Dash ? "-" : "") + g.name(m.from)
                  : g.name(m.from) + (style == MoveStyle::Dash ? "-" : "") + g.name(to);
    if (m.gates()) {
        const char letter = rules_.variant().pieces[m.gate_type()].letter;
        out += style == MoveStyle::Uci
                   ? static_cast<char>(std::tolower(static_cast<unsigned char>(letter)))
                   : letter;
    }
    if (m.promotion) {
        const Variant& v = rules_.variant();
        char letter = v.pieces[m.promotion_type()].letter;
        Piece mover = visit([&](const auto& b) { return b.at(m.from); });
        bool choice = mover && (v.pieces[type_of(mover)].promotions(color_of(mover)).size() > 1 ||
                                v.pieces[type_of(mover)].promotion_optional);
        if (v.pieces[m.promotion_type()].promoted_form_of)
            out += '+';  // to its own promoted form: "c3c4+" (UCI) and "c3-c4+"
        else if (mover && v.pieces[type_of(mover)].promoted_form_of == letter)
            out += '-';  // back from it (micro shogi): "b2a4-"
        else if (style == MoveStyle::Uci)
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
        else if (choice)
            out += letter;
    }
    return out;
}

Move Position::parse_move(std::string_view text) const {
    const Geometry& g = rules_.geometry();
    const Variant& v = rules_.variant();
    MoveText mt = parse_move_text(g, text);
    const Color us = side_to_move();
    auto illegal = [&](const std::string& why) {
        // The engine's text, quoted safely; made only for the error.
        return MoveError(MoveError::Kind::Illegal,
                         fmt::format("{} is not a legal move for {}: {}", printable_excerpt(text),
                                     color_name(us), why));
    };
    // An ending that is over at once (a captured king, the last check given): nothing is
    // legal after it.
    if (auto over = visit([](const auto& b) { return b.ending(b.immediate_endings()); }))
        throw illegal("the game is over: " + over->description);
    if (mt.drop) return parse_drop(mt, text);
    const auto mover = piece_at(mt.from);
    if (!mover) throw illegal(fmt::format("there is no piece on {}", g.name(mt.from)));
    if (mover->color != us)
        throw illegal(fmt::format("the piece on {} is {}'s", g.name(mt.from), color_name(~us)));

    MoveList matches;  // fixed capacity: no allocation a ply
    for (const Move& m : legal_here())
        if (m.from == mt.from && m.to == mt.to) matches.push(m);
    // Castling written as the king taking its own rook (UCI_Chess960), in chess960
    // variants: elsewhere that text is an engine's mistake.
    if (matches.empty() && v.chess960)
        for (const Move& m : legal_here())
            if (m.kind() == MoveKind::Castle && m.from == mt.from && castle_rook_square(m) == mt.to)
                matches.push(m);
    if (v.gating) {
        matches = gating_matches(matches, mt, text);
        if (matches.size() == 1 && matches[0].gates()) return matches[0];  // its letter used
    }
    const PieceType& type = v.pieces[mover->type];
    if (matches.empty()) {
        throw illegal(fmt::format("the {} on {} cannot move to {}", type.name, g.name(mt.from),
                                  g.name(mt.to)));
    }
    const bool promotes =
        std::any_of(matches.begin(), matches.end(), [](Move m) { return m.promotion != 0; });
    if (!promotes) {
        if (mt.promotion)
            throw illegal(
                fmt::format("the move does not promote, but '{}' was given", mt.promotion));
        return matches[0];
    }
    if (!mt.promotion) {
        // Where promotion is optional, no letter means staying as it is.
        for (const Move& m : matches)
            if (!m.promotion) return m;
        if (matches.size() == 1) return matches[0];
        std::string choices;
        for (const Move& m : matches)
            choices += static_cast<char>(
                std::tolower(static_cast<unsigned char>(v.pieces[m.promotion_type()].letter)));
        throw illegal(fmt::format("it promotes and needs a promotion letter (one of {})", choices));
    }
    for (const Move& m : matches)
        if (m.promotion &&
            (mt.promotion == '+'   ? v.pieces[m.promotion_type()].promoted_form_of != 0
             : mt.promotion == '-' ? v.pieces[m.promotion_type()].letter == type.promoted_form_of
                                   : v.pieces[m.promotion_type()].letter == mt.promotion))
            return m;
    throw illegal(fmt::format("the {} cannot promote to '{}'", type.name, mt.promotion));
}

// Gating: the letter after the squares names the piece gated in (b1c3h) where the move
// does not promote; a castling that gates on the rook's square is written from the rook's
// square to the king's (h1e1h). Without a letter, the move that gates nothing.
MoveList Position::gating_matches(const MoveList& matches, const MoveText& mt,
                                  std::string_view text) const {
    const Variant& v = rules_.variant();
    MoveList all;  // filled move by move: a copy would read the list's unused slots
    for (const Move& m : matches) all.push(m);
    for (const Move& m : legal_here())
        if (m.kind() == MoveKind::Castle && m.gates() && m.gate_square == castle_rook_square(m) &&
            mt.from == m.gate_square && mt.to == m.from)
            all.push(m);
    MoveList out;
    bool gated = false;
    for (const Move& m : all)
        if (m.gates() && mt.promotion && v.pieces[m.gate_type()].letter == mt.promotion &&
            !m.promotion) {
            if (!gated) out.resize(0);
            gated = true;
            out.push(m);
        } else if (!m.gates() && !gated) {
            out.push(m);
        }
    if (out.empty() && !all.empty() && mt.promotion)
        throw MoveError(
            MoveError::Kind::Illegal,
            fmt::format("{} is not a legal move for {}: no '{}' can be gated in there",
                        printable_excerpt(text), color_name(side_to_move()), mt.promotion));
    if (gated) {
        // Castling gates on the king's square unless written from the rook's.
        for (const Move& m : out)
            if (m.kind() != MoveKind::Castle || m.gate_square != castle_rook_square(m) ||
                mt.from == m.gate_square) {
                MoveList one;
                one.push(m);
                return one;
            }
    }
    return out;
}
Move Position::parse_drop(const MoveText& mt, std::string_view text) const {
    const Variant& v = rules_.variant();
    const Color us = side_to_move();
    auto illegal = [&](const std::string& why) {
        return MoveError(MoveError::Kind::Illegal,
                         fmt::format("{} is not a legal move for {}: {}", printable_excerpt(text),
                                     color_name(us), why));
    };
    if (!v.drops) throw illegal(fmt::format("{} has no drops", v.name));
    const int held = v.type_of(mt.drop);
    if (held < 0) throw illegal(fmt::format("'{}' is not a piece of {}", mt.drop, v.name));
    if (in_hand(us, held) == 0)
        throw illegal(fmt::format("{} has no {} in hand", color_name(us), v.pieces[held].name));
    // "+B@a1": the promoted form of the piece in hand (micro shogi's drops either side up).
    const int type = mt.drop_promoted ? v.promoted_form(mt.drop) : held;
    if (type < 0 || (mt.drop_promoted && !v.drop_rules.promoted))
        throw illegal(fmt::format("a {} is not dropped as a promoted piece in {}",
                                  v.pieces[held].name, v.name));
    const Move m = Move::make_drop(type, mt.to);
    if (!is_legal(m))
        throw illegal(fmt::format("the {} cannot be dropped on {}", v.pieces[type].name,
                                  rules_.geometry().name(mt.to)));
    return m;
}

}  // namespace referee::rules
