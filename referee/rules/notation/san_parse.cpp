// Reading Standard Algebraic Notation back (the writer is san.cpp). SAN names a move by
// what it does, not where it starts, so it is resolved against the legal moves of the
// position: the piece letter (none for the variant's pawns), the target square, whatever
// part of the origin was given, and the promotion letter.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/text/printable.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::rules {
namespace {

bool is_upper(char c) {
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}
bool is_lower(char c) {
    return std::islower(static_cast<unsigned char>(c)) != 0;
}

// The name SAN leaves out: "pawn" in chess, "carp" in Elephant-Monkey-Carp.
std::string pawn_name(const Variant& v) {
    for (const auto& p : v.pieces)
        if (p.pawn) return p.name;
    return "pawn";
}

}  // namespace

Move Position::parse_san(std::string_view text) const {
    const Geometry& g = rules_.geometry();
    const Variant& v = rules_.variant();
    const Color us = side_to_move();
    std::string_view s = trim_spaces(text);
    const std::string shown = printable_excerpt(s);  // the text as an error message quotes it
    auto unparsable = [&](const std::string& why) {
        return MoveError(MoveError::Kind::Unparsable,
                         fmt::format("'{}' is not a move: {}", shown, why));
    };
    auto illegal = [&](const std::string& why) {
        return MoveError(MoveError::Kind::Illegal, fmt::format("{} is not a legal move for {}: {}",
                                                               shown, color_name(us), why));
    };
    // A coordinate move's last '+' is the shogi family's promotion (b3d1+, b3-d1+ in the
    // game record), not a check mark: read with it first, as the move it names where that
    // move is legal; otherwise the '+' is a check mark, dropped below.
    if (!s.empty() && s.back() == '+' && !is_upper(s.front())) {
        try {
            return parse_move(s);
        } catch (const MoveError&) {
        }
    }
    // Check marks and annotation glyphs say nothing about which move it is.
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
        s.remove_suffix(1);
    if (s.empty()) throw unparsable("it is empty");
    if (s == "pass") {  // as san() writes a pass
        for (const Move& m : legal_here())
            if (m.is_pass()) return m;
        throw illegal(v.pass ? "passing is not allowed here (in check, or the game is over)"
                             : fmt::format("{} has no passing", v.name));
    }

    // Gating (Nc3/H, O-O/He1, as Fairy-Stockfish writes it): the move without the gate,
    // then the same move bringing that piece in.
    if (const auto slash = s.find('/'); slash != std::string_view::npos && v.gating)
        return parse_gated_san(parse_san(s.substr(0, slash)), s.substr(slash + 1), shown);

    // A drop (P@e4) is written the same in SAN and UCI.
    if ((s.size() > 2 && s[1] == '@') || (s.size() > 3 && s[0] == '+' && s[2] == '@'))
        return parse_move(s);
    // A coordinate move (a2a3, a2-a3, e7e8q) is what it says; parse_move checks it. A text
    // that starts with a square but has no second one ("e4", "e8=Q") is SAN.
    if (std::size_t used = 0; g.parse_prefix(s, used)) {
        bool coordinates = true;
        try {
            parse_move_text(g, s);
        } catch (const MoveError&) {
            coordinates = false;
        }
        if (coordinates) return parse_move(s);
    }

    if (auto over = visit([](const auto& b) { return b.ending(b.immediate_endings()); }))
        throw illegal("the game is over: " + over->description);

    const std::vector<Move> legal = legal_moves();
    if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
        const bool king_side = s.size() == 3;
        const char* side = king_side ? "on the king's side (O-O)" : "on the queen's side (O-O-O)";
        if (v.castling.empty()) throw illegal(fmt::format("{} has no castling", v.name));
        std::vector<Move> found;
        for (const Move& m : legal)
            if (m.kind() == MoveKind::Castle && !m.gates() &&
                (g.file_of(castle_rook_square(m)) > g.file_of(m.from)) == king_side)
                found.push_back(m);
        if (found.empty())
            throw illegal(fmt::format("{} may not castle {} here", color_name(us), side));
        if (found.size() > 1)
            throw illegal(fmt::format("more than one castling move goes {}", side));
        return found.front();
    }

    int type = -1;  // -1: no letter, a pawn move
    if (is_upper(s.front())) {
        type = v.type_of(s.front());
        if (type < 0) throw unparsable(fmt::format("'{}' is not a piece of {}", s.front(), v.name));
        s.remove_prefix(1);
    }
    int promotion = -1;
    if (s.size() >= 2 && s[s.size() - 2] == '=') {
        promotion = v.type_of(s.back());
        if (promotion < 0)
            throw unparsable(fmt::format("'{}' is not a piece of {}", s.back(), v.name));
        s.remove_suffix(2);
    } else if (s.size() >= 2 && is_upper(s.back())) {
        promotion = v.type_of(s.back());
        if (promotion < 0)
            throw unparsable(fmt::format("'{}' is not a piece of {}", s.back(), v.name));
        s.remove_suffix(1);
    }
    // The target: the square at the end (a file letter and the rank's digits).
    std::size_t digits = s.size();
    while (digits > 0 && is_digit(s[digits - 1])) --digits;
    if (digits == s.size() || digits == 0 || !is_lower(s[digits - 1]))
        throw unparsable("it does not end with a square");
    const std::string_view target_text = s.substr(digits - 1);
    const auto target = g.parse(target_text);
    if (!target)
        throw unparsable(
            fmt::format("{} is not a square of the {}x{} board", target_text, g.width, g.height));
    s = s.substr(0, digits - 1);
    bool capture = false;
    if (!s.empty() && (s.back() == 'x' || s.back() == ':')) {
        capture = true;
        s.remove_suffix(1);
    } else if (!s.empty() && s.back() == '-') {
        s.remove_suffix(1);  // long algebraic: Ng1-f3
    }
    // What is left names the origin: a file, a rank, or both.
    int from_file = -1, from_rank = -1;
    if (!s.empty() && is_lower(s.front())) {
        from_file = s.front() - 'a';
        s.remove_prefix(1);
    }
    if (!s.empty()) {
        int rank = 0;
        for (char c : s) {
            if (!is_digit(c) || rank > g.height)
                throw unparsable(
                    fmt::format("unexpected '{}' before the target square", printable_excerpt(s)));
            rank = rank * 10 + (c - '0');
        }
        from_rank = rank - 1;
    }

    const std::string piece = type >= 0 ? v.pieces[type].name : pawn_name(v);
    std::string origin;
    if (from_file >= 0 && from_rank >= 0)
        origin = fmt::format(" from {}", g.name(g.at(from_file, from_rank)));
    else if (from_file >= 0)
        origin = fmt::format(" from the {}-file", static_cast<char>('a' + from_file));
    else if (from_rank >= 0)
        origin = fmt::format(" from rank {}", from_rank + 1);

    std::vector<Move> found;  // every move of that piece to the target, any promotion
    for (const Move& m : legal) {
        if (m.to != *target || m.kind() == MoveKind::Castle || m.is_drop() || m.gates()) continue;
        const int t = piece_at(m.from)->type;
        if (type >= 0 ? t != type : !v.pieces[t].pawn) continue;
        if (from_file >= 0 && g.file_of(m.from) != from_file) continue;
        if (from_rank >= 0 && g.rank_of(m.from) != from_rank) continue;
        found.push_back(m);
    }
    // A pawn's promotion by a sideways step onto an empty square is written with its whole
    // origin (e5f6=F, san.cpp): a text without it means another pawn's move, where one fits.
    if (type < 0 && (from_file < 0 || from_rank < 0)) {
        auto named_by_origin = [&](Move m) {
            return m.promotion && g.file_of(m.from) != g.file_of(m.to) && !piece_at(m.to);
        };
        if (!std::all_of(found.begin(), found.end(), named_by_origin))
            std::erase_if(found, named_by_origin);
    }
    if (found.empty())
        throw illegal(fmt::format("no {} of {}{} can move to {}", piece, color_name(us), origin,
                                  g.name(*target)));
    for (const Move& m : found)
        if (m.from != found.front().from) {
            std::vector<Square> froms;
            std::string where;
            for (const Move& o : found)
                if (std::find(froms.begin(), froms.end(), o.from) == froms.end()) {
                    froms.push_back(o.from);
                    where += (where.empty() ? "" : " and ") + g.name(o.from);
                }
            throw illegal(fmt::format("ambiguous: the {}s on {} can each move to {}", piece, where,
                                      g.name(*target)));
        }
    if (capture && !piece_at(*target) && found.front().kind() != MoveKind::EnPassant)
        throw illegal(fmt::format("it is written as a capture, but {} is empty", g.name(*target)));
    const bool promotes =
        std::any_of(found.begin(), found.end(), [](Move m) { return m.promotion != 0; });
    if (!promotes) {
        if (promotion >= 0)
            throw illegal(fmt::format("the move does not promote, but '={}' was given",
                                      v.pieces[promotion].letter));
        return found.front();
    }
    if (promotion < 0) {
        // Where promotion is optional, no letter means staying as it is.
        for (const Move& m : found)
            if (!m.promotion) return m;
        if (found.size() == 1) return found.front();
        std::string choices;
        for (const Move& m : found) choices += v.pieces[m.promotion_type()].letter;
        throw illegal(fmt::format("it promotes and needs a promotion letter (one of {})", choices));
    }
    for (const Move& m : found)
        if (m.promotion_type() == promotion) return m;
    throw illegal(fmt::format("the {} cannot promote to '{}'", piece, v.pieces[promotion].letter));
}

