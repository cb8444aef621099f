// Which of the drop and board rules a variant has, and what an engine without one believes.
#include "referee/rules/probes/probe_board_rules.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "referee/rules/variant/drop_zone.hpp"

namespace referee::rules {

namespace {

bool droppable_kind(const PieceType& p) {
    return !p.royal && p.promoted_form_of == 0;
}

// Whether some kind that can be in hand has a rank it may not be dropped on.
bool has_forbidden_drop_rank(const Variant& v) {
    const int h = v.geometry.height;
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
        if (!droppable_kind(v.pieces[t])) continue;
        for (int r = 1; r <= h; ++r)
            if (!may_drop_on_rank(v, static_cast<int>(t), r) ||
                r >= forced_promotion_from(v, v.pieces[t]))
                return true;
    }
    return false;
}

bool has_lame_rule(const Variant& v) {
    auto lame = [](const std::vector<MoveRule>& rules) {
        return std::any_of(rules.begin(), rules.end(), [](const MoveRule& r) { return r.lame; });
    };
    return std::any_of(v.pieces.begin(), v.pieces.end(), [&](const PieceType& p) {
        return lame(p.moves) || (p.extra_moves && lame(p.extra_moves->moves));
    });
}

}  // namespace

bool is_board_rule(RuleFeature f) {
    switch (f) {
        case RuleFeature::DropRank:
        case RuleFeature::Nifu:
        case RuleFeature::FlyingGeneral:
        case RuleFeature::LameLeap:
        case RuleFeature::Confinement:
        case RuleFeature::Bikjang:
        case RuleFeature::HopLimits:
        case RuleFeature::Uchifuzume:
            return true;
        default:
            return false;
    }
}

int forced_promotion_from(const Variant& v, const PieceType& p) {
    const int h = v.geometry.height;
    // Kyoto shogi's pieces turn over with every move and may stand anywhere, unpromoted.
    if (p.promotes_to.empty() || p.promotion_every_move) return h + 1;
    const int zone = p.promotion_rank ? p.promotion_rank : h;
    if (!p.promotion_optional) return zone;
    if (p.forced_promotion_rank > 0) return p.forced_promotion_rank;
    return p.forced_promotion_rank < 0 ? h + 1 : h;
}

bool variant_has_board_rule(const Variant& v, RuleFeature f, std::string* why_not) {
    auto no = [&](std::string why) {
        if (why_not) *why_not = std::move(why);
        return false;
    };
    switch (f) {
        case RuleFeature::DropRank:
            if (!v.drops) return no(fmt::format("{} has no drops.", v.name));
            if (!has_forbidden_drop_rank(v))
                return no(
                    fmt::format("{} lets every piece in hand be dropped on any rank.", v.name));
            return true;
        case RuleFeature::Nifu:
            if (!v.drops || v.drop_rules.no_doubled == 0)
                return no(fmt::format("{} has no nifu rule (no second pawn on a file).", v.name));
            return true;
        case RuleFeature::FlyingGeneral:
            if (!v.flying_general)
                return no(fmt::format("{} lets the royal pieces face each other.", v.name));
            return true;
        case RuleFeature::LameLeap:
            if (!has_lame_rule(v)) return no(fmt::format("{} has no lame leaper.", v.name));
            return true;
        case RuleFeature::Confinement:
            if (std::none_of(v.pieces.begin(), v.pieces.end(),
                             [](const PieceType& p) { return p.confined.has_value(); }))
                return no(fmt::format("{} confines no piece to a region.", v.name));
            return true;
        case RuleFeature::Bikjang:
            if (!v.end.bikjang) return no(fmt::format("{} has no bikjang rule.", v.name));
            return true;
        case RuleFeature::HopLimits:
            if (std::none_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) {
                    return !p.screens_not.empty() || !p.captures_not.empty();
                }))
                return no(fmt::format("{} lets every hopper hop over and take any piece.", v.name));
            return true;
        case RuleFeature::Uchifuzume:
            if (!v.drops || v.drop_rules.no_mate == 0)
                return no(
                    fmt::format("{} has no uchifuzume rule (no mate by a pawn drop).", v.name));
            return true;
        default:
            return no("not a board rule");
    }
}

