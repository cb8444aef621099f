#include "referee/rules/probes/explain.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "referee/rules/probes/explain_board_rules.hpp"
#include "referee/rules/probes/explain_variant_rules.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace referee::rules {

namespace {

std::string royal_name(const Variant& v) {
    for (const auto& p : v.pieces)
        if (p.royal) return p.name;
    return "king";
}

Square royal_square(const Position& pos, Color c) {
    for (Square s = 0; s < pos.rules().geometry().squares(); ++s) {
        const PieceType* p = type_at(pos, s);
        if (p && p->royal &&
            (std::isupper(static_cast<unsigned char>(pos.letter_at(s))) != 0) == (c == White))
            return s;
    }
    return kNoSquare;
}

std::string castling_reason(const Position& pos, const CastlingCheck& c, const std::string& name) {
    const Geometry& g = pos.rules().geometry();
    const Color us = pos.side_to_move();
    if (!c.home)
        return fmt::format("{} is not castling: the {} and its rook are not on {} and {}", name,
                           royal_name(pos.rules().variant()), g.name(c.king_from),
                           g.name(c.rook_from));
    if (!c.has_right)
        return fmt::format(
            "{} castles, but {} has no castling right '{}' here: the {} or that rook has moved",
            name, color_name(us), c.right, royal_name(pos.rules().variant()));
    if (c.blocker != kNoSquare)
        return fmt::format("{} castles, but {} stands between the {} and the rook", name,
                           piece_phrase(pos, c.blocker), royal_name(pos.rules().variant()));
    if (c.in_check)
        return fmt::format("{} castles out of check: the {} on {} is attacked by {}", name,
                           royal_name(pos.rules().variant()), g.name(c.king_from),
                           attackers_phrase(pos, attackers_of(pos, c.king_from, ~us)));
    if (c.attacked != kNoSquare)
        return fmt::format("{} castles {} {}, which {} attack{}", name,
                           c.attacked == c.king_to ? "into" : "through", g.name(c.attacked),
                           attackers_phrase(pos, attackers_of(pos, c.attacked, ~us)),
                           attackers_of(pos, c.attacked, ~us).size() > 1 ? "" : "s");
    return {};
}

std::string exposure_reason(const Position& pos, Move m, const std::string& name) {
    const Geometry& g = pos.rules().geometry();
    const Variant& v = pos.rules().variant();
    const Color us = pos.side_to_move();
    Position after = pos;
    after.visit([&](auto& b) { b.make(m); });
    const Square king = royal_square(after, us);
    if (king == kNoSquare) return {};
    const auto by = attackers_of(after, king, ~us);
    const std::string attackers = attackers_phrase(after, by);
    const std::string king_text = fmt::format("the {} on {}", royal_name(v), g.name(king));
    if (m.kind() == MoveKind::EnPassant)
        return fmt::format("{} en passant leaves {} attacked by {}", name, king_text, attackers);
    if (moves_royal(pos, m))
        return fmt::format("{} cannot move to {}: {} attack{} it", piece_phrase(pos, m.from),
                           g.name(m.to), attackers, by.size() > 1 ? "" : "s");
    if (pos.in_check())
        return fmt::format("{} is in check and {} does not end it: {} stays attacked by {}",
                           color_name(us), name, king_text, attackers);
    return fmt::format("{} is pinned: {} leaves {} attacked by {}", piece_phrase(pos, m.from), name,
                       king_text, attackers);
}

bool same_squares(Move a, Move b) {
    return a.from == b.from && a.to == b.to;
}

}  // namespace