// The gated form of `base`: "H" (the square the piece leaves) or "He1" (castling: the
// king's or the rook's square; the king's when none is given).
Move Position::parse_gated_san(Move base, std::string_view gate, const std::string& shown) const {
    const Geometry& g = rules_.geometry();
    const Variant& v = rules_.variant();
    auto unparsable = [&](const std::string& why) {
        return MoveError(MoveError::Kind::Unparsable,
                         fmt::format("'{}' is not a move: {}", shown, why));
    };
    if (gate.empty() || !is_upper(gate.front()))
        throw unparsable("a piece letter must follow the '/' (as in Nc3/H)");
    const int type = v.type_of(gate.front());
    if (type < 0) throw unparsable(fmt::format("'{}' is not a piece of {}", gate.front(), v.name));
    std::optional<Square> square;
    if (gate.size() > 1) {
        square = g.parse(gate.substr(1));
        if (!square)
            throw unparsable(fmt::format("'{}' after the gated piece is not a square",
                                         printable_excerpt(gate.substr(1))));
    }
    for (const Move& m : legal_here())
        if (m.gates() && m.gate_type() == type && m.from == base.from && m.to == base.to &&
            (m.kind() == MoveKind::Castle) == (base.kind() == MoveKind::Castle) &&
            m.castle == base.castle && m.promotion == base.promotion &&
            (square ? m.gate_square == *square : m.gate_square == m.from))
            return m;
    throw MoveError(MoveError::Kind::Illegal,
                    fmt::format("{} is not a legal move for {}: the {} cannot be gated in there",
                                shown, color_name(side_to_move()), v.pieces[type].name));
}

}  // namespace referee::rules