void ablate_board_rule(Variant& v, RuleFeature f) {
    switch (f) {
        case RuleFeature::DropRank:
            // Drops anywhere empty: no forbidden ranks, and no zone where promotion is forced
            // (drops stay out of it). Its moves on the board change too; board_rule_move keeps
            // only the drops.
            v.drop_rules.forbidden_ranks.clear();
            v.drop_rules.ranks.clear();
            for (auto& p : v.pieces)
                if (!p.promotes_to.empty()) {
                    p.promotion_optional = true;
                    p.forced_promotion_rank = -1;
                }
            return;
        case RuleFeature::Nifu:
            v.drop_rules.no_doubled = 0;
            return;
        case RuleFeature::FlyingGeneral:
            v.flying_general = false;
            return;
        case RuleFeature::LameLeap:
            for (auto& p : v.pieces) {
                for (auto& r : p.moves) r.lame = false;
                if (p.extra_moves)
                    for (auto& r : p.extra_moves->moves) r.lame = false;
            }
            return;
        case RuleFeature::Confinement:
            for (auto& p : v.pieces) p.confined.reset();
            return;
        case RuleFeature::Bikjang:
            // Its ending goes with it: an engine that knows no bikjang plays on after it.
            v.end.bikjang = false;
            v.endings = list_endings(v.end);
            return;
        case RuleFeature::HopLimits:
            for (auto& p : v.pieces) p.screens_not.clear(), p.captures_not.clear();
            return;
        case RuleFeature::Uchifuzume:
            v.drop_rules.no_mate = 0;
            return;
        default:
            return;
    }
}

bool board_rule_move(RuleFeature f, Move m) {
    const bool drop = m.kind() == MoveKind::Drop;
    switch (f) {
        case RuleFeature::DropRank:
        case RuleFeature::Nifu:
            return drop;
        default:
            return !drop;
    }
}

namespace {

// Drops of the kind whose mate loses, each with the position after it.
template <class F>
void for_each_forbidden_drop(const Position& pos, F&& f) {
    const Variant& v = pos.rules().variant();
    if (v.drop_rules.no_mate == 0) return;
    const int kind = v.type_of(v.drop_rules.no_mate);
    for (Move m : pos.legal_moves()) {
        if (m.kind() != MoveKind::Drop || m.drop_type() != kind) continue;
        Position after = pos;
        after.play(m);
        f(m, after);
    }
}

}  // namespace

std::vector<Move> forbidden_drop_mates(const Position& pos) {
    const GameResult theirs =
        pos.side_to_move() == White ? GameResult::BlackWins : GameResult::WhiteWins;
    std::vector<Move> out;
    for_each_forbidden_drop(pos, [&](Move m, const Position& after) {
        const auto end = after.outcome();
        if (end && end->result == theirs && after.in_check()) out.push_back(m);
    });
    return out;
}

int replies_to_forbidden_drop_checks(const Position& pos) {
    int best = -1;
    for_each_forbidden_drop(pos, [&](Move, const Position& after) {
        if (!after.in_check()) return;
        const int replies = after.outcome() ? 0 : static_cast<int>(after.legal_moves().size());
        if (best < 0 || replies < best) best = replies;
    });
    return best;
}

bool board_rules_reachable(const Position& pos) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    // Per side and file, the unpromoted pieces of the nifu kind.
    std::vector<int> doubled(2 * static_cast<std::size_t>(g.width), 0);
    for (Square s = 0; s < g.squares(); ++s) {
        const auto on = pos.piece_at(s);
        if (!on) continue;
        const Color side = on->color;
        const PieceType& p = v.pieces[static_cast<std::size_t>(on->type)];
        if (p.confined && !p.confined->contains(g, side, s)) return false;
        if (v.drop_rules.no_doubled != 0 && p.letter == v.drop_rules.no_doubled &&
            ++doubled[static_cast<std::size_t>(side * g.width + g.file_of(s))] > 1)
            return false;
    }
    if (v.flying_general && pos.visit([](const auto& b) { return b.royals_face(White); }))
        return false;
    // The side to move standing in its goal won with its own last move (King of the Hill's
    // centre); where the other side gets a reply first (Racing Kings), the judge decides.
    if (const auto& region = v.end.region; region && !region->reply) {
        const Color side = pos.side_to_move();
        int there = 0;
        for (Square s : region->squares[side]) {
            const auto on = pos.piece_at(s);
            if (on && on->color == side &&
                (!region->piece ||
                 v.pieces[static_cast<std::size_t>(on->type)].letter == region->piece) &&
                ++there >= region->count)
                return false;
        }
    }
    return true;
}

}  // namespace referee::rules
