#include "referee/validate/move_kinds.hpp"

#include <cstdlib>

#include <fmt/format.h>

namespace referee::validate {

using rules::Move;
using rules::MoveRule;
using rules::PieceType;
using rules::Position;
using rules::Variant;

const char* special_kind_name(SpecialKind kind) {
    switch (kind) {
        case SpecialKind::SideStep:
            return "side-step";
        case SpecialKind::Promotion:
            return "promotion";
        case SpecialKind::PromotionChoice:
            return "promotion-choice";
        case SpecialKind::Castling:
            return "castling";
        case SpecialKind::EnPassant:
            return "en-passant";
        case SpecialKind::KingCapture:
            return "king-capture";
    }
    return "?";
}

namespace {

// Whether the rule can make a plain (non-hopping) move by (dx, dy), written for White.
bool covers(const MoveRule& r, int dx, int dy) {
    if (r.hop != rules::Hop::None) return false;
    for (int k = 1; r.range == 0 || k <= r.range; ++k) {
        const int x = k * r.dx, y = k * r.dy;
        if (x == dx && y == dy) return true;
        if (std::abs(x) > rules::kMaxFiles || std::abs(y) > rules::kMaxRanks) return false;
    }
    return false;
}

// A vector the piece reaches only through move-only one-square steps: a step to an empty
// square that is not also one of its capturing or riding moves.
bool only_by_move_only_step(const PieceType& piece, int dx, int dy) {
    bool any = false;
    for (const auto& r : piece.moves) {
        if (!covers(r, dx, dy)) continue;
        if (r.can_capture || r.range != 1) return false;
        any = true;
    }
    return any;
}

bool orthogonal_step(int dx, int dy) {
    return std::abs(dx) + std::abs(dy) == 1;
}

const PieceType* piece_on(const Position& pos, rules::Square s) {
    const char letter = pos.letter_at(s);
    if (letter == '.') return nullptr;
    const int type = pos.rules().variant().type_of(letter);
    return type < 0 ? nullptr : &pos.rules().variant().pieces[type];
}

}  // namespace

bool captures_royal(const Position& pos, Move m) {
    const PieceType* target = piece_on(pos, m.to);
    if (!target || !target->royal) return false;
    const bool target_white = pos.letter_at(m.to) >= 'A' && pos.letter_at(m.to) <= 'Z';
    return target_white != (pos.side_to_move() == rules::White);
}

bool is_special(const Position& pos, Move m, SpecialKind kind) {
    switch (kind) {
        case SpecialKind::SideStep: {
            const PieceType* piece = piece_on(pos, m.from);
            if (!piece || piece->pawn || piece->royal || m.promotion) return false;
            const auto& g = pos.rules().geometry();
            const int dx = g.file_of(m.to) - g.file_of(m.from);
            int dy = g.rank_of(m.to) - g.rank_of(m.from);
            if (pos.side_to_move() == rules::Black) dy = -dy;  // rules are written for White
            return orthogonal_step(dx, dy) && only_by_move_only_step(*piece, dx, dy);
        }
        case SpecialKind::Promotion:
            return m.promotion != 0;
        case SpecialKind::PromotionChoice: {
            if (!m.promotion) return false;
            int choices = 0;
            for (const Move& other : pos.legal_moves())
                if (other.from == m.from && other.to == m.to && other.promotion) ++choices;
            return choices > 1;
        }
        case SpecialKind::Castling:
            return m.kind() == rules::MoveKind::Castle;
        case SpecialKind::EnPassant:
            return m.kind() == rules::MoveKind::EnPassant;
        case SpecialKind::KingCapture:
            return captures_royal(pos, m);
    }
    return false;
}

bool variant_has(const Variant& v, SpecialKind kind, std::string* why_not) {
    auto no = [&](std::string sentence) {
        if (why_not) *why_not = std::move(sentence);
        return false;
    };
    switch (kind) {
        case SpecialKind::SideStep:
            for (const auto& piece : v.pieces) {
                if (piece.pawn || piece.royal) continue;
                for (const auto& r : piece.moves)
                    if (!r.can_capture && r.range == 1 && orthogonal_step(r.dx, r.dy) &&
                        only_by_move_only_step(piece, r.dx, r.dy))
                        return true;
            }
            return no(fmt::format("{} has no piece with a move-only one-square step.", v.name));
        case SpecialKind::Promotion:
            for (const auto& piece : v.pieces)
                if (!piece.promotes_to.empty()) return true;
            return no(fmt::format("{} has no promotion.", v.name));
        case SpecialKind::PromotionChoice:
            for (const auto& piece : v.pieces)
                if (piece.promotes_to.size() > 1) return true;
            return no(fmt::format("{} promotes to one piece only, so there is no choice to name.",
                                  v.name));
        case SpecialKind::Castling:
            if (!v.castling.empty()) return true;
            return no(fmt::format("{} has no castling.", v.name));
        case SpecialKind::EnPassant:
            for (const auto& piece : v.pieces)
                if (piece.en_passant) return true;
            return no(fmt::format("{} has no en passant.", v.name));
        case SpecialKind::KingCapture:
            if (!v.end.royal_capture)
                return no(fmt::format("{} does not let a king be captured.", v.name));
            if (v.check_rules)
                return no(fmt::format(
                    "{} has check rules, so a king is never left to be captured in play.", v.name));
            return true;
    }
    return no("unknown kind of move");
}

}  // namespace referee::validate