std::string explain_illegal(const Position& pos, std::string_view text) {
    const Geometry& g = pos.rules().geometry();
    const Variant& v = pos.rules().variant();
    MoveText mt;
    try {
        mt = parse_move_text(g, text);
    } catch (const std::exception& e) {
        return e.what();
    }
    try {
        pos.parse_move(text);
        return {};  // legal
    } catch (const std::exception&) {
    }
    if (pos.outcome()) return fmt::format("the game is over: {}", pos.outcome()->description);
    // A drop, or a move the drop and board rules take away (nifu, the flying general, a lame
    // leap, a region left, a promotion skipped where it is forced).
    if (auto why = explain_board_rule(pos, text); !why.empty()) return why;
    const Color us = pos.side_to_move();
    const std::string name = g.name(mt.from) + "-" + g.name(mt.to);
    const PieceType* mover = type_at(pos, mt.from);
    if (!mover) return fmt::format("there is no piece on {}", g.name(mt.from));
    if ((std::isupper(static_cast<unsigned char>(pos.letter_at(mt.from))) != 0) != (us == White))
        return fmt::format("the piece on {} is {}'s, and it is {}'s move", g.name(mt.from),
                           color_name(~us), color_name(us));

    // Castling-shaped: the king (royal, or the piece that castles: extinction's king) from
    // its home square to its castling square.
    for (const auto& c : castling_checks(pos))
        if (c.king_from == mt.from && c.king_to == mt.to && (mover->royal || c.home)) {
            auto why = castling_reason(pos, c, name);
            if (!why.empty()) return why;
        }

    // Castling written as the king taking its own rook (as some engines' notation has it).
    for (const auto& c : castling_checks(pos))
        if ((mover->royal || c.home) && c.king_from == mt.from && c.rook_from == mt.to)
            return fmt::format(
                "{} is the king taking its own rook: castling is written as the king's move, "
                "{}-{}",
                name, g.name(c.king_from), g.name(c.king_to));

    // A move the variant's own move rules take away: forced capture, no checks, promotion to
    // lost pieces only.
    if (auto why = explain_variant_rule(pos, text, name); !why.empty()) return why;

    // The squares make a legal move and only the promotion letter is wrong: say that, in the
    // words the referee uses when a game meets it (Position::parse_move).
    std::vector<Move> same;
    for (Move m : pos.legal_moves())
        if (m.from == mt.from && m.to == mt.to) same.push_back(m);
    if (!same.empty() && same.front().promotion == 0 && mt.promotion)
        return fmt::format("{} does not promote, but '{}' was given", name, mt.promotion);
    if (!same.empty() && same.front().promotion != 0 && !mt.promotion) {
        std::string choices;
        for (Move m : same)
            choices += static_cast<char>(
                std::tolower(static_cast<unsigned char>(v.pieces[m.promotion_type()].letter)));
        return fmt::format("{} promotes and needs a promotion letter (one of {})", name, choices);
    }

    // Promotion to a piece the variant does not list.
    const auto& promotions = mover->promotions(us);
    if (mt.promotion && !promotions.empty() &&
        std::find(promotions.begin(), promotions.end(), mt.promotion) == promotions.end()) {
        const int t = v.type_of(mt.promotion);
        std::string allowed;
        for (char c : promotions) {
            const int ct = v.type_of(c);
            allowed += (allowed.empty() ? "" : ", ") +
                       fmt::format("{} ({})", ct >= 0 ? v.pieces[ct].name : "?", c);
        }
        return fmt::format("the {} may promote only to {}, not to {}", mover->name, allowed,
                           t >= 0 ? fmt::format("a {} ({})", v.pieces[t].name, mt.promotion)
                                  : fmt::format("'{}'", mt.promotion));
    }

    // A double step from a rank it may not be made from.
    if (!mover->double_step_ranks.empty() && g.file_of(mt.from) == g.file_of(mt.to) &&
        (g.rank_of(mt.to) - g.rank_of(mt.from)) == (us == White ? 2 : -2)) {
        const int rel = g.relative_rank(us, mt.from);
        const auto& ranks = mover->double_step_ranks;
        if (std::find(ranks.begin(), ranks.end(), rel) == ranks.end())
            return fmt::format(
                "{} may step two squares only from its {} rank {}, and {} is on its rank {}",
                piece_phrase(pos, mt.from), us == White ? "White" : "Black", ranks.front(),
                g.name(mt.from), rel);
    }

    // A step or ride that wraps around the edge.
    for (bool side_steps : {true, false})
        for (Move m : wrapped_moves(pos, side_steps))
            if (m.from == mt.from && m.to == mt.to)
                return fmt::format("{} cannot {} to {}: {} does not wrap around the board's edge",
                                   piece_phrase(pos, mt.from), side_steps ? "step" : "move",
                                   g.name(mt.to), side_steps ? "a step" : "a move");

    // A move the piece has, which leaves the own royal piece attacked.
    try {
        const Position loose = without_check_rules(pos.rules()).from_fen(pos.fen());
        for (Move m : loose.legal_moves())
            if (m.from == mt.from && m.to == mt.to && leaves_royal_attacked(pos, m)) {
                auto why = exposure_reason(pos, m, name);
                if (!why.empty()) return why;
            }
    } catch (const std::exception&) {
    }

    // A pawn-like diagonal capture onto an empty square: en passant without the right.
    if (mover->en_passant && pos.letter_at(mt.to) == '.' &&
        g.file_of(mt.from) != g.file_of(mt.to)) {
        for (Move m : pos.legal_moves())
            if (same_squares(m, Move::make(mt.from, mt.to))) return {};
        return fmt::format(
            "{} cannot capture on {}: the square is empty and no double step just passed over it",
            piece_phrase(pos, mt.from), g.name(mt.to));
    }
    if (pos.letter_at(mt.to) != '.' &&
        (std::isupper(static_cast<unsigned char>(pos.letter_at(mt.to))) != 0) == (us == White))
        return fmt::format("{} cannot move to {}: {} of its own side stands there",
                           piece_phrase(pos, mt.from), g.name(mt.to), piece_phrase(pos, mt.to));
    return fmt::format("{} cannot move to {} (it moves as Betza '{}')", piece_phrase(pos, mt.from),
                       g.name(mt.to), mover->betza);
}

}  // namespace referee::rules
