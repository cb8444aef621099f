// Which move kinds a variant has, and what an engine that never plays one of them believes.
#include "referee/rules/probes/probe_move_kinds.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"

namespace referee::rules {

namespace {

// The relative rank where the piece's zone begins (its promotion rank; the last rank when
// it names none).
int zone_of(const Variant& v, const PieceType& p) {
    return p.promotion_rank ? p.promotion_rank : v.geometry.height;
}

bool promotes_before_last_rank(const Variant& v, const PieceType& p) {
    return !p.promotes_to.empty() && zone_of(v, p) < v.geometry.height;
}

// Whether a castling can be the only legal move: where the rook starts away from its king,
// it could always slide along the squares castling needs empty, and that move is legal
// whenever castling is. In chess960 the rook may start beside its king, or the king on its
// castling square.
bool castling_can_be_alone(const Variant& v) {
    if (v.chess960) return true;
    const Geometry& g = v.geometry;
    return std::any_of(v.castling.begin(), v.castling.end(), [&](const CastlingRule& r) {
        return std::abs(g.file_of(r.rook_from) - g.file_of(r.king_from)) == 1 ||
               r.king_from == r.king_to;
    });
}

// A leap the piece makes only because it has not moved yet: legal here, and not once the
// position keeps no piece's first move (the castling field's letters cleared).
bool is_first_move_leap(const Position& pos, Move m) {
    const auto on = pos.piece_at(m.from);
    const Variant& v = pos.rules().variant();
    if (!on || v.pieces[static_cast<std::size_t>(on->type)].first_moves.empty()) return false;
    const PieceType& piece = v.pieces[static_cast<std::size_t>(on->type)];
    if (!piece.first_move_ranks.empty()) {
        // Unmoved by its rank (berolina's pawns), which the FEN does not say: a first move is
        // one none of its other moves makes, by shape, from here. Two steps over a square
        // midway are a double step (en passant may follow).
        if (m.kind() != MoveKind::Normal && m.kind() != MoveKind::DoubleStep) return false;
        const Geometry& g = pos.rules().geometry();
        const int dx = g.file_of(m.to) - g.file_of(m.from);
        const int dy = (g.rank_of(m.to) - g.rank_of(m.from)) * (on->color == White ? 1 : -1);
        for (const MoveRule& r : piece.moves)
            for (int k = 1; r.range == 0 ? k < std::max(g.width, g.height) : k <= r.range; ++k)
                if (k * r.dx == dx && k * r.dy == dy) return false;
        return true;
    }
    if (m.kind() != MoveKind::Normal) return false;
    PositionFields f = pos.fields();
    f.castling = "-";
    try {
        const auto moved = pos.rules().from_fields(f).legal_moves();
        return std::find(moved.begin(), moved.end(), m) == moved.end();
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

bool is_move_kind_feature(RuleFeature f) {
    switch (f) {
        case RuleFeature::CastlingOnlyMove:
        case RuleFeature::DropMove:
        case RuleFeature::GatingMove:
        case RuleFeature::PromotionMove:
        case RuleFeature::FirstMove:
        case RuleFeature::PassMove:
        case RuleFeature::PromotionZone:
            return true;
        default:
            return false;
    }
}

bool variant_has_move_kind(const Variant& v, RuleFeature f, std::string* why_not) {
    auto no = [&](std::string why) {
        if (why_not) *why_not = std::move(why);
        return false;
    };
    switch (f) {
        case RuleFeature::CastlingOnlyMove:
            if (v.castling.empty()) return no(fmt::format("{} has no castling.", v.name));
            if (!castling_can_be_alone(v))
                return no(fmt::format(
                    "{}'s castling rooks start away from their king, so wherever castling is "
                    "legal the rook can also slide along the squares it needs empty: castling is "
                    "never the only legal move.",
                    v.name));
            return true;
        case RuleFeature::DropMove:
            if (!v.drops) return no(fmt::format("{} has no drops.", v.name));
            return true;
        case RuleFeature::GatingMove:
            if (!v.gating) return no(fmt::format("{} has no gating.", v.name));
            return true;
        case RuleFeature::PromotionMove:
            if (std::none_of(v.pieces.begin(), v.pieces.end(),
                             [](const PieceType& p) { return p.promotion_move.has_value(); }))
                return no(fmt::format("{} has no promotion that is a move of its own.", v.name));
            return true;
        case RuleFeature::FirstMove:
            if (!v.has_first_moves()) return no(fmt::format("{} has no first-move leaps.", v.name));
            return true;
        case RuleFeature::PassMove:
            if (!v.pass) return no(fmt::format("{} has no passing.", v.name));
            return true;
        case RuleFeature::PromotionZone:
            if (std::none_of(v.pieces.begin(), v.pieces.end(),
                             [&](const PieceType& p) { return promotes_before_last_rank(v, p); }))
                return no(fmt::format("{} promotes on the last rank only, if at all.", v.name));
            return true;
        default:
            return no("not a move kind");
    }
}

void ablate_move_kind(Variant& v, RuleFeature f) {
    if (f != RuleFeature::PromotionZone) return;
    // The zone is the last rank, where the promotion is forced; a piece forced to promote
    // before it (shogi's knight on the 8th) is taken to move on unpromoted.
    for (auto& p : v.pieces) {
        if (p.promotes_to.empty()) continue;
        p.promotion_rank = 0;
        if (p.forced_promotion_rank > 0) p.forced_promotion_rank = 0;
    }
}

bool is_move_of_kind(const Position& pos, RuleFeature f, Move m) {
    switch (f) {
        case RuleFeature::CastlingOnlyMove:
            return m.kind() == MoveKind::Castle;
        case RuleFeature::DropMove:
            return m.is_drop();
        case RuleFeature::GatingMove:
            return m.gates();
        case RuleFeature::PromotionMove: {
            if (m.promotion == 0 || m.is_drop()) return false;
            const auto on = pos.piece_at(m.from);
            if (!on) return false;
            const Variant& v = pos.rules().variant();
            const PieceType& p = v.pieces[static_cast<std::size_t>(on->type)];
            if (!p.promotion_move || v.type_of(p.promotion_move->to) != m.promotion_type())
                return false;
            // The same promotion may also be an ordinary one (a step into the zone).
            return m.from == m.to || std::find(p.promotes_to.begin(), p.promotes_to.end(),
                                               p.promotion_move->to) == p.promotes_to.end();
        }
        case RuleFeature::FirstMove:
            return is_first_move_leap(pos, m);
        case RuleFeature::PassMove:
            return m.is_pass();
        default:
            return false;
    }
}

std::string missed_move_kind_words(const Variant&, RuleFeature f) {
    if (f == RuleFeature::GatingMove)
        return "your engine never gated where gating wins at once: it may not know gating (a "
               "piece from the hand brought onto the square a back-rank piece leaves, written "
               "with its letter after the move: b1c3h)";
    return {};
}

}  // namespace referee::rules
